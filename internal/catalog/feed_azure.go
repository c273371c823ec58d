package catalog

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/shopspring/decimal"
)

// FormatAzureRetail names the Azure Retail Prices API's pages as an
// import format.
const FormatAzureRetail = "azure-retail"

// azurePage is one page of the Azure Retail Prices API
// (https://learn.microsoft.com/rest/api/cost-management/retail-prices/azure-retail-prices):
// its items and the link to the next page.
type azurePage struct {
	BillingCurrency string      `json:"BillingCurrency"`
	Items           []azureItem `json:"Items"`
	NextPageLink    *string     `json:"NextPageLink"`
	Count           int         `json:"Count"`
}

// azureItem is one meter's price, with the fields the API documents that
// the reader uses.
type azureItem struct {
	CurrencyCode         string          `json:"currencyCode"`
	TierMinimumUnits     float64         `json:"tierMinimumUnits"`
	ReservationTerm      string          `json:"reservationTerm"`
	UnitPrice            decimal.Decimal `json:"unitPrice"`
	ArmRegionName        string          `json:"armRegionName"`
	EffectiveStartDate   string          `json:"effectiveStartDate"`
	MeterName            string          `json:"meterName"`
	ProductName          string          `json:"productName"`
	SkuName              string          `json:"skuName"`
	ServiceName          string          `json:"serviceName"`
	UnitOfMeasure        string          `json:"unitOfMeasure"`
	Type                 string          `json:"type"`
	IsPrimaryMeterRegion *bool           `json:"isPrimaryMeterRegion"`
	ArmSkuName           string          `json:"armSkuName"`
}

// ReadAzureRetail reads pages of the Azure Retail Prices API, one JSON
// object after another as they were downloaded (following NextPageLink),
// into price updates for the catalog's Azure offers. It takes Linux
// virtual machines' hourly meters in USD, the currency Microsoft prices
// in: "Consumption" items are on-demand, or spot where the SKU name says
// Spot; "Reservation" items are 1- and 3-year reservations, whose price
// is for the whole term and is spread over its hours. Windows, low
// priority and dev/test meters, tiers and non-primary meter regions are
// not what the catalog prices; where a meter has several prices, the one
// effective last is taken. Items in another currency are problems: ask the
// API with currencyCode=USD. What is kept out is reported.
func ReadAzureRetail(r io.Reader, name string) ([]PriceUpdate, FeedReport, error) {
	var rep FeedReport
	type price struct {
		usd  decimal.Decimal
		from string
	}
	type key struct{ region, sku string }
	prices := map[key]*[4]price{} // on-demand, spot, 1 year, 3 years
	skipped := map[string]int{}
	probs := eachPage(r, name, "Azure Retail Prices API", `{"Items": [...], "NextPageLink": ...}`, func(page int, p *azurePage) Problems {
		var probs Problems
		for i, it := range p.Items {
			item := fmt.Sprintf("page %d item %d", page, i+1)
			skip := azureSkip(it)
			if skip != "" {
				skipped[skip]++
				continue
			}
			if it.CurrencyCode != BaseCurrency {
				probs = append(probs, Problem{File: name, Item: item, Field: "currencyCode",
					Message: fmt.Sprintf("%q: Microsoft prices in USD, other currencies are for reference; download the pages with currencyCode=USD", it.CurrencyCode)})
				continue
			}
			if !it.UnitPrice.IsPositive() {
				probs = append(probs, Problem{File: name, Item: item, Field: "unitPrice", Message: "needs a positive price"})
				continue
			}
			slot, hours := azureSlot(it)
			if slot < 0 {
				probs = append(probs, Problem{File: name, Item: item, Field: "reservationTerm", Message: fmt.Sprintf("unknown term %q (want 1 Year or 3 Years)", it.ReservationTerm)})
				continue
			}
			k := key{it.ArmRegionName, it.ArmSkuName}
			if prices[k] == nil {
				prices[k] = &[4]price{}
			}
			if cur := &prices[k][slot]; cur.from == "" || it.EffectiveStartDate >= cur.from {
				*cur = price{usd: it.UnitPrice.Div(decimal.NewFromInt(int64(hours))).Round(6), from: it.EffectiveStartDate}
			}
		}
		return probs
	})
	if len(probs) > 0 {
		return nil, rep, probs
	}
	for _, why := range slices.Sorted(maps.Keys(skipped)) {
		rep.KeptOut = append(rep.KeptOut, fmt.Sprintf("%d items: %s", skipped[why], why))
	}
	out := make([]PriceUpdate, 0, len(prices))
	for k, p := range prices {
		out = append(out, PriceUpdate{Region: k.region, InstanceType: k.sku, OnDemand: p[0].usd, Spot: p[1].usd, Reserved1Y: p[2].usd, Reserved3Y: p[3].usd})
	}
	return sortUpdates(out), rep, nil
}

// azureSkip says why an item is not one of the catalog's prices ("": it
// is one).
func azureSkip(it azureItem) string {
	switch {
	case it.ServiceName != "Virtual Machines":
		return "not a virtual machine (serviceName " + it.ServiceName + ")"
	case strings.Contains(it.ProductName, "Windows"):
		return "Windows meters (the catalog prices Linux)"
	case strings.Contains(it.SkuName, "Low Priority") || strings.Contains(it.MeterName, "Low Priority"):
		return "low-priority meters"
	case it.Type != "Consumption" && it.Type != "Reservation":
		return "meters of type " + it.Type
	case it.UnitOfMeasure != "1 Hour":
		return "meters not per hour (" + it.UnitOfMeasure + ")"
	case it.TierMinimumUnits > 0:
		return "tiers above the first"
	case it.IsPrimaryMeterRegion != nil && !*it.IsPrimaryMeterRegion:
		return "non-primary meter regions"
	case it.ArmRegionName == "" || it.ArmSkuName == "":
		return "no region or SKU"
	}
	return ""
}

// azureSlot is which price an item is (0 on-demand, 1 spot, 2 and 3 the
// 1- and 3-year reservations; −1 an unknown term) and over how many hours
// its price is paid.
func azureSlot(it azureItem) (int, int) {
	if it.Type == "Reservation" {
		switch it.ReservationTerm {
		case "1 Year":
			return 2, HoursPerYear
		case "3 Years":
			return 3, 3 * HoursPerYear
		}
		return -1, 0
	}
	if strings.HasSuffix(it.SkuName, " Spot") || strings.HasSuffix(it.MeterName, " Spot") {
		return 1, 1
	}
	return 0, 1
}
