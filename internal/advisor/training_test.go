package advisor_test

import (
	"math"
	"strings"
	"testing"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
)

// handTraining is a training request on the hand catalog: on-demand only,
// GPU "a" only, a 73 GB dataset (73 GB ÷ 730 h = 0.1 GB-month per hour of
// storage, so storage costs are easy to add up by hand).
func handTraining(samples int64, epochs int) advisor.Request {
	return advisor.Request{
		Workload: advisor.Workload{Kind: catalog.KindTraining, Profile: "img", Samples: samples, Epochs: epochs},
		Data:     advisor.Data{DatasetGB: 73},
		Pricing:  []catalog.PricingModel{catalog.OnDemand},
		GPUs:     []string{"a"},
	}
}

// Ensure training hours = samples × epochs ÷ (per-GPU throughput × GPUs × efficiency) and cost = compute + storage.
func TestRecommendTrainingHoursAndCost(t *testing.T) {
	cat := handCatalog(t)
	tests := []struct {
		name      string
		offer     string
		gpus      []string
		samples   int64
		datasetGB float64
		perGPU    float64
		estimated bool
		hours     string
		compute   [3]string // quantity, unit price, amount
		storage   [3]string
		total     string
		perEpoch  string
	}{
		{
			// 3,600,000 × 10 = 36,000,000 images ÷ (1,000 img/s × 1 GPU × 1.0)
			// = 36,000 s = 10 h; compute 10 h × $0.80 = 8.00; storage
			// 73 GB × 10 h ÷ 730 = 1 GB-month × $0.02 = 0.02; total 8.02;
			// per epoch 8.02 ÷ 10 = 0.802 → 0.80.
			name: "one measured GPU", offer: "p1:us:a1", gpus: []string{"a"}, samples: 3_600_000, datasetGB: 73,
			perGPU: 1000, hours: "10", compute: [3]string{"10", "0.8", "8.00"}, storage: [3]string{"1", "0.02", "0.02"},
			total: "8.02", perEpoch: "0.80",
		},
		{
			// 8 × a over PCIe, no 8-GPU measurement: 1,000 × 8 × 0.8 = 6,400
			// img/s; 2,304,000 × 10 = 23,040,000 ÷ 6,400 = 3,600 s = 1 h;
			// compute 1 h × $6.40 = 6.40; storage 730 GB × 1 h ÷ 730 =
			// 1 GB-month × $0.02 = 0.02; total 6.42; per epoch 0.642 → 0.64.
			name: "eight GPUs scaled by node efficiency", offer: "p1:eu:a8", gpus: []string{"a"}, samples: 2_304_000, datasetGB: 730,
			perGPU: 1000, hours: "1", compute: [3]string{"1", "6.4", "6.40"}, storage: [3]string{"1", "0.02", "0.02"},
			total: "6.42", perEpoch: "0.64",
		},
		{
			// 8 × b with a measured 8-GPU figure of 21,600 img/s (not 8 ×
			// 3,000 × 0.9): 7,776,000 × 10 = 77,760,000 ÷ 21,600 = 3,600 s
			// = 1 h; compute $20.00; storage 1 GB-month × $0.02; total 20.02;
			// per epoch 2.002 → 2.00.
			name: "eight GPUs measured as a node", offer: "p1:eu:b8", gpus: []string{"b"}, samples: 7_776_000, datasetGB: 730,
			perGPU: 3000, hours: "1", compute: [3]string{"1", "20", "20.00"}, storage: [3]string{"1", "0.02", "0.02"},
			total: "20.02", perEpoch: "2.00",
		},
		{
			// c has no benchmark: scaled from a (the nearest in FP16 tensor
			// TFLOPS) by 60 ÷ 120, 1,000 × 0.5 = 500 img/s, estimated;
			// 1,800,000 × 10 = 18,000,000 ÷ 500 = 36,000 s = 10 h; compute
			// 10 h × $0.40 = 4.00; storage on p2: 1 GB-month × $0.023 = 0.023
			// → 0.02; total 4.02; per epoch 0.402 → 0.40.
			name: "estimated GPU", offer: "p2:fr:c1", gpus: []string{"c"}, samples: 1_800_000, datasetGB: 73,
			perGPU: 500, estimated: true, hours: "10", compute: [3]string{"10", "0.4", "4.00"}, storage: [3]string{"1", "0.023", "0.02"},
			total: "4.02", perEpoch: "0.40",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := handTraining(tt.samples, 10)
			req.GPUs = tt.gpus
			req.Data.DatasetGB = tt.datasetGB
			o := optionFor(t, recommend(t, cat, req), tt.offer)
			if !o.Hours.Equal(dec(tt.hours)) {
				t.Errorf("Recommend() hours = %s, want %s", o.Hours, tt.hours)
			}
			if n := o.Placements[0].Nodes; n != 1 {
				t.Errorf("Recommend() nodes = %d, want 1", n)
			}
			if o.Throughput.PerGPU != tt.perGPU || o.Throughput.Estimated != tt.estimated {
				t.Errorf("Recommend() throughput = %v per GPU (estimated %v), want %v (estimated %v)",
					o.Throughput.PerGPU, o.Throughput.Estimated, tt.perGPU, tt.estimated)
			}
			compute, storage := linesOf(o, "compute"), linesOf(o, "storage")
			if len(compute) != 1 || len(storage) != 1 || len(o.Lines) != 2 {
				t.Fatalf("Recommend() lines = %+v, want one compute and one storage line", o.Lines)
			}
			wantLine(t, "compute", compute[0], tt.compute[0], tt.compute[1], tt.compute[2])
			wantLine(t, "storage", storage[0], tt.storage[0], tt.storage[1], tt.storage[2])
			if !o.Total.Equal(dec(tt.total)) {
				t.Errorf("Recommend() total = %s, want %s", o.Total, tt.total)
			}
			if o.CostPerUnit.Unit != "epoch" || !o.CostPerUnit.Amount.Equal(dec(tt.perEpoch)) {
				t.Errorf("Recommend() cost per unit = %s per %s, want %s per epoch", o.CostPerUnit.Amount, o.CostPerUnit.Unit, tt.perEpoch)
			}
		})
	}
}

