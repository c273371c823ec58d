package catalog

import (
	"fmt"
	"math"
	"regexp"

	"github.com/shopspring/decimal"
)

// Currencies the catalog may hold rates for and requests may ask for.
var Currencies = []string{"USD", "EUR", "CNY"}

var (
	datePattern    = regexp.MustCompile(`^\d{4}(-\d{2}(-\d{2})?)?$`)
	countryPattern = regexp.MustCompile(`^[A-Z]{2}$`)
	idPattern      = regexp.MustCompile(`^[a-z0-9][a-z0-9._+-]*$`)
)

var spotBands = map[string]bool{BandUnder5: true, Band5to10: true, Band10to15: true, Band15to20: true, BandOver20: true}

// validate checks every section and every reference between sections.
func validate(c *Catalog, col func(string) collector) {
	sources := map[string]bool{}
	vc := col("version")
	if c.Version.ID == "" {
		vc.add("version", "id", "required")
	}
	if !datePattern.MatchString(c.Version.Created) {
		vc.add("version", "created", "must be a date YYYY-MM-DD, got %q", c.Version.Created)
	}
	if c.Version.Currency != "USD" {
		vc.add("version", "currency", "catalog prices must be in USD, got %q", c.Version.Currency)
	}
	if len(c.Version.Sources) == 0 {
		vc.add("version", "sources", "at least one source is required")
	}
	for i, s := range c.Version.Sources {
		item := itemName("sources", i, s.ID)
		switch {
		case s.ID == "":
			vc.add(item, "id", "required")
		case sources[s.ID]:
			vc.add(item, "id", "duplicate source id %q", s.ID)
		}
		if s.Title == "" {
			vc.add(item, "title", "required")
		}
		sources[s.ID] = true
	}
	v := validator{c: c, sources: sources, col: col}
	v.gpus()
	v.profiles()
	v.benchmarks()
	v.scaling()
	v.countries()
	v.metros()
	v.latency()
	v.providers()
	v.regions()
	v.offers()
	v.currencies()
}

// validator carries the lookups the section checks share.
type validator struct {
	c       *Catalog
	sources map[string]bool
	col     func(string) collector

	gpuIDs, profileIDs, countryIDs, metroIDs, providerIDs, regionIDs map[string]bool
}

func (v *validator) ref(c collector, item, field string, r Ref) {
	prefix := field
	if prefix != "" {
		prefix += "."
	}
	switch {
	case r.Source == "":
		c.add(item, prefix+"source", "missing source")
	case !v.sources[r.Source]:
		c.add(item, prefix+"source", "unknown source %q", r.Source)
	}
	if !datePattern.MatchString(r.Date) {
		c.add(item, prefix+"date", "must be a date YYYY, YYYY-MM or YYYY-MM-DD, got %q", r.Date)
	}
	if r.Estimated && r.Method == "" {
		c.add(item, prefix+"method", "an estimated figure must say how it was estimated")
	}
}

// unique reports a duplicate id and records it.
func unique(c collector, seen map[string]bool, item, field, id string) {
	switch {
	case id == "":
		c.add(item, field, "required")
	case seen[id]:
		c.add(item, field, "duplicate id %q", id)
	}
	seen[id] = true
}

func positive(c collector, item, field string, x float64) {
	if !(x > 0) || math.IsInf(x, 0) {
		c.add(item, field, "must be > 0, got %v", x)
	}
}

func coordinates(c collector, item string, lat, lon float64) {
	if !(lat >= -90 && lat <= 90) {
		c.add(item, "lat", "latitude must be within -90..90, got %v", lat)
	}
	if !(lon >= -180 && lon <= 180) {
		c.add(item, "lon", "longitude must be within -180..180, got %v", lon)
	}
}

func (v *validator) gpus() {
	c := v.col("gpus")
	v.gpuIDs = map[string]bool{}
	for i, g := range v.c.GPUs {
		item := itemName("gpus", i, g.ID)
		unique(c, v.gpuIDs, item, "id", g.ID)
		positive(c, item, "memory_gb", g.MemoryGB)
		positive(c, item, "fp32_tflops", g.FP32TFLOPS)
		positive(c, item, "fp16_tensor_tflops", g.FP16TensorTFLOPS)
		if g.Interconnect != InterconnectNVLink && g.Interconnect != InterconnectPCIe {
			c.add(item, "interconnect", "must be %q or %q, got %q", InterconnectNVLink, InterconnectPCIe, g.Interconnect)
		}
		v.ref(c, item, "", g.Ref)
	}
}

