package cli

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"gpuplace/internal/catalog"
	"io"

	"gpuplace/internal/api"
)

// runCatalog handles "catalog validate [DIR|FILE]" and "catalog stats",
// and hands the subcommands on stored versions to runCatalogVersions.
func runCatalog(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprintf(stderr, "gpuplace: catalog needs a subcommand: validate or stats\n\n%s", usage)
		return exitError{2}
	}
	switch args[0] {
	case "validate":
		return validateCatalog(args[1:], getenv, stdout)
	case "stats":
		return catalogStats(args[1:], getenv, stdout, stderr)
	case "fit-serving":
		return fitServing(args[1:], stdout, stderr)
	case "import", "refresh", "versions", "activate":
		return runCatalogVersions(ctx, args, getenv, stdout, stderr)
	default:
		fmt.Fprintf(stderr, "gpuplace: unknown catalog subcommand %q\n", args[0])
		return exitError{2}
	}
}

// validateCatalog handles "catalog validate [DIR|FILE]": every problem on
// a line of its own, exit 1 if there is any.
func validateCatalog(args []string, getenv func(string) string, stdout io.Writer) error {
	path := orEnv(getenv, "GPUPLACE_CATALOG", "")
	if len(args) > 0 {
		path = args[0]
	}
	cat, err := loadCatalog(path)
	if err != nil {
		if printProblems(stdout, err) {
			return exitError{1}
		}
		return err
	}
	fmt.Fprintf(stdout, "catalog %s is valid: %d offers in %d regions\n", cat.Version.ID, len(cat.Offers), len(cat.Regions))
	for _, s := range cat.StaleFigures() {
		fmt.Fprintf(stdout, "warning: older than %d months at the catalog's date (%s): %s\n", catalog.StaleMonths, cat.Version.Created, s)
	}
	return nil
}

// catalogStats handles "catalog stats": the catalog's summary as
// GET /api/v1/catalog answers it.
func catalogStats(args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("catalog stats", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("catalog", orEnv(getenv, "GPUPLACE_CATALOG", ""), "catalog directory or bundle [GPUPLACE_CATALOG]")
	if err := fs.Parse(args); err != nil {
		return exitError{2}
	}
	cat, err := loadCatalog(*dir)
	if err != nil {
		printProblems(stderr, err)
		return fmt.Errorf("load catalog: %w", err)
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(api.NewCatalogJSON(cat))
}
