package launch

import (
	"fmt"
	"math"
	"regexp"
	"strings"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// Plan is what a launch file launches: one option of an answer.
type Plan struct {
	// Name names the workload in the tools' name fields (a DNS label).
	Name string
	Kind catalog.WorkloadKind
	// Option is the option as a sentence ("the pick", "alternative 2"),
	// Origin the question's address, CatalogVersion the version answered
	// from, Total the option's total with its currency.
	Option, Origin, CatalogVersion, Total string
	Places                                []Place
	// LLM is the serving engine's settings where the option serves a
	// language model; nil otherwise.
	LLM *LLMServer
	// providerLabel names a provider as the catalog labels it.
	providerLabel func(id string) string
}

// errNoPick is the plan of an answer without a pick: nothing to launch
// (the answer says why).
var errNoPick = locale.FieldErrors{locale.Invalid(KeyAlt, "invalid.launch.none")}

// Place is one region of a plan and the instances rented there.
type Place struct {
	Provider, ProviderLabel, Region, InstanceType string
	// GPU is the instance's GPU; nil for a CPU server.
	GPU *catalog.GPU
	// GPUs is how many GPUs one instance has.
	GPUs      int
	VCPUs     int
	MemoryGiB float64
	// Instances is how many instances the place rents; Replicas how many
	// serving copies they hold, each on GPUsPerReplica GPUs (0: one copy
	// per instance, on all its GPUs).
	Instances, Replicas, GPUsPerReplica int
	Pricing                             catalog.PricingModel
}

// LLMServer is how an LLM option serves: the model, its tensor-parallel
// size and its operating point.
type LLMServer struct {
	// Repo is the model's Hugging Face repository; Engine the engine family
	// the answer was sized on, which the files run (catalog.FamilyVLLM …).
	Repo, Engine string
	// Gated is set where the repository asks for a Hugging Face token.
	Gated bool
	// TensorParallel and PipelineParallel are a replica's tensor-parallel
	// size and pipeline stages (see GPUs); MaxSeqs the requests a replica
	// runs at once at the answer's operating point; MaxModelLen the
	// longest request it takes (see maxModelLen).
	TensorParallel, PipelineParallel, MaxSeqs, MaxModelLen int
	// Precision and KVPrecision are the weights' and KV cache's formats
	// the answer was sized for (catalog precisions).
	Precision, KVPrecision string
	// PrefixCaching is set where the answer was sized with part of each
	// prompt served from the prefix cache: the engine must keep one
	// (vLLM is told to; SGLang's radix cache and TensorRT-LLM's KV-cache
	// block reuse are on by default).
	PrefixCaching bool
}

// GPUs is the GPUs one replica spans: TensorParallel × PipelineParallel.
func (s *LLMServer) GPUs() int { return s.TensorParallel * max(s.PipelineParallel, 1) }

// FromAnswer is the plan of an answer's option: alt 0 is the pick, alt N
// the N-th alternative. origin is the question's address for the header.
func FromAnswer(cat *catalog.Catalog, res advisor.Result, alt int, origin string) (Plan, error) {
	var o *advisor.Option
	option := "the pick"
	switch {
	case alt == 0 && res.Pick != nil:
		o = res.Pick
	case alt > 0 && alt <= len(res.Alternatives):
		o = &res.Alternatives[alt-1]
		option = fmt.Sprintf("alternative %d", alt)
	case alt > 0:
		return Plan{}, locale.FieldErrors{locale.Invalid(KeyAlt, "invalid.launch.alt", len(res.Alternatives))}
	default:
		return Plan{}, errNoPick
	}
	w := res.Request.Workload
	p := Plan{Name: Name(w.Profile), Kind: w.Kind, Option: option, Origin: origin,
		CatalogVersion: res.CatalogVersion, Total: locale.Grouped(o.Total, 2) + " " + res.Currency, providerLabel: cat.ProviderLabel}
	for _, pl := range o.Placements {
		place := Place{Provider: pl.Provider, ProviderLabel: cat.ProviderLabel(pl.Provider), Region: pl.Region,
			InstanceType: pl.InstanceType, GPUs: pl.GPUCount, VCPUs: pl.VCPUs, MemoryGiB: pl.MemoryGiB,
			Instances: pl.Machines(), Replicas: pl.Replicas, GPUsPerReplica: pl.GPUsPerReplica, Pricing: pl.Pricing}
		if g, ok := cat.GPU(pl.GPU); ok && pl.CPU == nil {
			place.GPU = &g
		}
		p.Places = append(p.Places, place)
	}
	if s := o.Serving; s != nil {
		prof, _ := cat.Profile(w.Profile)
		if prof.LLM == nil {
			return Plan{}, fmt.Errorf("launch: profile %q serves tokens without a model", w.Profile)
		}
		p.LLM = &LLMServer{Repo: prof.LLM.Repo, Engine: engineFamily(s.Engine), Gated: gatedRepo(prof.LLM.Repo), TensorParallel: max(s.TensorParallel, 1), PipelineParallel: max(s.PipelineParallel, 1),
			MaxSeqs: max(int(math.Ceil(s.Concurrency)), 1), MaxModelLen: maxModelLen(w.InputTokens+w.OutputTokens, prof.LLM.ContextTokens),
			Precision: s.Precision, KVPrecision: s.KVPrecision, PrefixCaching: w.PrefixCachePct > 0}
	}
	return p, nil
}

// engineFamily is the engine family an answer names by its people's name
// (pick.serving.engine); vLLM for a name it does not know.
func engineFamily(name string) string {
	for _, f := range catalog.ServingEngines {
		if catalog.EngineName(f) == name {
			return f
		}
	}
	return catalog.FamilyVLLM
}

// describe names the place as the answer does: "2 × p5.48xlarge (spot)
// in AWS us-east-1".
func (pl Place) describe() string {
	return fmt.Sprintf("%d × %s (%s) in %s %s", pl.Instances, pl.InstanceType, pricingWords[pl.Pricing], pl.ProviderLabel, pl.Region)
}

// gpusPerPod is the GPUs one serving copy (or training process group)
// takes: a replica's, else the whole instance's.
func (pl Place) gpusPerPod() int {
	if pl.GPUsPerReplica > 0 {
		return pl.GPUsPerReplica
	}
	return pl.GPUs
}

// pods is how many copies run: the replicas of a serving place, one per
// instance otherwise.
func (pl Place) pods() int {
	if pl.Replicas > 0 {
		return pl.Replicas
	}
	return pl.Instances
}

// spot reports whether the place runs on spot capacity.
func (pl Place) spot() bool { return pl.Pricing == catalog.Spot }

// reservedNote is the comment a reserved place carries: the tools launch
// on-demand capacity, which the reservation then bills.
func (pl Place) reservedNote() string {
	if pl.Pricing != catalog.Reserved1Y && pl.Pricing != catalog.Reserved3Y {
		return ""
	}
	return "Priced " + pricingWords[pl.Pricing] + ": buy the reservation (or commitment) apart; " +
		"it bills the on-demand instances this file launches."
}

// notes are the comment lines a place needs: an Arm host wants arm64
// builds of the images and packages the file names.
func (pl Place) notes() []string {
	if pl.GPU != nil && pl.GPU.ID == "gh200" {
		return []string{"Grace Hopper hosts are Arm (aarch64): use arm64 builds of the images and packages this file names."}
	}
	return nil
}

// pricingWords are the pricing models as a file's comments write them.
var pricingWords = map[catalog.PricingModel]string{catalog.OnDemand: "on demand", catalog.Spot: "spot",
	catalog.Reserved1Y: "reserved for 1 year", catalog.Reserved3Y: "reserved for 3 years", catalog.Monthly: "monthly"}

// Name is the name of a profile's launch files and of what they launch: a
// DNS label, as Kubernetes and the tools take names.
func Name(profile string) string { return dnsLabel("gpuplace-" + profile) }

var notDNS = regexp.MustCompile(`[^a-z0-9-]+`)

// dnsLabel makes s a DNS label (RFC 1123): lower case letters, digits and
// hyphens, at most 63 characters, as Kubernetes and the tools' names take.
func dnsLabel(s string) string {
	s = strings.Trim(notDNS.ReplaceAllString(strings.ToLower(s), "-"), "-")
	if len(s) > 63 {
		s = strings.TrimRight(s[:63], "-")
	}
	return s
}