// Ensure spot wall time = (hours ÷ τ)(e^{λτ} − 1) ÷ λ + RestartHours per interruption, with and without checkpoints.
func TestRecommendSpotWallTime(t *testing.T) {
	cat := handCatalog(t)
	// λ(5–10 %, midpoint 7.5 %) = −ln(0.925) ÷ 730 = 0.0779615 ÷ 730 ≈ 1.0679663e-4 per hour
	// λ(10–15 %, midpoint 12.5 %) = −ln(0.875) ÷ 730 = 0.1335314 ÷ 730 ≈ 1.8291972e-4 per hour
	lambda5to10 := -math.Log(1-0.075) / 730
	lambda10to15 := -math.Log(1-0.125) / 730
	wall := func(hours, tau, lambda float64) float64 {
		if tau == 0 {
			tau = hours
		}
		// (hours ÷ τ)(e^{λτ} − 1) ÷ λ, as hours × (e^{λτ} − 1) ÷ λτ so that
		// a tiny τ does not overflow hours ÷ τ here.
		work := hours * math.Expm1(lambda*tau) / (lambda * tau)
		return work + advisor.RestartHours*lambda*work
	}
	tests := []struct {
		name       string
		offer      string
		samples    int64 // × 10 epochs, on GPU a at 1,000 img/s
		checkpoint float64
		deadline   float64
		nodes      int
		lambda     float64 // per node
		work       float64 // hours of uninterrupted work per node
		price      float64
		byHand     float64 // the wall time worked out on a calculator
	}{
		{
			// 1,000 h, no checkpoints: (e^{0.1067966} − 1) ÷ 1.0679663e-4
			// = 0.1127079 ÷ 1.0679663e-4 = 1,055.351 h; 0.112708 expected
			// interruptions × 0.1 h = 0.011 h; 1,055.362 h.
			name: "offer band, no checkpoints", offer: "p1:eu:a1", samples: 360_000_000, checkpoint: 0,
			nodes: 1, lambda: lambda5to10, work: 1000, price: 0.30, byHand: 1055.362,
		},
		{
			// 1,000 h, τ = 1 h: 1,000 × (e^{1.0679663e-4} − 1) ÷ 1.0679663e-4
			// = 1,000.053 h; 0.106802 interruptions × 0.1 h; 1,000.064 h.
			name: "offer band, hourly checkpoints", offer: "p1:eu:a1", samples: 360_000_000, checkpoint: 60,
			nodes: 1, lambda: lambda5to10, work: 1000, price: 0.30, byHand: 1000.064,
		},
		{
			// A checkpoint every 10^-306 minutes: (e^{λτ} − 1) ÷ λτ → 1, so
			// 1,000 h of work plus 0.1 h × 1.0679663e-4 × 1,000 = 1,000.011 h.
			name: "checkpoint interval near zero", offer: "p1:eu:a1", samples: 360_000_000, checkpoint: 1e-306,
			nodes: 1, lambda: lambda5to10, work: 1000, price: 0.30, byHand: 1000.011,
		},
		{
			// p1:us:a1 has no band: p1's default 10–15 %. 1,000 h, no
			// checkpoints: (e^{0.1829197} − 1) ÷ 1.8291972e-4 = 1,097.301 h;
			// 0.200718 interruptions × 0.1 h; 1,097.321 h.
			name: "provider default band, no checkpoints", offer: "p1:us:a1", samples: 360_000_000, checkpoint: 0,
			nodes: 1, lambda: lambda10to15, work: 1000, price: 0.25, byHand: 1097.321,
		},
		{
			// τ = 0.5 h: 2,000 × (e^{0.5 × 1.8291972e-4} − 1) ÷ 1.8291972e-4
			// = 1,000.046 h; 0.182928 interruptions × 0.1 h; 1,000.064 h.
			name: "provider default band, half-hour checkpoints", offer: "p1:us:a1", samples: 360_000_000, checkpoint: 30,
			nodes: 1, lambda: lambda10to15, work: 1000, price: 0.25, byHand: 1000.064,
		},
		{
			// 10 h of work by a 6 h deadline: one node needs 10.0004 h, two
			// need 10 ÷ (2 × 0.9) = 5.5556 h of work, and either node's
			// interruption stops the job, so λ doubles: 11.111 × (e^{0.5 ×
			// 2.1359e-4} − 1) ÷ 2.1359e-4 + restarts = 5.55597 h.
			name: "two nodes interrupt twice as often", offer: "p1:eu:a1", samples: 3_600_000, checkpoint: 30, deadline: 6,
			nodes: 2, lambda: 2 * lambda5to10, work: 10 / (2 * 0.9), price: 0.30, byHand: 5.55597,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := handTraining(tt.samples, 10)
			req.Pricing = []catalog.PricingModel{catalog.Spot}
			req.Providers = []string{"p1"}
			req.CheckpointMinutes = ptr(tt.checkpoint)
			req.Workload.DeadlineHours = tt.deadline
			want := wall(tt.work, tt.checkpoint/60, tt.lambda)
			if !near(want, tt.byHand, 0.001) {
				t.Fatalf("formula gives %.5f h, the calculator %.5f h: the test table is wrong", want, tt.byHand)
			}
			o := optionFor(t, recommend(t, cat, req), tt.offer)
			pl := o.Placements[0]
			if pl.Pricing != catalog.Spot || pl.Nodes != tt.nodes {
				t.Fatalf("Recommend() placement = %d nodes on %s, want %d on spot", pl.Nodes, pl.Pricing, tt.nodes)
			}
			if got := o.Hours.InexactFloat64(); !near(got, want, 0.005+1e-9) {
				t.Errorf("Recommend() hours = %v, want %.4f", got, want)
			}
			compute := linesOf(o, "compute")
			if len(compute) != 1 {
				t.Fatalf("Recommend() compute lines = %+v, want one", compute)
			}
			billed := float64(tt.nodes) * want
			if got := compute[0].Quantity.InexactFloat64(); !near(got, billed, 0.0005+1e-9) {
				t.Errorf("Recommend() compute quantity = %v h, want %.4f", got, billed)
			}
			if got := compute[0].Amount.InexactFloat64(); !near(got, billed*tt.price, 0.005+1e-9) {
				t.Errorf("Recommend() compute amount = %v, want %.4f", got, billed*tt.price)
			}
		})
	}
}

