package catalog_test

import (
	"encoding/csv"
	"os"
	"strconv"
	"testing"

	"github.com/shopspring/decimal"

	"gpuplace/internal/catalog"
)

// referenceRow returns the first row of a reference CSV whose columns hold
// the wanted values, as a map by column; the test skips when the
// reference set is absent.
func referenceRow(t *testing.T, file string, want map[string]string) map[string]string {
	t.Helper()
	f, err := os.Open(referenceDir + file)
	if err != nil {
		t.Skipf("reference file %s absent: %v", file, err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows[1:] {
		row := map[string]string{}
		for i, col := range rows[0] {
			row[col] = r[i]
		}
		match := true
		for k, v := range want {
			match = match && row[k] == v
		}
		if match {
			return row
		}
	}
	t.Fatalf("%s has no row %v", file, want)
	return nil
}

// sameAmount fails unless a catalog amount equals a reference figure.
func sameAmount(t *testing.T, what string, got decimal.Decimal, want string) {
	t.Helper()
	w, err := decimal.NewFromString(want)
	if err != nil || !got.Equal(w) {
		t.Errorf("%s = %s, reference says %s", what, got, want)
	}
}

// Ensure the Europe-first figures in the embedded catalog are the
// reference set's: an Azure West Europe size (on-demand, spot, 1-year
// savings plan), a Nebius and an OVHcloud price in their own currencies,
// and an Azure egress tier of that region.
func TestEuropeAgainstReference(t *testing.T) {
	c := loadReal(t)
	az := referenceRow(t, "azure_gpu_prices_world.csv", map[string]string{"region": "westeurope", "instance_type": "Standard_NC4as_T4_v3"})
	o, ok := c.Offer("azure:westeurope:Standard_NC4as_T4_v3")
	if !ok {
		t.Fatal("no Azure West Europe NC4as T4 v3 offer")
	}
	sameAmount(t, "azure westeurope on-demand", o.OnDemand.USDPerHour, az["on_demand_usd_per_hour"])
	sameAmount(t, "azure westeurope spot", o.Spot.USDPerHour, az["spot_usd_per_hour"])
	sameAmount(t, "azure westeurope 1-year savings plan", o.Reserved1Y.USDPerHour, az["savings_plan_1y_usd_per_hour"])
	if r, _ := c.Region("azure:westeurope"); r.Metro != "ams" || r.Country != "NL" {
		t.Errorf("azure westeurope is in %s (%s), want Amsterdam (NL)", r.Metro, r.Country)
	}

	nb := referenceRow(t, "eu_gpu_clouds.csv", map[string]string{"provider": "Nebius", "instance_or_plan": "gpu-h100-sxm_1gpu-16vcpu-200gb", "location_code": "eu-north1"})
	o, ok = c.Offer("nebius:eu-north1:gpu-h100-sxm_1gpu-16vcpu-200gb")
	if !ok {
		t.Fatal("no Nebius eu-north1 H100 offer")
	}
	amount, cur := o.OnDemand.Native()
	sameAmount(t, "nebius on-demand", amount, nb["price"])
	sameAmount(t, "nebius preemptible", o.Spot.USDPerHour, nb["spot_or_preemptible_price"])
	if cur != nb["currency"] {
		t.Errorf("nebius currency = %s, reference says %s", cur, nb["currency"])
	}

	ovh := referenceRow(t, "eu_gpu_clouds.csv", map[string]string{"provider": "OVHcloud", "instance_or_plan": "a10-45"})
	var found bool
	for _, x := range c.Offers {
		if x.Provider != "ovhcloud" || x.InstanceType != "a10-45" || x.OnDemand == nil {
			continue
		}
		found = true
		amount, cur := x.OnDemand.Native()
		sameAmount(t, "ovhcloud a10-45 on-demand", amount, ovh["price"])
		if cur != "EUR" || cur != ovh["currency"] {
			t.Errorf("ovhcloud a10-45 currency = %s, want the reference's %s (EUR)", cur, ovh["currency"])
		}
		if x.SourceQuality != catalog.QualitySecondary {
			t.Errorf("ovhcloud a10-45 source quality = %q, the reference marks it secondary", x.SourceQuality)
		}
		eur, _ := c.Rate("EUR")
		if want := amount.Div(eur.PerUSD).Round(6); !x.OnDemand.USDPerHour.Equal(want) {
			t.Errorf("ovhcloud a10-45 in USD = %s, want %s at the catalog's rate", x.OnDemand.USDPerHour, want)
		}
	}
	if !found {
		t.Fatal("no OVHcloud a10-45 offer")
	}

	tier := referenceRow(t, "azure_egress_internet_tiers_by_region.csv", map[string]string{"region": "westeurope", "routing": "mgn", "tier_from_gb": "100.0"})
	r, _ := c.Region("azure:westeurope")
	tiers, known := c.EgressTiers(r)
	if !known || len(tiers) < 2 {
		t.Fatalf("azure westeurope egress = %+v, want its own tiers", tiers)
	}
	to, _ := strconv.ParseFloat(tier["tier_to_gb"], 64)
	if tiers[1].FromGB != 100 || tiers[1].ToGB != to {
		t.Errorf("azure westeurope second tier %v–%v GB, reference says 100–%v", tiers[1].FromGB, tiers[1].ToGB, to)
	}
	sameAmount(t, "azure westeurope egress 100 GB–10 TB", tiers[1].USDPerGB, tier["usd_per_gb"])
}
