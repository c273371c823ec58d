package advisor

import (
	"math"
	"testing"

	"github.com/shopspring/decimal"

	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// Ensure each interruption band becomes λ = −ln(1 − p) ÷ 730 per hour from its midpoint p (open band 25 %).
func TestInterruptionRate(t *testing.T) {
	tests := []struct {
		band string
		want float64 // −ln(1 − p) worked out on a calculator, ÷ 730
	}{
		{catalog.BandUnder5, 0.0253178080 / 730}, // p = 0.025
		{catalog.Band5to10, 0.0779615415 / 730},  // p = 0.075
		{catalog.Band10to15, 0.1335313926 / 730}, // p = 0.125
		{catalog.Band15to20, 0.1923718926 / 730}, // p = 0.175
		{catalog.BandOver20, 0.2876820725 / 730}, // p = 0.25
		{"unknown", 0.2876820725 / 730},          // as the open band
	}
	for _, tt := range tests {
		t.Run(tt.band, func(t *testing.T) {
			if got := interruptionRate(tt.band); math.Abs(got-tt.want) > 1e-12 {
				t.Errorf("interruptionRate(%q) = %.12g, want %.12g", tt.band, got, tt.want)
			}
		})
	}
}

// Ensure spotWall matches the expected-wall-time formula worked out on a calculator, at the edges too.
func TestSpotWall(t *testing.T) {
	tests := []struct {
		name              string
		hours, tau, lam   float64
		wall, interrupted float64
	}{
		// λ = 0.001, 100 h, τ = 1 h: 100 × (e^{0.001} − 1) ÷ 0.001 =
		// 100 × 1.000500167 = 100.0500167; interruptions 0.1000500;
		// + 0.01000500 h of restarts = 100.0600217.
		{"hourly checkpoints", 100, 1, 0.001, 100.0600217, 0.1000500},
		// No checkpoints (τ = hours = 100): (e^{0.1} − 1) ÷ 0.001 =
		// 105.1709181; interruptions 0.1051709; + 0.0105171 = 105.1814352.
		{"no checkpoints", 100, 0, 0.001, 105.1814352, 0.1051709},
		// A checkpoint interval longer than the job is no checkpoint at all.
		{"interval longer than the job", 100, 500, 0.001, 105.1814352, 0.1051709},
		// λ = 0.01, 10 h, τ = 0.5 h: 20 × (e^{0.005} − 1) ÷ 0.01 =
		// 20 × 0.501252086 = 10.02504172; interruptions 0.1002504;
		// + 0.01002504 = 10.03506676.
		{"half-hour checkpoints", 10, 0.5, 0.01, 10.03506676, 0.1002504},
		{"no interruptions", 10, 0.5, 0, 10, 0},
		{"no work", 0, 0.5, 0.01, 0, 0},
		// τ far below the float range of hours ÷ τ: the ratio tends to 1.
		// 1,000 h, λ = 0.001: 1,000 + 0.1 × 0.001 × 1,000 = 1,000.1.
		{"vanishing interval", 1000, 1e-310, 0.001, 1000.1, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wall, ints := spotWall(tt.hours, tt.tau, tt.lam)
			if math.Abs(wall-tt.wall) > 1e-6 || math.Abs(ints-tt.interrupted) > 1e-6 {
				t.Errorf("spotWall(%v, %v, %v) = %.7f h, %.7f interruptions; want %.7f h, %.7f",
					tt.hours, tt.tau, tt.lam, wall, ints, tt.wall, tt.interrupted)
			}
		})
	}
}

// Ensure reserved terms bill whole terms and pay-as-you-go the hours.
func TestBilledHours(t *testing.T) {
	tests := []struct {
		pricing catalog.PricingModel
		hours   float64
		want    float64
	}{
		{catalog.OnDemand, 10.5, 10.5},
		{catalog.Spot, 1055.36, 1055.36},
		{catalog.Reserved1Y, 0.1, 8760},
		{catalog.Reserved1Y, 8760, 8760},
		{catalog.Reserved1Y, 8760.01, 17520},
		{catalog.Reserved3Y, 10, 26280},
		{catalog.Reserved3Y, 26281, 52560},
	}
	for _, tt := range tests {
		if got := billedHours(tt.pricing, tt.hours); got != tt.want {
			t.Errorf("billedHours(%s, %v) = %v, want %v", tt.pricing, tt.hours, got, tt.want)
		}
	}
}

