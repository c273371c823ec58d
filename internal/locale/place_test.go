package locale_test

import (
	"testing"

	"github.com/shopspring/decimal"

	"gpuplace/data"
	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// names reads countries' English names from a catalog, as pages do.
func names(c *catalog.Catalog) func(string) string {
	return func(code string) string {
		if ct, ok := c.Country(code); ok {
			return ct.Name
		}
		return code
	}
}

// Ensure a card says where a region is once: city and country, or the
// country alone for a region the catalog knows only by its country, in
// both languages; and that every region of the embedded catalog reads so.
func TestPlace(t *testing.T) {
	cat, err := catalog.Load(data.FS)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ lang, city, country, want string }{
		{"en", "Frankfurt", "DE", "Frankfurt, Germany"},
		{"en", "Germany", "DE", "Germany"},
		{"zh-CN", "Germany", "DE", "德国"},
		{"zh-CN", "Frankfurt", "DE", "德国法兰克福"},
		{"en", "", "IT", "Italy"},
	} {
		lang, _ := locale.Parse(tt.lang)
		if got := locale.For(lang).WithCountryNames(names(cat)).Place(tt.city, tt.country); got != tt.want {
			t.Errorf("Place(%s, %q, %s) = %q, want %q", tt.lang, tt.city, tt.country, got, tt.want)
		}
	}
	p := locale.For(locale.EN).WithCountryNames(names(cat))
	for _, r := range cat.Regions {
		name := p.Country(r.Country)
		if got := p.Place(r.City, r.Country); got == name+", "+name {
			t.Errorf("%s says %q", r.Key(), got)
		}
	}
}

// Ensure an answer's unit prices show two to four places.
func TestUnitPriceShown(t *testing.T) {
	for in, want := range map[string]string{"0": "0.00", "0.09": "0.09", "0.0765": "0.0765", "12.5": "12.50", "0.057860": "0.0579", "0.347886": "0.3479"} {
		if got := locale.UnitPriceShown(decimal.RequireFromString(in)); got != want {
			t.Errorf("UnitPriceShown(%s) = %s, want %s", in, got, want)
		}
	}
}

// Ensure unit prices show at least the two places of an amount and every
// further place they have.
func TestUnitPrice(t *testing.T) {
	for in, want := range map[string]string{"0": "0.00", "0.000000": "0.00", "0.09": "0.09", "0.0765": "0.0765", "12.5": "12.50", "0.057860": "0.05786"} {
		if got := locale.UnitPrice(decimal.RequireFromString(in)); got != want {
			t.Errorf("UnitPrice(%s) = %s, want %s", in, got, want)
		}
	}
}

// Ensure a cost line's figures redo its amount: as Quantity and
// UnitPriceShown write them where they do, with more places where they do
// not.
func TestLineFigures(t *testing.T) {
	d := decimal.RequireFromString
	for _, tt := range []struct {
		q, p, amount, wantQ, wantP string
	}{
		{"8760", "0.4438", "3887.69", "8,760", "0.4438"},
		{"1.309", "53.52", "70.06", "1.309", "53.52"},
		{"0.048", "68.5004", "3.29", "0.048", "68.5004"},
		{"2522.88", "0.1118", "282.06", "2,522.88", "0.1118"},
		{"100", "0.347886", "34.79", "100", "0.3479"},
		{"1000", "0.347886", "347.89", "1,000", "0.34789"},
	} {
		q, p := locale.LineFigures(d(tt.q), d(tt.p), d(tt.amount), 2)
		if q != tt.wantQ || p != tt.wantP {
			t.Errorf("LineFigures(%s, %s, %s) = %s, %s; want %s, %s", tt.q, tt.p, tt.amount, q, p, tt.wantQ, tt.wantP)
		}
	}
}
