-- A quote belongs to a sales user, its owner: they see and change it;
-- admins see every quote and may give it to another owner. An existing
-- quote belongs to who made its first revision. Every change to a quote
-- is kept in quote_events: who, when, what (field by field, as JSON);
-- existing revisions start their history with how they were made.
ALTER TABLE quotes ADD COLUMN owner TEXT NOT NULL DEFAULT '';
UPDATE quotes SET owner = COALESCE((SELECT first.created_by FROM quotes first
    WHERE first.year = quotes.year AND first.seq = quotes.seq AND first.revision = 1), created_by);
CREATE INDEX quotes_owner ON quotes (owner);

CREATE TABLE quote_events (
    id       INTEGER PRIMARY KEY,
    quote_id INTEGER NOT NULL REFERENCES quotes (id),
    year     INTEGER NOT NULL,
    seq      INTEGER NOT NULL,
    revision INTEGER NOT NULL,
    at       TEXT NOT NULL,
    actor    TEXT NOT NULL,
    action   TEXT NOT NULL CHECK (action IN ('created', 'edited', 'status', 'revised', 'reassigned')),
    changes  TEXT NOT NULL
);
CREATE INDEX quote_events_revision ON quote_events (year, seq, revision, id);
INSERT INTO quote_events (quote_id, year, seq, revision, at, actor, action, changes)
    SELECT id, year, seq, revision, created_at, created_by,
           CASE WHEN revision = 1 THEN 'created' ELSE 'revised' END, '[]'
    FROM quotes ORDER BY id;
