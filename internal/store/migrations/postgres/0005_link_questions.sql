-- A pinned link remembers the hash of its question (catalog version and
-- canonical query), so the same question pinned again on the same version
-- gets the same link; the index is unique so two instances pinning it at
-- once end with one link. Its result is stored compressed (result_gz),
-- result then being ''. Links pinned before keep their text result and
-- no hash: they stay as they are. (PostgreSQL twin of
-- ../sqlite/0005_link_questions.sql: BYTEA for BLOB.)
ALTER TABLE links ADD COLUMN question_hash TEXT;
ALTER TABLE links ADD COLUMN result_gz BYTEA;
CREATE UNIQUE INDEX links_question ON links (question_hash);
