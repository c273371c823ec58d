package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// ReserveLoginFailure counts an attempt on key (an account and a client
// address) as a wrong password before its password is checked, unless key
// must still wait: then it returns the wait and counts nothing. next gives
// until when the attempt after n wrong passwords must wait (the zero time
// or earlier: none). The row is locked while it is read and written, so
// parallel attempts on every instance are counted one by one. prev is the
// wait the count replaced, for RefundLoginFailure.
func (s *DB) ReserveLoginFailure(ctx context.Context, key string, now time.Time, next func(failures int) time.Time) (prev time.Time, wait time.Duration, err error) {
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, s.d.q(`INSERT INTO login_backoff (key, failures, until_at, last_at) VALUES (?, 0, 0, ?)
			ON CONFLICT (key) DO NOTHING`), key, now.UnixMilli()); err != nil {
			return err
		}
		var failures int
		var until int64
		if err := tx.QueryRowContext(ctx, s.d.q(`SELECT failures, until_at FROM login_backoff WHERE key = ?`+s.d.forUpdate), key).Scan(&failures, &until); err != nil {
			return err
		}
		prev = time.UnixMilli(until)
		if prev.After(now) {
			wait = prev.Sub(now)
			return nil
		}
		_, err := tx.ExecContext(ctx, s.d.q(`UPDATE login_backoff SET failures = ?, until_at = ?, last_at = ? WHERE key = ?`),
			failures+1, max(0, next(failures+1).UnixMilli()), now.UnixMilli(), key)
		return err
	})
	if err != nil {
		return time.Time{}, 0, fmt.Errorf("store: reserve a sign-in attempt: %w", err)
	}
	return prev, wait, nil
}

// RefundLoginFailure gives back an attempt ReserveLoginFailure counted
// whose password was not checked, restoring the wait prev it replaced.
func (s *DB) RefundLoginFailure(ctx context.Context, key string, prev time.Time) error {
	_, err := s.db.ExecContext(ctx, s.d.q(`UPDATE login_backoff SET failures = failures - 1, until_at = ?
		WHERE key = ? AND failures > 0`), max(0, prev.UnixMilli()), key)
	if err != nil {
		return fmt.Errorf("store: give back a sign-in attempt: %w", err)
	}
	return nil
}

// ForgetLoginFailures forgets key's wrong passwords (a correct one came).
func (s *DB) ForgetLoginFailures(ctx context.Context, key string) error {
	if _, err := s.db.ExecContext(ctx, s.d.q(`DELETE FROM login_backoff WHERE key = ?`), key); err != nil {
		return fmt.Errorf("store: forget sign-in failures: %w", err)
	}
	return nil
}

// ExpireLoginFailures forgets the keys whose wait and last wrong password
// are both before cutoff, and returns how many.
func (s *DB) ExpireLoginFailures(ctx context.Context, cutoff time.Time) (int64, error) {
	res, err := s.db.ExecContext(ctx, s.d.q(`DELETE FROM login_backoff WHERE until_at < ? AND last_at < ?`), cutoff.UnixMilli(), cutoff.UnixMilli())
	if err != nil {
		return 0, fmt.Errorf("store: expire sign-in failures: %w", err)
	}
	return res.RowsAffected()
}
