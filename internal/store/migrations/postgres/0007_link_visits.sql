-- When a pinned link was last opened (NULL: never since this column came).
-- Links nobody opened for long expire (see DB.ExpireLinks), oldest first;
-- opened ones, and those a quote rests on, are kept. (PostgreSQL twin of
-- ../sqlite/0007_link_visits.sql.)
ALTER TABLE links ADD COLUMN visited_at TEXT;
CREATE INDEX links_created ON links (created_at);
