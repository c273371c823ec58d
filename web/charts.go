package web

import (
	"context"
	"math"
	"strconv"
	"strings"

	"github.com/shopspring/decimal"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
	"gpuplace/internal/chart"
	"gpuplace/internal/locale"
	"gpuplace/templates"
)

// answerCharts lays out an answer's charts in the reader's language: the
// pick's costs by item, the candidates on cost against latency (or
// duration), and an LLM pick's serving curve.
func answerCharts(ctx context.Context, cat *catalog.Catalog, r *advisor.Result) templates.AnswerCharts {
	var c templates.AnswerCharts
	if r.Pick == nil {
		return c
	}
	c.Cost = costChart(ctx, r.Pick, r.Currency)
	c.Candidates = candidateChart(ctx, cat, r)
	if l := r.Pick.Latency; l != nil {
		m := latencyMap(ctx, cat, l)
		c.Map = &m
	}
	if s := r.Pick.Serving; s != nil {
		sc := servingChart(ctx, r, s)
		c.Serving = &sc
	}
	return c
}

// costChart groups an option's lines by item into bars.
func costChart(ctx context.Context, o *advisor.Option, currency string) chart.Bars {
	sums := map[string]decimal.Decimal{}
	var order []string
	for _, l := range o.Lines {
		if _, ok := sums[l.Item]; !ok {
			order = append(order, l.Item)
		}
		sums[l.Item] = sums[l.Item].Add(l.Amount)
	}
	in := make([]chart.BarInput, len(order))
	for i, item := range order {
		in[i] = chart.BarInput{Label: locale.T(ctx, "item."+item), Amount: sums[item], Value: catalog.MoneyOf(sums[item], currency).String()}
	}
	return chart.BarsOf(in)
}

// candidateChart lays out the answer's candidates: x is the weighted
// latency (ms) or the duration (h), y the total.
func candidateChart(ctx context.Context, cat *catalog.Catalog, r *advisor.Result) chart.Scatter {
	training := r.Request.Workload.Kind == catalog.KindTraining
	xName, unit, title := locale.T(ctx, "chart.latency"), locale.T(ctx, "chart.unit.ms"), locale.T(ctx, "chart.title.inference")
	if training {
		xName, unit, title = locale.T(ctx, "chart.duration"), locale.T(ctx, "chart.unit.h"), locale.T(ctx, "chart.title.training")
	}
	in := make([]chart.ScatterInput, len(r.Candidates))
	front, judged := 0, false
	w := r.Request.Workload
	within := func(share float64) string {
		return locale.Tf(ctx, "chart.within", locale.Percent(share), locale.Figure(w.LatencyMS))
	}
	names := candidateNamer{ctx: ctx, cat: cat, regions: map[string]string{}, pricing: map[string]string{}}
	// The points' titles are written into one string and cut from it.
	var b strings.Builder
	b.Grow(len(r.Candidates) * 96)
	ends := make([]int, len(r.Candidates))
	for i, c := range r.Candidates {
		names.write(&b, c.Label)
		b.WriteString(": ")
		b.WriteString(totalText(c.Total, r.Currency))
		b.WriteString(", ")
		b.WriteString(locale.Figure(c.Metric))
		b.WriteByte(' ')
		b.WriteString(unit)
		if c.ShareWithinTarget != nil {
			b.WriteString(", ")
			b.WriteString(within(*c.ShareWithinTarget))
		}
		ends[i] = b.Len()
		in[i] = chart.ScatterInput{X: c.Metric, Y: c.Total, Pareto: c.Pareto, Pick: c.Pick, Misses: c.Verdict == "misses"}
		judged = judged || c.Verdict != ""
		if c.Pareto {
			front++
		}
	}
	titles, at := b.String(), 0
	for i, end := range ends {
		in[i].Detail, at = titles[at:end], end
	}
	target, targetKey := w.LatencyMS, "chart.target"
	if training {
		target, targetKey = w.DeadlineHours, "chart.deadline"
	}
	s := chart.ScatterOf(in, target, locale.Figure)
	if s.TargetBeyond {
		targetKey += ".beyond"
	}
	if target > 0 {
		s.TargetLabel = locale.Tf(ctx, targetKey, locale.Figure(target))
	}
	s.XLabel, s.YLabel, s.Title = xName, locale.T(ctx, "results.total")+" ("+r.Currency+")", title
	if judged {
		s.MeetsLabel = locale.T(ctx, "chart.meets")
		s.MissesLabel = locale.Tf(ctx, "chart.misses", locale.Percent(advisor.MeetsTargetShare), locale.Figure(w.LatencyMS))
		if w.TPOTMS > 0 {
			s.MissesLabel = locale.Tf(ctx, "chart.misses.tpot", locale.Percent(advisor.MeetsTargetShare), locale.Figure(w.LatencyMS), locale.Figure(w.TPOTMS))
		}
		if training {
			s.MeetsLabel, s.MissesLabel = locale.T(ctx, "chart.meets.deadline"), locale.T(ctx, "chart.misses.deadline")
		}
	}
	s.Desc = locale.Tf(ctx, "chart.desc", len(r.Candidates), front)
	if s.Misses > 0 {
		s.Desc += " " + locale.Tf(ctx, "chart.missed", s.Misses)
	}
	if s.Clipped > 0 {
		s.Desc += " " + locale.Tf(ctx, "chart.clipped", s.Clipped)
	}
	return s
}

