package catalog

import (
	"cmp"
	"math"
	"strconv"
	"strings"

	"gpuplace/internal/locale"
)

// PrecisionLabel names a precision as buyers read it: "FP16/BF16" for
// mixed, else its id in capitals (FP8, INT4).
func PrecisionLabel(p string) string {
	if p == PrecisionMixed {
		return "FP16/BF16"
	}
	return strings.ToUpper(p)
}

// PrecisionAliases are the other names a request may give a precision:
// bf16 and fp16 both name the 16-bit precision, mixed.
var PrecisionAliases = map[string]string{"bf16": PrecisionMixed, "fp16": PrecisionMixed}

// NormalPrecision is the catalog's id of a precision a request names, in
// any case and with surrounding space: "BF16" and "fp16" are mixed; a name
// it does not know is returned trimmed and lower-cased, for validation to
// refuse.
func NormalPrecision(p string) string {
	p = strings.ToLower(strings.TrimSpace(p))
	if id, ok := PrecisionAliases[p]; ok {
		return id
	}
	return p
}

// PrecisionNames lists precisions as a request may name them, the 16-bit
// one with its other names: "mixed (bf16, fp16), fp8".
func PrecisionNames(ps []string) string {
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = p
		if p == PrecisionMixed {
			names[i] = p + " (bf16, fp16)"
		}
	}
	return strings.Join(names, ", ")
}

var interconnectLabels = map[string]string{InterconnectNVLink: "NVLink", InterconnectPCIe: "PCIe"}

// InterconnectName names a GPU's interconnect as its maker does: the
// catalog's NVLink class is AMD's Infinity Fabric (xGMI) on AMD GPUs.
func (g GPU) InterconnectName() string {
	if g.Interconnect == InterconnectNVLink && g.Maker() == "AMD" {
		return "Infinity Fabric (xGMI)"
	}
	return cmp.Or(interconnectLabels[g.Interconnect], g.Interconnect)
}

// SourceTitle names a source by its title, or by its id when the catalog
// (which may be nil) does not have it: an answer pinned on another
// version.
func (c *Catalog) SourceTitle(id string) string {
	if c != nil {
		if src, ok := c.Source(id); ok {
			return src.Title
		}
	}
	return id
}

// FirstPriceText is an offer's first price as an admin lists it: "1.2
// USD/h (on_demand)".
func (o Offer) FirstPriceText() string {
	p, pm := o.FirstPrice()
	return p.USDPerHour.String() + " USD/h (" + string(pm) + ")"
}

// String writes a span of dates: one date when both ends are the same, a
// dash when there is none.
func (r DateRange) String() string {
	switch {
	case r.Oldest == "":
		return "—"
	case r.Oldest == r.Newest:
		return r.Oldest
	}
	return r.Oldest + " – " + r.Newest
}

// FractionLabel writes a GPU partition as the fraction it is nearest
// (0.1667 is "1/6"), or as a percentage when no small fraction is near.
func FractionLabel(f float64) string {
	for n := 2; n <= 16; n++ {
		for k := 1; k < n; k++ {
			if math.Abs(f-float64(k)/float64(n)) < 0.0005 {
				return strconv.Itoa(k) + "/" + strconv.Itoa(n)
			}
		}
	}
	return locale.Percent(100*f) + "%"
}

// Lengths writes a serving figure's input and output lengths in tokens,
// "1,000 / 300", with a dash for a length the source does not state.
func (p ServingPoint) Lengths() string {
	return locale.FigureOr(p.InputTokens, "") + " / " + locale.FigureOr(p.OutputTokens, "")
}

// JurisdictionLabel is a region's GDPR badge text in p's language; an
// adequacy badge names its scope (full or partial).
func JurisdictionLabel(p locale.Printer, j, adequacy string) string {
	if j == JurisdictionAdequacy && adequacy != "" {
		return p.T("explorer.juris.adequacy") + p.Paren(p.T("explorer.adequacy."+adequacy))
	}
	return p.T("explorer.juris." + j)
}

// QualityShares says in p's language what share of a provider's offers
// have primary, secondary or unstated price sources, leaving out the
// empty ones: "primary 80%", "secondary 20%".
func (s ProviderSummary) QualityShares(p locale.Printer) []string {
	if s.Offers == 0 {
		return []string{"—"}
	}
	var parts []string
	for _, q := range []struct {
		key string
		n   int
	}{{"explorer.quality.primary", s.Primary}, {"explorer.quality.second", s.Secondary}, {"explorer.quality.unstated", s.Unstated}} {
		if q.n > 0 {
			parts = append(parts, p.Tf(q.key, locale.Percent(100*float64(q.n)/float64(s.Offers))+"%"))
		}
	}
	return parts
}

// CreatedDate is the day a version was made (its date without the time).
func (v VersionInfo) CreatedDate() string {
	if len(v.CreatedAt) >= 10 {
		return v.CreatedAt[:10]
	}
	return v.CreatedAt
}
