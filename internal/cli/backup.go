package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"gpuplace/internal/store"
)

// runBackup handles "backup FILE": a consistent copy of the database,
// safe to take while the server is serving.
func runBackup(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dbPath := fs.String("db", orEnv(getenv, "GPUPLACE_DB", "gpuplace.db"), "database [GPUPLACE_DB]")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return exitError{2}
	}
	if len(pos) != 1 {
		fmt.Fprintln(stderr, "gpuplace: backup FILE [-db gpuplace.db]")
		return exitError{2}
	}
	out := pos[0]
	if _, err := os.Stat(out); err == nil {
		fmt.Fprintf(stderr, "gpuplace: %s exists; choose a new file\n", out)
		return exitError{1}
	}
	if store.IsPostgres(*dbPath) {
		return store.ErrPostgresBackup
	}
	if _, err := os.Stat(*dbPath); err != nil {
		return fmt.Errorf("no database at %s: %w", *dbPath, err)
	}
	db, err := store.Open(ctx, *dbPath)
	if err != nil {
		return err
	}
	defer db.Close()
	if err := db.Backup(ctx, out); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "backed up %s to %s\n", *dbPath, out)
	return nil
}
