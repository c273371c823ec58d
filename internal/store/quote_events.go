package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"gpuplace/internal/quote"
)

// record adds an entry to the history of the quote revision q, inside the
// transaction that made the change, so a change is never kept without its
// record nor the other way round.
func (s *DB) record(ctx context.Context, tx *sql.Tx, q quote.Quote, at time.Time, actor, action string, changes []quote.Change) error {
	if changes == nil {
		changes = []quote.Change{}
	}
	b, err := json.Marshal(changes)
	if err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, s.d.q(`INSERT INTO quote_events (quote_id, year, seq, revision, at, actor, action, changes)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`), q.ID, q.Year, q.Seq, q.Revision, formatTime(at), actor, action, string(b))
	if err != nil {
		return fmt.Errorf("store: record %s of quote %s: %w", action, q.Number(), err)
	}
	return nil
}

// QuoteEvents returns the history of one revision of a quote, oldest
// first: how it was made (created, or revised from the one before, with
// what changed) and every change since.
func (s *DB) QuoteEvents(ctx context.Context, year, seq, revision int) ([]quote.Event, error) {
	rows, err := s.db.QueryContext(ctx, s.d.q(`SELECT revision, at, actor, action, changes FROM quote_events
		WHERE year = ? AND seq = ? AND revision = ? ORDER BY id`), year, seq, revision)
	if err != nil {
		return nil, fmt.Errorf("store: quote history: %w", err)
	}
	defer rows.Close()
	var out []quote.Event
	for rows.Next() {
		var e quote.Event
		var rev int
		var at, changes string
		if err := rows.Scan(&rev, &at, &e.Actor, &e.Action, &changes); err != nil {
			return nil, fmt.Errorf("store: quote history: %w", err)
		}
		e.Number = quote.Quote{Year: year, Seq: seq, Revision: rev}.Number()
		e.At, _ = parseTime(at)
		if err := json.Unmarshal([]byte(changes), &e.Changes); err != nil {
			return nil, fmt.Errorf("store: quote history of %s: %w", e.Number, err)
		}
		out = append(out, e)
	}
	return out, rows.Err()
}
