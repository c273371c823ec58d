package templates

import (
	"context"
	"fmt"
	"net/url"
	"sort"
	"strings"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
)

// sep returns the separator after item i of n in a running list.
func sep(i, n int) string {
	if i < n-1 {
		return "; "
	}
	return ""
}

// hiddenFields turns a query string into sorted name/value pairs for a
// form that re-sends it.
func hiddenFields(query string) [][2]string {
	q, _ := url.ParseQuery(query)
	keys := make([]string, 0, len(q))
	for k := range q {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var out [][2]string
	for _, k := range keys {
		for _, v := range q[k] {
			out = append(out, [2]string{k, v})
		}
	}
	return out
}

// langParam keeps the page language in links: "&lang=zh-CN" or "".
func langParam(ctx context.Context) string {
	if locale.LangOf(ctx) == LangZH {
		return "&lang=" + LangZH
	}
	return ""
}

// pageMeta titles the placement page; with an answer, title and
// description carry the pick and its total, for link previews.
func pageMeta(ctx context.Context, v AdviceView) Meta {
	m := Meta{Title: locale.T(ctx, "meta.title"), Description: locale.T(ctx, "meta.description")}
	if r := v.Result; r != nil && r.Pick != nil && len(r.Pick.Placements) > 0 {
		p := r.Pick.Placements[0]
		m.Title = fmt.Sprintf("%s %s %s: %s — gpuplace", v.Options.Catalog.ProviderLabel(p.Provider), p.Region, p.InstanceType, catalog.MoneyOf(r.Pick.Total, r.Currency).String())
		m.Description = locale.Tf(ctx, "meta.pick", v.Options.Catalog.ProviderLabel(p.Provider), p.Region, p.City, p.InstanceType, p.GPUCount, p.GPUName,
			locale.T(ctx, "label.pricing."+p.Pricing), catalog.MoneyOf(r.Pick.Total, r.Currency).String())
	}
	return m
}

// offerURL links to the catalog's offers of one instance's GPU in its
// region, where its prices and their sources are.
func offerURL(ctx context.Context, provider, region, gpu string) string {
	q := url.Values{"provider": {provider}, "region": {provider + ":" + region}, "gpu": {gpu}}
	if locale.LangOf(ctx) == LangZH {
		q.Set("lang", LangZH)
	}
	return "/catalog/offers?" + q.Encode()
}

// basisHow says how a figure was measured: "TensorRT 8.6.0, INT8,
// offline, batch 128".
func basisHow(ctx context.Context, b advisor.BasisFigure) string {
	var parts []string
	for i, s := range []string{b.Engine, b.Format, b.Scenario} {
		switch {
		case s == "":
			continue
		case i == 1:
			s = catalog.PrecisionLabel(s)
		case i == 2 && locale.Has("basis.scenario."+s):
			s = locale.T(ctx, "basis.scenario."+s)
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ", ")
}
