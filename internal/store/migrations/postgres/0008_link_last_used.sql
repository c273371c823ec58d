-- When a pinned link was last used: opened, or made when never opened.
-- Pins nobody used for long expire by it, and a full store makes room by
-- it, least recently used first, keeping the links a quote rests on (see
-- DB.ExpireLinks and DB.EvictLinks). Links made before take their last
-- visit, else their making: every pinned link keeps working, in order.
-- (PostgreSQL twin of ../sqlite/0008_link_last_used.sql.)
ALTER TABLE links ADD COLUMN used_at TEXT;
UPDATE links SET used_at = COALESCE(visited_at, created_at);
CREATE INDEX links_used ON links (used_at);
CREATE INDEX quotes_link ON quotes (link_id);