func (v *validator) profiles() {
	c := v.col("profiles")
	v.profileIDs = map[string]bool{}
	for i, p := range v.c.Profiles {
		item := itemName("profiles", i, p.ID)
		unique(c, v.profileIDs, item, "id", p.ID)
		positive(c, item, "memory_gb", p.MemoryGB)
		if p.Unit == "" {
			c.add(item, "unit", "required")
		}
		if p.Training == nil && p.Inference == nil {
			c.add(item, "", "a profile needs a training or an inference block")
		}
		if t := p.Training; t != nil {
			positive(c, item, "training.default_samples", float64(t.DefaultSamples))
			positive(c, item, "training.default_epochs", float64(t.DefaultEpochs))
			positive(c, item, "training.dataset_gb", t.DatasetGB)
		}
		if in := p.Inference; in != nil {
			positive(c, item, "inference.units_per_request", in.UnitsPerRequest)
			positive(c, item, "inference.compute_ms", in.ComputeMS)
			if !v.gpuIDs[in.ReferenceGPU] {
				c.add(item, "inference.reference_gpu", "unknown GPU %q", in.ReferenceGPU)
			}
		}
		v.ref(c, item, "", p.Ref)
	}
}

func (v *validator) benchmarks() {
	c := v.col("benchmarks")
	seen := map[string]bool{}
	for i, b := range v.c.Benchmarks {
		key := fmt.Sprintf("%s/%s/%s/%s/x%d", b.GPU, b.Profile, b.Kind, b.Precision, b.GPUCount)
		item := itemName("benchmarks", i, key)
		if !v.gpuIDs[b.GPU] {
			c.add(item, "gpu", "unknown GPU %q", b.GPU)
		}
		if !v.profileIDs[b.Profile] {
			c.add(item, "profile", "unknown profile %q", b.Profile)
		}
		if b.Kind != KindTraining && b.Kind != KindInference {
			c.add(item, "kind", "must be %q or %q, got %q", KindTraining, KindInference, b.Kind)
		}
		if b.Precision != PrecisionFP32 && b.Precision != PrecisionMixed {
			c.add(item, "precision", "must be %q or %q, got %q", PrecisionFP32, PrecisionMixed, b.Precision)
		}
		if b.GPUCount < 1 {
			c.add(item, "gpu_count", "must be ≥ 1, got %d", b.GPUCount)
		}
		positive(c, item, "throughput", b.Throughput)
		if seen[key] {
			c.add(item, "", "duplicate benchmark for %s", key)
		}
		seen[key] = true
		v.ref(c, item, "", b.Ref)
	}
}

func (v *validator) scaling() {
	c := v.col("scaling")
	seen := map[string]bool{}
	for i, s := range v.c.Scaling {
		key := fmt.Sprintf("%s/%s/%d", s.Scope, s.Interconnect, s.Count)
		item := itemName("scaling", i, key)
		switch s.Scope {
		case ScopeNode:
			if s.Interconnect != InterconnectNVLink && s.Interconnect != InterconnectPCIe {
				c.add(item, "interconnect", "node scaling needs %q or %q, got %q", InterconnectNVLink, InterconnectPCIe, s.Interconnect)
			}
		case ScopeCluster:
		default:
			c.add(item, "scope", "must be %q or %q, got %q", ScopeNode, ScopeCluster, s.Scope)
		}
		if s.Count < 2 {
			c.add(item, "count", "must be ≥ 2 (one is perfect by definition), got %d", s.Count)
		}
		if !(s.Efficiency > 0 && s.Efficiency <= 1) {
			c.add(item, "efficiency", "must be within (0, 1], got %v", s.Efficiency)
		}
		if seen[key] {
			c.add(item, "", "duplicate scaling entry %s", key)
		}
		seen[key] = true
		v.ref(c, item, "", s.Ref)
	}
}

