package store

import (
	"context"
	"fmt"
	"time"

	"gpuplace/internal/quote"
)

// Seller returns who quotes are from now; the zero Seller while no admin
// has set it.
func (s *DB) Seller(ctx context.Context) (quote.Seller, error) { return s.SellerAt(ctx, nil) }

// SellerAt returns who quotes were from at a time: the details in force
// then (the zero Seller if none were set yet), or the newest for nil. A
// sent quote shows the seller of its sending, whatever was set since.
func (s *DB) SellerAt(ctx context.Context, at *time.Time) (quote.Seller, error) {
	id, err := s.sellerVersion(ctx, at)
	if err != nil || id == 0 {
		return quote.Seller{}, err
	}
	var sl quote.Seller
	var updated string
	err = s.db.QueryRowContext(ctx, s.d.q(`SELECT company, address, contact_name, contact_email, contact_phone, vat_id, logo,
		logo_type, updated_at, updated_by FROM seller WHERE id = ?`), id).Scan(&sl.Company, &sl.Address, &sl.ContactName,
		&sl.ContactEmail, &sl.ContactPhone, &sl.VATID, &sl.Logo, &sl.LogoType, &updated, &sl.UpdatedBy)
	if err != nil {
		return sl, fmt.Errorf("store: seller: %w", err)
	}
	sl.UpdatedAt, _ = parseTime(updated)
	if len(sl.Logo) == 0 {
		sl.Logo, sl.LogoType = nil, ""
	}
	return sl, nil
}

// sellerVersion finds the row of the seller in force at a time (the newest
// for nil), 0 when there is none. The rows are few (one each time an admin
// saves) and read without their logos.
func (s *DB) sellerVersion(ctx context.Context, at *time.Time) (int64, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, updated_at FROM seller ORDER BY id`)
	if err != nil {
		return 0, fmt.Errorf("store: seller versions: %w", err)
	}
	defer rows.Close()
	var found int64
	for rows.Next() {
		var id int64
		var updated string
		if err := rows.Scan(&id, &updated); err != nil {
			return 0, fmt.Errorf("store: seller versions: %w", err)
		}
		t, err := parseTime(updated)
		if err != nil {
			return 0, fmt.Errorf("store: seller %d: %w", id, err)
		}
		if at == nil || !t.After(*at) {
			found = id
		}
	}
	return found, rows.Err()
}

// SetSeller sets who quotes are from from now on, logo included (nil for
// none); the details set before stay for the quotes sent under them.
func (s *DB) SetSeller(ctx context.Context, sl quote.Seller) error {
	var logo any
	if len(sl.Logo) > 0 {
		logo = sl.Logo
	} else {
		sl.LogoType = ""
	}
	_, err := s.db.ExecContext(ctx, s.d.q(`INSERT INTO seller (company, address, contact_name, contact_email,
		contact_phone, vat_id, logo, logo_type, updated_at, updated_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
		sl.Company, sl.Address, sl.ContactName, sl.ContactEmail, sl.ContactPhone, sl.VATID, logo, sl.LogoType,
		formatTime(sl.UpdatedAt), sl.UpdatedBy)
	if err != nil {
		return fmt.Errorf("store: set seller: %w", err)
	}
	return nil
}
