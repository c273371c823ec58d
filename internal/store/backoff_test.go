package store_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gpuplace/internal/store/storetest"
)

// Ensure parallel sign-in attempts on one key from two stores on one
// database (two instances) are counted one by one: with a wait from the
// fifth wrong password on, 20 at once get 5 counted and 15 told to wait;
// a refund restores the wait it replaced, a correct password forgets
// them, and expiry drops keys quiet since the cutoff.
func TestLoginFailures(t *testing.T) {
	storetest.Run(t, func(t *testing.T, backend string) {
		dsn := storetest.DSN(t, backend)
		dbs := [2]interface {
			ReserveLoginFailure(context.Context, string, time.Time, func(int) time.Time) (time.Time, time.Duration, error)
		}{storetest.OpenDSN(t, dsn), storetest.OpenDSN(t, dsn)}
		db := storetest.OpenDSN(t, dsn)
		ctx := context.Background()
		now := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
		next := func(n int) time.Time {
			if n >= 5 {
				return now.Add(time.Hour)
			}
			return time.Time{}
		}
		const key = "203.0.113.7 ann@example.com"
		var counted atomic.Int32
		var wg sync.WaitGroup
		for i := range 20 {
			wg.Go(func() {
				_, wait, err := dbs[i%2].ReserveLoginFailure(ctx, key, now, next)
				if err != nil {
					t.Error(err)
				}
				if wait == 0 {
					counted.Add(1)
				}
			})
		}
		wg.Wait()
		if counted.Load() != 5 {
			t.Errorf("%d of 20 parallel attempts counted, want 5", counted.Load())
		}
		if err := db.RefundLoginFailure(ctx, key, time.Time{}); err != nil {
			t.Fatal(err)
		}
		prev, wait, err := db.ReserveLoginFailure(ctx, key, now, next)
		if err != nil || wait != 0 || !prev.Equal(time.UnixMilli(0)) {
			t.Errorf("after a refund: wait %s, prev %s, %v; want the attempt counted", wait, prev, err)
		}
		if _, wait, _ := db.ReserveLoginFailure(ctx, key, now, next); wait != time.Hour {
			t.Errorf("after the fifth again: wait %s, want 1h", wait)
		}
		if n, err := db.ExpireLoginFailures(ctx, now.Add(time.Hour)); err != nil || n != 0 {
			t.Errorf("expiry before the wait is over dropped %d (%v)", n, err)
		}
		if n, err := db.ExpireLoginFailures(ctx, now.Add(2*time.Hour)); err != nil || n != 1 {
			t.Errorf("expiry after the wait dropped %d (%v), want 1", n, err)
		}
		db.ReserveLoginFailure(ctx, key, now, next)
		if err := db.ForgetLoginFailures(ctx, key); err != nil {
			t.Fatal(err)
		}
		for range 4 {
			if _, wait, _ := db.ReserveLoginFailure(ctx, key, now, next); wait != 0 {
				t.Fatalf("after a correct password an attempt waits %s", wait)
			}
		}
	})
}
