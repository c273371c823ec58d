package templates

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Ensure the card only renders an option's verdict and confidence as the
// answer states them (advisor.Verdict, advisor.Confidence): no file of
// templates/ judges a target or grades an answer, nor says a verdict's or
// a reason's sentence itself.
func TestTemplatesRenderTheAnswersJudgement(t *testing.T) {
	judging := regexp.MustCompile(`MeetsTargetShare|RoughErrorPct|RoughShare|advisor\.Grade(Firm|Likely|Rough)|"verdict\.|"conf\.(measured|published|estimate|serving|unknown|price_estimated|capacity|stale|spot)`)
	files, err := filepath.Glob("*")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") || strings.HasSuffix(f, "_templ.go") || !strings.HasSuffix(f, ".go") && !strings.HasSuffix(f, ".templ") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if m := judging.Find(b); m != nil {
			t.Errorf("%s works out a verdict or a confidence (%s): read them from the answer", f, m)
		}
	}
}
