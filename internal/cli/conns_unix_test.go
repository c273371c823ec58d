//go:build unix

package cli

import (
	"io"
	"syscall"
	"testing"
)

// Ensure the total connection bound from the file limit keeps the
// database pool's files in its reserve, and the per-network bound comes
// from its flag, four addresses' worth by default.
func TestConnBoundsReserveTheDatabase(t *testing.T) {
	cfg, err := parseServeFlags(nil, func(string) string { return "" }, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil || lim.Cur < 4096 || lim.Cur >= 1<<31 {
		t.Skipf("file limit %d: too small to check", lim.Cur)
	}
	b := connBounds(cfg, 32)
	if want := int(lim.Cur) - connReserve - 32; b.Total != want {
		t.Errorf("total = %d, want the file limit %d less %d and the database's 32 files: %d", b.Total, lim.Cur, connReserve, want)
	}
	if b.PerClient != DefaultConnsPerClient || b.PerNet != DefaultConnsPerNet || DefaultConnsPerNet != 4*DefaultConnsPerClient {
		t.Errorf("bounds %+v, want %d per client and %d per network", b, DefaultConnsPerClient, DefaultConnsPerNet)
	}
	cfg, _ = parseServeFlags([]string{"-conns-per-net", "64", "-max-conns", "500"}, func(string) string { return "" }, io.Discard)
	if b := connBounds(cfg, 32); b.PerNet != 64 || b.Total != 500 {
		t.Errorf("with flags: %+v, want 64 per network and 500 in all", b)
	}
}
