package catalog

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"sort"

	"gpuplace/internal/serving"
)

// Sections are the parts of a catalog, in the order they are read. In a
// catalog directory each section is a file named section + ".json"; in a
// bundle each is a key of one JSON object.
var Sections = []string{
	"version", "gpus", "profiles", "benchmarks", "scaling", "countries",
	"metros", "latency", "providers", "regions", "offers", "currencies", "serving", "serving_fit", "token_apis", "methodologies",
	"energy", "cpus", "cpu_figures",
}

// optionalSections may be missing from a bundle made before they existed
// (and from a catalog directory: a catalog without serving figures needs
// no serving fit).
var optionalSections = map[string]bool{"serving": true, "serving_fit": true, "token_apis": true, "methodologies": true, "energy": true,
	"cpus": true, "cpu_figures": true}

// Load reads a catalog directory (one JSON file per section), validates all
// of it and returns the catalog, or Problems listing everything wrong.
func Load(fsys fs.FS) (*Catalog, error) {
	raw := map[string][]byte{}
	var probs Problems
	for _, s := range Sections {
		b, err := fs.ReadFile(fsys, s+".json")
		if err != nil && optionalSections[s] && errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			probs = append(probs, Problem{File: s + ".json", Message: readMessage(err)})
			continue
		}
		raw[s] = b
	}
	return build(raw, func(section string) string { return section + ".json" }, probs)
}

// LoadBundle reads a catalog bundle: one JSON object whose keys are the
// Sections. name labels the problems it reports (e.g. the file name).
func LoadBundle(r io.Reader, name string) (*Catalog, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("catalog: read %s: %w", name, err)
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(b, &obj); err != nil {
		return nil, Problems{{File: name, Message: "not a JSON object: " + err.Error()}}
	}
	var probs Problems
	known := map[string]bool{}
	for _, s := range Sections {
		known[s] = true
	}
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if !known[k] {
			probs = append(probs, Problem{File: name, Item: k, Message: "unknown section"})
		}
	}
	raw := map[string][]byte{}
	for _, s := range Sections {
		v, ok := obj[s]
		if !ok && optionalSections[s] {
			continue
		}
		if !ok {
			probs = append(probs, Problem{File: name, Item: s, Message: "section missing"})
			continue
		}
		raw[s] = v
	}
	return build(raw, func(string) string { return name }, probs)
}

// Bundle encodes c as one JSON object in the layout LoadBundle reads.
func (c *Catalog) Bundle(w io.Writer) error {
	enc := json.NewEncoder(w)
	return enc.Encode(map[string]any{
		"version": c.Version, "gpus": c.GPUs, "profiles": c.Profiles,
		"benchmarks": c.Benchmarks, "scaling": c.Scaling, "countries": c.Countries,
		"metros": c.Metros, "latency": c.Latency, "providers": c.Providers,
		"regions": c.Regions, "offers": c.Offers, "currencies": c.Currencies, "serving": c.Serving,
		"serving_fit": c.ServingFit, "token_apis": c.TokenAPIs, "methodologies": c.Methodologies, "energy": c.Energy,
		"cpus": c.CPUs, "cpu_figures": c.CPUFigures,
	})
}

func readMessage(err error) string {
	if errors.Is(err, fs.ErrNotExist) {
		return "file missing"
	}
	return err.Error()
}

// build decodes every section strictly, validates the whole and indexes it.
func build(raw map[string][]byte, fileOf func(string) string, probs Problems) (*Catalog, error) {
	c := &Catalog{}
	col := func(section string) collector { return collector{file: fileOf(section), list: &probs} }
	if b, ok := raw["version"]; ok {
		if err := strictDecode(b, &c.Version); err != nil {
			col("version").add("version", "", "%s", err)
		}
	}
	c.GPUs = decodeArray[GPU](raw, "gpus", col)
	c.Profiles = decodeArray[Profile](raw, "profiles", col)
	c.Benchmarks = decodeArray[Benchmark](raw, "benchmarks", col)
	c.Scaling = decodeArray[Scaling](raw, "scaling", col)
	c.Countries = decodeArray[Country](raw, "countries", col)
	c.Metros = decodeArray[Metro](raw, "metros", col)
	c.Latency = decodeArray[LatencyPair](raw, "latency", col)
	c.Providers = decodeArray[Provider](raw, "providers", col)
	c.Regions = decodeArray[Region](raw, "regions", col)
	c.Offers = decodeArray[Offer](raw, "offers", col)
	c.Currencies = decodeArray[CurrencyRate](raw, "currencies", col)
	c.Serving = decodeArray[ServingPoint](raw, "serving", col)
	c.TokenAPIs = decodeArray[TokenAPI](raw, "token_apis", col)
	c.Methodologies = decodeArray[Methodology](raw, "methodologies", col)
	c.CPUs = decodeArray[CPU](raw, "cpus", col)
	c.CPUFigures = decodeArray[CPUFigure](raw, "cpu_figures", col)
	if b, ok := raw["serving_fit"]; ok && string(bytes.TrimSpace(b)) != "null" {
		c.ServingFit = new(serving.Calibration)
		if err := strictDecode(b, c.ServingFit); err != nil {
			col("serving_fit").add("serving_fit", "", "%s", err)
		}
	}
	if b, ok := raw["energy"]; ok && string(bytes.TrimSpace(b)) != "null" {
		c.Energy = new(Energy)
		if err := strictDecode(b, c.Energy); err != nil {
			col("energy").add("energy", "", "%s", err)
		}
	}
	if len(probs) > 0 {
		// Decoding failed somewhere: validating half-read data would only
		// add noise, so report what could not be read.
		return nil, probs
	}
	if !plainFigures(c, col) {
		return nil, probs
	}
	c.statePricesInUSD()
	validate(c, col)
	if len(probs) > 0 {
		return nil, probs
	}
	c.index()
	return c, nil
}

// decodeArray decodes one section's JSON array item by item, so that an
// unknown field or a wrong type is reported with its row.
func decodeArray[T any](raw map[string][]byte, section string, col func(string) collector) []T {
	b, ok := raw[section]
	if !ok {
		return nil
	}
	c := col(section)
	var items []json.RawMessage
	if err := json.Unmarshal(b, &items); err != nil {
		c.add(section, "", "not a JSON array: %s", err)
		return nil
	}
	out := make([]T, 0, len(items))
	for i, item := range items {
		var v T
		if err := strictDecode(item, &v); err != nil {
			c.add(itemName(section, i, ""), "", "%s", err)
			continue
		}
		out = append(out, v)
	}
	return out
}

// strictDecode decodes one JSON value into v, rejecting unknown fields and
// trailing data.
func strictDecode(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("trailing data after the JSON value")
	}
	return nil
}
