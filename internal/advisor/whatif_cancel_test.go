package advisor_test

import (
	"context"
	"errors"
	"reflect"
	"testing"
	"time"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
)

// llmWhatIf is a what-if that asks every variation in full (an LLM's
// serving is not re-priced from plans built once): hundreds of
// milliseconds of work, in steps of one question.
var llmWhatIf = advisor.Request{
	Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "llama-3.1-8b", RPS: 5, TPOTMS: 50},
	Users:    []advisor.UserShare{{Location: "US", Share: 60}, {Location: "DE", Share: 40}},
	Pricing:  []catalog.PricingModel{catalog.OnDemand, catalog.Spot, catalog.Reserved1Y},
}

// Ensure a what-if whose caller stops waiting stops within 100 ms with
// the context's error, however far it had got (under the race detector,
// which slows each question many times, only the error is checked), and
// that a context that does not end changes nothing in the answer.
func TestWhatIfStopsWhenCancelled(t *testing.T) {
	cat := realCatalog(t)
	want, err := advisor.RecommendWhatIf(cat, llmWhatIf)
	start := time.Now()
	got, err2 := advisor.RecommendWhatIfContext(context.Background(), cat, llmWhatIf)
	whole := time.Since(start) // warm, as the cancelled ones run
	for range 2 {
		start = time.Now()
		advisor.RecommendWhatIf(cat, llmWhatIf)
		whole = min(whole, time.Since(start))
	}
	if err != nil || want.Variations < 20 {
		t.Fatalf("the LLM what-if: %v, %d variations; want many", err, want.Variations)
	}
	if err2 != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("with a context that never ends: %v, %d changes; want the same answer as without (%d changes)", err2, len(got.Changes), len(want.Changes))
	}

	done, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := advisor.RecommendWhatIfContext(done, cat, llmWhatIf); !errors.Is(err, context.Canceled) {
		t.Errorf("with a context already ended: error %v, want context.Canceled", err)
	}

	// The machine may be shared: a point is tried up to three times, and
	// must be on time once.
	for _, after := range []time.Duration{whole / 10, whole / 4, whole / 2} {
		var lates []time.Duration
		for range 3 {
			ctx, cancel := context.WithCancel(context.Background())
			time.AfterFunc(after, cancel)
			start := time.Now()
			_, err := advisor.RecommendWhatIfContext(ctx, cat, llmWhatIf)
			took := time.Since(start)
			cancel()
			if err == nil && took < after {
				continue // done before the cancel: the machine was quicker
			}
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("cancelled after %v: error %v, want context.Canceled", after, err)
			}
			if lates = append(lates, took-after); took-after <= 100*time.Millisecond || raceEnabled {
				break
			}
		}
		if len(lates) > 0 && lates[len(lates)-1] > 100*time.Millisecond && !raceEnabled {
			t.Errorf("cancelled after %v of a %v what-if, it returned %v later; want within 100 ms", after, whole, lates)
		}
	}
}
