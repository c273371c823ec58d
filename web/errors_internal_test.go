package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"syscall"
	"testing"

	"gpuplace/internal/account"
	"gpuplace/internal/link"
	"gpuplace/internal/locale"
	"gpuplace/internal/quote"
	"gpuplace/internal/versions"
)

// Ensure statusOf knows every domain's errors, however they are wrapped:
// each not-found is 404, each conflict 409, each unreadable request 400.
func TestStatusOf(t *testing.T) {
	wrapped := func(err error) error { return fmt.Errorf("store: something: %w", err) }
	for _, tt := range []struct {
		name string
		err  error
		want int
	}{
		{"no route", errNotFound, http.StatusNotFound},
		{"quote", wrapped(quote.ErrNotFound), http.StatusNotFound},
		{"link", wrapped(link.ErrNotFound), http.StatusNotFound},
		{"account", wrapped(account.ErrNotFound), http.StatusNotFound},
		{"catalog version", wrapped(versions.ErrNotFound), http.StatusNotFound},
		{"sent quote", wrapped(quote.ErrImmutable), http.StatusConflict},
		{"revised revision", &quote.SupersededError{Number: "Q-2026-0001-R1", Latest: "Q-2026-0001-R2"}, http.StatusConflict},
		{"taken version id", wrapped(versions.ErrExists), http.StatusConflict},
		{"taken email", wrapped(account.ErrExists), http.StatusConflict},
		{"unreadable form", badRequest(errors.New("invalid semicolon separator in query")), http.StatusBadRequest},
		{"undecodable body", badBody{locale.FieldErrors{locale.Invalid("body", "invalid.json.empty")}}, http.StatusBadRequest},
		{"not text", badText{locale.FieldErrors{locale.Invalid("path", "invalid.not_text")}}, http.StatusBadRequest},
		{"too large", badRequest(&http.MaxBytesError{Limit: 1}), http.StatusRequestEntityTooLarge},
		{"invalid fields", locale.FieldErrors{locale.Invalid("rps", "invalid.number")}, http.StatusUnprocessableEntity},
		{"client left", wrapped(context.Canceled), statusClientClosed},
		{"anything else", errors.New("disk full"), http.StatusInternalServerError},
	} {
		if got := statusOf(tt.err); got != tt.want {
			t.Errorf("%s: statusOf(%v) = %d, want %d", tt.name, tt.err, got, tt.want)
		}
	}
}

// Ensure a failure to write to a client that has gone counts as the
// client's leaving (499), not as the server's error.
func TestStatusForAGoneClient(t *testing.T) {
	live := httptest.NewRequest("GET", "/", nil)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	gone := live.WithContext(ctx)
	for _, tt := range []struct {
		r    *http.Request
		err  error
		want int
	}{
		{live, fmt.Errorf("write: %w", syscall.EPIPE), statusClientClosed},
		{live, fmt.Errorf("write: %w", syscall.ECONNRESET), statusClientClosed},
		{gone, errors.New("write failed"), statusClientClosed},
		{live, errors.New("write failed"), http.StatusInternalServerError},
	} {
		if got := statusFor(tt.r, tt.err); got != tt.want {
			t.Errorf("statusFor(%v) = %d, want %d", tt.err, got, tt.want)
		}
	}
}
