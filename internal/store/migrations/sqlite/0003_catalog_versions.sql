-- Catalog versions: each is a whole catalog (a bundle, see catalog.Bundle).
-- Exactly one is active; the others are drafts or history to roll back to.
CREATE TABLE catalog_versions (
    id           TEXT PRIMARY KEY,
    source       TEXT NOT NULL,
    bundle       BLOB NOT NULL,
    created_at   TEXT NOT NULL,
    active       INTEGER NOT NULL DEFAULT 0 CHECK (active IN (0, 1)),
    activated_at TEXT
);
CREATE UNIQUE INDEX catalog_versions_one_active ON catalog_versions (active) WHERE active = 1;
