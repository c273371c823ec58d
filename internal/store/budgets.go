package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// SpendBudget adds cost to what budget has spent for key in the window
// starting at window, unless that would take it past limit, and reports
// whether it did and what is spent then. It is one statement (INSERT … ON CONFLICT … DO UPDATE
// … WHERE … RETURNING), so instances sharing the database cannot both
// take a budget's last unit.
func (s *DB) SpendBudget(ctx context.Context, budget, key string, window time.Time, cost, limit int) (spent int, ok bool, err error) {
	if cost > limit {
		return 0, false, nil
	}
	err = s.db.QueryRowContext(ctx, s.d.q(`INSERT INTO budget_counts (budget, key, window_start, spent) VALUES (?, ?, ?, ?)
		ON CONFLICT (budget, key, window_start) DO UPDATE SET spent = budget_counts.spent + excluded.spent
		WHERE budget_counts.spent + excluded.spent <= ?
		RETURNING spent`), budget, key, window.Unix(), cost, limit).Scan(&spent)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return 0, false, nil
	case err != nil:
		return 0, false, fmt.Errorf("store: spend budget %s: %w", budget, err)
	}
	return spent, true, nil
}

// RefundBudget gives back cost that SpendBudget took from budget for key
// in the window starting at window.
func (s *DB) RefundBudget(ctx context.Context, budget, key string, window time.Time, cost int) error {
	_, err := s.db.ExecContext(ctx, s.d.q(`UPDATE budget_counts SET spent = spent - ?
		WHERE budget = ? AND key = ? AND window_start = ? AND spent >= ?`), cost, budget, key, window.Unix(), cost)
	if err != nil {
		return fmt.Errorf("store: refund budget %s: %w", budget, err)
	}
	return nil
}

// BudgetSpent is what budget has spent for key in the windows that
// started at since or later.
func (s *DB) BudgetSpent(ctx context.Context, budget, key string, since time.Time) (int, error) {
	var spent int64
	err := s.db.QueryRowContext(ctx, s.d.q(`SELECT COALESCE(SUM(spent), 0) FROM budget_counts
		WHERE budget = ? AND key = ? AND window_start >= ?`), budget, key, since.Unix()).Scan(&spent)
	if err != nil {
		return 0, fmt.Errorf("store: budget %s spent: %w", budget, err)
	}
	return int(spent), nil
}

// ExpireBudgets forgets what budget spent in windows that started before
// cutoff, and returns how many counts it dropped.
func (s *DB) ExpireBudgets(ctx context.Context, budget string, cutoff time.Time) (int64, error) {
	res, err := s.db.ExecContext(ctx, s.d.q(`DELETE FROM budget_counts WHERE budget = ? AND window_start < ?`), budget, cutoff.Unix())
	if err != nil {
		return 0, fmt.Errorf("store: expire budget %s: %w", budget, err)
	}
	return res.RowsAffected()
}
