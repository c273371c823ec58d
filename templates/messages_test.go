package templates

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Ensure every message key the templates use exists in both languages,
// and no translation is empty or left in English by mistake.
func TestMessages(t *testing.T) {
	used := map[string]bool{}
	re := regexp.MustCompile(`Tf?\(ctx, "([^"]+)"`)
	files, _ := filepath.Glob("*.templ")
	goFiles, _ := filepath.Glob("*.go")
	for _, f := range append(files, goFiles...) {
		if strings.HasSuffix(f, "_templ.go") || strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range re.FindAllStringSubmatch(string(b), -1) {
			if !strings.HasSuffix(m[1], ".") { // a prefix joined with a value
				used[m[1]] = true
			}
		}
	}
	// Keys built from values at run time.
	for _, k := range []string{
		"pricing.on_demand", "pricing.spot", "pricing.reserved_1y", "pricing.reserved_3y",
		"objective.cost", "objective.latency", "objective.balanced",
		"per.epoch", "per.1M requests", "unit.hour", "unit.GB", "unit.GB-month",
		"item.compute", "item.egress", "item.storage", "item.data_transfer",
		"reason.provider", "reason.gpu", "reason.gdpr", "reason.memory", "reason.no_benchmark",
		"reason.pricing", "reason.deadline", "reason.budget",
		"field.kind", "field.profile", "field.precision", "field.samples", "field.epochs", "field.deadline_hours",
		"field.rps", "field.peak_rps", "field.response_kb", "field.latency_ms", "field.months", "field.users",
		"field.gdpr", "field.dataset_gb", "field.data_location", "field.pricing", "field.checkpoint_minutes",
		"field.providers", "field.gpus", "field.budget", "field.objective", "field.currency",
	} {
		used[k] = true
	}
	if len(used) < 100 {
		t.Fatalf("found only %d keys in use: the scan is broken", len(used))
	}
	for k := range used {
		m, ok := messages[k]
		if !ok {
			t.Errorf("message %q is used but not defined", k)
			continue
		}
		if m[0] == "" || m[1] == "" {
			t.Errorf("message %q has an empty translation: %q", k, m)
		}
	}
	for k, m := range messages {
		if m[0] == m[1] && strings.ContainsAny(m[0], "abcdefghijklmnopqrstuvwxyz") && m[0] != "GB" && m[0] != "GPU" {
			t.Errorf("message %q is the same in both languages: %q", k, m[0])
		}
	}
}
