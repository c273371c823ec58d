package catalog

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/shopspring/decimal"
)

// PublicCSVColumns is the common public price-list layout, one row per
// instance type and availability zone.
var PublicCSVColumns = []string{"InstanceType", "AcceleratorName", "AcceleratorCount", "vCPUs", "MemoryGiB",
	"GpuInfo", "Price", "SpotPrice", "Region", "AvailabilityZone"}

// acceleratorGPUs maps the accelerator names of the public layout to the
// catalog's GPU ids.
var acceleratorGPUs = map[string]string{
	"T4": "t4", "A10G": "a10g", "A10": "a10", "L4": "l4", "L40S": "l40s", "V100": "v100", "V100-32GB": "v100-32gb",
	"A100": "a100-40gb", "A100-40GB": "a100-40gb", "A100-80GB": "a100-80gb", "H100": "h100", "H100-80GB": "h100",
	"H200": "h200", "B200": "b200", "GH200": "gh200", "A6000": "a6000", "RTX6000": "rtx6000",
}

// acceleratorAliases are the names of acceleratorGPUs that are not a
// GPU's own name in the layout: the layout calls the 40 GB A100 "A100".
var acceleratorAliases = map[string]bool{"A100-40GB": true, "H100-80GB": true}

// AcceleratorName is the public layout's accelerator name for a catalog
// GPU ("A100-80GB" for a100-80gb), the name SkyPilot's catalogs and task
// files use; false where the layout has no name for it.
func AcceleratorName(gpu string) (string, bool) {
	for name, id := range acceleratorGPUs {
		if id == gpu && !acceleratorAliases[name] {
			return name, true
		}
	}
	return "", false
}

// ImportedOffer is one instance type in one region, from a price list.
type ImportedOffer struct {
	Region, InstanceType, GPU string
	GPUCount, VCPUs           int
	MemoryGiB                 float64
	OnDemand                  decimal.Decimal
	// Spot is the lowest spot price over the region's zones; zero when
	// no zone lists one.
	Spot decimal.Decimal
	Row  int // first row the offer came from
}

// ReadPublicCSV reads a price list in the public layout. Rows without an
// accelerator (CPU instances) are skipped; every other row must be valid.
// Per region an instance type takes the on-demand price (the same in every
// zone, or it is a problem) and the lowest spot price. Problems name the
// row and the column; with problems, the offers that did read come back
// beside them, so that a caller can check them further and report every
// problem at once.
func ReadPublicCSV(r io.Reader, name string) ([]ImportedOffer, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	col, probs := readPublicHeader(cr, name)
	if len(probs) > 0 {
		return nil, probs
	}
	set := offerSet{byKey: map[string]*ImportedOffer{}}
	for row := 2; ; row++ {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		item := fmt.Sprintf("row %d", row)
		if err != nil {
			probs = append(probs, Problem{File: name, Item: item, Message: err.Error()})
			continue
		}
		get := fieldsOf(col, rec)
		if get("AcceleratorName") == "" {
			continue // a CPU instance
		}
		bad := func(field, format string, args ...any) {
			probs = append(probs, Problem{File: name, Item: item, Field: field, Message: fmt.Sprintf(format, args...)})
		}
		set.add(readOfferRow(get, row, bad), bad)
	}
	if len(set.order) == 0 && len(probs) == 0 {
		return nil, Problems{{File: name, Message: "no GPU rows (rows with an AcceleratorName)"}}
	}
	if len(probs) > 0 {
		return set.offers(), probs
	}
	return set.offers(), nil
}

// readPublicHeader reads a price list's header and maps each column name
// to its index; every column of PublicCSVColumns it lacks is a problem.
func readPublicHeader(cr *csv.Reader, name string) (map[string]int, Problems) {
	header, err := cr.Read()
	if err != nil {
		return nil, Problems{{File: name, Message: "cannot read the header: " + err.Error()}}
	}
	col := map[string]int{}
	for i, h := range header {
		col[strings.TrimSpace(strings.TrimPrefix(h, "\ufeff"))] = i
	}
	var probs Problems
	for _, c := range PublicCSVColumns {
		if _, ok := col[c]; !ok {
			probs = append(probs, Problem{File: name, Item: "header", Field: c, Message: "column missing"})
		}
	}
	return col, probs
}

