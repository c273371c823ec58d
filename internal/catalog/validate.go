package catalog

import (
	"fmt"
	"math"
	"net/url"
	"regexp"
	"slices"
)

var (
	datePattern    = regexp.MustCompile(`^\d{4}(-\d{2}(-\d{2})?)?$`)
	countryPattern = regexp.MustCompile(`^[A-Z]{2}$`)
	idPattern      = regexp.MustCompile(`^[a-z0-9][a-z0-9._+-]*$`)
	// versionPattern keeps version ids fit for URLs, headers and file
	// names: they come from uploaded bundles.
	versionPattern = regexp.MustCompile(`^[0-9A-Za-z][0-9A-Za-z._-]{0,63}$`)
)

var spotBands = map[string]bool{BandUnder5: true, Band5to10: true, Band10to15: true, Band15to20: true, BandOver20: true}

// validate checks every section and every reference between sections.
func validate(c *Catalog, col func(string) collector) {
	sources := map[string]bool{}
	vc := col("version")
	switch {
	case c.Version.ID == "":
		vc.add("version", "id", "required")
	case !versionPattern.MatchString(c.Version.ID):
		vc.add("version", "id", "must be 1 to 64 letters, digits, dots, dashes or underscores, starting with a letter or digit; got %q", c.Version.ID)
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
		if s.URL != "" && !isWebURL(s.URL) {
			// Pages link to sources: no javascript: or data: links.
			vc.add(item, "url", "must be an http:// or https:// URL, got %q", s.URL)
		}
		sources[s.ID] = true
	}
	v := validator{c: c, sources: sources, col: col, rates: map[string]bool{}}
	for _, r := range c.Currencies {
		v.rates[r.Code] = true
	}
	v.gpus()
	v.profiles()
	v.benchmarks()
	v.bases()
	v.scaling()
	v.countries()
	v.metros()
	v.latency()
	v.providers()
	v.regions()
	v.cpus()
	v.offers()
	v.currencies()
	v.serving()
	v.servingFit()
	v.tokenAPIs()
	v.methodologies()
	v.energy()
	v.names()
	v.figures()
}

// isWebURL reports whether s is an absolute http or https URL with a host.
func isWebURL(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" && u.User == nil
}

// validator carries the lookups the section checks share.
type validator struct {
	c       *Catalog
	sources map[string]bool
	col     func(string) collector

	gpuIDs, cpuIDs, profileIDs, countryIDs, metroIDs, providerIDs, regionIDs map[string]bool
	// rates holds the currencies the catalog has a rate for.
	rates map[string]bool
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
	for i, g := range v.c.GPUs {
		if g.SameChipAs == "" {
			continue
		}
		item := itemName("gpus", i, g.ID)
		switch {
		case g.SameChipAs == g.ID || !v.gpuIDs[g.SameChipAs]:
			c.add(item, "same_chip_as", "must name another GPU, got %q", g.SameChipAs)
		case g.SameChipNote == "":
			c.add(item, "same_chip_note", "say why the chips are the same")
		}
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
			switch {
			case !(t.MinVCPUsPerGPU >= 0):
				c.add(item, "training.min_vcpus_per_gpu", "must not be negative, got %v", t.MinVCPUsPerGPU)
			case t.MinVCPUsPerGPU > 0 && t.MinVCPUsRef == nil:
				c.add(item, "training.min_vcpus_ref", "a vCPU floor needs its source")
			case t.MinVCPUsRef != nil:
				v.ref(c, item, "training.min_vcpus_ref", *t.MinVCPUsRef)
			}
			v.cpuBound(c, item, "training.cpu", t.CPU)
		}
		if in := p.Inference; in != nil {
			positive(c, item, "inference.units_per_request", in.UnitsPerRequest)
			if in.ComputeMS != 0 || (!hasLatencyBasis(p) && p.LLM == nil) {
				positive(c, item, "inference.compute_ms", in.ComputeMS)
			}
			if in.ReferenceGPU != "" && !v.gpuIDs[in.ReferenceGPU] {
				c.add(item, "inference.reference_gpu", "unknown GPU %q", in.ReferenceGPU)
			}
			v.cpuBound(c, item, "inference.cpu", in.CPU)
			if m := in.Memory; m != nil {
				positive(c, item, "inference.memory.runtime_gb", m.RuntimeGB)
				positive(c, item, "inference.memory.weights_gb", m.WeightsGB)
				positive(c, item, "inference.memory.activation_gb", m.ActivationGB)
				if m.Batch < 1 {
					c.add(item, "inference.memory.batch", "must be ≥ 1, got %d", m.Batch)
				}
				v.ref(c, item, "inference.memory", m.Ref)
			}
		}
		v.ref(c, item, "", p.Ref)
	}
}

