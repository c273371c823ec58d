package advisor_test

import (
	"math"
	"strings"
	"testing"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
)

// Ensure every region states its grid with year and source, or says why
// it has none, and that at least 90 % have one; and that Nordic and French
// grids are below Virginia's and Poland's.
func TestRegionGrids(t *testing.T) {
	cat := realCatalog(t)
	with := 0
	by := map[string]float64{}
	for _, r := range cat.Regions {
		switch c := r.Carbon; {
		case c != nil && c.Year > 0 && c.Source != "":
			with++
			by[r.Key()] = c.GCO2ePerKWh
		case c == nil && r.CarbonNote != "":
		default:
			t.Errorf("%s: carbon %+v, note %q", r.Key(), c, r.CarbonNote)
		}
	}
	if share := float64(with) / float64(len(cat.Regions)); share < 0.9 {
		t.Errorf("%d of %d regions have a grid figure, want at least 90 %%", with, len(cat.Regions))
	}
	for _, low := range []string{"aws:eu-north-1", "azure:norwayeast", "azure:francecentral"} {
		for _, high := range []string{"aws:us-east-1", "azure:eastus", "azure:polandcentral", "gcp:europe-central2"} {
			if by[low] == 0 || by[high] == 0 || by[low] >= by[high] {
				t.Errorf("%s at %v g/kWh is not below %s at %v", low, by[low], high, by[high])
			}
		}
	}
}

// Ensure the carbon objective for ResNet-50 training under gdpr=eu picks a
// grid under 100 g CO2e/kWh and says what it costs against the cheapest;
// and that its emissions are what its GPUs, hours, power, PUE and grid
// give by hand.
func TestCarbonObjective(t *testing.T) {
	cat := realCatalog(t)
	req := advisor.Request{Workload: advisor.Workload{Kind: catalog.KindTraining, Profile: "resnet50"}, GDPR: advisor.GDPREU, Objective: advisor.ObjectiveCarbon}
	res := recommend(t, cat, req)
	p := res.Pick
	if p == nil || p.Carbon == nil || p.Carbon.KgCO2e == nil {
		t.Fatalf("pick %+v", p)
	}
	if *p.Carbon.GCO2ePerKWh >= 100 {
		t.Errorf("the carbon pick's grid is %v g CO2e/kWh, want under 100", *p.Carbon.GCO2ePerKWh)
	}
	if !strings.Contains(explanation(cat, *p), "less CO2e, and it costs") {
		t.Errorf("explanation %q does not weigh the emissions against the cheapest option's cost", explanation(cat, *p))
	}
	cost := recommend(t, cat, advisor.Request{Workload: req.Workload, GDPR: req.GDPR})
	if cost.Pick.Carbon.KgCO2e == nil || *cost.Pick.Carbon.KgCO2e < *p.Carbon.KgCO2e {
		t.Errorf("the cost pick emits %v kg, the carbon pick %v", cost.Pick.Carbon.KgCO2e, *p.Carbon.KgCO2e)
	}
	// By hand.
	pl := p.Placements[0]
	g, _ := cat.GPU(pl.GPU)
	r, _ := cat.Region(pl.Provider + ":" + pl.Region)
	pue, _, _ := cat.PUE(pl.Provider)
	en := cat.Energy
	hours := p.Hours.InexactFloat64()
	kwh := float64(pl.Nodes*pl.GPUCount) * g.TDPW * (1 + en.HostShare.Value) * en.Utilisation[catalog.KindTraining].Value * hours * pue.Value / 1000
	kg := kwh * r.Carbon.GCO2ePerKWh / 1000
	if math.Abs(kg-*p.Carbon.KgCO2e)/kg > 0.01 || math.Abs(kwh-p.Carbon.KWh) > 0.06 {
		t.Errorf("by hand %.4f kWh, %.4f kg; the answer says %.4f kWh, %.4f kg", kwh, kg, p.Carbon.KWh, *p.Carbon.KgCO2e)
	}
}

// Ensure a carbon price moves the cost objective towards lower emissions
// without changing any total, and that balanced weighs emissions.
func TestCarbonPriceAndBalance(t *testing.T) {
	cat := realCatalog(t)
	base := advisor.Request{Workload: advisor.Workload{Kind: catalog.KindInference, Profile: "bert-large", RPS: 200, LatencyMS: 120, Months: advisor.Months(12)},
		Users: []advisor.UserShare{{Location: "DE", Share: 1}, {Location: "PL", Share: 1}}}
	plain := recommend(t, cat, base)
	priced := base
	priced.CarbonPrice = 5000
	withPrice := recommend(t, cat, priced)
	if plain.Pick == nil || withPrice.Pick == nil {
		t.Fatal("no pick")
	}
	if *withPrice.Pick.Carbon.KgCO2e > *plain.Pick.Carbon.KgCO2e {
		t.Errorf("a carbon price of 5,000 a tonne picked %v kg over %v kg", *withPrice.Pick.Carbon.KgCO2e, *plain.Pick.Carbon.KgCO2e)
	}
	if sum := withPrice.Pick.Lines; len(sum) == 0 {
		t.Fatal("no lines")
	}
	for _, l := range withPrice.Pick.Lines {
		if strings.Contains(strings.ToLower(say(cat, l.DescriptionText)), "carbon") {
			t.Errorf("a carbon price reached the invoice: %q", say(cat, l.DescriptionText))
		}
	}
	balanced := base
	balanced.Objective = advisor.ObjectiveBalanced
	b := recommend(t, cat, balanced)
	if s := b.Pick.Score; s == nil || s.CarbonWeight != advisor.BalancedCarbonWeight || math.Abs(s.Value-(s.CostPart+s.LatencyPart+s.CarbonPart)) > 1e-9 {
		t.Errorf("balanced score %+v does not weigh emissions", s)
	}
}
