package explore_test

import (
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
