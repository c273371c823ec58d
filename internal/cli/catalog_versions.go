package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"gpuplace/internal/store"
	"gpuplace/internal/versions"
)

// runCatalogVersions handles "catalog import FILE", "catalog versions" and
// "catalog activate ID" against the database.
func runCatalogVersions(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("catalog "+args[0], flag.ContinueOnError)
	fs.SetOutput(stderr)
	dbPath := fs.String("db", orEnv(getenv, "GPUPLACE_DB", "gpuplace.db"), "database [GPUPLACE_DB]")
	provider := fs.String("provider", "aws", "import: the provider a public-layout CSV lists")
	dir := fs.String("catalog", orEnv(getenv, "GPUPLACE_CATALOG", ""), "the built-in catalog [GPUPLACE_CATALOG]")
	pos, err := parseArgs(fs, args[1:])
	if err != nil {
		return exitError{2}
	}
	builtin, err := loadCatalog(*dir)
	if err != nil {
		printProblems(stderr, err)
		return fmt.Errorf("load catalog: %w", err)
	}
	db, err := store.Open(ctx, *dbPath)
	if err != nil {
		return err
	}
	defer db.Close()
	m, err := versions.Open(ctx, db, builtin, catalogSource(*dir))
	if err != nil {
		return err
	}
	switch args[0] {
	case "versions":
		return listVersions(ctx, m, stdout)
	case "activate":
		return activateVersion(ctx, m, pos, stdout, stderr)
	default:
		return importVersion(ctx, m, pos, *provider, stdout, stderr)
	}
}

// listVersions prints the stored versions, newest first, * marking the
// active one.
func listVersions(ctx context.Context, m *versions.Manager, stdout io.Writer) error {
	vs, err := m.Versions(ctx)
	if err != nil {
		return err
	}
	for _, v := range vs {
		mark := " "
		if v.Active {
			mark = "*"
		}
		fmt.Fprintf(stdout, "%s %-16s %s  %s\n", mark, v.ID, v.CreatedAt[:10], v.Source)
	}
	return nil
}

// activateVersion activates the one version pos names.
func activateVersion(ctx context.Context, m *versions.Manager, pos []string, stdout, stderr io.Writer) error {
	if len(pos) != 1 {
		fmt.Fprintln(stderr, "gpuplace: catalog activate ID")
		return exitError{2}
	}
	if err := m.Activate(ctx, pos[0]); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "activated %s\n", pos[0])
	return nil
}

// importVersion stores the one file pos names as a new, inactive version
// and says how it differs from the active one; with problems, it lists
// them and stores nothing (exit 1).
func importVersion(ctx context.Context, m *versions.Manager, pos []string, provider string, stdout, stderr io.Writer) error {
	if len(pos) != 1 {
		fmt.Fprintln(stderr, "gpuplace: catalog import FILE [-provider aws]")
		return exitError{2}
	}
	body, err := os.ReadFile(pos[0])
	if err != nil {
		return err
	}
	imp, err := m.Import(ctx, filepath.Base(pos[0]), body, provider, time.Now())
	if err != nil {
		if printProblems(stdout, err) {
			fmt.Fprintln(stderr, "gpuplace: nothing imported")
			return exitError{1}
		}
		return err
	}
	d := imp.Diff
	fmt.Fprintf(stdout, "imported %s (inactive): %d offers added, %d removed, %d changed, %d unchanged\n",
		imp.Catalog.Version.ID, len(d.Added), len(d.Removed), len(d.Changed), d.Unchanged)
	for _, c := range d.Changed[:min(5, len(d.Changed))] {
		fmt.Fprintf(stdout, "  %s: %s → %s USD/h (%s %%)\n", c.New.ID(), c.OldPrice, c.NewPrice, c.MovePct)
	}
	for _, w := range d.Warnings {
		fmt.Fprintf(stdout, "  check %s: %s %s %%\n", w.Offer, w.Kind, w.Pct)
	}
	fmt.Fprintf(stdout, "activate it with: gpuplace catalog activate %s\n", imp.Catalog.Version.ID)
	return nil
}
