package explore_test

import (
	"cmp"
	"net/url"
	"slices"
	"testing"

	"gpuplace/data"
	"gpuplace/internal/catalog"
	"gpuplace/internal/explore"
)

// Ensure an offers address reads into its view and writes back as it
// was, defaults left out; and that unknown values are ignored and named.
func TestOffersRoundTrip(t *testing.T) {
	c, err := catalog.Load(data.FS)
	if err != nil {
		t.Fatal(err)
	}
	for _, raw := range []string{
		"",
		"currency=EUR&dir=desc&gpu=h100&hq=eu&page=2&pricing=spot&provider=aws&sort=gpus&unit=gpu_hour",
		"region=aws%3Aus-east-1",
	} {
		q, _ := url.ParseQuery(raw)
		f, ignored := explore.ReadOffers(c, q)
		if len(ignored) > 0 {
			t.Errorf("%s: ignored %v", raw, ignored)
		}
		if got := f.Values().Encode(); got != raw {
			t.Errorf("read and written again: %q, want %q", got, raw)
		}
	}
	q, _ := url.ParseQuery("gpu=nope&page=0&currency=xyz&sort=colour&region=us-east-1")
	f, ignored := explore.ReadOffers(c, q)
	if want := []string{explore.KeyGPU, explore.KeyRegion, explore.KeySort, explore.KeyCurrency, explore.KeyPage}; !slices.Equal(ignored, want) {
		t.Errorf("ignored %v, want %v", ignored, want)
	}
	if f.GPU != "" || f.Sort != "" || f.Page != 0 {
		t.Errorf("unknown values kept: %+v", f)
	}
}

// Ensure sorting by a column goes ascending first and the other way when
// already so, back to the first page, and that a column says so.
func TestOffersSort(t *testing.T) {
	f := explore.Offers{OfferFilter: catalog.OfferFilter{Sort: catalog.SortPrice}, Page: 3}
	if got := f.SortURL("gpus"); got != "/catalog/offers?sort=gpus" {
		t.Errorf("sort by gpus: %s", got)
	}
	if got := f.SortURL(catalog.SortPrice); got != "/catalog/offers?dir=desc" {
		t.Errorf("sort by price again: %s", got)
	}
	if f.AriaSort(catalog.SortPrice) != "ascending" || f.AriaSort("gpus") != "none" || f.SortMark(catalog.SortPrice) != " ▲" {
		t.Errorf("aria-sort %q, mark %q", f.AriaSort(catalog.SortPrice), f.SortMark(catalog.SortPrice))
	}
	if got := f.PageURL(1); got != "/catalog/offers" {
		t.Errorf("page 1: %s", got)
	}
}

// Ensure a Chinese reader sees prices in yuan when the address names no
// currency and an English reader in dollars; that an address leaves the
// reader's default out and names any other currency, US dollars
// included, so a Chinese reader can ask for them; and that the CSV's
// address asks for the currency the page shows, the base one by default.
func TestOffersCurrencyByLanguage(t *testing.T) {
	c, err := catalog.Load(data.FS)
	if err != nil {
		t.Fatal(err)
	}
	if got := explore.DefaultCurrency(c, "zh-CN"); got != "CNY" {
		t.Errorf("DefaultCurrency(zh-CN) = %s, want CNY", got)
	}
	if got := explore.DefaultCurrency(c, "en"); got != catalog.BaseCurrency {
		t.Errorf("DefaultCurrency(en) = %s, want %s", got, catalog.BaseCurrency)
	}
	zh := explore.Offers{Default: "CNY"}.WithDefaults()
	if zh.Currency != "CNY" {
		t.Errorf("a Chinese reader's view without a currency shows %s, want CNY", zh.Currency)
	}
	if got := zh.URL(explore.OffersPath); got != explore.OffersPath {
		t.Errorf("a Chinese reader's default view is at %s, want %s", got, explore.OffersPath)
	}
	usd := zh
	usd.Currency = catalog.BaseCurrency
	if got := usd.Values().Get(explore.KeyCurrency); got != catalog.BaseCurrency {
		t.Errorf("a Chinese reader's dollar view names currency %q, want %s", got, catalog.BaseCurrency)
	}
	for _, f := range []explore.Offers{zh, usd, explore.Offers{}.WithDefaults()} {
		u, err := url.Parse(f.CSVURL())
		if err != nil {
			t.Fatal(err)
		}
		if got := cmp.Or(u.Query().Get(explore.KeyCurrency), catalog.BaseCurrency); got != f.Currency {
			t.Errorf("CSV of a view in %s asks for currency %q", f.Currency, got)
		}
	}
	if got := explore.CurrencyQuery("CNY", "CNY").Encode(); got != "" {
		t.Errorf("CurrencyQuery(CNY, default CNY) = %q, want none", got)
	}
	if got := explore.CurrencyQuery("USD", "CNY").Encode(); got != "currency=USD" {
		t.Errorf("CurrencyQuery(USD, default CNY) = %q, want currency=USD", got)
	}
}
