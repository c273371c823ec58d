package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
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
	format := fs.String("format", "", "import: a provider's own price feed ("+strings.Join(catalog.FeedFormats, ", ")+"); empty for a bundle or a public-layout CSV")
	dir := fs.String("catalog", orEnv(getenv, "GPUPLACE_CATALOG", ""), "the built-in catalog [GPUPLACE_CATALOG]")
	confirm := fs.Bool("confirm", false, "activate: activate a version with rows to check (after checking them)")
	fetch := fs.Bool("fetch", false, "refresh: first download the Azure Retail Prices API's GPU pages and the AWS Spot Instance Advisor's data into DIR (needs network access)")
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
		return activateVersion(ctx, m, pos, *confirm, stdout, stderr)
	case "refresh":
		return refreshVersion(ctx, m, pos, *fetch, stdout, stderr)
	default:
		return importVersion(ctx, m, pos, *provider, *format, stdout, stderr)
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

// activateVersion activates the one version pos names; one with rows to
// check only with confirm, else it lists them (exit 1).
func activateVersion(ctx context.Context, m *versions.Manager, pos []string, confirm bool, stdout, stderr io.Writer) error {
	if len(pos) != 1 {
		fmt.Fprintln(stderr, "gpuplace: catalog activate ID [-confirm]")
		return exitError{2}
	}
	var needs *versions.NeedsConfirm
	if err := m.Activate(ctx, pos[0], confirm); errors.As(err, &needs) {
		printWarnings(stdout, needs.Diff.Warnings)
		fmt.Fprintf(stderr, "gpuplace: %v:\n  gpuplace catalog activate %s -confirm\n", err, pos[0])
		return exitError{1}
	} else if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "activated %s\n", pos[0])
	return nil
}

// importVersion stores the one file pos names as a new, inactive version
// and says how it differs from the active one; with problems, it lists
// them and stores nothing (exit 1).
func importVersion(ctx context.Context, m *versions.Manager, pos []string, provider, format string, stdout, stderr io.Writer) error {
	if len(pos) != 1 {
		fmt.Fprintln(stderr, "gpuplace: catalog import FILE [-provider aws] [-format "+strings.Join(catalog.FeedFormats, "|")+"]")
		return exitError{2}
	}
	body, err := os.ReadFile(pos[0])
	if err != nil {
		return err
	}
	imp, err := m.ImportAs(ctx, filepath.Base(pos[0]), body, format, provider, time.Now())
	return printImported(imp, err, stdout, stderr)
}

// refreshVersion handles "catalog refresh DIR [-fetch]": the feeds
// downloaded into DIR (its .csv and .json files) applied to the active
// version as one new inactive version (see versions.Manager.RefreshFrom).
// With fetch, the feeds defaultFeeds names are downloaded into DIR first;
// without it (the default), nothing is fetched.
func refreshVersion(ctx context.Context, m *versions.Manager, pos []string, fetch bool, stdout, stderr io.Writer) error {
	if len(pos) != 1 {
		fmt.Fprintln(stderr, "gpuplace: catalog refresh DIR [-fetch]")
		return exitError{2}
	}
	if fetch {
		if err := fetchFeeds(ctx, &http.Client{}, pos[0], defaultFeeds); err != nil {
			return err
		}
	}
	entries, err := os.ReadDir(pos[0])
	if err != nil {
		return err
	}
	var files []versions.FeedFile
	for _, e := range entries {
		if ext := filepath.Ext(e.Name()); e.Type().IsRegular() && (ext == ".csv" || ext == ".json") {
			data, err := os.ReadFile(filepath.Join(pos[0], e.Name()))
			if err != nil {
				return err
			}
			files = append(files, versions.FeedFile{Name: e.Name(), Data: data})
		}
	}
	imp, err := m.RefreshFrom(ctx, files, time.Now())
	return printImported(imp, err, stdout, stderr)
}

// printImported says what an import or a refresh stored, or its problems
// (exit 1, nothing stored).
func printImported(imp versions.Imported, err error, stdout, stderr io.Writer) error {
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
	if len(d.Rebanded) > 0 {
		fmt.Fprintf(stdout, "  %d spot interruption bands changed\n", len(d.Rebanded))
	}
	for _, k := range imp.KeptOut {
		fmt.Fprintf(stdout, "  kept out: %s\n", k)
	}
	for _, c := range d.Changed[:min(5, len(d.Changed))] {
		byRate := ""
		if c.ByRate {
			byRate = ", the exchange rate's move"
		}
		fmt.Fprintf(stdout, "  %s: %s → %s USD/h (%s %%%s)\n", c.New.ID(), c.OldPrice, c.NewPrice, c.MovePct, byRate)
	}
	printWarnings(stdout, d.Warnings)
	if d.Flagged() {
		fmt.Fprintf(stdout, "check the %d rows above, then activate it with: gpuplace catalog activate %s -confirm\n", len(d.Warnings), imp.Catalog.Version.ID)
		return nil
	}
	fmt.Fprintf(stdout, "activate it with: gpuplace catalog activate %s\n", imp.Catalog.Version.ID)
	return nil
}

// printWarnings lists the rows of a version to check before activating
// it, as the admin page words them.
func printWarnings(w io.Writer, ws []catalog.DiffWarning) {
	en := locale.For(locale.EN)
	for _, x := range ws {
		fmt.Fprintf(w, "  check %s: %s\n", x.Offer, en.Text(locale.New("admin.warning."+x.Kind, x.Arg())))
	}
}
