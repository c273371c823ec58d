package versions

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"gpuplace/internal/catalog"
)

// MaxImportRows bounds one import: data rows of a price list, offers of a
// bundle. The whole catalog has a few thousand offers; a list many times
// that size is a mistake, and parsing it would cost gigabytes of memory.
const MaxImportRows = 100_000

// tooManyRows is the problem an import over MaxImportRows reports.
func tooManyRows(name, what string) catalog.Problems {
	return catalog.Problems{{File: name, Message: fmt.Sprintf(
		"has more than %d %s, the most one import takes: split it by provider or region", MaxImportRows, what)}}
}

// checkRows refuses, before anything is parsed into memory, a price list
// with more than MaxImportRows data rows or a bundle with more than
// MaxImportRows offers. Both are counted by streaming over data, record
// by record, keeping none.
func checkRows(name string, data []byte, bundle bool) error {
	if bundle {
		if countBundleOffers(data) > MaxImportRows {
			return tooManyRows(name, "offers")
		}
		return nil
	}
	if countCSVRows(data) > MaxImportRows {
		return tooManyRows(name, "rows")
	}
	return nil
}

// countCSVRows counts the records after the header, up to one past the
// limit; records that do not parse count too.
func countCSVRows(data []byte) int {
	r := csv.NewReader(bytes.NewReader(data))
	r.FieldsPerRecord = -1
	r.ReuseRecord = true
	n := -1 // the header
	for n <= MaxImportRows {
		_, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		var pe *csv.ParseError
		if err != nil && !errors.As(err, &pe) {
			break
		}
		n++
	}
	return max(n, 0)
}

// countBundleOffers counts the entries of a bundle's "offers" array, up
// to one past the limit; a bundle that is not a JSON object counts 0 (its
// loader says what is wrong with it).
func countBundleOffers(data []byte) int {
	dec := json.NewDecoder(bytes.NewReader(bytes.TrimPrefix(data, []byte("\ufeff"))))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return 0
	}
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return 0
		}
		if key != "offers" {
			var skip json.RawMessage
			if dec.Decode(&skip) != nil {
				return 0
			}
			continue
		}
		if t, err := dec.Token(); err != nil || t != json.Delim('[') {
			return 0
		}
		n := 0
		for dec.More() && n <= MaxImportRows {
			var skip json.RawMessage
			if dec.Decode(&skip) != nil {
				return n
			}
			n++
		}
		return n
	}
	return 0
}
