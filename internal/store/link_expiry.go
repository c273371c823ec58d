package store

import (
	"context"
	"fmt"
	"time"
)

// VisitLink records that a pinned link was opened at now (at most once a
// day per link, so that busy links cost no write per view).
func (s *DB) VisitLink(ctx context.Context, id string, now time.Time) error {
	at, dayAgo := now.UTC().Format(time.RFC3339Nano), now.UTC().Add(-24*time.Hour).Format(time.RFC3339Nano)
	_, err := s.db.ExecContext(ctx, s.d.q(`UPDATE links SET visited_at = ? WHERE id = ? AND (visited_at IS NULL OR visited_at < ?)`), at, id, dayAgo)
	if err != nil {
		return fmt.Errorf("store: visit link %s: %w", id, err)
	}
	return nil
}

// CountLinks is how many pinned links are stored.
func (s *DB) CountLinks(ctx context.Context) (int, error) {
	var n int
	if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM links`).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: count links: %w", err)
	}
	return n, nil
}

// ExpireLinks deletes the pinned links made before cutoff that nobody has
// opened since they were made and no quote rests on, and returns how many
// it deleted.
func (s *DB) ExpireLinks(ctx context.Context, cutoff time.Time) (int64, error) {
	res, err := s.db.ExecContext(ctx, s.d.q(`DELETE FROM links WHERE visited_at IS NULL AND created_at < ?
		AND NOT EXISTS (SELECT 1 FROM quotes WHERE quotes.link_id = links.id)`), cutoff.UTC().Format(time.RFC3339Nano))
	if err != nil {
		return 0, fmt.Errorf("store: expire links: %w", err)
	}
	return res.RowsAffected()
}