// hasLatencyBasis reports whether a profile's inference service time comes
// from latency figures.
func hasLatencyBasis(p Profile) bool {
	for _, b := range p.Bases {
		if b.Kind == KindInference && b.Latency != "" {
			return true
		}
	}
	return false
}

// bases checks the profiles' bases against the benchmarks: each names
// methodologies that hold figures of the profile, one basis per kind and
// precision, at most one default per kind.
func (v *validator) bases() {
	c := v.col("profiles")
	have := map[string]bool{} // profile/methodology and profile/methodology/kind/precision
	for _, b := range v.c.Benchmarks {
		have[b.Profile+"/"+b.Methodology] = true
		have[b.Profile+"/"+b.Methodology+"/"+string(b.Kind)+"/"+b.Precision] = true
	}
	for i, p := range v.c.Profiles {
		item := itemName("profiles", i, p.ID)
		seen, defaults := map[string]bool{}, map[WorkloadKind]int{}
		for j, b := range p.Bases {
			f := fmt.Sprintf("bases[%d]", j)
			if b.Kind != KindTraining && b.Kind != KindInference {
				c.add(item, f+".kind", "must be %q or %q, got %q", KindTraining, KindInference, b.Kind)
			}
			if !slices.Contains(Precisions, b.Precision) {
				c.add(item, f+".precision", "must be one of %v, got %q", Precisions, b.Precision)
			}
			if b.Label == "" {
				c.add(item, f+".label", "required: say what the figures are")
			}
			if k := string(b.Kind) + "/" + b.Precision; seen[k] {
				c.add(item, f, "a second basis for %s", k)
			} else {
				seen[k] = true
			}
			if b.Default {
				if defaults[b.Kind]++; defaults[b.Kind] > 1 {
					c.add(item, f+".default", "a second default for %s", b.Kind)
				}
			}
			if !have[p.ID+"/"+b.Throughput+"/"+string(b.Kind)+"/"+b.Precision] {
				c.add(item, f+".throughput", "no %s %s figures of methodology %q", b.Kind, b.Precision, b.Throughput)
			}
			if b.Latency != "" && !have[p.ID+"/"+b.Latency] {
				c.add(item, f+".latency", "no figures of methodology %q", b.Latency)
			}
			if b.Latency != "" && b.Kind != KindInference {
				c.add(item, f+".latency", "only inference has a service time")
			}
			for k, m := range append(slices.Clone(b.Crosswalk), b.LatencyCrosswalk...) {
				if !have[p.ID+"/"+m] {
					c.add(item, fmt.Sprintf("%s.crosswalk[%d]", f, k), "no figures of methodology %q", m)
				}
			}
		}
	}
}

func (v *validator) benchmarks() {
	c := v.col("benchmarks")
	seen := map[string]bool{}
	for i, b := range v.c.Benchmarks {
		key := fmt.Sprintf("%s/%s/%s/%s/x%d", b.GPU, b.Profile, b.Kind, b.Precision, b.GPUCount)
		if b.Methodology != "" {
			key = b.Methodology + ":" + key
		}
		if b.LatencyMS != 0 {
			key += "/latency"
		}
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
		if !slices.Contains(Precisions, b.Precision) {
			c.add(item, "precision", "must be one of %v, got %q", Precisions, b.Precision)
		}
		if b.GPUCount < 1 {
			c.add(item, "gpu_count", "must be ≥ 1, got %d", b.GPUCount)
		}
		if b.Scenario != "" && !scenarios[b.Scenario] {
			c.add(item, "scenario", "unknown scenario %q", b.Scenario)
		}
		if b.BatchSize < 0 {
			c.add(item, "batch_size", "must not be negative, got %d", b.BatchSize)
		}
		switch {
		case b.LatencyMS != 0 && b.Throughput != 0:
			c.add(item, "latency_ms", "a figure is a throughput or a latency, not both")
		case b.LatencyMS != 0:
			positive(c, item, "latency_ms", b.LatencyMS)
			if b.Statistic == "" {
				c.add(item, "statistic", "a latency needs its statistic (p90, mean, …)")
			}
		default:
			positive(c, item, "throughput", b.Throughput)
		}
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

// cpuBound checks a profile's CPU bound: a positive rate with its source.
func (v *validator) cpuBound(c collector, item, field string, b *CPUBound) {
	if b == nil {
		return
	}
	positive(c, item, field+".per_vcpu", b.PerVCPU)
	if b.Work == "" {
		c.add(item, field+".work", "say what the CPU does to each unit")
	}
	v.ref(c, item, field, b.Ref)
}
