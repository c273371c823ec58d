package templates

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"gpuplace/internal/locale"
)

// Ensure every message key the templates use exists (locale's tests check
// that each has both languages).
func TestMessages(t *testing.T) {
	used := map[string]bool{}
	re := regexp.MustCompile(`Tf?\((?:ctx, |r\.Context\(\), )?"([^"]+)"`)
	plural := regexp.MustCompile(`Tn\(ctx, "([^"]+)"`)
	files, _ := filepath.Glob("*.templ")
	goFiles, _ := filepath.Glob("*.go")
	// The web handlers say some messages themselves (error pages, notices,
	// charts), and the domain names what pages show (labels).
	webFiles, _ := filepath.Glob("../web/*.go")
	labelFiles := []string{"../internal/catalog/labels.go", "../internal/quote/labels.go", "../internal/advisor/basistext.go"}
	for _, f := range append(append(append(files, goFiles...), webFiles...), labelFiles...) {
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
		for _, m := range plural.FindAllStringSubmatch(string(b), -1) {
			used[m[1]+".one"], used[m[1]+".other"] = true, true
		}
	}
	// Keys built from values at run time.
	for _, k := range []string{
		"label.pricing.on_demand", "label.pricing.spot", "label.pricing.reserved_1y", "label.pricing.reserved_3y", "label.pricing.monthly",
		"per.1M output tokens", "unit.month", "unit.server", "item.setup", "reason.sovereignty", "reason.partition", "reason.precision",
		"label.risk.unknown_price", "gdpr.eu_sovereign",
		"explorer.nav.providers", "explorer.hq.eu", "explorer.hq.non_eu",
		"explorer.kind.hyperscaler", "explorer.kind.gpu_cloud", "explorer.kind.dedicated",
		"label.objective.cost", "label.objective.latency", "label.objective.balanced",
		"per.epoch", "per.1M requests", "unit.hour", "unit.GB", "unit.GB-month",
		"item.compute", "item.egress", "item.storage", "item.data_transfer",
		"reason.provider", "reason.gpu", "reason.gdpr", "reason.memory", "reason.no_benchmark",
		"reason.pricing", "reason.deadline", "reason.budget", "reason.never_finishes",
		"reason.country", "reason.vcpus", "reason.price_outlier", "reason.country_not_stated", "reason.location_unknown", "reason.no_public_price", "reason.engine", "reason.accelerator", "explorer.country_assumed", "explorer.country_assumed.hint",
		"label.risk.spot", "label.risk.price_outlier", "label.risk.capacity", "label.risk.estimate",
		"precision.fp32", "precision.mixed", "precision.fp8", "precision.int8", "precision.int4",
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
		if !locale.Has(k) {
			t.Errorf("message %q is used but not defined", k)
		}
	}
}
