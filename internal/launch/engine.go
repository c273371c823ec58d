package launch

import (
	"strconv"
	"strings"

	"gpuplace/internal/catalog"
)

// The serving engines the launch files run: the one the answer was sized
// on. Their flags are those of `vllm serve`
// (https://docs.vllm.ai/en/latest/configuration/engine_args.html),
// SGLang's server (https://docs.sglang.ai/advanced_features/server_arguments.html)
// and `trtllm-serve`
// (https://nvidia.github.io/TensorRT-LLM/commands/trtllm-serve/trtllm-serve.html);
// their images the projects' own.
const (
	vllmImage = "vllm/vllm-openai:latest"
	// sglangImage is SGLang's CUDA image; AMD's builds are tagged per
	// ROCm release (see engineNotes).
	sglangImage = "lmsysorg/sglang:latest"
	// trtllmImage is NVIDIA's release image of the newest TensorRT-LLM
	// version the catalog's figures were measured on.
	trtllmImage = "nvcr.io/nvidia/tensorrt-llm/release:1.0.0rc3"
	// servingPort is the port every engine is told to listen on (vLLM's
	// default).
	servingPort = 8000
	// readinessPath answers once the model is loaded (the OpenAI-compatible
	// model list, which all three serve).
	readinessPath = "/v1/models"
	// gpuMemoryFraction is the share of each GPU's memory vLLM may take
	// (its default, stated): weights, activations and the KV cache.
	gpuMemoryFraction = "0.90"
	// hfTokenEnv is the variable the engines read a Hugging Face token
	// from, for gated repositories.
	hfTokenEnv = "HF_TOKEN"
)

// packages are what the tools that install on the host (SkyPilot) pip
// install for each engine.
var packages = map[string]string{catalog.FamilyVLLM: "vllm", catalog.FamilySGLang: `"sglang[all]"`, catalog.FamilyTRTLLM: "tensorrt_llm"}

// argv is one engine process's command and arguments (each a word, not
// yet quoted): replicas copies of the model on the process's GPUs (data
// parallel where the engine has it), each over the tensor-parallel size,
// at the answer's operating point, listening on port.
func (s *LLMServer) argv(replicas, port int) []string {
	tp, seqs, length := strconv.Itoa(s.TensorParallel), strconv.Itoa(s.MaxSeqs), strconv.Itoa(s.MaxModelLen)
	pp := ""
	if s.PipelineParallel > 1 {
		pp = strconv.Itoa(s.PipelineParallel)
	}
	fp8 := s.Precision == catalog.PrecisionFP8
	kv8 := s.KVPrecision == catalog.PrecisionFP8
	switch s.Engine {
	case catalog.FamilySGLang:
		a := []string{"python3", "-m", "sglang.launch_server", "--model-path", s.Repo, "--host", "0.0.0.0", "--port", strconv.Itoa(port), "--tp", tp}
		if pp != "" {
			a = append(a, "--pp-size", pp)
		}
		if replicas > 1 {
			a = append(a, "--dp", strconv.Itoa(replicas))
		}
		a = append(a, "--max-running-requests", seqs, "--context-length", length)
		if fp8 {
			a = append(a, "--quantization", "fp8")
		}
		if kv8 {
			a = append(a, "--kv-cache-dtype", "fp8_e4m3")
		}
		return a
	case catalog.FamilyTRTLLM:
		a := []string{"trtllm-serve", s.Repo, "--host", "0.0.0.0", "--port", strconv.Itoa(port), "--tp_size", tp}
		if pp != "" {
			a = append(a, "--pp_size", pp)
		}
		return append(a, "--max_batch_size", seqs, "--max_seq_len", length)
	}
	a := []string{"vllm", "serve", s.Repo, "--port", strconv.Itoa(port), "--tensor-parallel-size", tp}
	if pp != "" {
		a = append(a, "--pipeline-parallel-size", pp)
	}
	if replicas > 1 {
		a = append(a, "--data-parallel-size", strconv.Itoa(replicas))
	}
	a = append(a, "--max-num-seqs", seqs, "--max-model-len", length, "--gpu-memory-utilization", gpuMemoryFraction)
	if fp8 {
		a = append(a, "--quantization", "fp8")
	}
	if kv8 {
		a = append(a, "--kv-cache-dtype", "fp8")
	}
	if s.PrefixCaching {
		a = append(a, "--enable-prefix-caching")
	}
	return a
}

