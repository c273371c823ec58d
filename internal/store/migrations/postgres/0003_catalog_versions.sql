-- Catalog versions: each is a whole catalog (a bundle, see catalog.Bundle).
-- Exactly one is active; the others are drafts or history to roll back to.
-- (PostgreSQL twin of ../sqlite/0003_catalog_versions.sql: BYTEA for BLOB;
-- active stays INTEGER 0/1 so both databases share one code path; ids and
-- times sort byte by byte as in SQLite, hence COLLATE "C".)
CREATE TABLE catalog_versions (
    id           TEXT COLLATE "C" PRIMARY KEY,
    source       TEXT NOT NULL,
    bundle       BYTEA NOT NULL,
    created_at   TEXT COLLATE "C" NOT NULL,
    active       INTEGER NOT NULL DEFAULT 0 CHECK (active IN (0, 1)),
    activated_at TEXT
);
CREATE UNIQUE INDEX catalog_versions_one_active ON catalog_versions (active) WHERE active = 1;
