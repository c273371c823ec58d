package store

import (
	"context"
	"fmt"
	"time"
)

// VisitLink records that a pinned link was opened at now (at most once a
// day per link, so that busy links cost no write per view): its last use,
// by which it expires and is evicted.
func (s *DB) VisitLink(ctx context.Context, id string, now time.Time) error {
	at, dayAgo := now.UTC().Format(time.RFC3339Nano), now.UTC().Add(-24*time.Hour).Format(time.RFC3339Nano)
	_, err := s.db.ExecContext(ctx, s.d.q(`UPDATE links SET visited_at = ?, used_at = ? WHERE id = ? AND (visited_at IS NULL OR visited_at < ?)`),
		at, at, id, dayAgo)
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

// ExpireLinks deletes the pinned links last used (opened, or made when
// never opened) before cutoff that no quote rests on, and returns how many
// it deleted. A link an instance of an earlier release made has no last
// use: its making stands for it.
func (s *DB) ExpireLinks(ctx context.Context, cutoff time.Time) (int64, error) {
	at := cutoff.UTC().Format(time.RFC3339Nano)
	res, err := s.db.ExecContext(ctx, s.d.q(`DELETE FROM links WHERE (used_at < ? OR (used_at IS NULL AND created_at < ?))
		AND NOT EXISTS (SELECT 1 FROM quotes WHERE quotes.link_id = links.id)`), at, at)
	if err != nil {
		return 0, fmt.Errorf("store: expire links: %w", err)
	}
	return res.RowsAffected()
}

// EvictLinks deletes the n least recently used pinned links that no quote
// rests on, and returns how many it deleted: a full store makes room for
// new pins, never refusing them, and keeps what is in use and what quotes
// cite. It walks the last-use index from its oldest end (a link an
// earlier release's instance made, without a last use, sorts first on
// SQLite and last on PostgreSQL).
func (s *DB) EvictLinks(ctx context.Context, n int) (int64, error) {
	if n <= 0 {
		return 0, nil
	}
	res, err := s.db.ExecContext(ctx, s.d.q(`DELETE FROM links WHERE id IN (SELECT id FROM links
		WHERE NOT EXISTS (SELECT 1 FROM quotes WHERE quotes.link_id = links.id)
		ORDER BY used_at LIMIT ?)`), n)
	if err != nil {
		return 0, fmt.Errorf("store: evict links: %w", err)
	}
	return res.RowsAffected()
}
