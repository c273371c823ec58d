package catalog_test

import (
	"testing"

	"github.com/shopspring/decimal"

	"gpuplace/internal/catalog"
)

// europeTiny is the tiny catalog with a euro price, a GPU partition and a
// monthly-only server: p1 (headquartered in the US) sells a1 in Tokyo as
// half a GPU at 0.90 EUR an hour; p2 (headquartered in France) rents a1
// in Paris at 730 EUR a month plus 90 EUR setup, from a secondary source
// dated 2025-06. EUR is 0.9 per USD.
func europeTiny(t *testing.T) *catalog.Catalog {
	t.Helper()
	fsys := tinyFS(t)
	replace(t, fsys, "offers.json", `"on_demand":{"usd_per_hour":"1.20","source":"t","date":"2026"}`,
		`"on_demand":{"per_hour":"0.90","currency":"EUR","source":"t","date":"2026"},"gpu_fraction":0.5`)
	replace(t, fsys, "offers.json", `"on_demand":{"usd_per_hour":"0.90","source":"t","date":"2026"}`,
		`"monthly":{"per_month":"730","setup":"90","currency":"EUR","source":"t","date":"2025-06"},"source_quality":"secondary"`)
	c, err := catalog.Load(fsys)
	if err != nil {
		t.Fatalf("Load() error:\n%v", err)
	}
	return c
}

// priceOf finds the row of one offer's price among rows.
func priceOf(t *testing.T, rows []catalog.OfferPrice, offer string, pricing catalog.PricingModel) catalog.OfferPrice {
	t.Helper()
	for _, r := range rows {
		if r.Offer.ID() == offer && r.Pricing == pricing {
			return r
		}
	}
	t.Fatalf("no %s price of %s among %d rows", pricing, offer, len(rows))
	return catalog.OfferPrice{}
}

// Ensure a monthly-only offer has one price in every unit and currency:
// per month its own figure (or its USD figure converted), per hour and
// per GPU-hour a 730th of it; its setup fee comes along in the currency
// asked for.
func TestFindOffersMonthlyInEveryUnit(t *testing.T) {
	c := europeTiny(t)
	for _, tt := range []struct {
		unit, currency, price, own, setup string
	}{
		{catalog.UnitMonth, "EUR", "730", "730", "90"},
		{catalog.UnitHour, "EUR", "1", "1", "90"},
		{catalog.UnitGPUHour, "EUR", "1", "1", "90"},
		// 730 EUR ÷ 0.9 = 811.111111 USD a month (six places), 1.1111 an hour.
		{catalog.UnitMonth, "USD", "811.11", "730", "100"},
		{catalog.UnitHour, "USD", "1.1111", "1", "100"},
		{catalog.UnitMonth, "CNY", "5677.78", "730", "700"},
	} {
		rows := c.FindOffers(catalog.OfferFilter{Provider: "p2", Unit: tt.unit, Currency: tt.currency})
		r := priceOf(t, rows, "p2:fr:a1", catalog.Monthly)
		if !r.Price.Equal(decimal.RequireFromString(tt.price)) || !r.Own.Equal(decimal.RequireFromString(tt.own)) || r.OwnCurrency != "EUR" {
			t.Errorf("%s per %s: price %s, own %s %s; want %s, own %s EUR", tt.currency, tt.unit, r.Price, r.Own, r.OwnCurrency, tt.price, tt.own)
		}
		if r.Setup == nil || !r.Setup.Equal(decimal.RequireFromString(tt.setup)) {
			t.Errorf("%s per %s: setup %v, want %s", tt.currency, tt.unit, r.Setup, tt.setup)
		}
		for _, other := range rows {
			if other.Offer.ID() == "p2:fr:a1" && other.Pricing != catalog.Monthly {
				t.Errorf("the monthly-only offer has a %s price", other.Pricing)
			}
		}
	}
	// A monthly price whose source does not say what setup costs has no
	// setup fee, which is not a fee of zero.
	fsys := tinyFS(t)
	replace(t, fsys, "offers.json", `"on_demand":{"usd_per_hour":"0.90","source":"t","date":"2026"}`,
		`"monthly":{"per_month":"700","setup":null,"source":"t","date":"2026"}`)
	unknown, err := catalog.Load(fsys)
	if err != nil {
		t.Fatal(err)
	}
	if r := priceOf(t, unknown.FindOffers(catalog.OfferFilter{Unit: catalog.UnitMonth}), "p2:fr:a1", catalog.Monthly); r.Setup != nil || r.Price.String() != "700" {
		t.Errorf("unknown setup: price %s, setup %v; want 700 and no setup fee", r.Price, r.Setup)
	}
}

