package catalog

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
)

// FormatAWSSpotAdvisor names the AWS Spot Instance Advisor's data file as
// an import format.
const FormatAWSSpotAdvisor = "aws-spot-advisor"

// awsSpotAdvisor is the data file behind the AWS Spot Instance Advisor
// (https://aws.amazon.com/ec2/spot/instance-advisor/, which loads
// https://spot-bid-advisor.s3.amazonaws.com/spot-advisor-data.json): the
// interruption ranges, and per region and operating system each instance
// type's savings over on-demand (s, percent) and interruption range (r,
// an index into ranges).
type awsSpotAdvisor struct {
	Ranges []struct {
		Index int    `json:"index"`
		Label string `json:"label"`
	} `json:"ranges"`
	SpotAdvisor map[string]map[string]map[string]struct {
		Savings int `json:"s"`
		Range   int `json:"r"`
	} `json:"spot_advisor"`
}

// ReadAWSSpotAdvisor reads the Spot Instance Advisor's data file into
// interruption bands for the catalog's AWS offers: per region and Linux
// instance type, the label of its range ("<5%" … ">20%", the catalog's
// bands). Windows figures are not what the catalog prices. A range the
// catalog has no band for, or an index outside the file's ranges, is a
// problem.
func ReadAWSSpotAdvisor(r io.Reader, name string) ([]PriceUpdate, FeedReport, error) {
	var rep FeedReport
	var f awsSpotAdvisor
	if err := json.NewDecoder(r).Decode(&f); err != nil {
		return nil, rep, Problems{{File: name, Message: "not the Spot Instance Advisor's data file: " + err.Error()}}
	}
	if len(f.SpotAdvisor) == 0 || len(f.Ranges) == 0 {
		return nil, rep, Problems{{File: name, Message: `no "spot_advisor" regions or no "ranges": not the Spot Instance Advisor's data file`}}
	}
	label := map[int]string{}
	var probs Problems
	for _, rg := range f.Ranges {
		if !spotBands[rg.Label] {
			probs = append(probs, Problem{File: name, Item: fmt.Sprintf("range %d", rg.Index), Field: "label",
				Message: fmt.Sprintf("%q is none of the catalog's interruption bands (<5%%, 5-10%%, 10-15%%, 15-20%%, >20%%)", rg.Label)})
		}
		label[rg.Index] = rg.Label
	}
	var out []PriceUpdate
	windows := 0
	for _, region := range slices.Sorted(maps.Keys(f.SpotAdvisor)) {
		oses := f.SpotAdvisor[region]
		for os, types := range oses {
			if os != "Linux" {
				windows += len(types)
			}
		}
		for _, it := range slices.Sorted(maps.Keys(oses["Linux"])) {
			st := oses["Linux"][it]
			band, ok := label[st.Range]
			if !ok {
				probs = append(probs, Problem{File: name, Item: "spot_advisor." + region + ".Linux." + it, Field: "r",
					Message: fmt.Sprintf("range %d is not among the file's ranges", st.Range)})
				continue
			}
			out = append(out, PriceUpdate{Region: region, InstanceType: it, SpotBand: band})
		}
	}
	if len(probs) > 0 {
		return nil, rep, probs
	}
	if windows > 0 {
		rep.KeptOut = append(rep.KeptOut, fmt.Sprintf("%d items: Windows figures (the catalog prices Linux)", windows))
	}
	return sortUpdates(out), rep, nil
}
