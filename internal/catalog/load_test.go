package catalog_test

import (
	"errors"
	"io/fs"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/shopspring/decimal"

	"gpuplace/internal/catalog"
)

// tinyFS reads the hand-made test catalog into memory so tests can break it.
func tinyFS(t testing.TB) fstest.MapFS {
	t.Helper()
	m := fstest.MapFS{}
	for _, s := range catalog.Sections {
		b, err := os.ReadFile("testdata/tiny/" + s + ".json")
		if errors.Is(err, fs.ErrNotExist) && (s == "serving_fit" || s == "token_apis" || s == "methodologies" || s == "energy" || s == "cpus" || s == "cpu_figures") {
			continue // optional: the tiny catalog serves no language model and states no energy
		}
		if err != nil {
			t.Fatal(err)
		}
		m[s+".json"] = &fstest.MapFile{Data: b}
	}
	return m
}

// replace swaps old for new in one file of fsys, failing if old is absent.
func replace(t *testing.T, fsys fstest.MapFS, file, old, new string) {
	t.Helper()
	s := string(fsys[file].Data)
	if !strings.Contains(s, old) {
		t.Fatalf("%s does not contain %q", file, old)
	}
	fsys[file] = &fstest.MapFile{Data: []byte(strings.Replace(s, old, new, 1))}
}

func problemsOf(t *testing.T, err error) catalog.Problems {
	t.Helper()
	var probs catalog.Problems
	if !errors.As(err, &probs) {
		t.Fatalf("Load() error = %v, want catalog.Problems", err)
	}
	return probs
}

