-- What each rate budget has spent, per key (a client address, an account)
-- and fixed window (its start, in Unix seconds): where instances sharing a
-- database keep their budgets, so two give the same budgets as one (see
-- DB.SpendBudget). A new table: nothing before it changes.
CREATE TABLE budget_counts (
    budget       TEXT    NOT NULL,
    key          TEXT    NOT NULL,
    window_start BIGINT  NOT NULL,
    spent        INTEGER NOT NULL,
    PRIMARY KEY (budget, key, window_start)
);
CREATE INDEX budget_counts_window ON budget_counts (window_start);
