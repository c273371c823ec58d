package web_test

import (
	"net/http"
	"strings"
	"testing"

	"gpuplace/internal/account"
)

// Ensure each route caps the body it reads where it is declared: forms
// at 64 KB, an admin's catalog upload at 32 MB; over its cap a request
// gets 413.
func TestBodyLimits(t *testing.T) {
	s := newTestServer(t)
	admin := s.signIn(t, account.RoleAdmin)
	bigForm := germanInference + "&pad=" + strings.Repeat("x", 64<<10)
	for _, path := range []string{"/s", "/login", "/admin/catalog/" + s.cat.Version.ID + "/activate", "/api/v1/links"} {
		rec := s.do(t, "POST", path, strings.NewReader(bigForm), "Content-Type", "application/x-www-form-urlencoded", "Cookie", admin)
		if rec.Code != http.StatusRequestEntityTooLarge {
			t.Errorf("POST %s with a %d-byte form = %d, want 413", path, len(bigForm), rec.Code)
		}
	}

	send := func(size int) int {
		b, ct := upload(t, "list.csv", strings.Repeat("x", size), "aws")
		return s.do(t, "POST", "/admin/catalog", b, "Content-Type", ct, "Cookie", admin).Code
	}
	if got := send(1 << 20); got != http.StatusUnprocessableEntity {
		t.Errorf("a 1 MB upload of a bad list = %d, want 422 (read, then refused)", got)
	}
	if got := send(32 << 20); got != http.StatusRequestEntityTooLarge {
		t.Errorf("a 32 MB upload = %d, want 413", got)
	}
}
