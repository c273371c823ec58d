package store_test

import (
	"bytes"
	"context"
	"reflect"
	"testing"
	"time"

	"gpuplace/internal/quote"
	"gpuplace/internal/store/storetest"
)

// Ensure the seller is empty until an admin sets it, round-trips every
// field (a logo's bytes, a Chinese address over several lines), drops its
// logo when set without one, and keeps what was in force at each time for
// the quotes sent then.
func TestSeller(t *testing.T) { storetest.Run(t, testSeller) }

func testSeller(t *testing.T, backend string) {
	db, dsn := newTestDB(t, backend)
	ctx := context.Background()
	got, err := db.Seller(ctx)
	if err != nil || !got.IsZero() {
		t.Fatalf("seller of a new database = %+v, %v; want none", got, err)
	}
	logo := []byte("\x89PNG\r\n\x1a\n\x00\x01\x02 not really an image, bytes kept as they are")
	want := quote.Seller{Company: "GPU Place GmbH", Address: "Friedrichstraße 1\n10117 Berlin\n德国",
		ContactName: "Grace Hopper", ContactEmail: "sales@gpuplace.test", ContactPhone: "+49 30 1234567",
		VATID: "DE123456789", Logo: logo, LogoType: quote.LogoPNG,
		UpdatedAt: time.Date(2026, 12, 1, 9, 30, 0, 0, time.UTC), UpdatedBy: "admin@example.com"}
	if err := db.SetSeller(ctx, want); err != nil {
		t.Fatal(err)
	}
	got, err = db.Seller(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Logo, want.Logo) || !got.UpdatedAt.Equal(want.UpdatedAt) {
		t.Errorf("logo or date changed: %q %v", got.Logo, got.UpdatedAt)
	}
	got.Logo, got.UpdatedAt, want.Logo, want.UpdatedAt = nil, time.Time{}, nil, time.Time{}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("seller = %+v\nwant %+v", got, want)
	}

	// Set again a day later, without a logo: the logo gone from then on.
	first := time.Date(2026, 12, 1, 9, 30, 0, 0, time.UTC) // when the first was set
	want.Company, want.Logo, want.LogoType = "GPU Place AG", nil, quote.LogoPNG
	want.UpdatedAt = first.Add(24 * time.Hour)
	if err := db.SetSeller(ctx, want); err != nil {
		t.Fatal(err)
	}
	// Another instance reads what the first wrote.
	got, err = storetest.OpenDSN(t, dsn).Seller(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got.Company != "GPU Place AG" || got.Logo != nil || got.LogoType != "" {
		t.Errorf("after setting it without a logo: %+v, want the new company and no logo", got)
	}

	// A quote sent between the two keeps the first; one sent before any
	// was set has none.
	between, before := first.Add(time.Hour), first.Add(-time.Hour)
	if got, err := db.SellerAt(ctx, &between); err != nil || got.Company != "GPU Place GmbH" || !bytes.Equal(got.Logo, logo) {
		t.Errorf("seller in force between the two = %+v, %v; want the first, with its logo", got, err)
	}
	if got, err := db.SellerAt(ctx, &before); err != nil || !got.IsZero() {
		t.Errorf("seller in force before any was set = %+v, %v; want none", got, err)
	}
}
