package versions_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"gpuplace/data"
	"gpuplace/internal/catalog"
	"gpuplace/internal/store"
	"gpuplace/internal/versions"
)

var now = time.Date(2026, 11, 30, 8, 0, 0, 0, time.UTC)

func open(t *testing.T) (*versions.Manager, *store.DB, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "v.db")
	db, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	builtin, err := catalog.Load(data.FS)
	if err != nil {
		t.Fatal(err)
	}
	m, err := versions.Open(context.Background(), db, builtin, "embedded")
	if err != nil {
		t.Fatal(err)
	}
	return m, db, path
}

// awsPriceList writes the reference AWS figures in the public CSV layout,
// one row per availability zone: the zones share the on-demand price, and
// each has its own spot price, the lowest being the reference's.
func awsPriceList(t *testing.T, scale string) ([]byte, int, map[string]string) {
	list, n, want, _ := awsPriceListWithSpot(t, scale)
	return list, n, want
}

func awsPriceListWithSpot(t *testing.T, scale string) ([]byte, int, map[string]string, map[string]string) {
	t.Helper()
	f, err := os.Open("../catalog/testdata/reference/aws_gpu_prices.csv")
	if err != nil {
		t.Skipf("reference figures not present: %v", err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]string{"T4": "T4", "A10G": "A10G", "L4": "L4", "L40S": "L40S", "V100": "V100", "A100": "A100",
		"A100-80GB": "A100-80GB", "H100": "H100", "H200": "H200", "B200": "B200"}
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	w.Write(catalog.PublicCSVColumns)
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	want, spots := map[string]string{}, map[string]string{}
	offers := 0
	for _, r := range rows[1:] {
		get := func(c string) string { return r[col[c]] }
		price := get("on_demand_usd_per_hour")
		if scale != "" {
			price = fmt.Sprintf("%s%s", price, scale)
		}
		offers++
		want["aws:"+get("region")+":"+get("instance_type")] = price
		spots["aws:"+get("region")+":"+get("instance_type")] = get("spot_usd_per_hour_min_az")
		zones := 3
		for z := range zones {
			spot := get("spot_usd_per_hour_min_az")
			if spot != "" && z > 0 {
				// A dearer zone: halfway between the lowest spot price
				// and on-demand.
				lo, _ := strconv.ParseFloat(spot, 64)
				od, _ := strconv.ParseFloat(price, 64)
				spot = strconv.FormatFloat(lo+(od-lo)/2, 'f', 6, 64)
			}
			w.Write([]string{get("instance_type"), names[get("gpu_model")], get("gpu_count"), get("vcpus"), get("memory_gib"),
				"", price, spot, get("region"), fmt.Sprintf("%s%c", get("region"), 'a'+z)})
		}
	}
	w.Flush()
	return buf.Bytes(), offers, want, spots
}

// Ensure a real-size AWS price list imports as a new inactive version with
// the listed prices, and activating it serves them.
func TestImportPublicCSV(t *testing.T) {
	m, _, _ := open(t)
	ctx := context.Background()
	before := m.Active()
	list, offers, want, spots := awsPriceListWithSpot(t, "1") // every price gets a trailing digit: all change
	imp, err := m.Import(ctx, "aws.csv", list, "aws", now)
	if err != nil {
		t.Fatalf("import:\n%v", err)
	}
	if m.Active() != before {
		t.Fatal("an import activated itself")
	}
	// The import takes the next id of its date: .2 when the embedded
	// catalog has .1 of that date, else .1.
	day := now.Format("2006-01-02")
	wantID := day + ".1"
	if before.Version.ID == day+".1" {
		wantID = day + ".2"
	}
	if imp.Catalog.Version.ID != wantID {
		t.Errorf("new version = %s, want %s", imp.Catalog.Version.ID, wantID)
	}
	if got := len(imp.Diff.Changed) + len(imp.Diff.Added); got != offers {
		t.Errorf("changed + added = %d, want the %d offers of the list", got, offers)
	}
	for id, price := range map[string]string{"aws:us-east-1:g4dn.xlarge": want["aws:us-east-1:g4dn.xlarge"], "aws:eu-central-1:p5.48xlarge": want["aws:eu-central-1:p5.48xlarge"]} {
		found := false
		for _, o := range imp.Catalog.Offers {
			if o.ID() == id {
				found = true
				if o.OnDemand.USDPerHour.String() != strings.TrimRight(strings.TrimRight(price, "0"), ".") {
					t.Errorf("%s on-demand = %s, want %s", id, o.OnDemand.USDPerHour, price)
				}
				if o.Spot != nil && o.Spot.USDPerHour.String() != strings.TrimRight(strings.TrimRight(spots[id], "0"), ".") {
					t.Errorf("%s spot = %s, want the lowest zone's %s", id, o.Spot.USDPerHour, spots[id])
				}
			}
		}
		if !found && price != "" {
			t.Errorf("%s missing after the import", id)
		}
	}
	// The list leaves out offers the active version has in its regions:
	// activating it needs a confirm, and the refusal lists them.
	var needs *versions.NeedsConfirm
	if err := m.Activate(ctx, imp.Catalog.Version.ID, false); !errors.As(err, &needs) || m.Active().Version.ID != before.Version.ID {
		t.Fatalf("activating without a confirm: %v, active %s; want a refusal and %s still active", err, m.Active().Version.ID, before.Version.ID)
	}
	vanished := 0
	for _, w := range needs.Diff.Warnings {
		if w.Kind == catalog.WarnVanished {
			vanished++
		}
	}
	if vanished != len(imp.Diff.Removed) || vanished == 0 {
		t.Errorf("the refusal lists %d vanished offers, the import removed %d", vanished, len(imp.Diff.Removed))
	}
	if err := m.Activate(ctx, imp.Catalog.Version.ID, true); err != nil {
		t.Fatal(err)
	}
	if m.Active().Version.ID != imp.Catalog.Version.ID {
		t.Error("activation did not switch the active catalog")
	}
	if err := m.Activate(ctx, before.Version.ID, true); err != nil || m.Active().Version.ID != before.Version.ID {
		t.Errorf("rollback: %v", err)
	}
}

// Ensure one bad row among many imports nothing and names the row.
func TestImportBadRow(t *testing.T) {
	m, db, _ := open(t)
	ctx := context.Background()
	list, _, _ := awsPriceList(t, "")
	lines := strings.Split(string(list), "\n")
	fields := strings.Split(lines[200], ",")
	fields[1] = "H9000-TURBO" // AcceleratorName
	lines[200] = strings.Join(fields, ",")
	bad := strings.Join(lines, "\n")
	_, err := m.Import(ctx, "aws.csv", []byte(bad), "aws", now)
	var probs catalog.Problems
	if !errors.As(err, &probs) || len(probs) != 1 || probs[0].Item != "row 201" || probs[0].Field != "AcceleratorName" {
		t.Fatalf("import error = %v, want one problem on row 201, AcceleratorName", err)
	}
	vs, _ := db.CatalogVersions(ctx)
	if len(vs) != 1 {
		t.Errorf("%d versions stored after a failed import, want only the first", len(vs))
	}
}

// Ensure requests in flight keep the catalog they started with while an
// activation happens (run with -race), and a restart keeps the active
// version.
func TestActivationConcurrentAndRestart(t *testing.T) {
	m, db, path := open(t)
	ctx := context.Background()
	first := m.Active()
	list, _, _ := awsPriceList(t, "1")
	imp, err := m.Import(ctx, "aws.csv", list, "aws", now)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 200 {
				c := m.Active()
				id := c.Version.ID
				for range 3 {
					if c.Version.ID != id || len(c.Offers) == 0 {
						t.Error("a request saw its catalog change under it")
						return
					}
				}
			}
		}()
	}
	for i := range 20 {
		target := first.Version.ID
		if i%2 == 0 {
			target = imp.Catalog.Version.ID
		}
		if err := m.Activate(ctx, target, true); err != nil { // its rows checked
			t.Fatal(err)
		}
	}
	wg.Wait()
	if err := m.Activate(ctx, imp.Catalog.Version.ID, true); err != nil {
		t.Fatal(err)
	}
	db.Close()
	db2, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db2.Close()
	m2, err := versions.Open(ctx, db2, first, "embedded")
	if err != nil {
		t.Fatal(err)
	}
	if m2.Active().Version.ID != imp.Catalog.Version.ID {
		t.Errorf("after a restart the active version is %s, want %s", m2.Active().Version.ID, imp.Catalog.Version.ID)
	}
}