// Ensure spot that is never expected to finish is ruled out, not a crash, and the rest of the answer still comes back.
func TestRecommendSpotNeverFinishes(t *testing.T) {
	cat := handCatalog(t)
	// 1e12 samples × 10,000 epochs ÷ 1,000 img/s = 2.8e9 h of work; with
	// λ ≈ 1e-4 per hour, e^{λ × 2.8e9} overflows: never finishes.
	tests := []struct {
		name    string
		pricing []catalog.PricingModel
		wantNil bool
	}{
		{"spot only", []catalog.PricingModel{catalog.Spot}, true},
		{"on-demand and spot", []catalog.PricingModel{catalog.OnDemand, catalog.Spot}, false},
		{"on-demand, spot compared", []catalog.PricingModel{catalog.OnDemand}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := handTraining(1e12, 10000)
			req.Pricing = tt.pricing
			req.CheckpointMinutes = ptr(0.0)
			req.Providers = []string{"p1"}
			res := recommend(t, cat, req)
			if (res.Pick == nil) != tt.wantNil {
				t.Fatalf("Recommend() pick = %v, want nil %v (excluded %+v)", res.Pick, tt.wantNil, res.Excluded)
			}
			for _, o := range options(res) {
				if p := o.Placements[0].Pricing; p == catalog.Spot {
					t.Errorf("Recommend() offers spot on %s, which is never expected to finish", placementID(o.Placements[0]))
				}
			}
			for _, c := range res.Pricing {
				if c.Pricing == catalog.Spot {
					t.Errorf("Recommend() pricing comparison has spot (%s), which is never expected to finish", c.Total)
				}
			}
			if tt.wantNil {
				// p1:eu:a1, p1:us:a1 and p1:eu:a8 are the p1 offers sold as spot.
				n := len(res.Excluded)
				if n == 0 || res.Excluded[n-1].Reason != "never_finishes" || res.Excluded[n-1].Count != 3 ||
					!strings.Contains(say(cat, res.Excluded[n-1].ExampleText), "use checkpoints") {
					t.Errorf("Recommend() excluded = %+v, want 3 that never finish, advising checkpoints", res.Excluded)
				}
			}
		})
	}
}