// Ensure a price is its source's own figure when the currency asked for
// is the source's, converted from its USD figure otherwise, and a
// partition's price per GPU-hour is what a whole GPU's worth costs.
func TestFindOffersOwnCurrencyAndPartition(t *testing.T) {
	c := europeTiny(t)
	for _, tt := range []struct {
		unit, currency, price, own string
	}{
		{catalog.UnitHour, "EUR", "0.9", "0.9"},
		{catalog.UnitHour, "USD", "1", "0.9"},
		{catalog.UnitGPUHour, "EUR", "1.8", "1.8"},
		{catalog.UnitGPUHour, "USD", "2", "1.8"},
		{catalog.UnitMonth, "EUR", "657", "657"},
	} {
		r := priceOf(t, c.FindOffers(catalog.OfferFilter{Unit: tt.unit, Currency: tt.currency}), "p1:jp:a1", catalog.OnDemand)
		if !r.Price.Equal(decimal.RequireFromString(tt.price)) || !r.Own.Equal(decimal.RequireFromString(tt.own)) || r.OwnCurrency != "EUR" || r.Setup != nil {
			t.Errorf("%s per %s: price %s, own %s %s, setup %v; want %s, own %s EUR, no setup", tt.currency, tt.unit, r.Price, r.Own, r.OwnCurrency, r.Setup, tt.price, tt.own)
		}
	}
	r := priceOf(t, c.FindOffers(catalog.OfferFilter{Unit: catalog.UnitGPUHour, Currency: "EUR"}), "p1:eu:b8", catalog.OnDemand)
	if r.Price.String() != "2.25" || r.OwnCurrency != "USD" || r.Own.String() != "2.5" {
		t.Errorf("a USD price of 8 GPUs per GPU-hour in EUR: %s, own %s %s; want 2.25, own 2.5 USD", r.Price, r.Own, r.OwnCurrency)
	}
}

// Ensure the headquarters filter keeps the offers of providers
// headquartered in the EU/EEA, or of those elsewhere, and nothing else.
func TestFindOffersByHeadquarters(t *testing.T) {
	c := europeTiny(t)
	for _, tt := range []struct {
		hq   string
		want map[string]int
	}{
		{"", map[string]int{"p1": 8, "p2": 2}},
		{catalog.HQEU, map[string]int{"p2": 2}},
		{catalog.HQNonEU, map[string]int{"p1": 8}},
	} {
		got := map[string]int{}
		for _, r := range c.FindOffers(catalog.OfferFilter{HQ: tt.hq}) {
			got[r.Offer.Provider]++
		}
		if len(got) != len(tt.want) || got["p1"] != tt.want["p1"] || got["p2"] != tt.want["p2"] {
			t.Errorf("hq=%q: prices by provider %v, want %v", tt.hq, got, tt.want)
		}
	}
}

