package store

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// openFilesUnder counts this process's open files under dir (Linux).
func openFilesUnder(t *testing.T, dir string) int {
	t.Helper()
	fds, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skip("no /proc/self/fd:", err)
	}
	n := 0
	for _, fd := range fds {
		if target, err := os.Readlink(filepath.Join("/proc/self/fd", fd.Name())); err == nil && strings.HasPrefix(target, dir) {
			n++
		}
	}
	return n
}

// Ensure a flood of concurrent database requests on SQLite holds at most
// the pool's connections and files open, the rest waiting their turn, and
// that Files counts every file the pool holds.
func TestSQLitePoolIsBounded(t *testing.T) {
	dir := t.TempDir()
	s, err := Open(context.Background(), filepath.Join(dir, "pool.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	const flood = 64
	var (
		wg      sync.WaitGroup
		mu      sync.Mutex
		held    int
		release = make(chan struct{})
	)
	for range flood {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
			defer cancel()
			c, err := s.db.Conn(ctx)
			if err != nil {
				return // waited for a connection the whole time: bounded
			}
			defer c.Close()
			var n int
			if err := c.QueryRowContext(ctx, `SELECT COUNT(*) FROM links`).Scan(&n); err != nil {
				t.Error(err)
				return
			}
			mu.Lock()
			held++
			mu.Unlock()
			<-release
		}()
	}
	time.Sleep(time.Second)
	files := openFilesUnder(t, dir)
	close(release)
	wg.Wait()
	if held > sqliteMaxConns || files > s.Files() {
		t.Errorf("%d requests at once held %d connections and %d files, want at most %d and %d", flood, held, files, sqliteMaxConns, s.Files())
	}
	if held == 0 {
		t.Error("no request got a connection")
	}
	if got := s.db.Stats().OpenConnections; got > sqliteMaxConns {
		t.Errorf("after the flood %d connections stay open, want at most %d", got, sqliteMaxConns)
	}
}