// Ensure reserved terms are paid in full, term after term, however short the job.
func TestRecommendReservedTerms(t *testing.T) {
	cat := handCatalog(t)
	tests := []struct {
		name    string
		pricing catalog.PricingModel
		samples int64 // × 10 epochs at 1,000 img/s on p1:eu:a1
		hours   string
		compute [3]string
		total   string
	}{
		// 10 h job: the 1-year term bills 8,760 h × $0.60 = 5,256.00;
		// storage 1 GB-month × $0.02 = 0.02.
		{"10 h on 1-year", catalog.Reserved1Y, 3_600_000, "10", [3]string{"8760", "0.6", "5256.00"}, "5256.02"},
		// 10 h job: the 3-year term bills 26,280 h × $0.40 = 10,512.00.
		{"10 h on 3-year", catalog.Reserved3Y, 3_600_000, "10", [3]string{"26280", "0.4", "10512.00"}, "10512.02"},
		// Exactly 8,760 h (31,536,000,000 images): one term, 5,256.00;
		// storage 73 GB × 8,760 h ÷ 730 = 876 GB-months × $0.02 = 17.52.
		{"exactly one term", catalog.Reserved1Y, 3_153_600_000, "8760", [3]string{"8760", "0.6", "5256.00"}, "5273.52"},
		// 9,000 h: two 1-year terms, 17,520 h × $0.60 = 10,512.00; storage
		// 73 × 9,000 ÷ 730 = 900 GB-months × $0.02 = 18.00.
		{"9,000 h on 1-year", catalog.Reserved1Y, 3_240_000_000, "9000", [3]string{"17520", "0.6", "10512.00"}, "10530.00"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := handTraining(tt.samples, 10)
			req.Pricing = []catalog.PricingModel{tt.pricing}
			o := optionFor(t, recommend(t, cat, req), "p1:eu:a1")
			if !o.Hours.Equal(dec(tt.hours)) {
				t.Errorf("Recommend() hours = %s, want %s", o.Hours, tt.hours)
			}
			compute := linesOf(o, "compute")
			if len(compute) != 1 {
				t.Fatalf("Recommend() compute lines = %+v, want one", compute)
			}
			wantLine(t, "compute", compute[0], tt.compute[0], tt.compute[1], tt.compute[2])
			if !o.Total.Equal(dec(tt.total)) {
				t.Errorf("Recommend() total = %s, want %s", o.Total, tt.total)
			}
		})
	}
}