// latencyMap lays out where a pick's users are, sized by their share, the
// regions serving them, and a line from each group to its region in the
// colour of how the group stands against the question's target (its
// figures in its title).
func latencyMap(ctx context.Context, cat *catalog.Catalog, l *advisor.Latency) templates.MapView {
	var users []chart.MapUserInput
	var regions []chart.MapRegionInput
	seen := map[string]bool{}
	p := locale.From(ctx)
	sum := 0.0 // shares are as the question gave them (percent or weights)
	for _, g := range l.Groups {
		sum += g.Share
	}
	for _, g := range l.Groups {
		lat, lon, ok := placeOf(cat, g.Location)
		reg, okR := cat.Region(g.Region)
		mt, okM := cat.Metro(reg.Metro)
		if !ok || !okR || !okM {
			continue
		}
		name := p.CountryName(g.Location, g.Name)
		users = append(users, chart.MapUserInput{Lat: lat, Lon: lon, Share: g.Share / sum, ServedLat: mt.Lat, ServedLon: mt.Lon, MS: g.RTTMS,
			TargetMS: l.TargetMS, TotalMS: g.TotalMS, WithinPct: g.WithinTarget,
			Title: locale.Tf(ctx, "map.users", name, locale.Percent(100*g.Share/sum)) + "; " +
				locale.Tf(ctx, "map.users.target", locale.Tenths(g.TotalMS), locale.Percent(g.WithinTarget), locale.Figure(l.TargetMS)),
			LineTitle: locale.Tf(ctx, "map.line.target", name, cat.RegionLabel(g.Region), locale.Tenths(g.RTTMS), locale.Tenths(g.TotalMS),
				locale.Percent(g.WithinTarget), locale.Figure(l.TargetMS))})
		if !seen[g.Region] {
			seen[g.Region] = true
			regions = append(regions, chart.MapRegionInput{Lat: mt.Lat, Lon: mt.Lon,
				Title: cat.RegionLabel(g.Region) + " (" + p.Place(reg.City, reg.Country) + ")"})
		}
	}
	return templates.MapView{Map: chart.WorldMapOf(users, regions), Lines: locale.Tf(ctx, "map.legend.target", locale.Figure(l.TargetMS)), Bins: targetBins(ctx, l.TargetMS)}
}

// targetBins are the colours of an answer map's lines, for its legend:
// how a group's users stand against a target of targetMS.
func targetBins(ctx context.Context, targetMS float64) []templates.HeatBin {
	bins := make([]templates.HeatBin, len(chart.TargetClasses))
	for i, c := range chart.TargetClasses {
		ms := targetMS
		if c == chart.TargetHalf {
			ms = targetMS / 2
		}
		bins[i] = templates.HeatBin{Class: c, Label: locale.Tf(ctx, "map.target."+c, locale.Figure(ms))}
	}
	return bins
}

// metroMap puts the catalog's metros on the world map and, with from (a
// metro id), a line from it to every other metro in the colour of their
// round trip.
func metroMap(ctx context.Context, c *catalog.Catalog, from string) templates.MapView {
	var m chart.WorldMap
	fi := c.MetroIndex(from)
	for j, mt := range c.Metros {
		m.Regions = append(m.Regions, chart.RegionDot(chart.MapRegionInput{Lat: mt.Lat, Lon: mt.Lon, Title: locale.From(ctx).City(mt.Name)}))
		if fi >= 0 && j != fi {
			f, p := c.Metros[fi], c.Pair(fi, j)
			m.Lines = append(m.Lines, chart.LineOf(f.Lat, f.Lon, mt.Lat, mt.Lon, p.RTTMS,
				locale.Tf(ctx, "map.line", locale.From(ctx).City(f.Name), locale.From(ctx).City(mt.Name), locale.Tenths(p.RTTMS))))
		}
	}
	bins := heatBins(ctx)
	for i := range bins {
		bins[i].Class = "l" + strings.TrimPrefix(bins[i].Class, "h")
	}
	return templates.MapView{Map: m, Lines: locale.T(ctx, "map.legend.lines"), Bins: bins}
}

