package launch

import (
	"strings"
	"testing"

	"gpuplace/internal/catalog"
)

// Ensure every engine's command line quotes a value from the catalog as
// one shell word whatever it holds: a plain one as it is, one with spaces,
// quotes or shell syntax quoted.
func TestEngineCommandQuotes(t *testing.T) {
	for in, want := range map[string]string{
		"meta-llama/Llama-3.1-8B-Instruct": "meta-llama/Llama-3.1-8B-Instruct",
		"":                                 "''",
		"a b":                              "'a b'",
		"x; rm -rf /":                      "'x; rm -rf /'",
		"it's":                             `'it'\''s'`,
		"$(id)":                            "'$(id)'",
	} {
		if got := shellWord(in); got != want {
			t.Errorf("shellWord(%q) = %s, want %s", in, got, want)
		}
	}
	s := &LLMServer{Repo: "org/model; reboot", Engine: catalog.FamilySGLang, TensorParallel: 1, MaxSeqs: 8, MaxModelLen: 1536}
	if cmd := s.command(1); !strings.Contains(cmd, "--model-path 'org/model; reboot' ") {
		t.Errorf("SGLang command %q does not quote the repository", cmd)
	}
	s.Engine = catalog.FamilyTRTLLM
	if cmd := s.command(2); strings.Count(cmd, "'org/model; reboot'") != 2 || !strings.Contains(cmd, "CUDA_VISIBLE_DEVICES=1 ") {
		t.Errorf("TensorRT-LLM command %q: want two servers, each quoting the repository, the second on GPU 1", cmd)
	}
}

// Ensure the longest request a replica takes is the question's tokens
// with a quarter more, rounded up to a multiple of 256, within the
// model's context.
func TestMaxModelLen(t *testing.T) {
	for _, c := range []struct{ tokens, context, want int }{
		{1300, 131072, 1792}, // 1,625 rounded up
		{1024, 131072, 1280}, // 1,280 exactly
		{120000, 131072, 131072},
		{3000, 0, 3840},
	} {
		if got := maxModelLen(c.tokens, c.context); got != c.want {
			t.Errorf("maxModelLen(%d, %d) = %d, want %d", c.tokens, c.context, got, c.want)
		}
	}
}

// Ensure a replica of two pipeline stages is deployed as one: each
// engine's pipeline flag with 2, the tensor-parallel size of a stage, and
// (for TensorRT-LLM's one server a replica) each server on its
// replica's four GPUs.
func TestEngineCommandPipeline(t *testing.T) {
	s := &LLMServer{Repo: "org/model", TensorParallel: 2, PipelineParallel: 2, MaxSeqs: 64, MaxModelLen: 2048}
	for engine, want := range map[string]string{
		catalog.FamilyVLLM:   "--tensor-parallel-size 2 --pipeline-parallel-size 2 ",
		catalog.FamilySGLang: "--tp 2 --pp-size 2 ",
		catalog.FamilyTRTLLM: "--tp_size 2 --pp_size 2 ",
	} {
		s.Engine = engine
		if cmd := s.command(1); !strings.Contains(cmd, want) {
			t.Errorf("%s command %q: want %q", engine, cmd, want)
		}
	}
	s.Engine = catalog.FamilyTRTLLM
	if cmd := s.command(2); !strings.Contains(cmd, "CUDA_VISIBLE_DEVICES=0,1,2,3 ") || !strings.Contains(cmd, "CUDA_VISIBLE_DEVICES=4,5,6,7 ") {
		t.Errorf("TensorRT-LLM command %q: want two servers of four GPUs each", cmd)
	}
	s.PipelineParallel = 1
	s.Engine = catalog.FamilyVLLM
	if cmd := s.command(1); strings.Contains(cmd, "pipeline") {
		t.Errorf("vLLM command %q names a pipeline for a replica without one", cmd)
	}
}

// Ensure an answer sized with part of each prompt from the prefix cache
// has vLLM keep one, and one sized without leaves vLLM's default.
func TestPrefixCachingFlag(t *testing.T) {
	s := &LLMServer{Repo: "org/model", Engine: catalog.FamilyVLLM, TensorParallel: 1, MaxSeqs: 8, MaxModelLen: 40960}
	if cmd := s.command(1); strings.Contains(cmd, "prefix-caching") {
		t.Errorf("vLLM command %q speaks of the prefix cache unasked", cmd)
	}
	s.PrefixCaching = true
	if cmd := s.command(1); !strings.HasSuffix(cmd, " --enable-prefix-caching") {
		t.Errorf("vLLM command %q: want --enable-prefix-caching", cmd)
	}
}