// Ensure the pricing comparison prices the pick's instance under every model it is sold under, allowed or not.
func TestRecommendPricingComparison(t *testing.T) {
	cat := handCatalog(t)
	req := handTraining(3_600_000, 10) // 10 h on one a
	req.Pricing = []catalog.PricingModel{catalog.Reserved1Y}
	res := recommend(t, cat, req)
	// On-demand: 10 h × $1.00 + 0.02 storage = 10.02. Spot (5–10 %, τ = 0.5 h):
	// 10.00037 h → 10.000 h × $0.30 = 3.00 + 0.02 = 3.02. 1-year: 5,256.02.
	// 3-year: 26,280 h × $0.40 = 10,512.00 + 0.02 = 10,512.02.
	want := map[catalog.PricingModel]string{catalog.OnDemand: "10.02", catalog.Spot: "3.02", catalog.Reserved1Y: "5256.02", catalog.Reserved3Y: "10512.02"}
	if len(res.Pricing) != len(want) {
		t.Fatalf("Recommend() pricing comparison = %+v, want %d models", res.Pricing, len(want))
	}
	for _, c := range res.Pricing {
		if !c.Total.Equal(dec(want[c.Pricing])) {
			t.Errorf("Recommend() %s total = %s, want %s", c.Pricing, c.Total, want[c.Pricing])
		}
		if notAllowed := strings.Contains(say(cat, c.NoteText), "Not among the allowed"); notAllowed != (c.Pricing != catalog.Reserved1Y) {
			t.Errorf("Recommend() %s note = %q, want it to say whether the model is allowed", c.Pricing, say(cat, c.NoteText))
		}
	}
}