func (v *validator) countries() {
	c := v.col("countries")
	v.countryIDs = map[string]bool{}
	for i, ct := range v.c.Countries {
		item := itemName("countries", i, ct.Code)
		unique(c, v.countryIDs, item, "code", ct.Code)
		if ct.Code != "" && !countryPattern.MatchString(ct.Code) {
			c.add(item, "code", "must be an ISO 3166-1 alpha-2 code, got %q", ct.Code)
		}
		if ct.Name == "" {
			c.add(item, "name", "required")
		}
		coordinates(c, item, ct.Lat, ct.Lon)
		positive(c, item, "population", float64(ct.Population))
		switch ct.Adequacy {
		case AdequacyNone:
		case AdequacyFull, AdequacyPartial:
			if ct.AdequacyNote == "" {
				c.add(item, "adequacy_note", "an adequacy decision needs its scope stated")
			}
		default:
			c.add(item, "adequacy", "must be %q, %q or empty, got %q", AdequacyFull, AdequacyPartial, ct.Adequacy)
		}
		if len(ct.Cities) == 0 {
			c.add(item, "cities", "at least one city is required")
		}
		for j, city := range ct.Cities {
			cityItem := fmt.Sprintf("%s cities[%d] %s", item, j, city.Name)
			coordinates(c, cityItem, city.Lat, city.Lon)
			positive(c, cityItem, "population", float64(city.Population))
		}
		v.ref(c, item, "", ct.Ref)
	}
}

func (v *validator) metros() {
	c := v.col("metros")
	v.metroIDs = map[string]bool{}
	for i, m := range v.c.Metros {
		item := itemName("metros", i, m.ID)
		unique(c, v.metroIDs, item, "id", m.ID)
		if v.countryIDs[m.ID] || (m.ID != "" && !idPattern.MatchString(m.ID)) {
			c.add(item, "id", "must be lower case and must not look like a country code, got %q", m.ID)
		}
		if !v.countryIDs[m.Country] {
			c.add(item, "country", "unknown country %q", m.Country)
		}
		coordinates(c, item, m.Lat, m.Lon)
	}
}

func (v *validator) latency() {
	c := v.col("latency")
	seen := map[string]bool{}
	for i, p := range v.c.Latency {
		item := itemName("latency", i, p.From+"-"+p.To)
		if !v.metroIDs[p.From] {
			c.add(item, "from", "unknown metro %q", p.From)
		}
		if !v.metroIDs[p.To] {
			c.add(item, "to", "unknown metro %q", p.To)
		}
		if p.From == p.To {
			c.add(item, "to", "a pair needs two different metros")
		}
		positive(c, item, "rtt_ms", p.RTTMS)
		if p.LowMS != 0 || p.HighMS != 0 {
			if !(p.LowMS > 0 && p.LowMS <= p.RTTMS && p.RTTMS <= p.HighMS) {
				c.add(item, "low_ms", "range %v–%v must be positive and contain rtt_ms %v", p.LowMS, p.HighMS, p.RTTMS)
			}
		}
		key := pairKey(p.From, p.To)
		if seen[key] {
			c.add(item, "", "duplicate pair %s", key)
		}
		seen[key] = true
		v.ref(c, item, "", p.Ref)
	}
}

func pairKey(a, b string) string {
	if a > b {
		a, b = b, a
	}
	return a + "-" + b
}

func (v *validator) egress(c collector, item, field string, tiers []EgressTier) {
	if len(tiers) == 0 {
		c.add(item, field, "at least one tier is required")
		return
	}
	next := 0.0
	for j, t := range tiers {
		f := fmt.Sprintf("%s[%d]", field, j)
		if t.FromGB != next {
			c.add(item, f+".from_gb", "tiers must be contiguous from 0: expected %v, got %v", next, t.FromGB)
		}
		last := j == len(tiers)-1
		switch {
		case last && t.ToGB != 0:
			c.add(item, f+".to_gb", "the last tier must be open-ended (0)")
		case !last && t.ToGB <= t.FromGB:
			c.add(item, f+".to_gb", "must be above from_gb %v, got %v", t.FromGB, t.ToGB)
		}
		if t.USDPerGB.IsNegative() {
			c.add(item, f+".usd_per_gb", "must not be negative, got %s", t.USDPerGB)
		}
		next = t.ToGB
	}
}

func (v *validator) providers() {
	c := v.col("providers")
	v.providerIDs = map[string]bool{}
	for i, p := range v.c.Providers {
		item := itemName("providers", i, p.ID)
		unique(c, v.providerIDs, item, "id", p.ID)
		if p.Name == "" {
			c.add(item, "name", "required")
		}
		v.egress(c, item, "egress", p.Egress)
		v.ref(c, item, "egress_ref", p.EgressRef)
		if p.InterRegionUSDPerGB.IsNegative() {
			c.add(item, "inter_region_usd_per_gb", "must not be negative")
		}
		if p.StorageUSDPerGBMonth.IsNegative() {
			c.add(item, "storage_usd_per_gb_month", "must not be negative")
		}
		v.ref(c, item, "storage_ref", p.StorageRef)
		if p.DefaultSpotBand != "" {
			if !spotBands[p.DefaultSpotBand] {
				c.add(item, "default_spot_band", "unknown band %q", p.DefaultSpotBand)
			}
			v.ref(c, item, "spot_band_ref", p.SpotBandRef)
		}
	}
}

