package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"gpuplace/internal/catalog"
	"gpuplace/internal/versions"
)

// SaveCatalogVersion stores a catalog, inactive, as a bundle; a taken id
// is versions.ErrExists.
func (s *DB) SaveCatalogVersion(ctx context.Context, id, source string, bundle []byte) error {
	_, err := s.db.ExecContext(ctx, s.d.q(`INSERT INTO catalog_versions (id, source, bundle, created_at) VALUES (?, ?, ?, ?)`),
		id, source, bundle, formatTime(time.Now()))
	if isUniqueViolation(err) {
		return versions.ErrExists
	}
	if err != nil {
		return fmt.Errorf("store: save catalog version %s: %w", id, err)
	}
	return nil
}

// ActivateCatalogVersion makes one version the active one, in a single
// transaction: at every moment exactly one version is active. Concurrent
// activations (from several instances) are serialised — by SQLite's write
// lock, or PostgreSQL's advisory lock taken before anything is read — so
// the last one wins and none fails on the one-active index.
func (s *DB) ActivateCatalogVersion(ctx context.Context, id string) error {
	return s.inTx(ctx, func(tx *sql.Tx) error {
		if err := s.lock(ctx, tx, lockActivate); err != nil {
			return fmt.Errorf("store: activate %s: %w", id, err)
		}
		var n int
		if err := tx.QueryRowContext(ctx, s.d.q(`SELECT COUNT(*) FROM catalog_versions WHERE id = ?`), id).Scan(&n); err != nil {
			return fmt.Errorf("store: activate %s: %w", id, err)
		}
		if n == 0 {
			return versions.ErrNotFound
		}
		if _, err := tx.ExecContext(ctx, `UPDATE catalog_versions SET active = 0 WHERE active = 1`); err != nil {
			return fmt.Errorf("store: activate %s: %w", id, err)
		}
		_, err := tx.ExecContext(ctx, s.d.q(`UPDATE catalog_versions SET active = 1, activated_at = ? WHERE id = ?`), formatTime(time.Now()), id)
		return err
	})
}

// CatalogVersions lists the stored versions, newest first.
func (s *DB) CatalogVersions(ctx context.Context) ([]catalog.VersionInfo, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, source, created_at, active, COALESCE(activated_at, '')
		FROM catalog_versions ORDER BY created_at DESC, id DESC`)
	if err != nil {
		return nil, fmt.Errorf("store: catalog versions: %w", err)
	}
	defer rows.Close()
	var out []catalog.VersionInfo
	for rows.Next() {
		var v catalog.VersionInfo
		if err := rows.Scan(&v.ID, &v.Source, &v.CreatedAt, &v.Active, &v.ActivatedAt); err != nil {
			return nil, fmt.Errorf("store: catalog versions: %w", err)
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// CatalogBundle returns a stored version's bundle, or
// versions.ErrNotFound.
func (s *DB) CatalogBundle(ctx context.Context, id string) ([]byte, error) {
	var b []byte
	err := s.db.QueryRowContext(ctx, s.d.q(`SELECT bundle FROM catalog_versions WHERE id = ?`), id).Scan(&b)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, versions.ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: catalog bundle %s: %w", id, err)
	}
	return b, nil
}

// ActiveCatalogVersion returns the id of the active version, or
// versions.ErrNotFound when none is stored yet.
func (s *DB) ActiveCatalogVersion(ctx context.Context) (string, error) {
	var id string
	err := s.db.QueryRowContext(ctx, `SELECT id FROM catalog_versions WHERE active = 1`).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", versions.ErrNotFound
	}
	if err != nil {
		return "", fmt.Errorf("store: active catalog version: %w", err)
	}
	return id, nil
}
