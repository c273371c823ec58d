package serving

// Split is how one replica spreads a model over the GPUs of a node: TP-way
// tensor parallel within each of PP pipeline stages.
type Split struct{ TP, PP int }

// MaxReplicaGPUs is the most GPUs one replica spans: one node's.
const MaxReplicaGPUs = 8

// MaxStages is the most pipeline stages a replica is sized with. The
// model's pipeline has no bubbles: on the held-out RTX PRO 6000 figures
// (TensorRT-LLM v1.0, Llama 3.3 70B FP4) two stages deliver per GPU what
// one GPU does (within the model's error there), but four and eight
// deliver 0.74–0.96× and 0.45–0.79× of it, which the model would
// overstate by up to 2.4×; so answers stop at two.
const MaxStages = 2

// Splits are the replica shapes weighed on at most gpus GPUs of a kind
// (powers of two that divide gpus, at most MaxReplicaGPUs), fewest GPUs
// first: tensor parallel alone on every GPU and, where pipelines is set,
// on GPUs linked by PCIe alone (no NVLink) also two pipeline stages of
// them, where a stage hands its activations on once instead of
// all-reducing twice a layer — what TensorRT-LLM's performance overview
// runs on PCIe cards ("RTX 6000 systems can benefit from enabling
// pipeline parallelism").
func Splits(h Hardware, gpus int, pipelines bool) []Split {
	out := make([]Split, 0, 7)
	for n := 1; n <= gpus && n <= MaxReplicaGPUs; n *= 2 {
		if gpus%n != 0 {
			continue
		}
		for pp := 1; pp <= min(n, MaxStages); pp *= 2 {
			if pp > 1 && (!pipelines || h.Interconnect != LinkPCIe) {
				break
			}
			out = append(out, Split{TP: n / pp, PP: pp})
		}
	}
	return out
}