// Ensure the provider listing counts regions, offers and source qualities,
// spans the dates of every price, judges egress known or unknown, and
// filters by headquarters and kind.
func TestFindProviders(t *testing.T) {
	c := europeTiny(t)
	all := c.FindProviders(catalog.ProviderFilter{})
	if len(all) != 2 || all[0].Provider.ID != "p1" || all[1].Provider.ID != "p2" {
		t.Fatalf("providers = %+v, want p1 and p2 in catalog order", all)
	}
	p1, p2 := all[0], all[1]
	if p1.HQ.Code != "US" || p1.HQ.EUEEA || p2.HQ.Code != "FR" || !p2.HQ.EUEEA || p2.HQSource.ID != "t" {
		t.Errorf("headquarters: p1 %s (EU/EEA %v), p2 %s (EU/EEA %v, source %q); want US outside, FR inside, source t",
			p1.HQ.Code, p1.HQ.EUEEA, p2.HQ.Code, p2.HQ.EUEEA, p2.HQSource.ID)
	}
	if p1.Regions != 3 || p1.Offers != 4 || p2.Regions != 1 || p2.Offers != 2 {
		t.Errorf("p1 %d regions %d offers, p2 %d regions %d offers; want 3/4 and 1/2", p1.Regions, p1.Offers, p2.Regions, p2.Offers)
	}
	if p1.PricesAsOf != (catalog.DateRange{Oldest: "2026", Newest: "2026"}) || p2.PricesAsOf != (catalog.DateRange{Oldest: "2025-06", Newest: "2026"}) {
		t.Errorf("prices as of: p1 %+v, p2 %+v; want 2026–2026 and 2025-06–2026", p1.PricesAsOf, p2.PricesAsOf)
	}
	if p1.Unstated != 4 || p1.Primary+p1.Secondary != 0 || p2.Secondary != 1 || p2.Unstated != 1 {
		t.Errorf("source quality: p1 %d/%d/%d, p2 %d/%d/%d (primary/secondary/unstated); want 0/0/4 and 0/1/1",
			p1.Primary, p1.Secondary, p1.Unstated, p2.Primary, p2.Secondary, p2.Unstated)
	}
	if !p1.EgressKnown || !p2.EgressKnown {
		t.Errorf("egress known: p1 %v, p2 %v; want both", p1.EgressKnown, p2.EgressKnown)
	}
	for _, tt := range []struct {
		f    catalog.ProviderFilter
		want string
	}{
		{catalog.ProviderFilter{HQ: catalog.HQEU}, "p2"},
		{catalog.ProviderFilter{HQ: catalog.HQNonEU}, "p1"},
		{catalog.ProviderFilter{Kind: catalog.KindGPUCloud}, "p2"},
		{catalog.ProviderFilter{HQ: catalog.HQNonEU, Kind: catalog.KindGPUCloud}, ""},
	} {
		var got string
		for _, s := range c.FindProviders(tt.f) {
			got += s.Provider.ID
		}
		if got != tt.want {
			t.Errorf("FindProviders(%+v) = %q, want %q", tt.f, got, tt.want)
		}
	}

	// A provider that publishes no egress price has it unknown, unless
	// each of its regions has its own.
	fsys := tinyFS(t)
	replace(t, fsys, "providers.json", `"egress":[{"from_gb":0,"to_gb":0,"usd_per_gb":"0.08"}],"egress_ref":{"source":"t","date":"2026"}`,
		`"egress":[],"egress_ref":{"source":"t","date":"2026","estimated":true,"method":"not published"}`)
	c, err := catalog.Load(fsys)
	if err != nil {
		t.Fatal(err)
	}
	if s := c.FindProviders(catalog.ProviderFilter{HQ: catalog.HQEU}); len(s) != 1 || s[0].EgressKnown {
		t.Errorf("p2 without egress prices: %+v, want egress unknown", s)
	}
	replace(t, fsys, "regions.json", `"country":"FR",`, `"country":"FR","egress":[{"from_gb":0,"to_gb":0,"usd_per_gb":"0.07"}],"egress_ref":{"source":"t","date":"2026"},`)
	if c, err = catalog.Load(fsys); err != nil {
		t.Fatal(err)
	}
	if s := c.FindProviders(catalog.ProviderFilter{HQ: catalog.HQEU}); len(s) != 1 || !s[0].EgressKnown {
		t.Errorf("p2 whose one region states egress: %+v, want egress known", s)
	}
}
