-- The sign-in back-off per account and client address, kept where every
-- instance sharing the database sees it (see DB.ReserveLoginFailure): the
-- wrong passwords counted, until when the next attempt must wait and the
-- last one (Unix milliseconds). A new table: nothing before it changes.
CREATE TABLE login_backoff (
    key      TEXT    NOT NULL PRIMARY KEY,
    failures INTEGER NOT NULL,
    until_at BIGINT  NOT NULL,
    last_at  BIGINT  NOT NULL
);
