package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"gpuplace/internal/account"
)

func formatTime(t time.Time) string { return t.UTC().Format(time.RFC3339Nano) }

func parseTime(s string) (time.Time, error) { return time.Parse(time.RFC3339Nano, s) }

// CreateUser stores a new user; an email in use is account.ErrExists.
func (s *DB) CreateUser(ctx context.Context, u account.User) (account.User, error) {
	u.CreatedAt = time.Now().UTC()
	err := s.db.QueryRowContext(ctx, s.d.q(`INSERT INTO users (email, role, password_hash, created_at) VALUES (?, ?, ?, ?)
		RETURNING id`), u.Email, u.Role, u.PasswordHash, formatTime(u.CreatedAt)).Scan(&u.ID)
	if isUniqueViolation(err) {
		return u, account.ErrExists
	}
	if err != nil {
		return u, fmt.Errorf("store: create user: %w", err)
	}
	return u, nil
}

const userColumns = `u.id, u.email, u.role, u.password_hash, u.created_at`

// rowScanner is what *sql.Row and *sql.Rows share for scanning.
type rowScanner interface{ Scan(dest ...any) error }

func scanUser(row rowScanner) (account.User, error) {
	var u account.User
	var created string
	if err := row.Scan(&u.ID, &u.Email, &u.Role, &u.PasswordHash, &created); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return u, account.ErrNotFound
		}
		return u, fmt.Errorf("store: user: %w", err)
	}
	u.CreatedAt, _ = parseTime(created)
	return u, nil
}

// UserByEmail returns the user with an email, or account.ErrNotFound.
func (s *DB) UserByEmail(ctx context.Context, email string) (account.User, error) {
	return scanUser(s.db.QueryRowContext(ctx, s.d.q(`SELECT `+userColumns+` FROM users u WHERE u.email = ?`), account.NormalizeEmail(email)))
}

// CreateSession stores a session (by its token's hash) until expires.
func (s *DB) CreateSession(ctx context.Context, tokenHash string, userID int64, expires time.Time) error {
	_, err := s.db.ExecContext(ctx, s.d.q(`INSERT INTO sessions (token_hash, user_id, expires_at, created_at) VALUES (?, ?, ?, ?)`),
		tokenHash, userID, formatTime(expires), formatTime(time.Now()))
	if err != nil {
		return fmt.Errorf("store: create session: %w", err)
	}
	return nil
}

// SessionUser returns the user of an unexpired session, or
// account.ErrNotFound.
func (s *DB) SessionUser(ctx context.Context, tokenHash string, now time.Time) (account.User, error) {
	return scanUser(s.db.QueryRowContext(ctx, s.d.q(`SELECT `+userColumns+` FROM sessions s JOIN users u ON u.id = s.user_id
		WHERE s.token_hash = ? AND s.expires_at > ?`), tokenHash, formatTime(now)))
}

// DeleteSession ends a session; expired ones are swept at the same time.
func (s *DB) DeleteSession(ctx context.Context, tokenHash string) error {
	_, err := s.db.ExecContext(ctx, s.d.q(`DELETE FROM sessions WHERE token_hash = ? OR expires_at <= ?`), tokenHash, formatTime(time.Now()))
	if err != nil {
		return fmt.Errorf("store: delete session: %w", err)
	}
	return nil
}

// Users lists every user, by email.
func (s *DB) Users(ctx context.Context) ([]account.User, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+userColumns+` FROM users u ORDER BY u.email`)
	if err != nil {
		return nil, fmt.Errorf("store: users: %w", err)
	}
	defer rows.Close()
	var out []account.User
	for rows.Next() {
		u, err := scanUser(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, u)
	}
	return out, rows.Err()
}