// Ensure a second instance on the same database follows an activation.
func TestRefreshFollowsOtherInstance(t *testing.T) {
	a, db, _ := open(t)
	ctx := context.Background()
	b, err := versions.Open(ctx, db, a.Active(), "embedded")
	if err != nil {
		t.Fatal(err)
	}
	list, _, _ := awsPriceList(t, "1")
	imp, err := a.Import(ctx, "aws.csv", list, "aws", now)
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Activate(ctx, imp.Catalog.Version.ID, true); err != nil { // its rows checked
		t.Fatal(err)
	}
	if err := b.Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	if b.Active().Version.ID != imp.Catalog.Version.ID {
		t.Errorf("the other instance serves %s, want %s", b.Active().Version.ID, imp.Catalog.Version.ID)
	}
}

// Ensure a price list with a bad price and an unknown region reports both
// at once, and a list that changes nothing is refused.
func TestImportReportsEverything(t *testing.T) {
	m, _, _ := open(t)
	ctx := context.Background()
	head := strings.Join(catalog.PublicCSVColumns, ",") + "\n"
	bad := head + "g4dn.xlarge,T4,1,4,16,,abc,,us-east-1,a\ng4dn.xlarge,T4,1,4,16,,0.5,,mars-1,a\n"
	_, err := m.Import(ctx, "bad.csv", []byte(bad), "aws", now)
	var probs catalog.Problems
	if !errors.As(err, &probs) || len(probs) != 2 || probs[0].Field != "Price" || probs[1].Field != "Region" {
		t.Fatalf("import error = %v, want a Price problem and a Region problem", err)
	}
	// The active version's own AWS offers in us-east-1, as a price list.
	names := map[string]string{"t4": "T4", "a10g": "A10G", "l4": "L4", "l40s": "L40S", "v100": "V100", "a100-40gb": "A100",
		"a100-80gb": "A100-80GB", "h100": "H100", "h200": "H200", "b200": "B200"}
	same := head
	for _, o := range m.Active().Offers {
		if o.Provider == "aws" && o.Region == "us-east-1" {
			spot := ""
			if o.Spot != nil {
				spot = o.Spot.USDPerHour.String()
			}
			same += fmt.Sprintf("%s,%s,%d,%d,%g,,%s,%s,us-east-1,a\n", o.InstanceType, names[o.GPU], o.GPUCount, o.VCPUs, o.MemoryGiB, o.OnDemand.USDPerHour, spot)
		}
	}
	if _, err := m.Import(ctx, "same.csv", []byte(same), "aws", now); err == nil || !strings.Contains(err.Error(), "nothing to import") {
		t.Errorf("a list that changes nothing: %v, want it refused", err)
	}
}

