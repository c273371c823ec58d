package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"gpuplace/internal/link"
)

// CreateLink stores a pinned link.
func (s *DB) CreateLink(ctx context.Context, l link.Link) error {
	_, err := s.db.ExecContext(ctx,
		s.d.q(`INSERT INTO links (id, query, catalog_version, result, created_at) VALUES (?, ?, ?, ?, ?)`),
		l.ID, l.Query, l.CatalogVersion, string(l.Result), l.CreatedAt.UTC().Format(time.RFC3339Nano))
	if err != nil {
		return fmt.Errorf("store: create link: %w", err)
	}
	return nil
}

// Link returns the pinned link with the given id, or link.ErrNotFound.
func (s *DB) Link(ctx context.Context, id string) (link.Link, error) {
	var l link.Link
	var result, created string
	err := s.db.QueryRowContext(ctx,
		s.d.q(`SELECT id, query, catalog_version, result, created_at FROM links WHERE id = ?`), id).
		Scan(&l.ID, &l.Query, &l.CatalogVersion, &result, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return link.Link{}, link.ErrNotFound
	}
	if err != nil {
		return link.Link{}, fmt.Errorf("store: link %s: %w", id, err)
	}
	l.Result = []byte(result)
	l.CreatedAt, err = time.Parse(time.RFC3339Nano, created)
	if err != nil {
		return link.Link{}, fmt.Errorf("store: link %s: created_at: %w", id, err)
	}
	return l, nil
}
