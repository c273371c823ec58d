package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"gpuplace/internal/quote"
)

// Seller returns who quotes are from; the zero Seller while no admin has
// set it.
func (s *DB) Seller(ctx context.Context) (quote.Seller, error) {
	var sl quote.Seller
	var updated string
	err := s.db.QueryRowContext(ctx, `SELECT company, address, contact_name, contact_email, contact_phone, vat_id, logo,
		logo_type, updated_at, updated_by FROM seller WHERE id = 1`).Scan(&sl.Company, &sl.Address, &sl.ContactName,
		&sl.ContactEmail, &sl.ContactPhone, &sl.VATID, &sl.Logo, &sl.LogoType, &updated, &sl.UpdatedBy)
	if errors.Is(err, sql.ErrNoRows) {
		return quote.Seller{}, nil
	}
	if err != nil {
		return sl, fmt.Errorf("store: seller: %w", err)
	}
	sl.UpdatedAt, _ = parseTime(updated)
	if len(sl.Logo) == 0 {
		sl.Logo, sl.LogoType = nil, ""
	}
	return sl, nil
}

// SetSeller replaces who quotes are from, logo included (nil for none).
func (s *DB) SetSeller(ctx context.Context, sl quote.Seller) error {
	var logo any
	if len(sl.Logo) > 0 {
		logo = sl.Logo
	} else {
		sl.LogoType = ""
	}
	_, err := s.db.ExecContext(ctx, s.d.q(`INSERT INTO seller (id, company, address, contact_name, contact_email,
		contact_phone, vat_id, logo, logo_type, updated_at, updated_by) VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (id) DO UPDATE SET company = excluded.company, address = excluded.address,
		contact_name = excluded.contact_name, contact_email = excluded.contact_email,
		contact_phone = excluded.contact_phone, vat_id = excluded.vat_id, logo = excluded.logo,
		logo_type = excluded.logo_type, updated_at = excluded.updated_at, updated_by = excluded.updated_by`),
		sl.Company, sl.Address, sl.ContactName, sl.ContactEmail, sl.ContactPhone, sl.VATID, logo, sl.LogoType,
		formatTime(sl.UpdatedAt), sl.UpdatedBy)
	if err != nil {
		return fmt.Errorf("store: set seller: %w", err)
	}
	return nil
}