// Ensure a month's volume is split over marginal tiers and priced by part.
func TestEgressTiers(t *testing.T) {
	d := decimal.RequireFromString
	// 0–1 GB free, 1–10,240 GB at $0.09, 10,240–51,200 at $0.085, then $0.07.
	tiers := []catalog.EgressTier{
		{FromGB: 0, ToGB: 1, USDPerGB: d("0")},
		{FromGB: 1, ToGB: 10240, USDPerGB: d("0.09")},
		{FromGB: 10240, ToGB: 51200, USDPerGB: d("0.085")},
		{FromGB: 51200, ToGB: 0, USDPerGB: d("0.07")},
	}
	tests := []struct {
		name  string
		gb    float64
		parts []float64
		cost  float64
	}{
		{"nothing", 0, nil, 0},
		{"inside the free tier", 0.5, []float64{0.5}, 0},
		// 1 free + 99 × 0.09 = 8.91.
		{"second tier", 100, []float64{1, 99}, 8.91},
		// 1 free + 10,239 × 0.09 = 921.51 + 9,760 × 0.085 = 829.60 → 1,751.11.
		{"across a boundary", 20000, []float64{1, 10239, 9760}, 1751.11},
		// Exactly at the boundary: nothing in the third tier.
		{"at a boundary", 10240, []float64{1, 10239}, 921.51},
		// … + 40,960 × 0.085 = 3,481.60 + 48,800 × 0.07 = 3,416.00 → 7,819.11.
		{"open last tier", 100000, []float64{1, 10239, 40960, 48800}, 7819.11},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			spans := spreadOverTiers(tiers, tt.gb)
			if len(spans) != len(tt.parts) {
				t.Fatalf("spreadOverTiers(%v) = %+v, want %v", tt.gb, spans, tt.parts)
			}
			for i, s := range spans {
				if math.Abs(s.gb-tt.parts[i]) > 1e-9 || s.tier != tiers[i] {
					t.Errorf("spreadOverTiers(%v)[%d] = %v GB in %+v, want %v GB in tier %d", tt.gb, i, s.gb, s.tier, tt.parts[i], i)
				}
			}
			if got := tieredCostUSD(floatTiers(tiers), tt.gb); math.Abs(got-tt.cost) > 1e-9 {
				t.Errorf("tieredCostUSD(%v) = %v, want %v", tt.gb, got, tt.cost)
			}
		})
	}
}

// Ensure a line rounds the converted unit price to four places and the amount to the cent, half away from zero.
func TestMoneyLine(t *testing.T) {
	d := decimal.RequireFromString
	tests := []struct {
		name            string
		rate            string
		qty             float64
		usd             string
		unitPrice, amnt string
	}{
		{"USD", "1", 10, "0.80", "0.8", "8"},
		// 0.8 × 0.8532 = 0.68256 → 0.6826; × 10 = 6.826 → 6.83.
		{"EUR", "0.8532", 10, "0.80", "0.6826", "6.83"},
		// 0.201 × 0.5 = 0.1005; × 10 = 1.005 → 1.01 (half away, not to even).
		{"amount half away from zero", "0.5", 10, "0.201", "0.1005", "1.01"},
		// 1.0001 × 0.5 = 0.50005 → 0.5001 (half away, not to even).
		{"unit price half away from zero", "0.5", 1, "1.0001", "0.5001", "0.5"},
		// 1.00001 × 0.5 = 0.500005: the fifth place is 0 → 0.5.
		{"unit price rounded down", "0.5", 1, "1.00001", "0.5", "0.5"},
		// 0.023 × 7.1647 = 0.1647881 → 0.1648; × 1,000 = 164.8: what a
		// reader redoes from the price shown.
		{"unit price to four places", "7.1647", 1000, "0.023", "0.1648", "164.8"},
		// The quantity keeps three decimals: 11.1111… → 11.111; × 0.8 = 8.8888 → 8.89.
		{"quantity to three places", "1", 100.0 / 9, "0.80", "0.8", "8.89"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := money{rate: d(tt.rate)}.line("compute", locale.New("line.storage", "1", "1"), tt.qty, "hour", d(tt.usd))
			if !l.UnitPrice.Equal(d(tt.unitPrice)) || !l.Amount.Equal(d(tt.amnt)) {
				t.Errorf("line(%v × %s at %s) = %s × %s = %s, want unit price %s, amount %s",
					tt.qty, tt.usd, tt.rate, l.Quantity, l.UnitPrice, l.Amount, tt.unitPrice, tt.amnt)
			}
		})
	}
}

// Ensure the balanced score's normalisation guards an empty range.
func TestNorm(t *testing.T) {
	tests := []struct{ x, lo, hi, want float64 }{
		{5, 0, 10, 0.5},
		{0, 0, 10, 0},
		{10, 0, 10, 1},
		{12, 0, 10, 1}, // clamped
		{-1, 0, 10, 0}, // clamped
		{3, 3, 3, 0},   // min = max
	}
	for _, tt := range tests {
		if got := norm(tt.x, tt.lo, tt.hi); got != tt.want {
			t.Errorf("norm(%v, %v, %v) = %v, want %v", tt.x, tt.lo, tt.hi, got, tt.want)
		}
	}
}
