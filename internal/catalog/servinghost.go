package catalog

import "gpuplace/internal/serving"

// What a host must have beside its GPUs to serve a language model from
// them: enough memory to load the weights and enough CPU threads to feed
// the GPUs (the engine's processes, tokenising, scheduling). Offers sold
// at their smallest shape (2 vCPUs and 4 GiB beside an 80 GB GPU) cannot
// load a model their GPUs could hold, and their price is not that of a
// host that can.
const (
	// ServingHostMinVCPUsPerGPU is the fewest vCPUs (hardware threads) per
	// GPU a host serving a language model needs: Vast.ai's verification
	// minimum for a GPU host, "at least 1 physical CPU core (2
	// hyperthreads) per GPU" (source ServingHostCPUSource).
	ServingHostMinVCPUsPerGPU = 2
	// ServingHostCPUSource is the catalog source of the vCPU floor.
	ServingHostCPUSource = "vast-verification-stages"
	// ServingHostRAMSource is the catalog source of the memory floor:
	// NVIDIA NIM for LLMs sizes a host's memory at the model's weights
	// ("# model parameters × 2 GB" in BF16: about 131 GB for Llama 70B)
	// beside the operating system's.
	ServingHostRAMSource = "nvidia-nim-llm-prerequisites"
)

// ServingHostShortfall says what an offer's host lacks to serve a model
// of the given shape in format: the vCPUs it has and needs, or its
// memory (GiB) against the weights (GB). ok is true when the host
// qualifies, or when the catalog does not state its vCPUs or memory (the
// floor then cannot be checked; the offer is not ruled out on a guess).
func ServingHostShortfall(o *Offer, m serving.Model, format string) (vcpus, needVCPUs int, memGiB, weightsGB float64, ok bool) {
	needVCPUs = ServingHostMinVCPUsPerGPU * max(o.GPUCount, 1)
	weightsGB = m.WeightBytes(format) / 1e9
	memGiB = o.MemoryGiB
	if o.VCPUs > 0 && o.VCPUs < needVCPUs {
		return o.VCPUs, needVCPUs, memGiB, weightsGB, false
	}
	if memGiB > 0 && memGiB*gibInGB < weightsGB {
		return o.VCPUs, needVCPUs, memGiB, weightsGB, false
	}
	return o.VCPUs, needVCPUs, memGiB, weightsGB, true
}

// gibInGB is how many GB (10⁹ bytes) one GiB (2³⁰ bytes) holds.
const gibInGB = 1.073741824