func (v *validator) regions() {
	c := v.col("regions")
	v.regionIDs = map[string]bool{}
	metroCountry := map[string]string{}
	for _, m := range v.c.Metros {
		metroCountry[m.ID] = m.Country
	}
	for i, r := range v.c.Regions {
		item := itemName("regions", i, r.Key())
		unique(c, v.regionIDs, item, "id", r.Key())
		if !v.providerIDs[r.Provider] {
			c.add(item, "provider", "unknown provider %q", r.Provider)
		}
		if !v.metroIDs[r.Metro] {
			c.add(item, "metro", "unknown metro %q", r.Metro)
		}
		if !v.countryIDs[r.Country] {
			c.add(item, "country", "unknown country %q", r.Country)
		} else if mc, ok := metroCountry[r.Metro]; ok && mc != r.Country {
			c.add(item, "country", "region is in %s but its metro %s is in %s", r.Country, r.Metro, mc)
		}
		if r.Egress != nil {
			v.egress(c, item, "egress", r.Egress)
			if r.EgressRef == nil {
				c.add(item, "egress_ref", "region egress prices need a source")
			} else {
				v.ref(c, item, "egress_ref", *r.EgressRef)
			}
		}
		v.ref(c, item, "", r.Ref)
	}
}

func (v *validator) offers() {
	c := v.col("offers")
	seen := map[string]bool{}
	for i, o := range v.c.Offers {
		item := itemName("offers", i, o.ID())
		unique(c, seen, item, "instance_type", o.ID())
		if !v.regionIDs[o.RegionKey()] {
			c.add(item, "region", "unknown region %q", o.RegionKey())
		}
		if !v.gpuIDs[o.GPU] {
			c.add(item, "gpu", "unknown GPU %q", o.GPU)
		}
		if o.GPUCount < 1 {
			c.add(item, "gpu_count", "must be ≥ 1, got %d", o.GPUCount)
		}
		v.price(c, item, "on_demand", o.OnDemand)
		od := o.OnDemand.USDPerHour
		if s := o.Spot; s != nil {
			v.price(c, item, "spot", s.Price)
			if s.USDPerHour.GreaterThan(od) {
				c.add(item, "spot.usd_per_hour", "spot %s is above on-demand %s", s.USDPerHour, od)
			}
			if s.Band != "" && !spotBands[s.Band] {
				c.add(item, "spot.band", "unknown band %q", s.Band)
			}
			if s.BandRef != nil {
				v.ref(c, item, "spot.band_ref", *s.BandRef)
			}
		}
		for _, r := range []struct {
			field string
			p     *Price
		}{{"reserved_1y", o.Reserved1Y}, {"reserved_3y", o.Reserved3Y}} {
			field, p := r.field, r.p
			if p == nil {
				continue
			}
			v.price(c, item, field, *p)
			if p.USDPerHour.GreaterThan(od) {
				c.add(item, field+".usd_per_hour", "reserved %s is above on-demand %s", p.USDPerHour, od)
			}
		}
	}
}

func (v *validator) price(c collector, item, field string, p Price) {
	if !p.USDPerHour.IsPositive() {
		c.add(item, field+".usd_per_hour", "must be > 0, got %s", p.USDPerHour)
	}
	v.ref(c, item, field, p.Ref)
}

func (v *validator) currencies() {
	c := v.col("currencies")
	seen := map[string]bool{}
	for i, r := range v.c.Currencies {
		item := itemName("currencies", i, r.Code)
		unique(c, seen, item, "code", r.Code)
		if !isCurrency(r.Code) {
			c.add(item, "code", "unknown currency %q (known: %v)", r.Code, Currencies)
		}
		if !r.PerUSD.IsPositive() {
			c.add(item, "per_usd", "must be > 0, got %s", r.PerUSD)
		}
		if r.Code == "USD" && !r.PerUSD.Equal(decimal.NewFromInt(1)) {
			c.add(item, "per_usd", "USD is the base currency: its rate must be 1")
		}
		v.ref(c, item, "", r.Ref)
	}
	for _, code := range Currencies {
		if !seen[code] {
			c.add("currencies", "", "no rate for %s", code)
		}
	}
}

func isCurrency(code string) bool {
	for _, c := range Currencies {
		if c == code {
			return true
		}
	}
	return false
}
