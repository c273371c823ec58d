package catalog

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/shopspring/decimal"
)

// PriceUpdate is one offer's prices as a provider's own price feed states
// them, in USD per hour: the pricing models the feed gives (a zero price:
// not in the feed, the offer keeps its own), and its spot interruption
// band (one of the Band constants; "": not in the feed).
type PriceUpdate struct {
	Region, InstanceType                   string
	OnDemand, Spot, Reserved1Y, Reserved3Y decimal.Decimal
	SpotBand                               string
}

// FormatSkyPilot names SkyPilot's catalog CSVs (the public layout, one
// provider's per file; see ReadPublicCSV) as an import format.
const FormatSkyPilot = "skypilot"

// FeedFormats are the import formats beside the default (a bundle or a
// public-layout CSV, told apart by their content), as API.md names them:
// the providers' own feeds (see the reader named after each) and
// SkyPilot's CSVs.
var FeedFormats = []string{FormatAzureRetail, FormatAWSPriceList, FormatAWSSpotAdvisor, FormatGCPBilling, FormatSkyPilot}

// FeedReport is what a feed reader kept out of the prices, by reason, as
// sentences an operator can act on (which instance types, how many items).
type FeedReport struct {
	KeptOut []string
}

// UpdatePrices returns a copy of c with one provider's feed applied, as
// version id created on date, its prices citing source: every offer the
// feed names (by region and instance type) takes the prices the feed gives
// and keeps the others, its spot band and its specification; offers the
// feed does not name are unchanged. A spot band applies to the offer's
// spot price (an offer without one is reported). A reserved price above
// the offer's on-demand one is left out (it would mislead). Feed rows for
// offers the catalog does not have are kept out and reported: a new offer
// needs its GPU and specification first. The result is validated like any
// catalog.
func (c *Catalog) UpdatePrices(provider string, ups []PriceUpdate, id, date string, source Source) (*Catalog, FeedReport, error) {
	var rep FeedReport
	if _, ok := c.Provider(provider); !ok {
		return nil, rep, Problems{{File: source.ID, Field: "provider", Message: fmt.Sprintf("unknown provider %q", provider)}}
	}
	byKey := map[string]PriceUpdate{}
	for _, u := range ups {
		byKey[u.Region+":"+u.InstanceType] = u
	}
	next := *c
	next.Offers = slices.Clone(c.Offers)
	ref := Ref{Source: source.ID, Date: date}
	price := func(usd decimal.Decimal) *Price { return &Price{USDPerHour: usd, Ref: ref} }
	applied := map[string]bool{}
	var noSpot []string // offers given a band with no spot price to band
	var probs Problems
	for i := range next.Offers {
		o := &next.Offers[i]
		u, ok := byKey[o.Region+":"+o.InstanceType]
		if o.Provider != provider || !ok {
			continue
		}
		applied[o.Region+":"+o.InstanceType] = true
		if p := u.problems(*o, source.ID); len(p) > 0 {
			probs = append(probs, p...)
			continue
		}
		if u.OnDemand.IsPositive() {
			o.OnDemand = price(u.OnDemand)
		}
		if u.Spot.IsPositive() {
			s := SpotPrice{Price: *price(u.Spot)}
			if o.Spot != nil {
				s.Band, s.BandRef = o.Spot.Band, o.Spot.BandRef
			}
			o.Spot = &s
		}
		if u.SpotBand != "" {
			if o.Spot == nil {
				noSpot = append(noSpot, o.ID())
			} else {
				s := *o.Spot
				s.Band, s.BandRef = u.SpotBand, &Ref{Source: source.ID, Date: date}
				o.Spot = &s
			}
		}
		if u.Reserved1Y.IsPositive() {
			o.Reserved1Y = price(u.Reserved1Y)
		}
		if u.Reserved3Y.IsPositive() {
			o.Reserved3Y = price(u.Reserved3Y)
		}
		if o.OnDemand != nil {
			o.Reserved1Y, o.Reserved3Y = keepReserved(o.Reserved1Y, o.OnDemand.USDPerHour), keepReserved(o.Reserved3Y, o.OnDemand.USDPerHour)
		}
	}
	var missing []string
	for k := range byKey {
		if !applied[k] {
			missing = append(missing, provider+":"+k)
		}
	}
	if len(missing) > 0 {
		slices.Sort(missing)
		rep.KeptOut = append(rep.KeptOut, sample(len(missing), "offers the catalog does not have (add their GPU and specification first)", missing))
	}
	if len(noSpot) > 0 {
		rep.KeptOut = append(rep.KeptOut, sample(len(noSpot), "interruption bands for offers without a spot price", noSpot))
	}
	if len(probs) > 0 {
		return nil, rep, probs
	}
	next.Version = Version{ID: id, Created: date, Currency: c.Version.Currency, Sources: append(slices.Clone(c.Version.Sources), source)}
	out, err := rebuild(&next)
	return out, rep, err
}

// sortUpdates orders a feed's updates by region, then instance type.
func sortUpdates(ups []PriceUpdate) []PriceUpdate {
	slices.SortFunc(ups, func(a, b PriceUpdate) int {
		return cmp.Or(strings.Compare(a.Region, b.Region), strings.Compare(a.InstanceType, b.InstanceType))
	})
	return ups
}

// sample writes a report's list of offers: how many, then the first 20
// ("3 …: a, b, c"; "25 …: a, …, t and 5 more"), after what they are.
func sample(n int, what string, items []string) string {
	const shown = 20
	list := strings.Join(items[:min(len(items), shown)], ", ")
	if len(items) > shown {
		list += fmt.Sprintf(" and %d more", len(items)-shown)
	}
	return fmt.Sprintf("%d %s: %s", n, what, list)
}

// eachPage decodes the pages of a paged API saved one after another in r
// (named name) and hands each to f with its number; api names the API and
// want its page's shape in the problems of a file with no page or a page
// that does not decode. It returns every problem f reports too.
func eachPage[T any](r io.Reader, name, api, want string, f func(page int, p *T) Problems) Problems {
	var probs Problems
	dec := json.NewDecoder(r)
	for page := 1; ; page++ {
		var p T
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			if page == 1 {
				probs = append(probs, Problem{File: name, Message: "no page of the " + api + ": want " + want})
			}
			return probs
		} else if err != nil {
			return append(probs, Problem{File: name, Item: fmt.Sprintf("page %d", page), Message: "not a page of the " + api + ": " + err.Error()})
		}
		probs = append(probs, f(page, &p)...)
	}
}

// problems are what is wrong with a feed's prices for offer o, read from
// file: each within the bounds per GPU-hour, checked before any arithmetic.
func (u PriceUpdate) problems(o Offer, file string) Problems {
	var probs Problems
	for _, p := range []struct {
		field string
		usd   decimal.Decimal
	}{{"on_demand", u.OnDemand}, {"spot", u.Spot}, {"reserved_1y", u.Reserved1Y}, {"reserved_3y", u.Reserved3Y}} {
		msg := ""
		switch {
		case p.usd.IsZero():
		case !plainDecimal(p.usd):
			msg = fmt.Sprintf("must be a number of at most %d digits within %d places of the point, got exponent %d", MaxNumberLen, MaxNumberLen, p.usd.Exponent())
		default:
			msg = priceRange(p.usd, o.GPUCount, o.GPUFraction)
		}
		if msg != "" {
			probs = append(probs, Problem{File: file, Item: o.ID(), Field: p.field, Message: msg})
		}
	}
	return probs
}