// Ensure the hand-made test catalog loads and its lookups work.
func TestLoadTiny(t *testing.T) {
	c, err := catalog.Load(tinyFS(t))
	if err != nil {
		t.Fatalf("Load() error:\n%v", err)
	}
	if got, want := c.Counts().Offers, 6; got != want {
		t.Errorf("offers = %d, want %d", got, want)
	}
	fra, tyo := c.MetroIndex("fra"), c.MetroIndex("tyo")
	if got := c.Pair(fra, tyo); got.RTTMS != 230 || got.Estimated {
		t.Errorf("fra-tyo = %+v, want measured 230 ms", got)
	}
	par := c.MetroIndex("par")
	// par-tyo is not in the data: estimated from distance, and labelled.
	p := c.Pair(par, tyo)
	if !p.Estimated || !strings.HasPrefix(p.Method, "distance: ") {
		t.Errorf("par-tyo = %+v, want a distance estimate", p)
	}
	if got := c.Efficiency(catalog.ScopeNode, catalog.InterconnectNVLink, 8); got != 0.9 {
		t.Errorf("Efficiency(node, nvlink, 8) = %v, want 0.9", got)
	}
	// Halfway from 1 (1.0) to 8 (0.9) in GPU count is 4.5; 4 is 3/7 of it.
	if got, want := c.Efficiency(catalog.ScopeNode, catalog.InterconnectNVLink, 4), 1-0.1*3.0/7; abs(got-want) > 1e-12 {
		t.Errorf("Efficiency(node, nvlink, 4) = %v, want %v", got, want)
	}
	us, ok := c.Location("US")
	if !ok || len(us.Points) != 2 || abs(us.Points[0].Weight-0.75) > 1e-12 {
		t.Fatalf("Location(US) = %+v, want two cities weighted 3:1", us)
	}
	iad := c.MetroIndex("iad")
	// A user next to the serving metro still pays the base delay, a
	// modelled figure.
	if ms, est := us.Points[0].RTT(iad); !est || ms != catalog.BaseRTTMS {
		t.Errorf("Ashburn → iad = %v ms (estimated %v), want the estimated base delay %v ms", ms, est, catalog.BaseRTTMS)
	}
	if ms, est := us.Points[0].RTT(fra); est || abs(ms-90-0.0) > 1 {
		t.Errorf("Ashburn → fra = %v ms (estimated %v), want ≈90 ms from the measured pair", ms, est)
	}
	if ms, est := us.Points[1].RTT(iad); !est || ms < 100 {
		t.Errorf("Honolulu → iad = %v ms (estimated %v), want a long estimated access leg", ms, est)
	}
	br, _ := c.Location("BR")
	if _, est := br.Points[0].RTT(iad); !est {
		t.Error("Brazil has no metro: its round trips must be estimated")
	}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// Ensure each kind of broken catalog reports the right file, item and field.
func TestLoadBroken(t *testing.T) {
	tests := []struct {
		name            string
		file, old, new  string
		wantFile        string
		wantItem        string
		wantField       string
		wantMessagePart string
	}{
		{"unknown field", "gpus.json", `"year":2021`, `"year":2021,"colour":"green"`, "gpus.json", "gpus[0]", "", "unknown field"},
		{"wrong type", "offers.json", `"gpu_count":8`, `"gpu_count":"eight"`, "offers.json", "offers[3]", "", "cannot unmarshal"},
		{"duplicate id", "gpus.json", `"id":"b"`, `"id":"a"`, "gpus.json", "gpus[1] a", "id", "duplicate"},
		{"dangling offer region", "offers.json", `"region":"jp"`, `"region":"kr"`, "offers.json", "offers[2] p1:kr:a1", "region", "unknown region"},
		{"dangling region metro", "regions.json", `"metro":"tyo"`, `"metro":"osa"`, "regions.json", "regions[2] p1:jp", "metro", "unknown metro"},
		{"dangling metro country", "metros.json", `"country":"JP"`, `"country":"XX"`, "metros.json", "metros[3] tyo", "country", "unknown country"},
		{"zero price", "offers.json", `"usd_per_hour":"1.20"`, `"usd_per_hour":"0"`, "offers.json", "offers[2] p1:jp:a1", "on_demand.usd_per_hour", "> 0"},
		{"negative price", "offers.json", `"usd_per_hour":"0.90"`, `"usd_per_hour":"-0.90"`, "offers.json", "offers[4] p2:fr:a1", "on_demand.usd_per_hour", "> 0"},
		{"spot above on-demand", "offers.json", `"usd_per_hour":"0.30"`, `"usd_per_hour":"1.30"`, "offers.json", "offers[0] p1:eu:a1", "spot.usd_per_hour", "above on-demand"},
		{"latitude out of range", "metros.json", `"lat":35.68`, `"lat":135.68`, "metros.json", "metros[3] tyo", "lat", "-90..90"},
		{"longitude out of range", "countries.json", `"lon":-52`, `"lon":-252`, "countries.json", "countries[4] BR", "lon", "-180..180"},
		{"rtt not positive", "latency.json", `"rtt_ms":10`, `"rtt_ms":0`, "latency.json", "latency[0] fra-par", "rtt_ms", "> 0"},
		{"unknown currency", "currencies.json", `"code":"CNY"`, `"code":"JPY"`, "currencies.json", "currencies[2] JPY", "code", "unknown currency"},
		{"missing source", "benchmarks.json", `"throughput":1000,"unit":"images/s","source":"t"`, `"throughput":1000,"unit":"images/s","source":""`, "benchmarks.json", "benchmarks[0] a/img/training/mixed/x1", "source", "missing source"},
		{"unknown source", "latency.json", `"rtt_ms":90,"statistic":"test","source":"t"`, `"rtt_ms":90,"statistic":"test","source":"nowhere"`, "latency.json", "latency[1] fra-iad", "source", "unknown source"},
		{"estimate without method", "gpus.json", `"year":2023,"source":"t"`, `"year":2023,"estimated":true,"source":"t"`, "gpus.json", "gpus[1] b", "method", "estimated"},
		{"egress gap", "providers.json", `{"from_gb":10,"to_gb":0`, `{"from_gb":20,"to_gb":0`, "providers.json", "providers[0] p1", "egress[1].from_gb", "contiguous"},
		{"unknown headquarters", "providers.json", `"hq_country":"FR"`, `"hq_country":"XX"`, "providers.json", "providers[1] p2", "hq_country", "unknown headquarters"},
		{"unknown provider kind", "providers.json", `"kind":"gpu_cloud"`, `"kind":"reseller"`, "providers.json", "providers[1] p2", "kind", "must be one of"},
		{"monthly without setup", "offers.json", `"on_demand":{"usd_per_hour":"1.20","source":"t","date":"2026"}`,
			`"monthly":{"per_month":"500","currency":"EUR","source":"t","date":"2026"}`, "offers.json", "offers[2] p1:jp:a1", "monthly.setup", "required"},
		{"monthly in an unrated currency", "offers.json", `"on_demand":{"usd_per_hour":"1.20","source":"t","date":"2026"}`,
			`"monthly":{"per_month":"500","setup":null,"currency":"GBP","source":"t","date":"2026"}`, "offers.json", "offers[2] p1:jp:a1", "monthly.currency", "no rate"},
		{"offer without a price", "offers.json", `,"on_demand":{"usd_per_hour":"1.20","source":"t","date":"2026"}`, ``, "offers.json", "offers[2] p1:jp:a1", "on_demand", "needs an on-demand or a monthly price"},
		{"fraction above one", "offers.json", `"instance_type":"a1","gpu":"a","gpu_count":1,"vcpus":8,"memory_gib":32,"on_demand":{"usd_per_hour":"1.20"`,
			`"instance_type":"a1","gpu":"a","gpu_count":1,"gpu_fraction":1.5,"vcpus":8,"memory_gib":32,"on_demand":{"usd_per_hour":"1.20"`, "offers.json", "offers[2] p1:jp:a1", "gpu_fraction", "(0, 1]"},
		{"negative fraction", "offers.json", `"instance_type":"a1","gpu":"a","gpu_count":1,"vcpus":8,"memory_gib":32,"on_demand":{"usd_per_hour":"1.20"`,
			`"instance_type":"a1","gpu":"a","gpu_count":1,"gpu_fraction":-0.5,"vcpus":8,"memory_gib":32,"on_demand":{"usd_per_hour":"1.20"`, "offers.json", "offers[2] p1:jp:a1", "gpu_fraction", "(0, 1]"},
		{"partition of several GPUs", "offers.json", `"instance_type":"b8","gpu":"b","gpu_count":8,`, `"instance_type":"b8","gpu":"b","gpu_count":8,"gpu_fraction":0.5,`, "offers.json", "offers[3] p1:eu:b8", "gpu_fraction", "gpu_count must be 1"},
		{"price in a currency without a rate", "offers.json", `"on_demand":{"usd_per_hour":"1.20"`, `"on_demand":{"per_hour":"1.20","currency":"CHF"`, "offers.json", "offers[2] p1:jp:a1", "on_demand.currency", "no rate"},
		{"duplicate pair", "latency.json", `{"from":"iad","to":"par"`, `{"from":"par","to":"fra"`, "latency.json", "latency[2] par-fra", "", "duplicate pair"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys := tinyFS(t)
			replace(t, fsys, tt.file, tt.old, tt.new)
			_, err := catalog.Load(fsys)
			probs := problemsOf(t, err)
			for _, p := range probs {
				if p.File == tt.wantFile && p.Item == tt.wantItem && p.Field == tt.wantField && strings.Contains(p.Message, tt.wantMessagePart) {
					return
				}
			}
			t.Errorf("Load() problems =\n%v\nwant one at %s: %s: %s containing %q", err, tt.wantFile, tt.wantItem, tt.wantField, tt.wantMessagePart)
		})
	}
}