// fieldsOf returns the trimmed value of a column in rec, "" when the row
// is too short to have it.
func fieldsOf(col map[string]int, rec []string) func(column string) string {
	return func(c string) string {
		if i := col[c]; i < len(rec) {
			return strings.TrimSpace(rec[i])
		}
		return ""
	}
}

// readOfferRow reads one GPU row of a price list; bad reports each field
// that is not valid.
func readOfferRow(get func(string) string, row int, bad func(string, string, ...any)) ImportedOffer {
	o := ImportedOffer{Region: get("Region"), InstanceType: get("InstanceType"), Row: row}
	switch {
	case o.InstanceType == "":
		bad("InstanceType", "required")
	case !instanceTypePattern.MatchString(o.InstanceType):
		bad("InstanceType", "must be 1 to 100 letters, digits, spaces, dots, underscores, pluses, slashes, colons or dashes, starting with a letter or digit; got %q", o.InstanceType)
	}
	switch {
	case o.Region == "":
		bad("Region", "required")
	case !namePattern.MatchString(o.Region):
		bad("Region", "must be a region id: lower-case letters, digits, dots, underscores, pluses or dashes; got %q", o.Region)
	}
	var ok bool
	if o.GPU, ok = acceleratorGPUs[get("AcceleratorName")]; !ok {
		bad("AcceleratorName", "unknown accelerator %q", get("AcceleratorName"))
	}
	o.GPUCount = wholeField(get("AcceleratorCount"), "AcceleratorCount", 1, MaxGPUsPerInstance, bad)
	o.VCPUs = wholeField(get("vCPUs"), "vCPUs", 0, MaxVCPUs, bad)
	o.MemoryGiB = memoryField(get("MemoryGiB"), bad)
	o.OnDemand = priceField(get("Price"), "Price", o.GPUCount, true, bad)
	o.Spot = priceField(get("SpotPrice"), "SpotPrice", o.GPUCount, false, bad)
	if o.Spot.GreaterThan(o.OnDemand) && o.OnDemand.IsPositive() {
		bad("SpotPrice", "spot %s is above on-demand %s", o.Spot, o.OnDemand)
	}
	return o
}

// offerSet gathers a price list's offers by region and instance type, in
// the order they first appear.
type offerSet struct {
	byKey map[string]*ImportedOffer
	order []string
}

// add takes the offer of one row. Per region an instance type has one
// on-demand price (another on a later row is reported through bad) and
// the lowest spot price of its zones.
func (s *offerSet) add(o ImportedOffer, bad func(string, string, ...any)) {
	key := o.Region + "|" + o.InstanceType
	prev, seen := s.byKey[key]
	switch {
	case !seen:
		s.byKey[key] = &o
		s.order = append(s.order, key)
	case !prev.OnDemand.Equal(o.OnDemand):
		bad("Price", "on-demand %s differs from %s on row %d for the same type and region", o.OnDemand, prev.OnDemand, prev.Row)
	case o.Spot.IsPositive() && (prev.Spot.IsZero() || o.Spot.LessThan(prev.Spot)):
		prev.Spot = o.Spot
	}
}

// offers lists the gathered offers in order.
func (s *offerSet) offers() []ImportedOffer {
	out := make([]ImportedOffer, len(s.order))
	for i, k := range s.order {
		out[i] = *s.byKey[k]
	}
	return out
}

// wholeField reads a count within least..most; bad reports anything else.
func wholeField(s, field string, least, most int, bad func(string, string, ...any)) int {
	if msg := numberText(s); msg != "" {
		bad(field, "%s", msg)
		return 0
	}
	n, err := strconv.Atoi(strings.TrimSuffix(s, ".0"))
	if err != nil {
		bad(field, "must be a whole number within %d to %d, got %q", least, most, s)
		return 0
	}
	if msg := countRange(n, least, most); msg != "" {
		bad(field, "%s", msg)
		return 0
	}
	return n
}

// memoryField reads an instance's memory in GiB: finite, within
// 0..MaxMemoryGiB.
func memoryField(s string, bad func(string, string, ...any)) float64 {
	if msg := numberText(s); msg != "" {
		bad("MemoryGiB", "%s", msg)
		return 0
	}
	m, err := strconv.ParseFloat(s, 64)
	if err != nil {
		bad("MemoryGiB", "must be a number of GiB, got %q", s)
		return 0
	}
	if msg := sizeRange(m, MaxMemoryGiB); msg != "" {
		bad("MemoryGiB", "%s", msg)
		return 0
	}
	return m
}

