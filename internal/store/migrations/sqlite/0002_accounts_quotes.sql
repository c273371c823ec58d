-- Sales engineers and admins, their sessions, and quotes.
CREATE TABLE users (
    id            INTEGER PRIMARY KEY,
    email         TEXT NOT NULL UNIQUE,
    role          TEXT NOT NULL CHECK (role IN ('sales', 'admin')),
    password_hash TEXT NOT NULL,
    created_at    TEXT NOT NULL
);

CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    expires_at TEXT NOT NULL,
    created_at TEXT NOT NULL
);

-- One counter per year keeps quote numbers gapless: a number is taken in
-- the same transaction that saves the quote.
CREATE TABLE quote_counters (
    year INTEGER PRIMARY KEY,
    last INTEGER NOT NULL
);

-- Each revision of a quote is a row; a sent revision is never updated
-- (only superseded_by and its status move on).
CREATE TABLE quotes (
    id              INTEGER PRIMARY KEY,
    year            INTEGER NOT NULL,
    seq             INTEGER NOT NULL,
    revision        INTEGER NOT NULL,
    status          TEXT NOT NULL CHECK (status IN ('draft', 'sent', 'accepted', 'rejected')),
    link_id         TEXT NOT NULL,
    catalog_version TEXT NOT NULL,
    data_dates      TEXT NOT NULL,
    customer_name   TEXT NOT NULL,
    company         TEXT NOT NULL,
    email           TEXT NOT NULL,
    reference       TEXT NOT NULL,
    currency        TEXT NOT NULL,
    valid_days      INTEGER NOT NULL,
    discount_pct    TEXT NOT NULL,
    lines           TEXT NOT NULL,
    notes           TEXT NOT NULL,
    terms           TEXT NOT NULL,
    lang            TEXT NOT NULL,
    subtotal        TEXT NOT NULL,
    total           TEXT NOT NULL,
    created_by      TEXT NOT NULL,
    created_at      TEXT NOT NULL,
    sent_at         TEXT,
    superseded_by   INTEGER REFERENCES quotes (id),
    UNIQUE (year, seq, revision)
);
CREATE INDEX quotes_customer ON quotes (customer_name);
