package launch_test

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gpuplace/internal/advisor"
)

// engineFlags are the flags each engine, as the answer names it, takes
// the tensor-parallel size, the requests running at once and the longest
// request by, after the program that starts it.
var engineFlags = map[string]struct{ program, tp, seqs, length, dp string }{
	"vLLM":         {"vllm serve", "--tensor-parallel-size", "--max-num-seqs", "--max-model-len", "--data-parallel-size"},
	"SGLang":       {"python3 -m sglang.launch_server", "--tp", "--max-running-requests", "--context-length", "--dp"},
	"TensorRT-LLM": {"trtllm-serve", "--tp_size", "--max_batch_size", "--max_seq_len", ""},
}

// gated reports whether the answer's model is in a gated repository.
func gated(res advisor.Result) bool { return strings.HasPrefix(res.Request.Workload.Profile, "llama") }

// checkEngine requires the engine's words to start the engine the answer
// was sized on, serving its model at its tensor-parallel size and
// operating point with dp copies per instance, taking requests longer
// than the question's tokens in and out (within the model's context) and,
// for vLLM, a stated share of the GPUs' memory.
func checkEngine(t *testing.T, where string, args []string, res advisor.Result, p advisor.Placement, dp int) {
	t.Helper()
	cat, _ := loadCatalog()
	prof, _ := cat.Profile(res.Request.Workload.Profile)
	s := res.Pick.Serving
	f, ok := engineFlags[s.Engine]
	line := " " + strings.Join(args, " ") + " "
	if !ok || !strings.Contains(line, " "+f.program+" ") {
		t.Fatalf("%s: sized on %s, the file runs %v", where, s.Engine, args)
	}
	if !slices.Contains(args, prof.LLM.Repo) {
		t.Errorf("%s: the engine does not serve %s: %v", where, prof.LLM.Repo, args)
	}
	value := func(flag string) int {
		i := slices.Index(args, flag)
		if i < 0 || i+1 >= len(args) {
			return 0
		}
		v, _ := strconv.Atoi(args[i+1])
		return v
	}
	if value(f.tp) != s.TensorParallel || value(f.seqs) != int(math.Ceil(s.Concurrency)) {
		t.Errorf("%s: %s %d, %s %d, want the answer's %d and %d in %v", where, f.tp, value(f.tp), f.seqs, value(f.seqs), s.TensorParallel, int(math.Ceil(s.Concurrency)), args)
	}
	in, out := res.Request.Workload.InputTokens, res.Request.Workload.OutputTokens
	if n := value(f.length); n <= in+out || n > prof.LLM.ContextTokens {
		t.Errorf("%s: %s %d, want above the %d tokens in and out, within the context's %d", where, f.length, n, in+out, prof.LLM.ContextTokens)
	}
	if s.Engine == "vLLM" {
		i := slices.Index(args, "--gpu-memory-utilization")
		if v, err := strconv.ParseFloat(args[min(i+1, len(args)-1)], 64); i < 0 || err != nil || v <= 0 || v > 1 {
			t.Errorf("%s: no memory share stated in %v", where, args)
		}
	}
	switch {
	case dp > 1 && f.dp != "" && value(f.dp) != dp:
		t.Errorf("%s: %s = %d, want %d copies per instance", where, f.dp, value(f.dp), dp)
	case dp > 1 && f.dp == "" && strings.Count(line, " "+f.program+" ") != dp:
		t.Errorf("%s: %d servers, want one for each of the instance's %d copies", where, strings.Count(line, " "+f.program+" "), dp)
	}
	if p.GPUsPerReplica > 0 && s.TensorParallel != p.GPUsPerReplica {
		t.Errorf("%s: tensor parallel %d, but a replica spans %d GPUs", where, s.TensorParallel, p.GPUsPerReplica)
	}
}
