package store

import (
	"bytes"
	"compress/gzip"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"time"

	"gpuplace/internal/link"
)

// CreateLink stores a pinned link, its result compressed (a result is
// tens of kilobytes of repetitive JSON; compressed, a tenth of that).
func (s *DB) CreateLink(ctx context.Context, l link.Link) error {
	gz, err := compress(l.Result)
	if err != nil {
		return fmt.Errorf("store: create link: %w", err)
	}
	created := l.CreatedAt.UTC().Format(time.RFC3339Nano)
	var question any
	if l.Question != "" {
		question = l.Question
	}
	_, err = s.db.ExecContext(ctx,
		s.d.q(`INSERT INTO links (id, query, catalog_version, result, result_gz, question_hash, created_at, used_at) VALUES (?, ?, ?, '', ?, ?, ?, ?)`),
		l.ID, l.Query, l.CatalogVersion, gz, question, created, created)
	if err != nil {
		return fmt.Errorf("store: create link: %w", err)
	}
	return nil
}

// PinLink returns the stored link of l's question when there is one, and
// otherwise stores l and returns it: the same question pinned twice on one
// catalog version is one link, even when two instances pin it at once
// (the question's index is unique; the loser reads the winner's link).
func (s *DB) PinLink(ctx context.Context, l link.Link) (link.Link, error) {
	if l.Question == "" {
		return l, s.CreateLink(ctx, l)
	}
	if got, err := s.LinkByQuestion(ctx, l.Question); !errors.Is(err, link.ErrNotFound) {
		return got, err
	}
	err := s.CreateLink(ctx, l)
	if isUniqueViolation(err) {
		return s.LinkByQuestion(ctx, l.Question)
	}
	return l, err
}

const linkColumns = `id, query, catalog_version, result, result_gz, COALESCE(question_hash, ''), created_at`

// Link returns the pinned link with the given id, or link.ErrNotFound.
func (s *DB) Link(ctx context.Context, id string) (link.Link, error) {
	return s.scanLink(s.db.QueryRowContext(ctx, s.d.q(`SELECT `+linkColumns+` FROM links WHERE id = ?`), id), id)
}

// LinkByQuestion returns the pinned link of a question hash, or
// link.ErrNotFound.
func (s *DB) LinkByQuestion(ctx context.Context, question string) (link.Link, error) {
	return s.scanLink(s.db.QueryRowContext(ctx, s.d.q(`SELECT `+linkColumns+` FROM links WHERE question_hash = ?`), question), question)
}

// scanLink reads a link row; what names the link in errors.
func (s *DB) scanLink(row *sql.Row, what string) (link.Link, error) {
	var l link.Link
	var result, created string
	var gz []byte
	err := row.Scan(&l.ID, &l.Query, &l.CatalogVersion, &result, &gz, &l.Question, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return link.Link{}, link.ErrNotFound
	}
	if err != nil {
		return link.Link{}, fmt.Errorf("store: link %s: %w", what, err)
	}
	l.Result = []byte(result)
	if len(gz) > 0 {
		if l.Result, err = decompress(gz); err != nil {
			return link.Link{}, fmt.Errorf("store: link %s: result: %w", what, err)
		}
	}
	l.CreatedAt, err = time.Parse(time.RFC3339Nano, created)
	if err != nil {
		return link.Link{}, fmt.Errorf("store: link %s: created_at: %w", what, err)
	}
	return l, nil
}

func compress(b []byte) ([]byte, error) {
	var buf bytes.Buffer
	w := gzip.NewWriter(&buf)
	if _, err := w.Write(b); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func decompress(b []byte) ([]byte, error) {
	r, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return io.ReadAll(r)
}