// Ensure a deadline calls for the fewest nodes that finish in time, with interpolated cluster efficiency.
func TestRecommendDeadlineNodes(t *testing.T) {
	cat := handCatalog(t)
	tests := []struct {
		name     string
		deadline float64
		nodes    int
		hours    string
		compute  [3]string
		storage  [3]string
		total    string
	}{
		// 10 h of work on p1:us:a1 ($0.80/h), 73 GB dataset.
		{"one node suffices", 10, 1, "10", [3]string{"10", "0.8", "8.00"}, [3]string{"1", "0.02", "0.02"}, "8.02"},
		// 2 nodes at 0.9: 10 ÷ 1.8 = 5.5556 h ≤ 6; 11.111 node-hours ×
		// $0.80 = 8.889 → 8.89; 73 × 5.5556 ÷ 730 = 0.556 GB-months ×
		// $0.02 = 0.011 → 0.01.
		{"two nodes", 6, 2, "5.56", [3]string{"11.111", "0.8", "8.89"}, [3]string{"0.556", "0.02", "0.01"}, "8.90"},
		// 2 nodes need 5.56 h > 4; 3 nodes at (0.9 + 0.8) ÷ 2 = 0.85:
		// 10 ÷ 2.55 = 3.9216 h; 11.765 node-hours × $0.80 = 9.412 → 9.41;
		// 0.392 GB-months × $0.02 = 0.0078 → 0.01.
		{"three nodes, interpolated efficiency", 4, 3, "3.92", [3]string{"11.765", "0.8", "9.41"}, [3]string{"0.392", "0.02", "0.01"}, "9.42"},
		// 4 nodes at 0.8 need 10 ÷ 3.2 = 3.125 h > 3; 5 nodes keep the last
		// figure 0.8: 10 ÷ 4 = 2.5 h; 12.5 node-hours × $0.80 = 10.00;
		// 0.25 GB-months × $0.02 = 0.005 → 0.01 (half away from zero).
		{"five nodes, beyond the last data point", 3, 5, "2.5", [3]string{"12.5", "0.8", "10.00"}, [3]string{"0.25", "0.02", "0.01"}, "10.01"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := handTraining(3_600_000, 10)
			req.Providers = []string{"p1"}
			req.Workload.DeadlineHours = tt.deadline
			res := recommend(t, cat, req)
			o := optionFor(t, res, "p1:us:a1")
			if n := o.Placements[0].Nodes; n != tt.nodes {
				t.Errorf("Recommend() nodes = %d, want %d", n, tt.nodes)
			}
			if !o.Hours.Equal(dec(tt.hours)) {
				t.Errorf("Recommend() hours = %s, want %s", o.Hours, tt.hours)
			}
			compute, storage := linesOf(o, "compute"), linesOf(o, "storage")
			if len(compute) != 1 || len(storage) != 1 {
				t.Fatalf("Recommend() lines = %+v, want one compute and one storage line", o.Lines)
			}
			wantLine(t, "compute", compute[0], tt.compute[0], tt.compute[1], tt.compute[2])
			wantLine(t, "storage", storage[0], tt.storage[0], tt.storage[1], tt.storage[2])
			if !o.Total.Equal(dec(tt.total)) {
				t.Errorf("Recommend() total = %s, want %s", o.Total, tt.total)
			}
		})
	}
	t.Run("pick explains the nodes", func(t *testing.T) {
		// With a 6 h deadline p1:us:a1 on 2 nodes (8.90) beats p1:eu:a8
		// (1.5625 h, 10.00), p1:eu:a1 on 2 nodes (11.11) and p1:jp:a1.
		req := handTraining(3_600_000, 10)
		req.Providers = []string{"p1"}
		req.Workload.DeadlineHours = 6
		res := recommend(t, cat, req)
		if res.Pick == nil || placementID(res.Pick.Placements[0]) != "p1:us:a1" {
			t.Fatalf("Recommend() pick = %+v, want p1:us:a1", res.Pick)
		}
		if got := explanation(cat, *res.Pick); !strings.Contains(got, "One node alone would not finish in time: it needs 2.") {
			t.Errorf("Recommend() explanation = %q, want it to say one node would not do", got)
		}
	})
	t.Run("impossible deadline", func(t *testing.T) {
		// Even 16 × a8 (16 × 6,400 × 0.8 img/s) needs 0.12 h > 0.1 h.
		req := handTraining(3_600_000, 10)
		req.Workload.DeadlineHours = 0.1
		res := recommend(t, cat, req)
		if res.Pick != nil {
			t.Fatalf("Recommend() pick = %+v, want none", res.Pick)
		}
		// All five offers with GPU a miss the deadline.
		if len(res.Excluded) != 2 || res.Excluded[0].Reason != "gpu" || res.Excluded[1].Reason != "deadline" || res.Excluded[1].Count != 5 {
			t.Fatalf("Recommend() excluded = %+v, want 2 by gpu and 5 by deadline", res.Excluded)
		}
		if ex := say(cat, res.Excluded[1].ExampleText); !strings.Contains(ex, "over the 0.1 h deadline") {
			t.Errorf("Recommend() deadline example = %q, want it to name the deadline", ex)
		}
	})
}