// Ensure a bundle that changes only an LLM profile's model repository is
// imported, and activating it needs a confirm that names the profile.
func TestModelRepositoryNeedsConfirm(t *testing.T) {
	m, _, _ := open(t)
	ctx := context.Background()
	before := m.Active()
	next := *before
	next.Version.ID = "repo-move"
	next.Profiles = slices.Clone(before.Profiles)
	profile := ""
	for i, p := range next.Profiles {
		if p.LLM != nil {
			llm := *p.LLM
			llm.Repo = "someone-else/" + p.ID
			next.Profiles[i].LLM, profile = &llm, p.ID
			break
		}
	}
	var buf bytes.Buffer
	if err := next.Bundle(&buf); err != nil {
		t.Fatal(err)
	}
	imp, err := m.Import(ctx, "bundle.json", buf.Bytes(), "", now)
	if err != nil {
		t.Fatalf("import: %v", err)
	}
	var needs *versions.NeedsConfirm
	if err := m.Activate(ctx, imp.Catalog.Version.ID, false); !errors.As(err, &needs) || m.Active() != before {
		t.Fatalf("activating without a confirm: %v; want a refusal", err)
	}
	if w := needs.Diff.Warnings; len(w) != 1 || w[0].Kind != catalog.WarnRepo || w[0].Offer != profile {
		t.Errorf("the refusal lists %+v, want the model repository of %s", w, profile)
	}
	if err := m.Activate(ctx, imp.Catalog.Version.ID, true); err != nil || m.Active().Version.ID != "repo-move" {
		t.Errorf("activating with a confirm: %v", err)
	}
}
