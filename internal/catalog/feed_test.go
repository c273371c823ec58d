package catalog_test

import (
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"gpuplace/internal/catalog"
)

// The fixture, testdata/azure_retail_pages.json, is two pages of the Azure
// Retail Prices API as its documentation describes them
// (https://learn.microsoft.com/rest/api/cost-management/retail-prices/azure-retail-prices:
// a page's Items, NextPageLink and Count; an item's currencyCode,
// unitPrice, armRegionName, armSkuName, skuName, productName, meterName,
// type, reservationTerm, unitOfMeasure, effectiveStartDate,
// isPrimaryMeterRegion), with prices of the test's own: Linux, Windows,
// spot and low-priority meters of one T4 size, an older and a newer price
// of the same meter, 1- and 3-year reservations, a dev/test meter and a
// CPU size the catalog does not have.

// Ensure the Azure feed's pages become the catalog's prices: the newest
// Linux price, spot where the SKU says so, a reservation's term price
// spread over its hours; Windows, low-priority and dev/test meters kept
// out and said so; and, applied to the real catalog, exactly the two
// offers the feed names change, keeping what the feed does not give.
func TestAzureRetailFeed(t *testing.T) {
	f, err := os.Open("testdata/azure_retail_pages.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ups, rep, err := catalog.ReadAzureRetail(f, "azure_retail_pages.json")
	if err != nil {
		t.Fatal(err)
	}
	d := decimal.RequireFromString
	want := []catalog.PriceUpdate{
		{Region: "eastus", InstanceType: "Standard_D2s_v5", OnDemand: d("0.096")},
		// 2,759.40 USD for a year of 8,760 h; 5,256 USD for three years.
		{Region: "eastus", InstanceType: "Standard_NC4as_T4_v3", OnDemand: d("0.5"), Spot: d("0.0602"), Reserved1Y: d("0.315"), Reserved3Y: d("0.2")},
		{Region: "eastus2", InstanceType: "Standard_NC24ads_A100_v4", OnDemand: d("3.5")},
	}
	if len(ups) != len(want) {
		t.Fatalf("%d updates, want %d: %+v", len(ups), len(want), ups)
	}
	for i, u := range ups {
		w := want[i]
		if u.Region != w.Region || u.InstanceType != w.InstanceType || !u.OnDemand.Equal(w.OnDemand) || !u.Spot.Equal(w.Spot) ||
			!u.Reserved1Y.Equal(w.Reserved1Y) || !u.Reserved3Y.Equal(w.Reserved3Y) {
			t.Errorf("update %d = %+v, want %+v", i, u, w)
		}
	}
	for _, kept := range []string{"1 items: Windows meters", "1 items: low-priority meters", "1 items: meters of type DevTestConsumption"} {
		if !slices.ContainsFunc(rep.KeptOut, func(s string) bool { return strings.HasPrefix(s, kept) }) {
			t.Errorf("report %q does not say %q", rep.KeptOut, kept)
		}
	}

	cat := loadReal(t)
	src := catalog.Source{ID: "import-test", Title: "Azure Retail Prices API pages"}
	next, applied, err := cat.UpdatePrices("azure", ups, "test.1", "2026-12-02", src)
	if err != nil {
		t.Fatal(err)
	}
	if len(applied.KeptOut) != 1 || !strings.Contains(applied.KeptOut[0], "azure:eastus:Standard_D2s_v5") {
		t.Errorf("kept out %q, want the D2s v5 the catalog does not have", applied.KeptOut)
	}
	diff := catalog.DiffOffers(cat, next)
	if len(diff.Added)+len(diff.Removed) != 0 || len(diff.Changed) != 2 {
		t.Fatalf("diff: %d added, %d removed, %d changed; want only the 2 offers the feed names", len(diff.Added), len(diff.Removed), len(diff.Changed))
	}
	offer := func(c *catalog.Catalog, id string) catalog.Offer {
		for _, o := range c.Offers {
			if o.ID() == id {
				return o
			}
		}
		t.Fatalf("no offer %s", id)
		return catalog.Offer{}
	}
	before, t4 := offer(cat, "azure:eastus:Standard_NC4as_T4_v3"), offer(next, "azure:eastus:Standard_NC4as_T4_v3")
	if !t4.OnDemand.USDPerHour.Equal(d("0.5")) || t4.OnDemand.Source != src.ID || t4.OnDemand.Date != "2026-12-02" ||
		!t4.Spot.USDPerHour.Equal(d("0.0602")) || t4.Reserved1Y == nil || !t4.Reserved1Y.USDPerHour.Equal(d("0.315")) {
		t.Errorf("T4 offer after the feed: %+v", t4)
	}
	if before.Spot != nil && t4.Spot.Band != before.Spot.Band {
		t.Errorf("spot band %q, want the offer's own %q kept", t4.Spot.Band, before.Spot.Band)
	}
	a100 := offer(next, "azure:eastus2:Standard_NC24ads_A100_v4")
	if was := offer(cat, "azure:eastus2:Standard_NC24ads_A100_v4"); !a100.OnDemand.USDPerHour.Equal(d("3.5")) ||
		(was.Spot != nil && (a100.Spot == nil || !a100.Spot.USDPerHour.Equal(was.Spot.USDPerHour))) {
		t.Errorf("A100 offer: on-demand %s, spot %+v; want 3.5 and its own spot kept (the feed has none)", a100.OnDemand.USDPerHour, a100.Spot)
	}
}

// Ensure a page in another currency, or no page at all, imports nothing
// and says why.
func TestAzureRetailFeedRefuses(t *testing.T) {
	eur := `{"Items":[{"currencyCode":"EUR","unitPrice":0.5,"armRegionName":"westeurope","armSkuName":"Standard_NC4as_T4_v3","skuName":"NC4as T4 v3",` +
		`"productName":"Virtual Machines NCasT4_v3 Series","serviceName":"Virtual Machines","unitOfMeasure":"1 Hour","type":"Consumption"}],"NextPageLink":null}`
	for _, tt := range []struct{ body, want string }{
		{eur, "currencyCode=USD"},
		{"", "no page"},
		{`{"Items": [`, "not a page"},
	} {
		_, _, err := catalog.ReadAzureRetail(strings.NewReader(tt.body), "feed.json")
		var probs catalog.Problems
		if !errors.As(err, &probs) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ReadAzureRetail(%.40q) = %v, want problems saying %q", tt.body, err, tt.want)
		}
	}
}

