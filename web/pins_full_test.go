package web_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"gpuplace/web"
)

// Ensure a store full of pins someone opened still takes new pins: it
// evicts the least recently opened one, and the others keep working.
func TestFullStoreOfOpenedPinsEvicts(t *testing.T) {
	now := time.Date(2026, 12, 2, 12, 0, 0, 0, time.UTC)
	s := newTestServer(t, func(c *web.Config) {
		c.Limits = web.Limits{}
		c.Pins = &web.PinLimits{PerAddressPerDay: 100, Total: 2, UnvisitedTTL: 180 * 24 * time.Hour}
		c.Now = func() time.Time { return now }
	})
	var ids []string
	for rps := 1; rps <= 2; rps++ {
		rec := s.pinAt(t, "198.51.100.1:1000", rps)
		wantStatus(t, rec, http.StatusSeeOther)
		ids = append(ids, strings.TrimPrefix(rec.Header().Get("Location"), "/s/"))
	}
	// Both are opened, the first again later: the second is the least
	// recently opened.
	now = now.Add(48 * time.Hour)
	wantStatus(t, s.do(t, "GET", "/s/"+ids[1], nil), http.StatusOK)
	now = now.Add(48 * time.Hour)
	wantStatus(t, s.do(t, "GET", "/s/"+ids[0], nil), http.StatusOK)
	now = now.Add(time.Hour)
	wantStatus(t, s.pinAt(t, "198.51.100.2:1000", 3), http.StatusSeeOther)
	if n, _ := s.db.CountLinks(t.Context()); n != 2 {
		t.Errorf("the full store holds %d pins, want 2", n)
	}
	wantStatus(t, s.do(t, "GET", "/s/"+ids[0], nil), http.StatusOK)
	wantStatus(t, s.do(t, "GET", "/s/"+ids[1], nil), http.StatusNotFound)
}
