package store

// The connection pools' bounds. A SQLite connection holds the database
// file, its write-ahead log and the shared-memory index open (three
// files), and at times a temporary file for a large sort: sqliteFilesPerConn
// counts four. In WAL mode readers run beside the one writer, and
// _txlock=immediate queues writers at BEGIN (each holding its connection
// while busy_timeout waits), so the pool leaves room for readers while a
// few writers wait; requests beyond it wait for a connection instead of
// opening files without end.
const (
	sqliteMaxConns     = 8
	sqliteFilesPerConn = 4
	// pgMaxConns bounds each instance's PostgreSQL connections, so that
	// several instances stay well under the server's max_connections (100
	// by default).
	pgMaxConns = 10
)

// Files is the most file descriptors the database's pool holds open:
// SQLite's files, or PostgreSQL's sockets. The connection limiter keeps
// them in its reserve.
func (s *DB) Files() int {
	if s.d.name == "sqlite" {
		return sqliteMaxConns * sqliteFilesPerConn
	}
	return pgMaxConns
}
