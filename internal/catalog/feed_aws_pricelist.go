package catalog

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/shopspring/decimal"
)

// FormatAWSPriceList names the AWS Price List bulk offer file for EC2 as
// an import format.
const FormatAWSPriceList = "aws-pricelist"

// awsProduct is one product of the offer file: its SKU's attributes.
type awsProduct struct {
	ProductFamily string `json:"productFamily"`
	Attributes    struct {
		RegionCode      string `json:"regionCode"`
		InstanceType    string `json:"instanceType"`
		OperatingSystem string `json:"operatingSystem"`
		Tenancy         string `json:"tenancy"`
		PreInstalledSw  string `json:"preInstalledSw"`
		CapacityStatus  string `json:"capacitystatus"`
		LicenseModel    string `json:"licenseModel"`
	} `json:"attributes"`
}

// awsTerm is one offer term of a SKU: its price dimensions and, for a
// reservation, its contract.
type awsTerm struct {
	PriceDimensions map[string]struct {
		Unit         string            `json:"unit"`
		PricePerUnit map[string]string `json:"pricePerUnit"`
	} `json:"priceDimensions"`
	TermAttributes struct {
		LeaseContractLength string `json:"LeaseContractLength"`
		OfferingClass       string `json:"OfferingClass"`
		PurchaseOption      string `json:"PurchaseOption"`
	} `json:"termAttributes"`
}

// ReadAWSPriceList reads an AWS Price List bulk offer file for EC2
// (https://docs.aws.amazon.com/awsaccountbilling/latest/aboutv2/reading-an-offer.html:
// "products" by SKU with their attributes, "terms" with "OnDemand" and
// "Reserved" terms by SKU, each with priceDimensions in pricePerUnit
// USD), a region's file or one filtered to the GPU families, streaming it
// product by product. It takes the SKUs of a Linux instance on shared
// tenancy with no software and no licence, as used (capacitystatus Used):
// the hourly on-demand price, and the standard no-upfront reservations of
// 1 and 3 years (their hourly rate). Other SKUs are counted in the report.
func ReadAWSPriceList(r io.Reader, name string) ([]PriceUpdate, FeedReport, error) {
	var rep FeedReport
	bad := func(msg string) ([]PriceUpdate, FeedReport, error) {
		return nil, rep, Problems{{File: name, Message: "not an AWS Price List offer file: " + msg}}
	}
	dec := json.NewDecoder(r)
	dec.UseNumber()
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return bad("want a JSON object")
	}
	type key struct{ region, instance string }
	skus := map[string]key{}
	prices := map[key]*[3]decimal.Decimal{} // on-demand, 1 year, 3 years
	other, products := 0, false
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return bad(err.Error())
		}
		switch t {
		case "products":
			products = true
			err = eachMember(dec, func(sku string) error {
				var p awsProduct
				if err := dec.Decode(&p); err != nil {
					return err
				}
				a := p.Attributes
				if p.ProductFamily != "Compute Instance" || a.OperatingSystem != "Linux" || a.Tenancy != "Shared" ||
					a.PreInstalledSw != "NA" || a.CapacityStatus != "Used" || (a.LicenseModel != "" && a.LicenseModel != "No License required") {
					other++
					return nil
				}
				skus[sku] = key{a.RegionCode, a.InstanceType}
				return nil
			})
		case "terms":
			if !products {
				return bad(`"terms" before "products" (AWS writes products first)`)
			}
			err = eachMember(dec, func(kind string) error {
				return eachMember(dec, func(sku string) error {
					k, ok := skus[sku]
					if !ok || (kind != "OnDemand" && kind != "Reserved") {
						var skip json.RawMessage
						return dec.Decode(&skip)
					}
					var terms map[string]awsTerm
					if err := dec.Decode(&terms); err != nil {
						return err
					}
					for _, term := range terms {
						slot := awsPriceSlot(kind, term)
						if slot < 0 {
							continue
						}
						for _, d := range term.PriceDimensions {
							text := d.PricePerUnit[BaseCurrency]
							if msg := numberText(text); msg != "" {
								return fmt.Errorf("SKU %s: pricePerUnit %s", sku, msg)
							}
							usd, err := decimal.NewFromString(text)
							if d.Unit != "Hrs" || err != nil || !usd.IsPositive() {
								continue
							}
							if prices[k] == nil {
								prices[k] = &[3]decimal.Decimal{}
							}
							prices[k][slot] = usd
						}
					}
					return nil
				})
			})
		default:
			var skip json.RawMessage
			err = dec.Decode(&skip)
		}
		if err != nil {
			return bad(err.Error())
		}
	}
	if !products {
		return bad(`no "products"`)
	}
	if other > 0 {
		rep.KeptOut = append(rep.KeptOut, fmt.Sprintf("%d products: not a Linux instance on shared tenancy without software or licence", other))
	}
	out := make([]PriceUpdate, 0, len(prices))
	for k, p := range prices {
		out = append(out, PriceUpdate{Region: k.region, InstanceType: k.instance, OnDemand: p[0].Round(6), Reserved1Y: p[1].Round(6), Reserved3Y: p[2].Round(6)})
	}
	return sortUpdates(out), rep, nil
}

// awsPriceSlot is which price a term is: 0 on-demand, 1 and 2 the
// standard no-upfront reservations of 1 and 3 years, −1 another.
func awsPriceSlot(kind string, t awsTerm) int {
	if kind == "OnDemand" {
		return 0
	}
	a := t.TermAttributes
	if a.OfferingClass != "standard" || a.PurchaseOption != "No Upfront" {
		return -1
	}
	switch a.LeaseContractLength {
	case "1yr":
		return 1
	case "3yr":
		return 2
	}
	return -1
}

// eachMember calls f with each member's name of the JSON object dec is
// at, f decoding its value.
func eachMember(dec *json.Decoder, f func(name string) error) error {
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return fmt.Errorf("want an object, got %v (%v)", t, err)
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return err
		}
		name, _ := t.(string)
		if err := f(name); err != nil {
			return err
		}
	}
	_, err := dec.Token() // the closing brace
	return err
}