// Ensure prices stated in another currency keep their own figure and get
// their USD one at the catalog's rate, a monthly price bills by the month
// with its setup fee (or says it is unknown), and a partition loads.
func TestLoadOwnCurrencyMonthlyPartition(t *testing.T) {
	fsys := tinyFS(t)
	replace(t, fsys, "offers.json", `"on_demand":{"usd_per_hour":"1.20","source":"t","date":"2026"}`,
		`"on_demand":{"per_hour":"0.90","currency":"EUR","source":"t","date":"2026"},"monthly":{"per_month":"450","setup":"90","currency":"EUR","source":"t","date":"2026"},"gpu_fraction":0.5`)
	replace(t, fsys, "offers.json", `"on_demand":{"usd_per_hour":"0.90","source":"t","date":"2026"}`,
		`"monthly":{"per_month":"700","setup":null,"source":"t","date":"2026"}`)
	c, err := catalog.Load(fsys)
	if err != nil {
		t.Fatalf("Load() error:\n%v", err)
	}
	jp, _ := c.Offer("p1:jp:a1")
	od, _ := jp.Price(catalog.OnDemand)
	if amount, cur := od.Native(); cur != "EUR" || amount.String() != "0.9" || od.USDPerHour.String() != "1" {
		t.Errorf("EUR on-demand = %s %s (USD %s), want 0.9 EUR = 1 USD at 0.9 EUR per USD", amount, cur, od.USDPerHour)
	}
	if got := jp.Monthly.USDPerMonth().String(); got != "500" {
		t.Errorf("monthly USD = %s, want 450 EUR ÷ 0.9 = 500", got)
	}
	if setup, ok := jp.Monthly.USDSetup(); !ok || setup.String() != "100" {
		t.Errorf("setup = %s (stated %v), want 100 USD", setup, ok)
	}
	if got := catalog.TermHours(catalog.Monthly); got != catalog.HoursPerMonth {
		t.Errorf("monthly term = %d h, want %d", got, catalog.HoursPerMonth)
	}
	fr, _ := c.Offer("p2:fr:a1")
	if _, ok := fr.Price(catalog.OnDemand); ok {
		t.Error("a monthly-only offer has an on-demand price")
	}
	if _, stated := fr.Monthly.USDSetup(); stated {
		t.Error("a setup fee given as null reads as stated")
	}
	if p, pm := fr.FirstPrice(); pm != catalog.Monthly || p.USDPerHour.Mul(decimal.NewFromInt(catalog.HoursPerMonth)).Round(2).String() != "700" {
		t.Errorf("first price = %s under %s, want the monthly 700 USD a month", p.USDPerHour, pm)
	}
	if jp.GPUFraction != 0.5 {
		t.Errorf("gpu_fraction = %v, want 0.5", jp.GPUFraction)
	}
}

