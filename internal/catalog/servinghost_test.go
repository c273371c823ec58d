package catalog_test

import (
	"testing"

	"gpuplace/internal/catalog"
	"gpuplace/internal/serving"
)

// Ensure a host qualifies to serve a language model only with at least
// two vCPUs per GPU and memory for the model's weights in the format
// served, and that a host whose vCPUs or memory the catalog does not
// state is not ruled out on a guess.
func TestServingHostShortfall(t *testing.T) {
	llama70 := serving.Model{ParamsB: 70.6, Layers: 80, KVHeads: 8, HeadDim: 128, Hidden: 8192, Vocab: 128256}
	for _, tt := range []struct {
		name   string
		offer  catalog.Offer
		format string
		ok     bool
	}{
		{"2 vCPUs and 4 GiB beside an H100", catalog.Offer{GPUCount: 1, VCPUs: 2, MemoryGiB: 4}, serving.FormatFP8, false},
		{"48 GiB under 70 GB of FP8 weights", catalog.Offer{GPUCount: 1, VCPUs: 24, MemoryGiB: 48}, serving.FormatFP8, false},
		{"48 GiB holds 35 GB of 4-bit weights", catalog.Offer{GPUCount: 1, VCPUs: 24, MemoryGiB: 48}, serving.FormatINT4, true},
		{"96 GiB holds 70 GB of FP8 weights", catalog.Offer{GPUCount: 2, VCPUs: 48, MemoryGiB: 96}, serving.FormatFP8, true},
		{"3 vCPUs for 2 GPUs", catalog.Offer{GPUCount: 2, VCPUs: 3, MemoryGiB: 512}, serving.FormatFP8, false},
		{"vCPUs and memory not stated", catalog.Offer{GPUCount: 8}, serving.FormatFP16, true},
	} {
		vcpus, need, mem, weights, ok := catalog.ServingHostShortfall(&tt.offer, llama70, tt.format)
		if ok != tt.ok {
			t.Errorf("%s: ok = %v (%d of %d vCPUs, %.0f GiB for %.1f GB), want %v", tt.name, ok, vcpus, need, mem, weights, tt.ok)
		}
	}
}
