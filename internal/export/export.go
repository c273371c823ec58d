// Package export writes a quote as a document a customer can keep: PDF,
// XLSX and CSV, in the quote's language.
package export

import (
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"gpuplace/internal/locale"
	"gpuplace/internal/quote"
)

// Document is a quote as its exports write it: the quote, who it is
// from, and where the recommendation behind it can be read again.
type Document struct {
	Quote  quote.Quote
	Seller quote.Seller
	// Link is the URL of the pinned recommendation the quote was made
	// from: absolute when the app knows its public address.
	Link string
	// Pick is what that recommendation says of its pick; nil when it
	// cannot be read, and the documents then say nothing of it.
	Pick *Pick
}

// Pick is what a recommendation says of its pick, beside its link: its
// verdict (whether it meets the target asked) and its confidence grade
// (firm, likely or rough) with the reasons for it, as messages the
// documents say in the quote's language.
type Pick struct {
	Verdict locale.Text
	Grade   string
	Reasons []locale.Text
}

// words writes a document's labels, units and numbers in the quote's
// language: one format per language, the locale's.
type words struct {
	p     locale.Printer
	minor int32
}

func wordsOf(q quote.Quote) words {
	lang, _ := locale.Parse(q.Lang)
	minor, ok := quote.MinorUnit(q.Currency)
	if !ok {
		minor = 2
	}
	return words{p: locale.For(lang), minor: minor}
}

// label returns a word of the document.
func (w words) label(key string) string {
	if key == "rule" {
		return w.p.T("quote.rule")
	}
	return w.p.T("export." + key)
}

// unit is a line's unit in the quote's language (see quote.Line.UnitLabel).
func (w words) unit(l quote.Line) string { return l.UnitLabel(w.p) }

// qty and price write figures as they were entered, grouped: 17,520 and
// 0.0765; pct a percentage; amount an amount in the currency's minor unit.
func (w words) qty(d decimal.Decimal) string    { return w.p.DecimalMin(d, 0) }
func (w words) price(d decimal.Decimal) string  { return w.p.DecimalMin(d, 2) }
func (w words) pct(d decimal.Decimal) string    { return w.p.DecimalMin(d, 0) }
func (w words) amount(d decimal.Decimal) string { return w.p.Decimal(d, w.minor) }

// discountLabel names the quote's discount row: "Discount (5 %)".
func (w words) discountLabel(pct decimal.Decimal) string {
	return w.p.Tf("quote.discount.amount", w.pct(pct))
}

// fact is one of a document's facts beside its label; link is set on the
// recommendation's.
type fact struct {
	label, value string
	link         bool
}

// facts lists the quote's facts in the order every document gives them:
// dates, reference, currency, catalog version, the recommendation's link,
// and its pick's verdict and confidence.
func (d Document) facts(w words) []fact {
	q := d.Quote
	out := []fact{
		{label: w.label("date"), value: day(q.CreatedAt)},
		{label: w.label("valid_until"), value: day(q.ValidUntil())},
	}
	if q.Reference != "" {
		out = append(out, fact{label: w.label("reference"), value: q.Reference})
	}
	out = append(out, fact{label: w.label("currency"), value: q.Currency})
	out = append(out, fact{label: w.label("catalog"), value: q.CatalogVersion})
	if d.Link != "" {
		out = append(out, fact{label: w.label("link"), value: d.Link, link: isWebURL(d.Link)})
	}
	if d.Pick != nil {
		out = append(out, fact{label: w.label("verdict"), value: w.verdict(d.Pick)},
			fact{label: w.label("confidence"), value: w.confidence(d.Pick)})
	}
	return out
}

// verdict says a pick's verdict; grade its confidence grade in a word,
// and confidence the grade with its reasons: "Likely: throughput
// measured; capacity not confirmed for this size".
func (w words) verdict(p *Pick) string { return w.p.Text(p.Verdict) }

func (w words) grade(p *Pick) string { return w.p.T("export.grade." + p.Grade) }

func (w words) confidence(p *Pick) string {
	if len(p.Reasons) == 0 {
		return w.grade(p)
	}
	return w.p.Tf("export.confidence.reasons", w.grade(p), strings.Join(w.p.Texts(p.Reasons), w.p.T("export.confidence.sep")))
}

// day writes a date as every document does: YYYY-MM-DD, UTC.
func day(t time.Time) string { return t.UTC().Format("2006-01-02") }

// isWebURL reports whether a link can be followed from a file: an
// absolute http(s) URL.
func isWebURL(s string) bool {
	return strings.HasPrefix(s, "https://") || strings.HasPrefix(s, "http://")
}
