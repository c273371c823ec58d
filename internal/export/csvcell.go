package export

import (
	"encoding/csv"
	"io"
	"regexp"
)

// formulaStarts are the first characters that make a spreadsheet read a
// cell as a formula (OWASP, "CSV Injection"): =, +, -, @, tab and CR.
const formulaStarts = "=+-@\t\r"

// plainNumber is a number as a spreadsheet reads one: a sign, digits
// (grouped in thousands or not), a decimal point and an exponent of at
// most three digits, as a spreadsheet holds numbers (doubles reach
// 1E308); such a cell is data, never a formula.
var plainNumber = regexp.MustCompile(`^[+-]?((\d+|\d{1,3}(,\d{3})+)(\.\d*)?|\.\d+)([eE][+-]?\d{1,3})?$`)

// SafeCell returns s fit for a CSV cell: a cell starting with a character
// that makes a spreadsheet run it as a formula (=HYPERLINK(…), +cmd|…,
// @SUM(…)) gets a single quote in front, which spreadsheets show as text.
// Plain numbers, negative amounts such as -12.50 included, stay numbers.
func SafeCell(s string) string {
	if s == "" || !containsByte(formulaStarts, s[0]) || plainNumber.MatchString(s) {
		return s
	}
	return "'" + s
}

func containsByte(set string, b byte) bool {
	for i := range len(set) {
		if set[i] == b {
			return true
		}
	}
	return false
}

// CSVWriter writes CSV records, every cell through SafeCell: every CSV the
// product writes goes through it.
type CSVWriter struct {
	w   *csv.Writer
	buf []string
}

// NewCSVWriter returns a CSVWriter writing to w. Rows are buffered a few
// kilobytes at a time, so a long file streams out as it is written.
func NewCSVWriter(w io.Writer) *CSVWriter { return &CSVWriter{w: csv.NewWriter(w)} }

// Write writes one record.
func (c *CSVWriter) Write(record []string) error {
	c.buf = c.buf[:0]
	for _, cell := range record {
		c.buf = append(c.buf, SafeCell(cell))
	}
	return c.w.Write(c.buf)
}

// Flush writes what is buffered and reports any error of the writes.
func (c *CSVWriter) Flush() error {
	c.w.Flush()
	return c.w.Error()
}