// The fixture testdata/aws_spot_advisor.json has the shape of the data
// file the AWS Spot Instance Advisor loads
// (https://aws.amazon.com/ec2/spot/instance-advisor/:
// spot-advisor-data.json's instance_types, ranges with their index and
// label, and spot_advisor by region and operating system, each instance
// type's s and r), with figures of the test's own.

// Ensure the Spot Instance Advisor's file becomes the interruption bands
// of the catalog's AWS spot prices: the range's label, Linux only; an
// offer without a spot price, and types the catalog does not have, are
// reported, and no price moves.
func TestAWSSpotAdvisorFeed(t *testing.T) {
	f, err := os.Open("testdata/aws_spot_advisor.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ups, rep, err := catalog.ReadAWSSpotAdvisor(f, "aws_spot_advisor.json")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, u := range ups {
		got = append(got, u.Region+":"+u.InstanceType+"="+u.SpotBand)
	}
	want := []string{"eu-central-1:g4dn.xlarge=>20%", "us-east-1:c7i.large=<5%", "us-east-1:g4dn.xlarge=5-10%", "us-east-1:m5.large=10-15%", "us-east-1:p5.4xlarge=15-20%"}
	if !slices.Equal(got, want) {
		t.Errorf("bands %q, want %q", got, want)
	}
	if len(rep.KeptOut) != 1 || !strings.HasPrefix(rep.KeptOut[0], "1 items: Windows") {
		t.Errorf("report %q, want the one Windows figure", rep.KeptOut)
	}
	cat := loadReal(t)
	next, applied, err := cat.UpdatePrices("aws", ups, "test.1", "2026-12-02", catalog.Source{ID: "import-test", Title: "advisor"})
	if err != nil {
		t.Fatal(err)
	}
	joined := strings.Join(applied.KeptOut, "\n")
	if !strings.Contains(joined, "aws:us-east-1:m5.large") || !strings.Contains(joined, "without a spot price: aws:us-east-1:p5.4xlarge") {
		t.Errorf("kept out %q, want m5.large (not in the catalog) and p5.4xlarge (no spot price)", applied.KeptOut)
	}
	for _, o := range next.Offers {
		if o.ID() == "aws:us-east-1:g4dn.xlarge" && (o.Spot.Band != "5-10%" || o.Spot.BandRef == nil || o.Spot.BandRef.Source != "import-test") {
			t.Errorf("g4dn.xlarge spot %+v, want band 5-10%% citing the import", o.Spot)
		}
	}
	if d := catalog.DiffOffers(cat, next); len(d.Changed)+len(d.Added)+len(d.Removed) != 0 || len(d.Rebanded) == 0 {
		t.Errorf("bands: %d changed, %d added, %d removed, %d rebanded; want no price moved and some bands", len(d.Changed), len(d.Added), len(d.Removed), len(d.Rebanded))
	}
}