// priceField reads a price per instance-hour of an instance of gpus
// GPUs: at most MaxNumberLen characters, within the bounds per GPU-hour.
func priceField(s, field string, gpus int, required bool, bad func(string, string, ...any)) decimal.Decimal {
	if s == "" && !required {
		return decimal.Zero
	}
	if msg := numberText(s); msg != "" {
		bad(field, "%s", msg)
		return decimal.Zero
	}
	d, err := decimal.NewFromString(s)
	if err != nil || !d.IsPositive() {
		bad(field, "must be a price above 0 in USD per hour, got %q", s)
		return decimal.Zero
	}
	if msg := priceRange(d, gpus, 0); msg != "" {
		bad(field, "%s", msg)
		return decimal.Zero
	}
	return d
}

// Merge returns a copy of c with one provider's price list merged in, as
// version id created on date, its figures citing source. In every region
// the list names, the provider's GPU offers become the list's (keeping
// their reserved prices and spot bands where the type stays); its CPU
// servers (rows the list reader skips), other regions and providers are
// unchanged. The result is validated like any catalog.
func (c *Catalog) Merge(provider string, offers []ImportedOffer, id, date string, source Source) (*Catalog, error) {
	if _, ok := c.Provider(provider); !ok {
		return nil, Problems{{File: source.ID, Field: "provider", Message: fmt.Sprintf("unknown provider %q", provider)}}
	}
	if probs := c.UnknownRegions(provider, offers, source.ID); len(probs) > 0 {
		return nil, probs
	}
	listed := map[string]bool{}
	for _, o := range offers {
		listed[o.Region] = true
	}
	old := map[string]Offer{}
	var kept []Offer
	for _, o := range c.Offers {
		if o.Provider == provider && listed[o.Region] && !o.IsCPU() {
			old[o.ID()] = o
			continue
		}
		kept = append(kept, o)
	}
	ref := Ref{Source: source.ID, Date: date}
	for _, in := range offers {
		o := Offer{Provider: provider, Region: in.Region, InstanceType: in.InstanceType, GPU: in.GPU, GPUCount: in.GPUCount,
			VCPUs: in.VCPUs, MemoryGiB: in.MemoryGiB, OnDemand: &Price{USDPerHour: in.OnDemand, Ref: ref}}
		prev, had := old[o.ID()]
		if in.Spot.IsPositive() {
			o.Spot = &SpotPrice{Price: Price{USDPerHour: in.Spot, Ref: ref}}
			if had && prev.Spot != nil {
				o.Spot.Band, o.Spot.BandRef = prev.Spot.Band, prev.Spot.BandRef
			}
		}
		if had {
			o.Reserved1Y, o.Reserved3Y = keepReserved(prev.Reserved1Y, in.OnDemand), keepReserved(prev.Reserved3Y, in.OnDemand)
		}
		kept = append(kept, o)
	}
	next := *c
	next.Version = Version{ID: id, Created: date, Currency: c.Version.Currency,
		Sources: append(slices.Clone(c.Version.Sources), source)}
	next.Offers = kept
	return rebuild(&next)
}

// UnknownRegions reports the price-list rows whose region the catalog does
// not have for provider.
func (c *Catalog) UnknownRegions(provider string, offers []ImportedOffer, file string) Problems {
	var probs Problems
	for _, o := range offers {
		if _, ok := c.Region(provider + ":" + o.Region); !ok && o.Region != "" {
			probs = append(probs, Problem{File: file, Item: fmt.Sprintf("row %d", o.Row), Field: "Region",
				Message: fmt.Sprintf("unknown %s region %q: add it to the catalog first", provider, o.Region)})
		}
	}
	return probs
}

// keepReserved keeps a reserved price unless the new on-demand price fell
// below it (a reserved price above on-demand would mislead).
func keepReserved(p *Price, onDemand decimal.Decimal) *Price {
	if p == nil || p.USDPerHour.GreaterThan(onDemand) {
		return nil
	}
	return p
}

// rebuild validates and indexes a catalog assembled in memory.
func rebuild(c *Catalog) (*Catalog, error) {
	var probs Problems
	col := func(section string) collector { return collector{file: section + ".json", list: &probs} }
	if plainFigures(c, col) {
		validate(c, col)
	}
	if len(probs) > 0 {
		return nil, probs
	}
	out := *c
	out.index()
	return &out, nil
}
