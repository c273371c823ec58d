package store_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"sort"
	"sync"
	"testing"
	"time"

	"gpuplace/data"
	"gpuplace/internal/account"
	"gpuplace/internal/catalog"
	"gpuplace/internal/link"
	"gpuplace/internal/store"
	"gpuplace/internal/store/storetest"
	"gpuplace/internal/versions"
)

// twoInstances opens two stores on one fresh database of backend, as two
// app instances sharing it would.
func twoInstances(t *testing.T, backend string) (a, b *store.DB) {
	t.Helper()
	dsn := storetest.DSN(t, backend)
	return storetest.OpenDSN(t, dsn), storetest.OpenDSN(t, dsn)
}

// alternately runs f n times at once, the even runs on a, the odd ones on
// b, and waits for all of them.
func alternately(n int, a, b *store.DB, f func(i int, db *store.DB)) {
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			db := a
			if i%2 == 1 {
				db = b
			}
			f(i, db)
		}()
	}
	wg.Wait()
}

// Ensure two instances starting at once on a fresh database both migrate
// it (each migration applied once) and then share it.
func TestInstancesStartTogether(t *testing.T) { storetest.Run(t, testInstancesStartTogether) }

func testInstancesStartTogether(t *testing.T, backend string) {
	dsn := storetest.DSN(t, backend)
	var wg sync.WaitGroup
	dbs := make([]*store.DB, 4)
	errs := make([]error, 4)
	for i := range dbs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			dbs[i], errs[i] = store.Open(context.Background(), dsn)
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("instance %d: %v", i, err)
		}
		t.Cleanup(func() { dbs[i].Close() })
	}
	if err := dbs[0].Ping(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// Ensure quotes created at once through two instances get distinct,
// gapless numbers, and each instance lists all of them.
func TestInstancesQuoteNumbers(t *testing.T) { storetest.Run(t, testInstancesQuoteNumbers) }

func testInstancesQuoteNumbers(t *testing.T, backend string) {
	a, b := twoInstances(t, backend)
	ctx := context.Background()
	const n = 60
	errs := make(chan error, n)
	seqs := make(chan int, n)
	alternately(n, a, b, func(i int, db *store.DB) {
		q := newQuote(fmt.Sprintf("Customer %d", i))
		if err := db.CreateQuote(ctx, q); err != nil {
			errs <- err
			return
		}
		seqs <- q.Seq
	})
	close(errs)
	close(seqs)
	for err := range errs {
		t.Fatal(err)
	}
	var got []int
	for s := range seqs {
		got = append(got, s)
	}
	sort.Ints(got)
	if len(got) != n {
		t.Fatalf("%d quotes created, want %d", len(got), n)
	}
	for i, s := range got {
		if s != i+1 {
			t.Fatalf("numbers = %v, want 1..%d without gaps", got, n)
		}
	}
	for name, db := range map[string]*store.DB{"a": a, "b": b} {
		if _, total, err := db.Quotes(ctx, quoteFilterAll()); err != nil || total != n {
			t.Errorf("instance %s lists %d quotes (%v), want %d", name, total, err, n)
		}
	}
}

// Ensure concurrent revisions of one quote through two instances make
// exactly one new revision: the others find the quote revised.
func TestInstancesReviseOnce(t *testing.T) { storetest.Run(t, testInstancesReviseOnce) }

func testInstancesReviseOnce(t *testing.T, backend string) {
	a, b := twoInstances(t, backend)
	ctx := context.Background()
	q := newQuote("Acme")
	if err := a.CreateQuote(ctx, q); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	ok := 0
	alternately(10, a, b, func(_ int, db *store.DB) {
		if err := db.ReviseQuote(ctx, owner, q.ID, newQuote("Acme")); err == nil {
			mu.Lock()
			ok++
			mu.Unlock()
		}
	})
	revs, err := b.Revisions(ctx, q.Year, q.Seq)
	if err != nil {
		t.Fatal(err)
	}
	if ok != 1 || len(revs) != 2 || revs[0].SupersededBy != revs[1].ID {
		t.Errorf("%d revisions succeeded, %d stored; want 1 and 2 (R1 superseded by R2)", ok, len(revs))
	}
}

// Ensure a link, a user and a session written through one instance are
// read through the other, and a sign-out on one ends the session on both.
func TestInstancesShareLinksAndSessions(t *testing.T) {
	storetest.Run(t, testInstancesShareLinksAndSessions)
}

func testInstancesShareLinksAndSessions(t *testing.T, backend string) {
	a, b := twoInstances(t, backend)
	ctx := context.Background()
	l := link.Link{ID: link.NewID(), Query: "kind=training", CatalogVersion: "v1", Result: []byte(`{"a":1}`),
		CreatedAt: time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)}
	if err := a.CreateLink(ctx, l); err != nil {
		t.Fatal(err)
	}
	if got, err := b.Link(ctx, l.ID); err != nil || string(got.Result) != string(l.Result) {
		t.Errorf("link written by a, read by b = %+v (%v)", got, err)
	}
	u, err := account.NewUser("sales@example.com", account.RoleSales, "correct horse battery")
	if err != nil {
		t.Fatal(err)
	}
	if u, err = a.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	if _, err := b.CreateUser(ctx, u); !errors.Is(err, account.ErrExists) {
		t.Errorf("the same email through b: %v, want ErrExists", err)
	}
	_, hash := account.NewSessionToken()
	now := time.Now()
	if err := a.CreateSession(ctx, hash, u.ID, now.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if got, err := b.SessionUser(ctx, hash, now); err != nil || got.ID != u.ID {
		t.Errorf("session made on a, read on b = %+v (%v)", got, err)
	}
	if err := b.DeleteSession(ctx, hash); err != nil {
		t.Fatal(err)
	}
	if _, err := a.SessionUser(ctx, hash, now); !errors.Is(err, account.ErrNotFound) {
		t.Errorf("session ended on b, still on a: %v", err)
	}
}

// bundleAs returns the embedded catalog as a bundle whose version is id.
func bundleAs(t *testing.T, id string) []byte {
	t.Helper()
	c, err := catalog.Load(data.FS)
	if err != nil {
		t.Fatal(err)
	}
	c.Version.ID = id
	var buf bytes.Buffer
	if err := c.Bundle(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// Ensure an activation through one instance is what the other reports
// active, and what its versions.Manager serves after Refresh.
func TestInstancesFollowActivation(t *testing.T) { storetest.Run(t, testInstancesFollowActivation) }

func testInstancesFollowActivation(t *testing.T, backend string) {
	a, b := twoInstances(t, backend)
	ctx := context.Background()
	builtin, err := catalog.Load(data.FS)
	if err != nil {
		t.Fatal(err)
	}
	ma, err := versions.Open(ctx, a, builtin, "embedded")
	if err != nil {
		t.Fatal(err)
	}
	mb, err := versions.Open(ctx, b, builtin, "embedded")
	if err != nil {
		t.Fatal(err)
	}
	if err := a.SaveCatalogVersion(ctx, "next", "test", bundleAs(t, "next")); err != nil {
		t.Fatal(err)
	}
	if err := b.SaveCatalogVersion(ctx, "next", "test", bundleAs(t, "next")); !errors.Is(err, versions.ErrExists) {
		t.Errorf("saving the same version through b: %v, want versions.ErrExists", err)
	}
	if err := ma.Activate(ctx, "next", true); err != nil {
		t.Fatal(err)
	}
	if id, err := b.ActiveCatalogVersion(ctx); err != nil || id != "next" {
		t.Errorf("b's active version = %q (%v), want next", id, err)
	}
	if got := mb.Active().Version.ID; got != builtin.Version.ID {
		t.Fatalf("b serves %s before Refresh, want %s", got, builtin.Version.ID)
	}
	if err := mb.Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	if got := mb.Active().Version.ID; got != "next" {
		t.Errorf("b serves %s after Refresh, want next", got)
	}
	// Roll back through b; a follows.
	if err := mb.Activate(ctx, builtin.Version.ID, true); err != nil {
		t.Fatal(err)
	}
	if err := ma.Refresh(ctx); err != nil || ma.Active().Version.ID != builtin.Version.ID {
		t.Errorf("a serves %s (%v) after b rolled back, want %s", ma.Active().Version.ID, err, builtin.Version.ID)
	}
}

// Ensure activations racing through two instances all succeed and leave
// exactly one version active: the last one to commit.
func TestInstancesConcurrentActivations(t *testing.T) {
	storetest.Run(t, testInstancesConcurrentActivations)
}

func testInstancesConcurrentActivations(t *testing.T, backend string) {
	a, b := twoInstances(t, backend)
	ctx := context.Background()
	ids := []string{"v1", "v2", "v3"}
	for _, id := range ids {
		if err := a.SaveCatalogVersion(ctx, id, "test", []byte("{}")); err != nil {
			t.Fatal(err)
		}
	}
	errs := make(chan error, 40)
	alternately(40, a, b, func(i int, db *store.DB) {
		if err := db.ActivateCatalogVersion(ctx, ids[i%len(ids)]); err != nil {
			errs <- err
		}
	})
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	vs, err := b.CatalogVersions(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var active []string
	for _, v := range vs {
		if v.Active {
			active = append(active, v.ID)
		}
	}
	id, err := a.ActiveCatalogVersion(ctx)
	if len(active) != 1 || err != nil || id != active[0] {
		t.Errorf("active versions = %v; a reports %q (%v); want exactly one, the same", active, id, err)
	}
}
