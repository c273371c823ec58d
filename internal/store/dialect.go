package store

import (
	"errors"
	"net/url"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// dialect holds the few SQL fragments that differ between SQLite and
// PostgreSQL. Queries are written once, with ? placeholders.
type dialect struct {
	name string // "sqlite" or "postgres"
	// migrations is the embedded directory with this dialect's schema.
	migrations string
	// dollar turns ? placeholders into $1, $2, … (PostgreSQL).
	dollar bool
	// quoteSeq is an SQL expression giving seq zero-padded to at least
	// four digits, as quote.Number writes it.
	quoteSeq string
	// forUpdate ends a SELECT inside a transaction that later writes the
	// rows it read: PostgreSQL locks them; SQLite already holds the one
	// write lock from BEGIN (_txlock=immediate).
	forUpdate string
	// lock, run with a key at the start of a transaction, serialises the
	// transactions that take the same key until they end; empty for SQLite,
	// whose transactions are serialised already.
	lock string
}

var (
	sqliteDialect = dialect{name: "sqlite", migrations: "migrations/sqlite", quoteSeq: "printf('%04d', seq)"}
	pgDialect     = dialect{name: "postgres", migrations: "migrations/postgres", dollar: true,
		quoteSeq:  "lpad(seq::text, greatest(4, length(seq::text)), '0')",
		forUpdate: " FOR UPDATE", lock: "SELECT pg_advisory_xact_lock(?)"}
)

// Advisory lock keys (PostgreSQL): arbitrary, fixed, distinct numbers.
const (
	lockMigrate  int64 = 0x67707570_6d696772 // "gpupmigr"
	lockActivate int64 = 0x67707570_61637476 // "gpupactv"
)

// IsPostgres reports whether a -db value names a PostgreSQL server
// (postgres://… or postgresql://…) rather than a SQLite file.
func IsPostgres(dsn string) bool {
	return strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://")
}

// Redact returns dsn fit for a log line: a PostgreSQL URL without its
// password; a SQLite path as it is.
func Redact(dsn string) string {
	if !IsPostgres(dsn) {
		return dsn
	}
	u, err := url.Parse(dsn)
	if err != nil {
		return "postgres://(unparsable URL)"
	}
	if q := u.Query(); q.Has("password") {
		q.Set("password", "xxxxx")
		u.RawQuery = q.Encode()
	}
	return u.Redacted()
}

// q returns query in the dialect's placeholder style.
func (d dialect) q(query string) string {
	if !d.dollar {
		return query
	}
	return rebind(query)
}

// rebind turns each ? placeholder into $1, $2, … in order. A ? inside a
// single-quoted string literal (a doubled quote inside it is an escaped
// quote) or a double-quoted identifier is left alone. No query of this package has
// either today; the care is for the next one. PostgreSQL's jsonb ?
// operators are not supported (write jsonb_exists instead).
func rebind(query string) string {
	var b strings.Builder
	b.Grow(len(query) + 8)
	n := 0
	var quote byte // the quote we are inside, or 0
	for i := 0; i < len(query); i++ {
		c := query[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0 // a doubled quote closes and reopens: same result
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '?':
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// isUniqueViolation reports whether err is a unique-constraint failure on
// either database, by the database's error code: PostgreSQL's
// unique_violation, SQLite's extended codes for a taken unique column and
// a taken primary key.
func isUniqueViolation(err error) bool {
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		return pg.Code == "23505"
	}
	var lite *sqlite.Error
	if errors.As(err, &lite) {
		return lite.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE || lite.Code() == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY
	}
	return false
}

// isBusy reports whether SQLite refused for a lock another connection holds
// (SQLITE_BUSY and its extended codes).
func isBusy(err error) bool {
	var lite *sqlite.Error
	return errors.As(err, &lite) && lite.Code()&0xff == sqlite3.SQLITE_BUSY
}