// command is the shell command that starts the engine on one instance
// holding replicas copies of the model, every word quoted. TensorRT-LLM's
// server has no data-parallel flag: each copy runs as a server of its own,
// on its own GPUs and port (see engineNotes).
func (s *LLMServer) command(replicas int) string {
	if s.Engine != catalog.FamilyTRTLLM || replicas <= 1 {
		return shellLine(s.argv(replicas, servingPort)...)
	}
	var b strings.Builder
	for i := range replicas {
		gpus := make([]string, s.GPUs())
		for j := range gpus {
			gpus[j] = strconv.Itoa(i*s.GPUs() + j)
		}
		b.WriteString("CUDA_VISIBLE_DEVICES=" + strings.Join(gpus, ",") + " " + shellLine(s.argv(1, servingPort+i)...) + " &\n")
	}
	b.WriteString("wait")
	return b.String()
}

// image is the engine's container image for the place's GPUs: vLLM's ROCm
// build on AMD's (https://rocm.docs.amd.com/en/latest/how-to/rocm-for-ai/inference/vllm.html).
func (s *LLMServer) image(pl Place) string {
	switch s.Engine {
	case catalog.FamilySGLang:
		return sglangImage
	case catalog.FamilyTRTLLM:
		return trtllmImage
	}
	if amd(pl.GPU) {
		return "rocm/vllm:latest"
	}
	return vllmImage
}

// notes are the comment lines the engine's settings need, for a place
// whose engine processes each hold replicas copies of the model: the
// operating point's limits, a checkpoint the catalog does not name, the
// token of a gated model.
func (s *LLMServer) notes(pl Place, replicas int) []string {
	name := catalog.EngineName(s.Engine)
	out := []string{"Served with " + name + ", the engine the answer was sized on; " + strconv.Itoa(s.MaxModelLen) +
		" tokens a request at most: the answer's tokens in and out × 1.25, rounded up to a multiple of 256, within the model's context."}
	if s.Engine == catalog.FamilyVLLM {
		out = append(out, "vLLM may take "+gpuMemoryFraction+" of each GPU's memory (--gpu-memory-utilization).")
	}
	switch {
	case s.Precision == catalog.PrecisionINT4 || s.Precision == catalog.PrecisionFP4:
		out = append(out, "The answer is sized for "+strings.ToUpper(s.Precision)+" weights: serve a "+
			strings.ToUpper(s.Precision)+" checkpoint of "+s.Repo+" in its place ("+name+" reads its quantisation from the checkpoint).")
	case s.Engine == catalog.FamilyTRTLLM && s.Precision == catalog.PrecisionFP8:
		out = append(out, "The answer is sized for FP8 weights: serve an FP8 checkpoint of "+s.Repo+
			" in its place (TensorRT-LLM reads its quantisation, and the KV cache's, from the checkpoint).")
	}
	if s.Engine == catalog.FamilyTRTLLM && replicas > 1 {
		out = append(out, "TensorRT-LLM's server has no data-parallel option: each of an instance's "+strconv.Itoa(replicas)+
			" copies runs as a server of its own on ports from "+strconv.Itoa(servingPort)+"; put a load balancer over them.")
	}
	if s.Engine == catalog.FamilySGLang && amd(pl.GPU) {
		out = append(out, "On AMD GPUs use a ROCm build of SGLang's image (tagged per ROCm release: https://docs.sglang.ai/platforms/amd_gpu.html).")
	}
	if s.Gated {
		out = append(out, s.Repo+" is gated on Hugging Face: accept its licence there, and give the engine a token of that account as "+hfTokenEnv+".")
	}
	return out
}

// maxModelLen is the longest request a replica takes: the question's
// tokens in and out with a quarter more of headroom, rounded up to a
// multiple of 256, at most the model's context.
func maxModelLen(tokens, context int) int {
	n := ((tokens*5+3)/4 + 255) / 256 * 256
	if context > 0 {
		n = min(n, context)
	}
	return n
}

// gatedRepo reports whether a Hugging Face repository is gated: Meta's
// Llama repositories ask each account to accept their licence.
func gatedRepo(repo string) bool { return strings.HasPrefix(repo, "meta-llama/") }

// replicasPerInstance is how many copies of the model one instance holds.
func (pl Place) replicasPerInstance() int {
	if pl.Instances == 0 || pl.Replicas <= pl.Instances {
		return 1
	}
	return pl.Replicas / pl.Instances
}
