package main

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
	if err := fs.Parse(args); err != nil {
		return exitError{2}
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "gpuplace: backup FILE [-db gpuplace.db]")
		return exitError{2}
	}
	if _, err := os.Stat(fs.Arg(0)); err == nil {
		fmt.Fprintf(stderr, "gpuplace: %s exists; choose a new file\n", fs.Arg(0))
		return exitError{1}
	}
	if store.IsPostgres(*dbPath) {
		return store.ErrPostgresBackup
	}
	if _, err := os.Stat(*dbPath); err != nil {
		return fmt.Errorf("no database at %s: %w", *dbPath, err)
	}
	db, err := openStore(ctx, *dbPath)
	if err != nil {
		return err
	}
	defer db.Close()
	if err := db.Backup(ctx, fs.Arg(0)); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "backed up %s to %s\n", *dbPath, fs.Arg(0))
	return nil
}