// heatBins are the colour bins of round trips, for legends, in the
// reader's language.
func heatBins(ctx context.Context) []templates.HeatBin {
	var bins []templates.HeatBin
	edges := chart.HeatEdges
	for i, e := range edges {
		lo := "0"
		if i > 0 {
			lo = locale.Figure(edges[i-1])
		}
		bins = append(bins, templates.HeatBin{Class: "h" + strconv.Itoa(i), Label: locale.Tf(ctx, "value.ms", lo+"–"+locale.Figure(e))})
	}
	return append(bins, templates.HeatBin{Class: "h" + strconv.Itoa(len(edges)), Label: "≥ " + locale.Tf(ctx, "value.ms", locale.Figure(edges[len(edges)-1]))})
}

// placeOf is where users at a location are on a map: a country's centre or
// a metro's.
func placeOf(cat *catalog.Catalog, id string) (lat, lon float64, ok bool) {
	if c, ok := cat.Country(id); ok {
		return c.Lat, c.Lon, true
	}
	if m, ok := cat.Metro(id); ok {
		return m.Lat, m.Lon, true
	}
	return 0, 0, false
}

// totalText writes a candidate's total as the cards write the pick's and
// the alternatives' (Money.Rounded of the total rounded to cents), without
// making a decimal of it.
func totalText(total float64, currency string) string {
	return catalog.RoundedCents(int64(math.Round(total*100)), currency)
}

// candidateNamer says candidates' labels ("aws:eu-west-1:g5.xlarge/spot",
// the API's) as pages name offers: "AWS eu-west-1 g5.xlarge, spot"; a
// label of several placements ("…+…") says each. A chart names hundreds
// of candidates in a few regions, so each region's label and each pricing
// model's word is looked up once.
type candidateNamer struct {
	ctx     context.Context
	cat     *catalog.Catalog
	regions map[string]string // "provider:region" → its label
	pricing map[string]string // pricing model → its word
}

// write writes label's name to b.
func (n *candidateNamer) write(b *strings.Builder, label string) {
	for i, more := 0, true; more; i++ {
		var part string
		part, label, more = strings.Cut(label, "+")
		if i > 0 {
			b.WriteString(" + ")
		}
		offer, pricing, _ := strings.Cut(part, "/")
		provider, where, ok := strings.Cut(offer, ":")
		id, instance, ok2 := strings.Cut(where, ":")
		if !ok || !ok2 {
			b.WriteString(part)
			continue
		}
		key := offer[:len(provider)+1+len(id)]
		region, seen := n.regions[key]
		if !seen {
			region = n.cat.RegionLabel(key)
			n.regions[key] = region
		}
		b.WriteString(region)
		b.WriteByte(' ')
		b.WriteString(instance)
		if pricing != "" {
			word, seen := n.pricing[pricing]
			if !seen {
				word = locale.T(n.ctx, "label.pricing."+pricing)
				n.pricing[pricing] = word
			}
			b.WriteString(", ")
			b.WriteString(word)
		}
	}
}

