package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"gpuplace/internal/versions"

	"gpuplace/web"
)

// runCatalog handles "catalog validate [DIR|FILE]" and "catalog stats".
func runCatalog(args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprintf(stderr, "gpuplace: catalog needs a subcommand: validate or stats\n\n%s", usage)
		return exitError{2}
	}
	switch args[0] {
	case "validate":
		path := orEnv(getenv, "GPUPLACE_CATALOG", "")
		if len(args) > 1 {
			path = args[1]
		}
		cat, err := loadCatalog(path)
		if err != nil {
			if printProblems(stdout, err) {
				return exitError{1}
			}
			return err
		}
		fmt.Fprintf(stdout, "catalog %s is valid: %d offers in %d regions\n", cat.Version.ID, len(cat.Offers), len(cat.Regions))
		return nil
	case "stats":
		fs := flag.NewFlagSet("catalog stats", flag.ContinueOnError)
		fs.SetOutput(stderr)
		dir := fs.String("catalog", orEnv(getenv, "GPUPLACE_CATALOG", ""), "catalog directory or bundle [GPUPLACE_CATALOG]")
		if err := fs.Parse(args[1:]); err != nil {
			return exitError{2}
		}
		cat, err := loadCatalog(*dir)
		if err != nil {
			printProblems(stderr, err)
			return fmt.Errorf("load catalog: %w", err)
		}
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(web.NewCatalogJSON(cat))
	case "import", "versions", "activate":
		return runCatalogVersions(args, getenv, stdout, stderr)
	default:
		fmt.Fprintf(stderr, "gpuplace: unknown catalog subcommand %q\n", args[0])
		return exitError{2}
	}
}

// runCatalogVersions handles "catalog import FILE", "catalog versions" and
// "catalog activate ID" against the database.
func runCatalogVersions(args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	ctx := context.Background()
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
	db, err := openStore(ctx, *dbPath)
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
	case "activate":
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
	if len(pos) != 1 {
		fmt.Fprintln(stderr, "gpuplace: catalog import FILE [-provider aws]")
		return exitError{2}
	}
	body, err := os.ReadFile(pos[0])
	if err != nil {
		return err
	}
	imp, err := m.Import(ctx, filepath.Base(pos[0]), body, *provider, time.Now())
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
		fmt.Fprintf(stdout, "  %s: %s → %s USD/h (%s %%)\n", c.New.ID(), c.Old.OnDemand.USDPerHour, c.New.OnDemand.USDPerHour, c.MovePct)
	}
	fmt.Fprintf(stdout, "activate it with: gpuplace catalog activate %s\n", imp.Catalog.Version.ID)
	return nil
}

// catalogSource names where the built-in catalog came from.
func catalogSource(dir string) string {
	if dir == "" {
		return "embedded"
	}
	return filepath.Base(dir)
}

// parseArgs parses fs's flags wherever they stand, before or after the
// positional arguments ("catalog import FILE -db X", as the usage writes
// it; the flag package alone stops at FILE), and returns the positional
// arguments.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			return pos, nil
		}
		pos, args = append(pos, fs.Arg(0)), fs.Args()[1:]
	}
}
