package catalog

import (
	"cmp"
	"fmt"
	"io"
	"strings"

	"github.com/shopspring/decimal"
)

// FormatGCPBilling names the Google Cloud Billing catalog's SKU pages for
// Compute Engine as an import format.
const FormatGCPBilling = "gcp-billing"

// gcpPage is one page of the Cloud Billing Catalog API's services.skus.list
// (https://cloud.google.com/billing/docs/reference/rest/v1/services.skus/list):
// its SKUs and the token of the next page.
type gcpPage struct {
	Skus []struct {
		Description string `json:"description"`
		Category    struct {
			ServiceDisplayName string `json:"serviceDisplayName"`
			ResourceFamily     string `json:"resourceFamily"`
			ResourceGroup      string `json:"resourceGroup"`
			UsageType          string `json:"usageType"`
		} `json:"category"`
		ServiceRegions []string `json:"serviceRegions"`
		PricingInfo    []struct {
			PricingExpression struct {
				UsageUnit   string `json:"usageUnit"`
				TieredRates []struct {
					UnitPrice struct {
						CurrencyCode string `json:"currencyCode"`
						Units        string `json:"units"`
						Nanos        int64  `json:"nanos"`
					} `json:"unitPrice"`
				} `json:"tieredRates"`
			} `json:"pricingExpression"`
		} `json:"pricingInfo"`
	} `json:"skus"`
	NextPageToken string `json:"nextPageToken"`
}

// gcpPart is one priced part of a machine: a family's vCPU ("core") or
// GiB of memory ("ram"), or one GPU ("gpu"), in a region, on demand or
// spot.
type gcpPart struct {
	region, family, part string
	spot                 bool
}

// ReadGCPBilling reads pages of the Cloud Billing Catalog API's SKUs for
// Compute Engine, one JSON page after another as downloaded (following
// nextPageToken), and prices the catalog's Google Cloud offers from them:
// a machine is its vCPUs times its family's core price, its memory times
// the family's RAM price (per GiB-hour), and its GPUs times the GPU's price
// (per GPU-hour), on demand (usageType OnDemand) and spot (Preemptible),
// in each of the SKU's serviceRegions. Core and RAM SKUs are told by their
// description ("G2 Instance Core running in Iowa", "Spot Preemptible A2
// Instance Ram …"), GPUs by theirs ("Nvidia L4 GPU …", "Nvidia Tesla A100
// 80GB GPU …"). Committed-use SKUs are not read yet. An offer is priced
// only when every part it needs is in the pages; the others are reported.
func ReadGCPBilling(r io.Reader, name string, c *Catalog) ([]PriceUpdate, FeedReport, error) {
	var rep FeedReport
	parts := map[gcpPart]decimal.Decimal{}
	skipped, committed := 0, 0
	probs := eachPage(r, name, "Cloud Billing Catalog API", `{"skus": [...], "nextPageToken": ...}`, func(page int, p *gcpPage) Problems {
		var probs Problems
		for i, s := range p.Skus {
			cat := s.Category
			if cat.ServiceDisplayName != "Compute Engine" || cat.ResourceFamily != "Compute" || len(s.PricingInfo) == 0 {
				skipped++
				continue
			}
			if strings.HasPrefix(cat.UsageType, "Commit") {
				committed++
				continue
			}
			if cat.UsageType != "OnDemand" && cat.UsageType != "Preemptible" {
				skipped++
				continue
			}
			family, part, ok := gcpPartOf(s.Description)
			if !ok {
				skipped++
				continue
			}
			rates := s.PricingInfo[len(s.PricingInfo)-1].PricingExpression.TieredRates
			if len(rates) == 0 {
				skipped++
				continue
			}
			up := rates[len(rates)-1].UnitPrice
			if up.CurrencyCode != BaseCurrency {
				probs = append(probs, Problem{File: name, Item: fmt.Sprintf("page %d sku %d", page, i+1), Field: "currencyCode",
					Message: fmt.Sprintf("%q: list the SKUs with currencyCode=USD", up.CurrencyCode)})
				continue
			}
			if msg := numberText(up.Units); msg != "" {
				probs = append(probs, Problem{File: name, Item: fmt.Sprintf("page %d sku %d", page, i+1), Field: "units", Message: msg})
				continue
			}
			units, err := decimal.NewFromString(cmp.Or(up.Units, "0"))
			if err != nil {
				probs = append(probs, Problem{File: name, Item: fmt.Sprintf("page %d sku %d", page, i+1), Field: "units", Message: err.Error()})
				continue
			}
			usd := units.Add(decimal.New(up.Nanos, -9))
			if units.IsNegative() || up.Nanos < 0 || !plainDecimal(units) {
				probs = append(probs, Problem{File: name, Item: fmt.Sprintf("page %d sku %d", page, i+1), Field: "unitPrice",
					Message: fmt.Sprintf("must be a price of at least 0 with at most %d digits, got units %q and nanos %d", MaxNumberLen, up.Units, up.Nanos)})
				continue
			}
			for _, region := range s.ServiceRegions {
				parts[gcpPart{region, family, part, cat.UsageType == "Preemptible"}] = usd
			}
		}
		return probs
	})
	if len(probs) > 0 {
		return nil, rep, probs
	}
	if skipped > 0 {
		rep.KeptOut = append(rep.KeptOut, fmt.Sprintf("%d SKUs: not a machine family's core or RAM, or a GPU, on demand or spot", skipped))
	}
	if committed > 0 {
		rep.KeptOut = append(rep.KeptOut, fmt.Sprintf("%d SKUs: committed use (not read yet)", committed))
	}
	var out []PriceUpdate
	var unpriced []string
	for _, o := range c.Offers {
		if o.Provider != "gcp" {
			continue
		}
		family, gpu := gcpMachineOf(o)
		u := PriceUpdate{Region: o.Region, InstanceType: o.InstanceType}
		for _, spot := range []bool{false, true} {
			usd, ok := gcpPrice(parts, o, family, gpu, spot)
			switch {
			case !ok:
			case spot:
				u.Spot = usd
			default:
				u.OnDemand = usd
			}
		}
		if u.OnDemand.IsZero() && u.Spot.IsZero() {
			unpriced = append(unpriced, o.ID())
			continue
		}
		out = append(out, u)
	}
	if len(unpriced) > 0 {
		rep.KeptOut = append(rep.KeptOut, sample(len(unpriced), "offers without every part priced in the pages", unpriced))
	}
	return sortUpdates(out), rep, nil
}

