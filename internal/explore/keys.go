package explore

import (
	"net/url"
	"slices"
	"strings"

	"gpuplace/internal/catalog"
)

// Query keys of the catalog explorer. The URL holds every filter, so a
// view can be shared; a key at its default is left out.
const (
	KeyGPU          = "gpu"
	KeyAccelerator  = "accelerator" // GPU offers or CPU servers: catalog.Accelerators
	KeyProvider     = "provider"
	KeyRegion       = "region"
	KeyPricing      = "pricing"
	KeySort         = "sort"
	KeyDir          = "dir"
	KeyUnit         = "unit"
	KeyCurrency     = "currency"
	KeyPage         = "page"
	KeyJurisdiction = "jurisdiction"
	KeyFrom         = "from"
	KeyHQ           = "hq"   // where providers are headquartered: catalog.HQScopes
	KeyKind         = "kind" // a kind of provider: catalog.ProviderKinds
)

// Reader reads explorer filters from a query, keeping the keys whose
// values it did not know.
type Reader struct {
	q url.Values
	// Ignored lists the keys whose values were unknown, in the order met.
	Ignored []string
}

// Read starts reading a query.
func Read(q url.Values) *Reader { return &Reader{q: q} }

// Get returns a key's trimmed value; "all" is the same as no value.
func (p *Reader) Get(key string) string {
	v := strings.TrimSpace(p.q.Get(key))
	if strings.EqualFold(v, "all") {
		return ""
	}
	return v
}

// Ignore notes a key whose value is not used.
func (p *Reader) Ignore(key string) {
	if !slices.Contains(p.Ignored, key) {
		p.Ignored = append(p.Ignored, key)
	}
}

// Valid returns a key's value when ok accepts it, else "" (and notes it).
func (p *Reader) Valid(key string, ok func(string) bool) string {
	v := p.Get(key)
	if v == "" {
		return ""
	}
	if !ok(v) {
		p.Ignore(key)
		return ""
	}
	return v
}

// OneOf returns a key's value when it is one of allowed.
func (p *Reader) OneOf(key string, allowed []string) string {
	return p.Valid(key, func(v string) bool { return slices.Contains(allowed, v) })
}

// Provider returns the provider key's value when the catalog has it.
func (p *Reader) Provider(c *catalog.Catalog) string {
	return p.Valid(KeyProvider, func(id string) bool { _, ok := c.Provider(id); return ok })
}

// Currency accepts a currency code the catalog has a rate for, in any
// case.
func (p *Reader) Currency(c *catalog.Catalog) string {
	v := strings.ToUpper(p.Get(KeyCurrency))
	if v == "" {
		return ""
	}
	if _, ok := c.Rate(v); !ok {
		p.Ignore(KeyCurrency)
		return ""
	}
	return v
}

// Region accepts "provider:region", or a bare region id when exactly one
// provider has it, and returns the "provider:region" key.
func (p *Reader) Region(c *catalog.Catalog) string {
	v := p.Get(KeyRegion)
	if v == "" {
		return ""
	}
	if _, ok := c.Region(v); ok {
		return v
	}
	var keys []string
	for _, reg := range c.Regions {
		if reg.ID == v {
			keys = append(keys, reg.Key())
		}
	}
	if len(keys) != 1 {
		p.Ignore(KeyRegion)
		return ""
	}
	return keys[0]
}
