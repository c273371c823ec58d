package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"

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
		return enc.Encode(web.CatalogSummary(cat))
	default:
		fmt.Fprintf(stderr, "gpuplace: unknown catalog subcommand %q\n", args[0])
		return exitError{2}
	}
}