// The fixture testdata/aws_price_list.json has the shape of an AWS Price
// List bulk offer file for EC2
// (https://docs.aws.amazon.com/awsaccountbilling/latest/aboutv2/reading-an-offer.html:
// formatVersion, offerCode, products by SKU with productFamily and
// attributes, terms.OnDemand and terms.Reserved by SKU and offer term,
// each with priceDimensions in pricePerUnit and, for reservations,
// termAttributes LeaseContractLength, OfferingClass, PurchaseOption),
// with prices of the test's own.

// Ensure the offer file becomes the Linux shared-tenancy prices of the
// catalog's AWS offers: the hourly on-demand price and the standard
// no-upfront reservations; Windows, capacity reservations, storage,
// convertible and upfront terms are not taken, and a type the catalog does
// not have is reported.
func TestAWSPriceListFeed(t *testing.T) {
	f, err := os.Open("testdata/aws_price_list.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ups, rep, err := catalog.ReadAWSPriceList(f, "aws_price_list.json")
	if err != nil {
		t.Fatal(err)
	}
	d := decimal.RequireFromString
	want := []catalog.PriceUpdate{
		{Region: "us-east-1", InstanceType: "g4dn.xlarge", OnDemand: d("0.51"), Reserved1Y: d("0.33"), Reserved3Y: d("0.23")},
		{Region: "us-east-1", InstanceType: "m5.large", OnDemand: d("0.096")},
		{Region: "us-east-1", InstanceType: "p5.48xlarge", OnDemand: d("54")},
	}
	if len(ups) != len(want) {
		t.Fatalf("updates %+v, want %+v", ups, want)
	}
	for i, u := range ups {
		w := want[i]
		if u.Region != w.Region || u.InstanceType != w.InstanceType || !u.OnDemand.Equal(w.OnDemand) || !u.Reserved1Y.Equal(w.Reserved1Y) || !u.Reserved3Y.Equal(w.Reserved3Y) {
			t.Errorf("update %d = %+v, want %+v", i, u, w)
		}
	}
	if len(rep.KeptOut) != 1 || !strings.HasPrefix(rep.KeptOut[0], "3 products: not a Linux instance") {
		t.Errorf("report %q, want the Windows, capacity-reservation and storage products", rep.KeptOut)
	}
	cat := loadReal(t)
	next, applied, err := cat.UpdatePrices("aws", ups, "test.1", "2026-12-02", catalog.Source{ID: "import-test", Title: "price list"})
	if err != nil {
		t.Fatal(err)
	}
	if len(applied.KeptOut) != 1 || !strings.Contains(applied.KeptOut[0], "aws:us-east-1:m5.large") {
		t.Errorf("kept out %q, want m5.large", applied.KeptOut)
	}
	if diff := catalog.DiffOffers(cat, next); len(diff.Changed) != 2 || len(diff.Added)+len(diff.Removed) != 0 {
		t.Errorf("diff: %d changed, %d added, %d removed; want the 2 offers named", len(diff.Changed), len(diff.Added), len(diff.Removed))
	}
	for _, body := range []string{`{"terms": {}, "products": {}}`, `[]`, `{"offerCode": "AmazonEC2"}`} {
		if _, _, err := catalog.ReadAWSPriceList(strings.NewReader(body), "x.json"); err == nil {
			t.Errorf("ReadAWSPriceList(%s) read it", body)
		}
	}
}

// The fixture testdata/gcp_billing_skus.json is two pages of the Cloud
// Billing Catalog API's services.skus.list for Compute Engine
// (https://cloud.google.com/billing/docs/reference/rest/v1/services.skus/list:
// skus with description, category (serviceDisplayName, resourceFamily,
// resourceGroup, usageType), serviceRegions and pricingInfo's
// pricingExpression (usageUnit, tieredRates' unitPrice in units and
// nanos), and nextPageToken), with prices of the test's own: G2 cores,
// memory and L4 GPUs on demand and spot in us-central1, an L4 price in
// us-east4 alone, a committed-use SKU, a disk SKU and an A2 core alone.

// Ensure the SKUs price each G2 machine in us-central1 as its vCPUs ×
// the core price + its GiB × the memory price + its GPUs × the L4's, on
// demand and spot; machines missing a part (us-east4's G2, every A2) are
// reported, not priced; committed-use and disk SKUs are counted.
func TestGCPBillingFeed(t *testing.T) {
	f, err := os.Open("testdata/gcp_billing_skus.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cat := loadReal(t)
	ups, rep, err := catalog.ReadGCPBilling(f, "gcp_billing_skus.json", cat)
	if err != nil {
		t.Fatal(err)
	}
	d := decimal.RequireFromString
	byKey := map[string]catalog.PriceUpdate{}
	for _, u := range ups {
		byKey[u.Region+":"+u.InstanceType] = u
	}
	g2 := 0
	for _, o := range cat.Offers {
		u, priced := byKey[o.Region+":"+o.InstanceType]
		if o.Provider != "gcp" {
			continue
		}
		if !strings.HasPrefix(o.InstanceType, "g2-") || o.Region != "us-central1" {
			if priced {
				t.Errorf("%s priced (%+v) though a part is missing", o.ID(), u)
			}
			continue
		}
		g2++
		vcpus, mem, gpus := decimal.NewFromInt(int64(o.VCPUs)), decimal.NewFromFloat(o.MemoryGiB), decimal.NewFromInt(int64(o.GPUCount))
		od := vcpus.Mul(d("0.025")).Add(mem.Mul(d("0.003"))).Add(gpus.Mul(d("0.56")))
		spot := vcpus.Mul(d("0.01")).Add(mem.Mul(d("0.0012"))).Add(gpus.Mul(d("0.22")))
		if !priced || !u.OnDemand.Equal(od) || !u.Spot.Equal(spot) {
			t.Errorf("%s (%d vCPUs, %v GiB, %d L4): %+v, want on-demand %s and spot %s", o.ID(), o.VCPUs, o.MemoryGiB, o.GPUCount, u, od, spot)
		}
	}
	if g2 == 0 || len(ups) != g2 {
		t.Errorf("%d updates for %d G2 machines in us-central1", len(ups), g2)
	}
	joined := strings.Join(rep.KeptOut, "\n")
	for _, want := range []string{"1 SKUs: committed use", "SKUs: not a machine family's", "offers without every part priced"} {
		if !strings.Contains(joined, want) {
			t.Errorf("report %q does not say %q", rep.KeptOut, want)
		}
	}
}