// gcpPartOf reads a SKU's description: the machine family and "core" or
// "ram" ("G2 Instance Core running in Iowa"), or "gpu" and the GPU
// ("Nvidia Tesla A100 80GB GPU running in …" is "A100 80GB").
func gcpPartOf(desc string) (family, part string, ok bool) {
	d := strings.TrimPrefix(desc, "Spot Preemptible ")
	if g, _, found := strings.Cut(d, " GPU"); found && strings.HasPrefix(g, "Nvidia ") {
		return strings.TrimPrefix(strings.TrimPrefix(g, "Nvidia "), "Tesla "), "gpu", true
	}
	for _, p := range []struct{ marker, part string }{{" Instance Core", "core"}, {" Instance Ram", "ram"}} {
		if f, _, found := strings.Cut(d, p.marker); found && f != "" && !strings.Contains(f, "Custom") && !strings.Contains(f, "Sole Tenancy") {
			return f, p.part, true
		}
	}
	return "", "", false
}

// gcpFamilies are the SKU families of the catalog's Google Cloud machine
// series, and gcpGPUs the SKU names of its GPUs.
var (
	gcpFamilies = map[string]string{"g2": "G2", "a2": "A2", "a3": "A3", "c3": "C3", "n1": "N1 Predefined"}
	gcpGPUs     = map[string]string{"l4": "L4", "a100-40gb": "A100", "a100-80gb": "A100 80GB", "h100": "H100 80GB", "t4": "T4", "v100": "V100"}
)

// gcpMachineOf is an offer's SKU family and GPU name ("" when the catalog
// does not know them).
func gcpMachineOf(o Offer) (family, gpu string) {
	series, _, _ := strings.Cut(o.InstanceType, "-")
	return gcpFamilies[series], gcpGPUs[o.GPU]
}

// gcpPrice is an offer's hourly price from the parts, on demand or spot;
// false when a part it needs is missing.
func gcpPrice(parts map[gcpPart]decimal.Decimal, o Offer, family, gpu string, spot bool) (decimal.Decimal, bool) {
	if family == "" || o.VCPUs == 0 || o.MemoryGiB == 0 || (o.GPUCount > 0 && gpu == "") {
		return decimal.Decimal{}, false
	}
	core, okC := parts[gcpPart{o.Region, family, "core", spot}]
	ram, okR := parts[gcpPart{o.Region, family, "ram", spot}]
	if !okC || !okR {
		return decimal.Decimal{}, false
	}
	usd := core.Mul(decimal.NewFromInt(int64(o.VCPUs))).Add(ram.Mul(decimal.NewFromFloat(o.MemoryGiB)))
	if o.GPUCount > 0 {
		g, ok := parts[gcpPart{o.Region, gpu, "gpu", spot}]
		if !ok {
			return decimal.Decimal{}, false
		}
		usd = usd.Add(g.Mul(decimal.NewFromInt(int64(o.GPUCount))))
	}
	return usd.Round(6), true
}