// Ensure a catalog with three errors in three files reports all three.
func TestLoadReportsEveryProblem(t *testing.T) {
	fsys := tinyFS(t)
	replace(t, fsys, "offers.json", `"usd_per_hour":"1.20"`, `"usd_per_hour":"-1"`)
	replace(t, fsys, "metros.json", `"lat":35.68`, `"lat":95`)
	replace(t, fsys, "regions.json", `"metro":"par"`, `"metro":"nowhere"`)
	probs := problemsOf(t, loadErr(fsys))
	if len(probs) != 3 {
		t.Fatalf("got %d problems, want 3:\n%v", len(probs), probs)
	}
	files := map[string]bool{}
	for _, p := range probs {
		files[p.File] = true
	}
	for _, f := range []string{"offers.json", "metros.json", "regions.json"} {
		if !files[f] {
			t.Errorf("no problem reported in %s:\n%v", f, probs)
		}
	}
}

func loadErr(fsys fstest.MapFS) error {
	_, err := catalog.Load(fsys)
	return err
}

// Ensure a missing file is reported by name.
func TestLoadMissingFile(t *testing.T) {
	fsys := tinyFS(t)
	delete(fsys, "scaling.json")
	probs := problemsOf(t, loadErr(fsys))
	if len(probs) != 1 || probs[0].File != "scaling.json" || probs[0].Message != "file missing" {
		t.Errorf("problems = %v, want scaling.json: file missing", probs)
	}
}

// Ensure a bundle round-trips: a loaded catalog written as a bundle loads
// again to the same counts.
func TestBundleRoundTrip(t *testing.T) {
	c, err := catalog.Load(tinyFS(t))
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	if err := c.Bundle(&sb); err != nil {
		t.Fatal(err)
	}
	c2, err := catalog.LoadBundle(strings.NewReader(sb.String()), "bundle.json")
	if err != nil {
		t.Fatalf("LoadBundle() error:\n%v", err)
	}
	if c.Counts() != c2.Counts() {
		t.Errorf("counts after round trip = %+v, want %+v", c2.Counts(), c.Counts())
	}
	_, err = catalog.LoadBundle(strings.NewReader(`{"gpus":[],"extra":1}`), "b.json")
	probs := problemsOf(t, err)
	if !strings.Contains(probs.Error(), "b.json: extra: unknown section") || !strings.Contains(probs.Error(), "b.json: offers: section missing") {
		t.Errorf("bundle problems = %v, want unknown and missing sections named", probs)
	}
}
