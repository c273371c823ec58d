package web_test

import (
	"html"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/shopspring/decimal"
)

// lineRow finds a cost line on an answer page: its quantity, unit price
// and amount as printed.
var lineRow = regexp.MustCompile(`data-label="[^"]*">([^<]*) <span class="stack-only">[^<]*</span></td><td class="no-stack">[^<]*</td><td class="num" data-label="[^"]*">([^<]*)</td><td class="num" data-label="[^"]*">([^<]*)</td>`)

// printed reads a figure as a page prints it: separators, a currency's
// symbol or code and a minus sign dropped.
func printed(t *testing.T, s string) decimal.Decimal {
	t.Helper()
	s = strings.NewReplacer(",", "", "$", "", "€", "", "¥", "", "−", "-", " USD", "", " EUR", "", " CNY", "").Replace(strings.TrimSpace(html.UnescapeString(s)))
	d, err := decimal.NewFromString(s)
	if err != nil {
		t.Fatalf("figure %q: %v", s, err)
	}
	return d
}

// Ensure every cost line an answer prints redoes from the figures beside
// it: its quantity times its unit price, to the cent, is its amount, for
// training jobs of hours that are not whole, inference over a year, an
// LLM from two regions, in each currency.
func TestEveryShownLineRedoes(t *testing.T) {
	s := newTestServer(t, withLimits(readerLimits))
	questions := []string{
		"kind=training&profile=resnet50&epochs=90&objective=latency", // 1.309 h × 53.52 = 70.06
		"kind=training&profile=resnet50&epochs=10",
		"kind=training&profile=bert-large&epochs=30",
		"kind=training&profile=resnet50&epochs=3&objective=balanced",
		defaultQuestion,
		llmTwoRegions,
	}
	checked := 0
	for _, q := range questions {
		for _, cur := range []string{"USD", "EUR", "CNY"} {
			rec := s.do(t, "GET", "/advice?"+q+"&currency="+cur, nil)
			wantStatus(t, rec, http.StatusOK)
			body := rec.Body.String()
			for _, m := range lineRow.FindAllStringSubmatch(body, -1) {
				qty, price, amount := printed(t, m[1]), printed(t, m[2]), printed(t, m[3])
				if got := qty.Mul(price).Round(2); !got.Equal(amount) {
					t.Errorf("%s in %s: a line prints %s × %s = %s, which redoes to %s", q, cur, m[1], m[2], m[3], got)
				}
				checked++
			}
		}
	}
	if checked < 3*len(questions) {
		t.Fatalf("only %d cost lines found on %d answers", checked, 3*len(questions))
	}
}
