package cli

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"gpuplace/internal/advisor"
	"gpuplace/internal/api"
	"gpuplace/internal/locale"
)

// runAdvise answers one advice request: JSON in from a file or stdin, the
// result JSON out. Invalid requests exit 2 with the field errors.
func runAdvise(args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("advise", flag.ContinueOnError)
	fs.SetOutput(stderr)
	file := fs.String("f", "", "request JSON file, or - for standard input")
	dir := fs.String("catalog", orEnv(getenv, "GPUPLACE_CATALOG", ""), "catalog directory or bundle [GPUPLACE_CATALOG]")
	if err := fs.Parse(args); err != nil {
		return exitError{2}
	}
	if *file == "" {
		fmt.Fprintln(stderr, "gpuplace advise: -f FILE or -f - is required")
		return exitError{2}
	}
	in := stdin
	if *file != "-" {
		f, err := os.Open(*file)
		if err != nil {
			return err
		}
		defer f.Close()
		in = f
	}
	req, err := advisor.DecodeRequest(in)
	if err != nil {
		return printFieldErrors(stderr, err)
	}
	cat, err := loadCatalog(*dir)
	if err != nil {
		printProblems(stderr, err)
		return fmt.Errorf("load catalog: %w", err)
	}
	res, err := advisor.Recommend(cat, req)
	if err != nil {
		return printFieldErrors(stderr, err)
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(api.NewAdviceJSON(res, cat))
}

// printFieldErrors writes a request's field errors one per line and exits 2.
func printFieldErrors(w io.Writer, err error) error {
	var fe locale.FieldErrors
	if !errors.As(err, &fe) {
		return err
	}
	en := locale.For(locale.EN)
	for _, e := range fe {
		fmt.Fprintf(w, "%s: %s\n", e.Field, en.Text(e.Message))
	}
	return exitError{2}
}
