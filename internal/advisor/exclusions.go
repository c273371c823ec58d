package advisor

import "fmt"

// Reasons an offer is ruled out, in the order the filters apply them.
const (
	reasonProvider  = "provider"
	reasonGPU       = "gpu"
	reasonGDPR      = "gdpr"
	reasonMemory    = "memory"
	reasonBenchmark = "no_benchmark"
	reasonPricing   = "pricing"
	reasonDeadline  = "deadline"
	// reasonNeverFinishes: spot with no checkpoints on a job so long that
	// its expected wall time is beyond any number.
	reasonNeverFinishes = "never_finishes"
	reasonBudget        = "budget"
)

var reasonOrder = []string{reasonProvider, reasonGPU, reasonGDPR, reasonMemory, reasonBenchmark, reasonPricing, reasonDeadline, reasonNeverFinishes, reasonBudget}

// exclusions counts excluded offers by reason, keeping the first example.
type exclusions struct {
	counts   map[string]int
	examples map[string]string
}

func (x *exclusions) add(reason, format string, args ...any) {
	if x.counts == nil {
		x.counts, x.examples = map[string]int{}, map[string]string{}
	}
	if x.counts[reason] == 0 {
		x.examples[reason] = fmt.Sprintf(format, args...)
	}
	x.counts[reason]++
}

// list returns the exclusions in reason order.
func (x *exclusions) list() []Exclusion {
	out := []Exclusion{}
	for _, r := range reasonOrder {
		if n := x.counts[r]; n > 0 {
			out = append(out, Exclusion{Reason: r, Count: n, Example: x.examples[r]})
		}
	}
	return out
}
