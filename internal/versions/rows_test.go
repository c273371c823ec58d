package versions_test

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"gpuplace/internal/catalog"
	"gpuplace/internal/versions"
)

// Ensure a price list or a bundle over MaxImportRows is refused with a
// message that says so, and stores nothing; one at the limit is read.
func TestImportRowLimit(t *testing.T) {
	m, db, _ := open(t)
	ctx := context.Background()
	head := strings.Join(catalog.PublicCSVColumns, ",") + "\n"
	row := "g4dn.xlarge,T4,1,4,16,,0.5,,us-east-1,a\n"
	tooLong := head + strings.Repeat(row, versions.MaxImportRows+1)
	offers := "[" + strings.Repeat("{},", versions.MaxImportRows) + "{}]"
	tooBig := `{"version":{"id":"big"},"offers":` + offers + `}`
	for name, body := range map[string]string{"long.csv": tooLong, "big.json": tooBig} {
		_, err := m.Import(ctx, name, []byte(body), "aws", now)
		var probs catalog.Problems
		if !errors.As(err, &probs) || len(probs) != 1 || !strings.Contains(probs[0].Message, "more than 100000") {
			t.Errorf("%s: import error = %v, want one problem saying it has more than %d rows", name, err, versions.MaxImportRows)
		}
	}
	if vs, _ := db.CatalogVersions(ctx); len(vs) != 1 {
		t.Errorf("%d versions stored after refused imports, want only the first", len(vs))
	}
	// At the limit the list is read and imported.
	imp, err := m.Import(ctx, "limit.csv", []byte(head+strings.Repeat(row, versions.MaxImportRows)), "aws", now)
	if err != nil || len(imp.Diff.Changed)+len(imp.Diff.Added) == 0 {
		t.Errorf("a list of exactly %d rows: %v, want it imported", versions.MaxImportRows, err)
	}
}

// Ensure a bundle whose version id exists already is refused as a problem
// with the id (422 on the admin page), not a server error.
func TestImportDuplicateID(t *testing.T) {
	m, _, _ := open(t)
	ctx := context.Background()
	next := changedCatalog(t, m.Active(), "2099-01-01.1")
	var b bytes.Buffer
	if err := next.Bundle(&b); err != nil {
		t.Fatal(err)
	}
	if _, err := m.Import(ctx, "next.json", b.Bytes(), "", now); err != nil {
		t.Fatal(err)
	}
	_, err := m.Import(ctx, "again.json", b.Bytes(), "", now)
	var probs catalog.Problems
	if !errors.As(err, &probs) || len(probs) != 1 || probs[0].Field != "id" || !strings.Contains(probs[0].Message, "exists") {
		t.Errorf("second import of the same id: %v, want a problem saying the id exists", err)
	}
}

// changedCatalog is a copy of c under another id with one price changed.
func changedCatalog(t *testing.T, c *catalog.Catalog, id string) *catalog.Catalog {
	t.Helper()
	var b bytes.Buffer
	if err := c.Bundle(&b); err != nil {
		t.Fatal(err)
	}
	next, err := catalog.LoadBundle(&b, "copy")
	if err != nil {
		t.Fatal(err)
	}
	next.Version.ID = id
	next.Offers[0].OnDemand.USDPerHour = next.Offers[0].OnDemand.USDPerHour.Add(next.Offers[0].OnDemand.USDPerHour)
	return next
}
