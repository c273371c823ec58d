package store_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gpuplace/internal/store/storetest"
)

// Ensure a budget spends up to its limit per key and window and no
// further, a refund gives back what was spent, a new window starts at
// nothing, what was spent since a time sums its windows, and expiry
// forgets one budget's old windows.
func TestBudgets(t *testing.T) { storetest.Run(t, testBudgets) }

func testBudgets(t *testing.T, backend string) {
	db, _ := newTestDB(t, backend)
	ctx := context.Background()
	w0 := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	spend := func(key string, w time.Time, cost int) bool {
		t.Helper()
		_, ok, err := db.SpendBudget(ctx, "advice", key, w, cost, 5)
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}
	if !spend("a", w0, 3) {
		t.Fatal("spending 3 of 5 was refused")
	}
	if spent, ok, err := db.SpendBudget(ctx, "advice", "a", w0, 2, 5); !ok || spent != 5 || err != nil {
		t.Fatalf("spending 2 more: %d spent, %v, %v; want 5 spent", spent, ok, err)
	}
	if spend("a", w0, 1) {
		t.Error("a sixth unit of 5 was spent")
	}
	if !spend("b", w0, 5) || spend("b", w0, 1) {
		t.Error("another key does not have its own 5")
	}
	if spend("c", w0, 6) {
		t.Error("a cost over the whole limit was spent")
	}
	if err := db.RefundBudget(ctx, "advice", "a", w0, 1); err != nil {
		t.Fatal(err)
	}
	if !spend("a", w0, 1) || spend("a", w0, 1) {
		t.Error("a refunded unit is not spent once again")
	}
	w1 := w0.Add(time.Minute)
	if !spend("a", w1, 5) {
		t.Error("the next window does not start at nothing")
	}
	if n, err := db.BudgetSpent(ctx, "advice", "a", w0); err != nil || n != 10 {
		t.Errorf("spent since the first window: %d (%v), want 10", n, err)
	}
	if n, err := db.BudgetSpent(ctx, "advice", "a", w1); err != nil || n != 5 {
		t.Errorf("spent since the second window: %d (%v), want 5", n, err)
	}
	if _, ok, err := db.SpendBudget(ctx, "pins", "a", w0, 1, 5); !ok || err != nil {
		t.Fatalf("another budget: %v, %v", ok, err)
	}
	if n, err := db.ExpireBudgets(ctx, "advice", w1); err != nil || n != 2 {
		t.Errorf("expiry dropped %d counts (%v), want the first window's 2 of this budget", n, err)
	}
	if n, err := db.BudgetSpent(ctx, "pins", "a", w0); err != nil || n != 1 {
		t.Errorf("expiry of one budget dropped another's counts: %d (%v)", n, err)
	}
	if !spend("a", w0, 5) || spend("a", w1, 1) {
		t.Error("expiry dropped the wrong window")
	}
}

// Ensure two stores on one database (two instances) spending one budget
// in parallel spend it exactly: 40 units asked, 10 given.
func TestBudgetsShared(t *testing.T) {
	storetest.Run(t, func(t *testing.T, backend string) {
		dsn := storetest.DSN(t, backend)
		dbs := []interface {
			SpendBudget(context.Context, string, string, time.Time, int, int) (int, bool, error)
		}{storetest.OpenDSN(t, dsn), storetest.OpenDSN(t, dsn)}
		w := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
		var given atomic.Int32
		var wg sync.WaitGroup
		for i := range 40 {
			wg.Go(func() {
				_, ok, err := dbs[i%2].SpendBudget(context.Background(), "pins", "198.51.100.7", w, 1, 10)
				if err != nil {
					t.Error(err)
				}
				if ok {
					given.Add(1)
				}
			})
		}
		wg.Wait()
		if given.Load() != 10 {
			t.Errorf("%d of 40 units given by two instances, want the budget's 10", given.Load())
		}
	})
}
