-- Pinned share links: the inputs of a recommendation and its result, frozen
-- to the catalog version it was made with. (PostgreSQL twin of
-- ../sqlite/0001_links.sql: keep the two in step.)
CREATE TABLE links (
    id              TEXT PRIMARY KEY,
    query           TEXT NOT NULL,
    catalog_version TEXT NOT NULL,
    result          TEXT NOT NULL,
    created_at      TEXT NOT NULL
);
