package export_test

import (
	"bytes"
	"cmp"
	"encoding/csv"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/shopspring/decimal"
	"github.com/xuri/excelize/v2"

	"gpuplace/internal/export"
)

// Ensure cells a spreadsheet would run as formulas get a leading quote,
// and plain text and numbers (negative ones too) stay as they are.
func TestSafeCell(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{`=HYPERLINK("http://evil","x")`, `'=HYPERLINK("http://evil","x")`},
		{"+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"},
		{"-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"},
		{"@SUM(1+1)*cmd|' /C calc'!A0", "'@SUM(1+1)*cmd|' /C calc'!A0"},
		{"\t=1+1", "'\t=1+1"},
		{"\r=1+1", "'\r=1+1"},
		{"-", "'-"},
		{"- a dash list", "'- a dash list"},
		{"-12.50", "-12.50"},
		{"-1,234.50", "-1,234.50"},
		{"-12,345,678", "-12,345,678"},
		{"-1,23", "'-1,23"},
		{"-1,2345.00", "'-1,2345.00"},
		{"-,123", "'-,123"},
		{"+12.50", "+12.50"},
		{"-0.0765", "-0.0765"},
		{"-.5", "-.5"},
		{"1e-3", "1e-3"},
		{"-1E+9", "-1E+9"},
		{"-1e", "'-1e"},
		{"-12.50 USD", "'-12.50 USD"},
		{"12.50", "12.50"},
		{"GPU a=b", "GPU a=b"},
		{"", ""},
		{"'=already quoted", "'=already quoted"},
		{"张伟", "张伟"},
	} {
		if got := export.SafeCell(tt.in); got != tt.want {
			t.Errorf("SafeCell(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// Ensure a quote line, a customer or a seller that looks like a formula
// leaves the CSV export as text, and the same line stays a plain string
// in the workbook.
func TestExportsNeutraliseFormulas(t *testing.T) {
	d := sampleDoc(t, "en")
	q := &d.Quote
	q.Lines[0].Description = `=HYPERLINK("http://evil.example","click")`
	q.Lines[1].Unit = "@SUM(A1:A9)"
	q.Customer.Company = "+cmd|' /C calc'!A0"
	d.Seller.Company = "-2+3"
	q.Compute()
	rows := mustCSV(t, d)
	col := func(r []string, name string) string { return r[slices.Index(export.CSVColumns, name)] }
	if got := col(rows[1], "description"); got != `'=HYPERLINK("http://evil.example","click")` {
		t.Errorf("CSV description = %q, want it quoted as text", got)
	}
	if got := col(rows[2], "unit"); got != "'@SUM(A1:A9)" {
		t.Errorf("CSV unit = %q, want it quoted as text", got)
	}
	if got := col(rows[1], "customer_company"); got != "'+cmd|' /C calc'!A0" {
		t.Errorf("CSV customer company = %q, want it quoted as text", got)
	}
	if got := col(rows[1], "seller"); got != "'-2+3" {
		t.Errorf("CSV seller = %q, want it quoted as text", got)
	}
	// Each row's figure, a line's amount or a total, stays a number.
	for _, r := range rows[1:] {
		figure := cmp.Or(col(r, "amount"), col(r, "totals"))
		if _, err := decimal.NewFromString(strings.ReplaceAll(figure, ",", "")); err != nil || figure[0] == '\'' {
			t.Errorf("figure %q is no longer a number", figure)
		}
	}

	f, _ := mustWorkbook(t, d)
	cell, ok := cellOf(t, f, q.Lines[0].Description)
	if !ok {
		t.Fatal("the workbook lacks the first line")
	}
	if formula, _ := f.GetCellFormula("Quote", cell); formula != "" {
		t.Errorf("workbook cell %s holds the formula %q, want the text", cell, formula)
	}
	typ, _ := f.GetCellType("Quote", cell)
	v, _ := f.GetCellValue("Quote", cell)
	if (typ != excelize.CellTypeSharedString && typ != excelize.CellTypeInlineString) || !strings.HasPrefix(v, "=HYPERLINK") {
		t.Errorf("workbook cell %s = %q (type %v), want the description as a string", cell, v, typ)
	}
}

// FuzzSafeCell checks the neutraliser on any text: it adds at most a
// leading quote, leaves no formula start in front unless the cell is a
// plain number, and a second pass changes nothing.
func FuzzSafeCell(f *testing.F) {
	f.Fuzz(func(t *testing.T, s string) {
		out := export.SafeCell(s)
		if out != s && out != "'"+s {
			t.Fatalf("SafeCell(%q) = %q: changed more than a leading quote", s, out)
		}
		if out != "" && strings.ContainsRune("=+-@\t\r", rune(out[0])) {
			// A number, its thousands grouped or not.
			if _, err := decimal.NewFromString(ungroup(out)); err != nil {
				t.Fatalf("SafeCell(%q) = %q starts like a formula and is not a number", s, out)
			}
		}
		if again := export.SafeCell(out); again != out {
			t.Fatalf("SafeCell is not stable: %q → %q → %q", s, out, again)
		}
		var buf bytes.Buffer
		w := export.NewCSVWriter(&buf)
		if err := w.Write([]string{s, "x"}); err != nil {
			t.Fatal(err)
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		rec, err := csv.NewReader(&buf).Read()
		if err != nil {
			t.Fatalf("the writer's row does not read back: %v", err)
		}
		if len(rec) != 2 || (rec[0] != out && !strings.Contains(out, "\r")) {
			t.Fatalf("row read back as %q, want [%q x]", rec, out)
		}
	})
}

// ungroup takes the thousands separators out of a number written with
// them (-1,234.50 → -1234.50), and leaves anything else as it is.
func ungroup(s string) string {
	if groupedNumber.MatchString(s) {
		return strings.ReplaceAll(s, ",", "")
	}
	return s
}

var groupedNumber = regexp.MustCompile(`^[+-]?\d{1,3}(,\d{3})+(\.\d*)?([eE][+-]?\d{1,3})?$`)
