package web

import (
	"net/url"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"gpuplace/data"
	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
	"gpuplace/internal/question"
	"gpuplace/internal/quote"
)

// FuzzAdviceQuery feeds arbitrary query strings to the /advice decoder:
// it never panics, every error names a field, and the canonical share-link
// form of a query is canonical already.
func FuzzAdviceQuery(f *testing.F) {
	for _, s := range []string{
		"kind=inference&profile=bert-large&rps=50&users=DE:60,US:40&gdpr=eu",
		"kind=training&profile=resnet50&deadline_hours=24&pricing=on_demand,spot&budget=5000.50",
		"user_location=DE&user_share=60&user_location=&user_share=&samples=",
		"rps=1e400&epochs=-9223372036854775808&users=%FF:x,::,DE:NaN&budget=1e1000000",
		"checkpoint_minutes=&currency=eur&lang=zh-CN&providers=,aws,,",
	} {
		f.Add(s)
	}
	cat, err := catalog.Load(data.FS)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		q, err := url.ParseQuery(raw)
		if err != nil {
			return
		}
		for _, e := range parseAdviceForm(cat, q).errs {
			if e.Field == "" || e.Message.ID == "" {
				t.Fatalf("error without a field or message: %+v", e)
			}
		}
		c := question.Canonical(q)
		if !question.IsCanonical(c) {
			t.Fatalf("canonical form %q is not canonical", c.Encode())
		}
	})
}

// FuzzQuoteForm feeds arbitrary builder forms to the quote decoder: it
// never panics, a quote it accepts passes validation, and its total is
// the sum of its lines.
func FuzzQuoteForm(f *testing.F) {
	for _, s := range []string{
		"customer_name=Ada&currency=EUR&valid_days=30&discount_pct=5&line_description=GPU&line_quantity=10&line_unit=hour&line_unit_price=1.25&line_discount=0&line_engine=1",
		"customer_name=&currency=GBP&valid_days=x&line_description=a&line_quantity=-1&line_unit_price=1e99",
		"customer_name=%E5%BC%A0&currency=CNY&valid_days=365&discount_pct=100&line_description=x&line_quantity=0.5&line_unit=day&line_unit_price=0.005",
	} {
		f.Add(s)
	}
	base := quote.Quote{CreatedAt: time.Date(2026, 11, 29, 0, 0, 0, 0, time.UTC)}
	f.Fuzz(func(t *testing.T, raw string) {
		form, err := url.ParseQuery(raw)
		if err != nil {
			return
		}
		q, errs := quoteFromForm(form, base)
		if errs != nil {
			for _, e := range errs {
				if e.Field == "" || !locale.Has(e.Message.ID) {
					t.Fatalf("error without a field or a known message: %+v", e)
				}
			}
			return
		}
		if err := q.Validate(); err != nil {
			t.Fatalf("accepted an invalid quote: %v", err)
		}
		sum := decimal.Zero
		for _, l := range q.Lines {
			sum = sum.Add(l.Amount)
		}
		if !sum.Equal(q.Subtotal) || !q.Subtotal.Sub(q.Discount()).Equal(q.Total) || q.Discount().IsNegative() {
			t.Fatalf("lines %s, subtotal %s, discount %s, total %s: they do not add up", sum, q.Subtotal, q.Discount(), q.Total)
		}
	})
}