// Ensure moving the dataset in costs inter-region rates within a provider and the source's egress tiers across providers.
func TestRecommendDatasetTransfer(t *testing.T) {
	cat := handCatalog(t)
	type line = [3]string
	tests := []struct {
		name     string
		from     string
		offer    string
		transfer []line
		total    string
	}{
		// 10 h × $0.80 = 8.00 + storage 0.02 on p1:us:a1.
		{"uploaded from elsewhere", "", "p1:us:a1", nil, "8.02"},
		{"already in the region", "p1:us", "p1:us:a1", nil, "8.02"},
		// Same provider: 73 GB × p1's $0.02 inter-region = 1.46.
		{"inter-region", "p1:eu", "p1:us:a1", []line{{"73", "0.02", "1.46"}}, "9.48"},
		// Same provider: the Tokyo region's internet tiers do not apply.
		{"inter-region from a region with its own egress", "p1:jp", "p1:us:a1", []line{{"73", "0.02", "1.46"}}, "9.48"},
		// Across providers: p2's internet egress, 73 GB × $0.08 = 5.84.
		{"across providers, flat egress", "p2:fr", "p1:us:a1", []line{{"73", "0.08", "5.84"}}, "13.86"},
		// Across providers: p1's tiers, 10 GB × $0.10 = 1.00 and 63 GB ×
		// $0.05 = 3.15; compute 10 h × $0.90 = 9.00; storage on p2 1
		// GB-month × $0.023 = 0.02; 13.17.
		{"across providers, tiered egress", "p1:us", "p2:fr:a1", []line{{"10", "0.1", "1.00"}, {"63", "0.05", "3.15"}}, "13.17"},
		// Across providers from Tokyo, whose own tiers apply: 5 GB × $0.20
		// = 1.00 and 68 GB × $0.12 = 8.16; 9.00 + 0.02 + 9.16 = 18.18.
		{"across providers, region egress", "p1:jp", "p2:fr:a1", []line{{"5", "0.2", "1.00"}, {"68", "0.12", "8.16"}}, "18.18"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := handTraining(3_600_000, 10)
			req.Data.Location = tt.from
			o := optionFor(t, recommend(t, cat, req), tt.offer)
			got := linesOf(o, "data_transfer")
			if len(got) != len(tt.transfer) {
				t.Fatalf("Recommend() transfer lines = %+v, want %d", got, len(tt.transfer))
			}
			for i, w := range tt.transfer {
				wantLine(t, "data_transfer", got[i], w[0], w[1], w[2])
			}
			if !o.Total.Equal(dec(tt.total)) {
				t.Errorf("Recommend() total = %s, want %s", o.Total, tt.total)
			}
		})
	}
}

