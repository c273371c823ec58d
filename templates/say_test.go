package templates

import (
	"context"
	"testing"
)

// Ensure a card says where a region is once: city and country, or the
// country alone for a region the catalog knows only by its country, in
// both languages; and that every region of the embedded catalog reads so.
func TestCityAndCountry(t *testing.T) {
	cat := embeddedCatalog(t)
	for _, tt := range []struct{ lang, city, country, want string }{
		{"en", "Frankfurt", "DE", "Frankfurt, Germany"},
		{"en", "Germany", "DE", "Germany"},
		{"zh-CN", "Germany", "DE", "德国"},
		{"zh-CN", "Frankfurt", "DE", "Frankfurt, 德国"},
		{"en", "", "IT", "Italy"},
	} {
		ctx := WithCatalog(WithPage(context.Background(), tt.lang, nil), cat)
		if got := cityAndCountry(ctx, tt.city, tt.country); got != tt.want {
			t.Errorf("cityAndCountry(%s, %q, %s) = %q, want %q", tt.lang, tt.city, tt.country, got, tt.want)
		}
	}
	ctx := WithCatalog(WithPage(context.Background(), "en", nil), cat)
	for _, r := range cat.Regions {
		name := countryOf(ctx, r.Country)
		if got := cityAndCountry(ctx, r.City, r.Country); got == name+", "+name {
			t.Errorf("%s says %q", r.Key(), got)
		}
	}
}
