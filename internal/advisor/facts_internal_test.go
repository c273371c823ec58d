package advisor

import (
	"runtime"
	"testing"
	"time"
	"weak"

	"gpuplace/data"
	"gpuplace/internal/catalog"
)

// Ensure a loaded catalog's facts are worked out once and shared, say what
// the catalog says, and are dropped once the catalog is no longer used; a
// catalog built by hand gets fresh facts each time.
func TestFactsKeptWhileTheCatalogLives(t *testing.T) {
	cat := embeddedCatalog(t)
	f1, err := factsOf(cat)
	if err != nil {
		t.Fatal(err)
	}
	if f2, _ := factsOf(cat); f2 != f1 {
		t.Error("factsOf(the same catalog) worked the facts out again")
	}
	for i := range cat.Offers {
		o, of := &cat.Offers[i], f1.offers[i]
		r := cat.Regions[of.region]
		if o.IsCPU() {
			// A CPU server names its CPU and no GPU or kind of GPU node.
			nc := f1.nodes[of.node]
			if of.cpu < 0 || cat.CPUs[of.cpu].ID != o.CPU || of.gpu != -1 || nc.cpu != of.cpu || nc.gpu != -1 || nc.count != o.VCPUs ||
				of.regionKey != o.RegionKey() {
				t.Fatalf("offer %s: facts name CPU %d, GPU %d, node class %+v, region %s", o.ID(), of.cpu, of.gpu, nc, of.regionKey)
			}
			continue
		}
		if of.cpu != -1 {
			t.Fatalf("offer %s: a GPU offer with CPU %d", o.ID(), of.cpu)
		}
		if r.Provider != o.Provider || r.ID != o.Region || of.regionKey != o.RegionKey() ||
			cat.GPUs[of.gpu].ID != o.GPU || of.metro != cat.RegionPlace(of.region) {
			t.Fatalf("offer %s: facts name region %s, GPU %s", o.ID(), of.regionKey, cat.GPUs[of.gpu].ID)
		}
		if want := pricesOf(o); of.prices != want {
			t.Fatalf("offer %s: prices %v, want %v", o.ID(), of.prices, want)
		}
		if nc := f1.nodes[of.node]; nc.gpu != of.gpu || nc.cpu != -1 || nc.count != o.GPUCount || nc.share != share(o) {
			t.Fatalf("offer %s: node class %+v", o.ID(), nc)
		}
	}

	hand := &catalog.Catalog{GPUs: cat.GPUs, Regions: cat.Regions, Offers: cat.Offers[:3], Metros: cat.Metros}
	if h1, _ := factsOf(hand); h1 == nil {
		t.Fatal("no facts for a catalog built by hand")
	} else if h2, _ := factsOf(hand); h2 == h1 {
		t.Error("a catalog built by hand (it may still change) had its facts kept")
	}

	key := weak.Make(cat)
	cat, f1 = nil, nil
	for range 100 {
		runtime.GC()
		factsCache.Lock()
		_, kept := factsCache.m[key]
		factsCache.Unlock()
		if !kept {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Error("the facts of a catalog no longer used are still kept")
}

// embeddedCatalog loads the embedded catalog afresh (one no other test
// shares).
func embeddedCatalog(tb testing.TB) *catalog.Catalog {
	tb.Helper()
	cat, err := catalog.Load(data.FS)
	if err != nil {
		tb.Fatal(err)
	}
	return cat
}

// filteredEngine is an engine for req (defaults filled in, validated) on
// cat with its offers filtered, as Recommend has it before planning; it
// goes back to the pool when the test ends.
func filteredEngine(tb testing.TB, cat *catalog.Catalog, req Request) *engine {
	tb.Helper()
	facts, err := factsOf(cat)
	if err != nil {
		tb.Fatal(err)
	}
	req = req.WithDefaults(cat)
	if err := req.Validate(cat); err != nil {
		tb.Fatal(err)
	}
	e := newEngine(cat, req)
	tb.Cleanup(e.release)
	e.facts = facts
	e.filterOffers()
	return e
}