// Ensure money is converted line by line (unit price to 4 places, amount to 2) and the total is the sum of lines.
func TestRecommendCurrency(t *testing.T) {
	cat := handCatalog(t)
	tests := []struct {
		name     string
		offer    string
		currency string
		compute  [3]string
		storage  [3]string
		total    string
		rate     string
	}{
		{"USD", "p1:us:a1", "USD", [3]string{"10", "0.8", "8.00"}, [3]string{"1", "0.02", "0.02"}, "8.02", "1"},
		// $0.80 × 0.8532 = 0.68256 → 0.6826 → 6.826 → 6.83; $0.02 × 0.8532 =
		// 0.017064 → 0.0171 → 0.02; total 6.85, the sum of the converted lines (not
		// 8.02 × 0.8532 = 6.84).
		{"EUR", "p1:us:a1", "EUR", [3]string{"10", "0.6826", "6.83"}, [3]string{"1", "0.0171", "0.02"}, "6.85", "0.8532"},
		// $0.80 × 7.1647 = 5.73176 → 5.7318 → 57.318 → 57.32; $0.02 × 7.1647 =
		// 0.143294 → 0.1433 → 0.14; total 57.46.
		{"CNY", "p1:us:a1", "CNY", [3]string{"10", "5.7318", "57.32"}, [3]string{"1", "0.1433", "0.14"}, "57.46", "7.1647"},
		// $0.90 × 0.8532 = 0.76788 → 0.7679 → 7.679 → 7.68; $0.023 × 0.8532 =
		// 0.0196236 → 0.0196 (four places) → 0.02; total 7.70.
		{"EUR, unit price rounded to four places", "p2:fr:a1", "EUR", [3]string{"10", "0.7679", "7.68"}, [3]string{"1", "0.0196", "0.02"}, "7.70", "0.8532"},
		// $0.90 × 7.1647 = 6.44823 → 6.4482 → 64.482 → 64.48; $0.023 × 7.1647 =
		// 0.1647881 → 0.1648 → 0.16; total 64.64.
		{"CNY, unit price rounded to four places", "p2:fr:a1", "CNY", [3]string{"10", "6.4482", "64.48"}, [3]string{"1", "0.1648", "0.16"}, "64.64", "7.1647"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := handTraining(3_600_000, 10) // 10 h
			req.Currency = tt.currency
			res := recommend(t, cat, req)
			if res.Currency != tt.currency || res.Rate.String() != tt.rate || res.RateDate != "2026-11-01" {
				t.Errorf("Recommend() currency = %s at %s (%s), want %s at %s (2026-11-01)", res.Currency, res.Rate, res.RateDate, tt.currency, tt.rate)
			}
			o := optionFor(t, res, tt.offer)
			compute, storage := linesOf(o, "compute"), linesOf(o, "storage")
			if len(compute) != 1 || len(storage) != 1 {
				t.Fatalf("Recommend() lines = %+v, want one compute and one storage line", o.Lines)
			}
			wantLine(t, "compute", compute[0], tt.compute[0], tt.compute[1], tt.compute[2])
			wantLine(t, "storage", storage[0], tt.storage[0], tt.storage[1], tt.storage[2])
			if !o.Total.Equal(dec(tt.total)) {
				t.Errorf("Recommend() total = %s, want %s", o.Total, tt.total)
			}
		})
	}
}

// Ensure the budget is held against the total the buyer sees: the sum of the rounded, converted lines.
func TestRecommendBudget(t *testing.T) {
	cat := handCatalog(t)
	// p1:us:a1 for 10 h costs 8.02 USD, shown as 6.85 EUR (6.83 + 0.02)
	// though 8.02 × 0.8532 = 6.8427. The other p1 offers with GPU a cost
	// more: p1:eu:a1 10.02 USD (8.55 EUR), p1:eu:a8 1.5625 h × $6.40 =
	// 10.00 USD, p1:jp:a1 12.02 USD.
	tests := []struct {
		name   string
		budget string
		pick   string // "" for none
	}{
		{"above both", "100", "p1:us:a1"},
		{"exactly the shown total", "6.85", "p1:us:a1"},
		{"between the float and the shown total", "6.843", ""},
		{"below both", "6.84", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := handTraining(3_600_000, 10)
			req.Currency = "EUR"
			req.GPUs = []string{"a"}
			req.Providers = []string{"p1"}
			req.Budget = ptr(dec(tt.budget))
			res := recommend(t, cat, req)
			for _, o := range options(res) {
				if o.Total.GreaterThan(dec(tt.budget)) {
					t.Errorf("Recommend() option %s total = %s EUR, over the budget of %s", placementID(o.Placements[0]), o.Total, tt.budget)
				}
			}
			got := ""
			if res.Pick != nil {
				got = placementID(res.Pick.Placements[0])
			}
			if got != tt.pick {
				t.Errorf("Recommend() pick = %q, want %q (excluded %+v)", got, tt.pick, res.Excluded)
			}
		})
	}
}
