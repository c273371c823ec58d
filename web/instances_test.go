package web_test

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"

	"gpuplace/internal/account"
	"gpuplace/internal/store/storetest"
	"gpuplace/internal/versions"
	"gpuplace/web"
)

// testServerAt is newTestServer on the database at dsn: call it twice with
// one dsn for two app instances sharing a database.
func testServerAt(t testing.TB, dsn string, opts ...func(*web.Config)) *testServer {
	t.Helper()
	cat, err := realCatalog()
	if err != nil {
		t.Fatal(err)
	}
	db := storetest.OpenDSN(t, dsn)
	cats, err := versions.Open(context.Background(), db, cat, "embedded")
	if err != nil {
		t.Fatal(err)
	}
	return newTestServerOn(db, cat, cats, opts...)
}

// Ensure two instances on one database (as behind a load balancer) share
// sessions, pinned links and quote numbers, and follow each other's
// catalog activations: a request may land on either.
func TestTwoInstances(t *testing.T) {
	storetest.Run(t, func(t *testing.T, backend string) {
		dsn := storetest.DSN(t, backend)
		a, b := testServerAt(t, dsn), testServerAt(t, dsn)
		cookie := a.signIn(t, account.RoleSales)
		wantStatus(t, b.do(t, "GET", "/quotes", nil, "Cookie", cookie), http.StatusOK)

		link := a.pinLink(t)
		wantStatus(t, b.do(t, "GET", "/s/"+link, nil), http.StatusOK)

		first := a.createQuote(t, cookie, link, nil)
		second := b.createQuote(t, cookie, link, nil)
		if first == second || first[len(first)-5:] != "-0001" || second[len(second)-5:] != "-0002" {
			t.Errorf("quote numbers from a then b = %s, %s; want …-0001, …-0002", first, second)
		}
		wantStatus(t, b.do(t, "GET", "/quotes/"+first, nil, "Cookie", cookie), http.StatusOK)

		a.activateNext(t)
		ctx := context.Background()
		if err := b.versions.Refresh(ctx); err != nil { // what serve's watcher does every 10 s
			t.Fatal(err)
		}
		rec := b.do(t, "GET", "/api/v1/catalog", nil)
		wantStatus(t, rec, http.StatusOK)
		var got struct {
			Version string `json:"version"`
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil || got.Version != "next" {
			t.Errorf("b serves catalog %q (%v) after a activated next", got.Version, err)
		}
	})
}
