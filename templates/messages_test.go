package templates

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"gpuplace/internal/advisor"
)

// Ensure every message key the templates use exists in both languages,
// and no translation is empty or left in English by mistake.
func TestMessages(t *testing.T) {
	used := map[string]bool{}
	re := regexp.MustCompile(`Tf?\((?:ctx|r\.Context\(\)), "([^"]+)"`)
	files, _ := filepath.Glob("*.templ")
	goFiles, _ := filepath.Glob("*.go")
	// The web handlers say some messages themselves (error pages, notices).
	webFiles, _ := filepath.Glob("../web/*.go")
	for _, f := range append(append(files, goFiles...), webFiles...) {
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
		"reason.pricing", "reason.deadline", "reason.budget", "reason.never_finishes",
		"field.kind", "field.profile", "field.precision", "field.samples", "field.epochs", "field.deadline_hours",
		"field.rps", "field.peak_rps", "field.response_kb", "field.latency_ms", "field.months", "field.users",
		"field.gdpr", "field.dataset_gb", "field.data_location", "field.pricing", "field.checkpoint_minutes",
		"field.providers", "field.gpus", "field.budget", "field.objective", "field.currency",
		"error.status.400", "error.status.401", "error.status.403", "error.status.404", "error.status.405",
		"error.status.408", "error.status.409", "error.status.413", "error.status.422", "error.status.429",
		"error.status.499", "error.status.500", "login.failed", "login.limited", "login.backoff",
	} {
		used[k] = true
	}
	if len(used) < 100 {
		t.Fatalf("found only %d keys in use: the scan is broken", len(used))
	}
	for k := range used {
		m, ok := lookup(k)
		if !ok {
			t.Errorf("message %q is used but not defined", k)
			continue
		}
		if m[0] == "" || m[1] == "" {
			t.Errorf("message %q has an empty translation: %q", k, m)
		}
	}
	for k, m := range allMessages() {
		if m[0] == m[1] && strings.ContainsAny(m[0], "abcdefghijklmnopqrstuvwxyz") && m[0] != "GB" && m[0] != "GPU" {
			t.Errorf("message %q is the same in both languages: %q", k, m[0])
		}
	}
}

// Ensure every sentence the advisor writes has a Chinese form that uses
// each of its arguments.
func TestAdvisorMessages(t *testing.T) {
	for id, en := range advisor.English {
		zh, ok := advisorZH[id]
		if !ok {
			t.Errorf("advisor message %q has no Chinese form", id)
			continue
		}
		n := strings.Count(en, "%s") + strings.Count(en, "%q")
		args := make([]advisor.Arg, n)
		for i := range args {
			args[i] = advisor.Arg{Value: fmt.Sprintf("<%d>", i+1)}
		}
		out := sayZH(WithPage(context.Background(), LangZH, nil), advisor.Text{ID: id, Args: args})
		if strings.Contains(out, "%!") {
			t.Errorf("advisor message %q: Chinese form %q does not take %d arguments: %s", id, zh, n, out)
		}
		for i := range args {
			if !strings.Contains(out, fmt.Sprintf("<%d>", i+1)) {
				t.Errorf("advisor message %q: Chinese form drops argument %d: %s", id, i+1, out)
			}
		}
	}
	for id := range advisorZH {
		if _, ok := advisor.English[id]; !ok {
			t.Errorf("Chinese advisor message %q has no English original", id)
		}
	}
}

func allMessages() map[string][2]string {
	all := map[string][2]string{}
	for _, t := range messageTables {
		for k, m := range t {
			if _, dup := all[k]; dup {
				panic("message " + k + " is defined twice")
			}
			all[k] = m
		}
	}
	return all
}

// Ensure unit prices show at least the two places of an amount and every
// further place they have.
func TestFmtPrice(t *testing.T) {
	for in, want := range map[string]string{"0": "0.00", "0.000000": "0.00", "0.09": "0.09", "0.0765": "0.0765", "12.5": "12.50", "0.057860": "0.05786"} {
		if got := fmtPrice(decimal.RequireFromString(in)); got != want {
			t.Errorf("fmtPrice(%s) = %s, want %s", in, got, want)
		}
	}
}
