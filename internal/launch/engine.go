package launch

import (
	"strconv"
	"strings"

	"gpuplace/internal/catalog"
)

// The serving engine the launch files run. vLLM is the engine all three
// tools document serving with; its flags are those of `vllm serve`
// (https://docs.vllm.ai/en/latest/configuration/engine_args.html) and its
// image the project's own (https://docs.vllm.ai/en/latest/deployment/docker.html).
const (
	engineVLLM  = "vLLM"
	vllmImage   = "vllm/vllm-openai:latest"
	vllmPackage = "vllm"
	// servingPort is the port vllm serve listens on by default.
	servingPort = 8000
	// readinessPath answers once the model is loaded (the OpenAI-compatible
	// model list).
	readinessPath = "/v1/models"
)

// vllmArgs are the arguments of `vllm serve` for one engine process:
// replicas copies of the model on the process's GPUs (data parallel),
// each over the tensor-parallel size, at the answer's operating point.
func (s *LLMServer) vllmArgs(replicas int) []string {
	args := []string{s.Repo, "--port", strconv.Itoa(servingPort),
		"--tensor-parallel-size", strconv.Itoa(s.TensorParallel)}
	if replicas > 1 {
		args = append(args, "--data-parallel-size", strconv.Itoa(replicas))
	}
	args = append(args, "--max-num-seqs", strconv.Itoa(s.MaxSeqs), "--max-model-len", strconv.Itoa(s.MaxModelLen))
	if s.Precision == catalog.PrecisionFP8 {
		args = append(args, "--quantization", "fp8")
	}
	if s.KVPrecision == catalog.PrecisionFP8 {
		args = append(args, "--kv-cache-dtype", "fp8")
	}
	return args
}

// vllmCommand is the shell command line of one engine process, every
// argument quoted for the shell that reads it.
func (s *LLMServer) vllmCommand(replicas int) string {
	return shellLine(append([]string{"vllm", "serve"}, s.vllmArgs(replicas)...)...)
}

// notes are the comment lines the engine's settings need: a 4-bit answer
// needs a 4-bit checkpoint the catalog does not name.
func (s *LLMServer) notes() []string {
	switch s.Precision {
	case catalog.PrecisionINT4, catalog.PrecisionFP4:
		return []string{"The answer is sized for " + strings.ToUpper(s.Precision) + " weights: serve a " +
			strings.ToUpper(s.Precision) + " checkpoint of " + s.Repo + " in its place (vLLM reads its quantisation from the checkpoint)."}
	}
	return nil
}

// replicasPerInstance is how many copies of the model one instance holds.
func (pl Place) replicasPerInstance() int {
	if pl.Instances == 0 || pl.Replicas <= pl.Instances {
		return 1
	}
	return pl.Replicas / pl.Instances
}
