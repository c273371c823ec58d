-- Pinned share links: the inputs of a recommendation and its result, frozen
-- to the catalog version it was made with.
CREATE TABLE links (
    id              TEXT PRIMARY KEY,
    query           TEXT NOT NULL,
    catalog_version TEXT NOT NULL,
    result          TEXT NOT NULL,
    created_at      TEXT NOT NULL
);