// servingChart lays out an LLM pick's serving: output tokens a second per
// GPU against the time per output token, along the serving model's curve
// for the pick's replica, with the operating point, the target and the
// measured figures that compare.
func servingChart(ctx context.Context, r *advisor.Result, s *advisor.Serving) chart.Curve {
	perGPU, tpot := s.OutputTokensPerSPerReplica/float64(max(s.TensorParallel, 1)*max(s.PipelineParallel, 1)), s.OperatingTPOTMS()
	in := chart.CurveInput{Target: r.Request.Workload.TPOTMS,
		Op: chart.Point{X: tpot, Y: perGPU,
			Detail: locale.Tf(ctx, "serving.chart.op", locale.Figure(perGPU), locale.Figure(tpot), locale.Figure(s.Concurrency))}}
	for _, c := range s.Curve {
		in.Curve = append(in.Curve, chart.XY{X: c.TPOTMS, Y: c.OutputPerSPerGPU})
	}
	for _, m := range s.Measured {
		in.Measured = append(in.Measured, chart.Point{X: m.TPOTMS, Y: m.OutputPerSPerGPU,
			Detail: locale.Tf(ctx, "serving.chart.measured", locale.Figure(m.OutputPerSPerGPU), locale.Figure(m.TPOTMS), locale.Figure(m.InputTokens), locale.Figure(m.OutputTokens), m.Source)})
	}
	c := chart.CurveOf(in, locale.Figure)
	c.XLabel, c.YLabel, c.Title = locale.T(ctx, "serving.chart.x"), locale.T(ctx, "serving.chart.y"), locale.T(ctx, "serving.chart.title")
	c.OpLabel = locale.T(ctx, "serving.chart.op.label")
	if c.TargetX >= 0 {
		c.Target = locale.Tf(ctx, "serving.chart.target", locale.Figure(in.Target))
	}
	c.Desc = locale.Tf(ctx, "serving.chart.desc", len(c.Measured))
	return c
}

// heatMapView lays out every metro pair of the catalog as a heat map in
// the reader's language; from (a metro id or "") marks its row and column
// labels.
func heatMapView(ctx context.Context, c *catalog.Catalog, from string) templates.HeatMapView {
	labels := make([]chart.HeatLabelInput, len(c.Metros))
	for i, m := range c.Metros {
		labels[i] = chart.HeatLabelInput{Text: labelName(m.Name), Selected: m.ID == from}
	}
	v := templates.HeatMapView{Map: chart.HeatMapOf(labels, func(i, j int) chart.HeatCellInput {
		p := c.Pair(i, j)
		return chart.HeatCellInput{Bin: chart.HeatBinOf(p.RTTMS), Estimated: p.Estimated, Title: pairTitle(ctx, c, c.Metros[i].Name, c.Metros[j].Name, p)}
	})}
	v.Bins = heatBins(ctx)
	sources, measured, estimated := c.PairSources()
	v.Measured, v.Estimated = measured, estimated
	for _, s := range sources {
		v.Sources = append(v.Sources, templates.HeatSource{Source: pairSource(ctx, c, s.Source), Estimated: s.Estimated, Cells: s.Pairs, Methods: s.Methods})
	}
	return v
}

// pairSource names where a pair comes from; pairs the data lacks are the
// catalog's own distance model.
func pairSource(ctx context.Context, c *catalog.Catalog, id string) catalog.Source {
	if id == "" {
		return catalog.Source{Title: locale.T(ctx, "explorer.lat.model")}
	}
	return c.SourceOrID(id)
}

// pairTitle describes one pair for its tooltip and screen readers.
func pairTitle(ctx context.Context, c *catalog.Catalog, a, b string, p catalog.LatencyPair) string {
	kind := locale.T(ctx, "explorer.measured")
	if p.Estimated {
		kind = locale.T(ctx, "explorer.estimated")
	}
	figure := locale.Tf(ctx, "explorer.lat.ms", locale.Tenths(p.RTTMS))
	if p.Statistic != "" && p.Statistic != "estimate" {
		figure += " (" + p.Statistic + ")"
	}
	s := locale.Tf(ctx, "explorer.lat.cell", a, b, figure, kind, shortSource(pairSource(ctx, c, p.Source)).Title, p.Date)
	if p.Method != "" {
		s += " " + locale.Tf(ctx, "explorer.lat.method", p.Method)
	}
	return s
}

// shortSource keeps a source's title up to its first parenthesis: the
// legend has the full title, and 1,600 tooltips had better be short.
func shortSource(s catalog.Source) catalog.Source {
	s.Title, _, _ = strings.Cut(s.Title, " (")
	return s
}

// latencyRows are a metro's pairs, nearest first, as its table lists them.
func latencyRows(ctx context.Context, c *catalog.Catalog, from string) []templates.LatencyRow {
	var out []templates.LatencyRow
	for _, p := range c.PairsFrom(from) {
		out = append(out, templates.LatencyRow{Pair: p, ToName: c.MetroName(p.To), Source: shortSource(pairSource(ctx, c, p.Source))})
	}
	return out
}

// labelName shortens a metro name for an axis label: "Ashburn (N.
// Virginia)" is "Ashburn"; the cells' titles keep the full name.
func labelName(name string) string {
	short, _, _ := strings.Cut(name, " (")
	return short
}
