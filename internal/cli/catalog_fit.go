package cli

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"gpuplace/internal/catalog"
	"gpuplace/internal/serving"
)

// fitServing handles "catalog fit-serving DIR": it fits the serving model
// to the catalog directory's serving points, checks it on points held out
// of a second fit, writes DIR/serving_fit.json and prints the held-out
// errors. It starts from the directory's current fit unless -fresh asks
// for the model's neutral start (both converge to the same factors within
// the fit's tolerance; the stored one is what answers use).
func fitServing(args []string, stdout, stderr io.Writer) error {
	fset := flag.NewFlagSet("catalog fit-serving", flag.ContinueOnError)
	fset.SetOutput(stderr)
	fresh := fset.Bool("fresh", false, "start from the model's neutral factors, not the directory's current fit")
	pos, err := parseArgs(fset, args)
	if err != nil || len(pos) != 1 {
		fmt.Fprintln(stderr, "usage: gpuplace catalog fit-serving [-fresh] DIR")
		return exitError{2}
	}
	dir := pos[0]
	// The catalog is read without its fit: a fit made on other figures
	// would not load (its digest no longer matches them).
	cat, err := catalog.Load(withoutFile{os.DirFS(dir), "serving_fit.json"})
	if err != nil {
		printProblems(stderr, err)
		return fmt.Errorf("load catalog: %w", err)
	}
	start := serving.Start()
	if !*fresh {
		if old, err := readFit(filepath.Join(dir, "serving_fit.json")); err == nil {
			start = old.Params
		}
	}
	began := time.Now()
	fit := serving.Calibrate(cat.ServingMeasurements(), catalog.DatasetCaps, start, catalog.HeldOutCampaigns)
	b, err := json.MarshalIndent(fit, "", " ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "serving_fit.json"), append(b, '\n'), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "fitted on %d serving points (%d outliers kept out) in %s; held out %d:\n",
		fit.Fitted, len(fit.Outliers), time.Since(began).Round(time.Second), fit.Validation.Overall.Points)
	serving.WriteErrorTable(stdout, fit.Validation)
	return nil
}

func readFit(path string) (serving.Calibration, error) {
	var c serving.Calibration
	b, err := os.ReadFile(path)
	if err != nil {
		return c, err
	}
	return c, json.Unmarshal(b, &c)
}

// withoutFile is a file system that hides one file.
type withoutFile struct {
	fs.FS
	name string
}

func (w withoutFile) Open(name string) (fs.File, error) {
	if name == w.name {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return w.FS.Open(name)
}
