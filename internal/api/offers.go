package api

import (
	"slices"

	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// Pages of the public lists (API.md).
const (
	// MaxPage bounds page numbers: far past the last page of any list,
	// and small enough that (page − 1) × per_page is an offset both
	// databases take alike (page=9223372036854775807 overflowed
	// PostgreSQL's OFFSET).
	MaxPage = 100_000
	// OffersPerPage is how many offers a page of GET /api/v1/offers lists
	// when per_page is left out; MaxOffersPerPage is the most it lists.
	OffersPerPage    = 100
	MaxOffersPerPage = 500
)

// OffersQuery is what GET /api/v1/offers filters by and which page of the
// matches it answers. Empty filters match every offer; a zero Page is the
// first page and a zero PerPage is OffersPerPage.
type OffersQuery struct {
	GPU         string `json:"gpu,omitempty" jsonschema:"a GPU id as /api/v1/gpus lists it (h100, a100-80gb, t4…); empty: every GPU"`
	Provider    string `json:"provider,omitempty" jsonschema:"a provider id (aws, gcp, azure, nebius…); empty: every provider"`
	Region      string `json:"region,omitempty" jsonschema:"a region id (eu-central-1) or provider:region (aws:eu-central-1); empty: every region"`
	Accelerator string `json:"accelerator,omitempty" jsonschema:"gpu (GPU offers only) or cpu (CPU servers only); empty: both"`
	Page        int    `json:"page,omitempty" jsonschema:"the page, from 1 (default 1)"`
	PerPage     int    `json:"per_page,omitempty" jsonschema:"offers per page, 1 to 500 (default 100)"`
}

// OffersJSON is one page of GET /api/v1/offers. Count is every match, on
// all pages; Next is the URL of the next page, null on the last (FindOffers
// leaves it to the caller, who knows the URL: see More).
type OffersJSON struct {
	Count   int             `json:"count"`
	Page    int             `json:"page"`
	PerPage int             `json:"per_page"`
	Offers  []catalog.Offer `json:"offers"`
	Next    *string         `json:"next"`
}

// More reports whether a page after this one lists offers.
func (o OffersJSON) More() bool { return o.Page*o.PerPage < o.Count }

// FindOffers answers one page of the offers q selects, in catalog order.
// A page past the last lists none; a page, page size or accelerator out of
// range is a field error.
func FindOffers(cat *catalog.Catalog, q OffersQuery) (OffersJSON, error) {
	if err := q.validate(); err != nil {
		return OffersJSON{}, err
	}
	if q.Page == 0 {
		q.Page = 1
	}
	if q.PerPage == 0 {
		q.PerPage = OffersPerPage
	}
	out := OffersJSON{Page: q.Page, PerPage: q.PerPage, Offers: []catalog.Offer{}}
	first := (q.Page - 1) * q.PerPage
	for _, o := range cat.Offers {
		if !q.matches(o) {
			continue
		}
		if out.Count >= first && len(out.Offers) < q.PerPage {
			out.Offers = append(out.Offers, o)
		}
		out.Count++
	}
	return out, nil
}

// validate checks the page keys (zero: their defaults) and the
// accelerator.
func (q OffersQuery) validate() error {
	var fe locale.FieldErrors
	if q.Page < 0 || q.Page > MaxPage {
		fe.Add("page", "invalid.whole.range", 1, MaxPage)
	}
	if q.PerPage < 0 || q.PerPage > MaxOffersPerPage {
		fe.Add("per_page", "invalid.whole.range", 1, MaxOffersPerPage)
	}
	if q.Accelerator != "" && !slices.Contains(catalog.Accelerators, q.Accelerator) {
		fe.Add("accelerator", "invalid.one_of2", catalog.AcceleratorGPU, catalog.AcceleratorCPU)
	}
	return fe.OrNil()
}

// matches reports whether the filters keep an offer; a region matches by
// its id or its "provider:region" key.
func (q OffersQuery) matches(o catalog.Offer) bool {
	if (q.Accelerator == catalog.AcceleratorGPU && o.IsCPU()) || (q.Accelerator == catalog.AcceleratorCPU && !o.IsCPU()) {
		return false
	}
	return (q.GPU == "" || o.GPU == q.GPU) && (q.Provider == "" || o.Provider == q.Provider) &&
		(q.Region == "" || o.Region == q.Region || o.RegionKey() == q.Region)
}
