//go:build unix

package cli

import (
	"syscall"

	"gpuplace/internal/connlimit"
)

// connBounds is the configured connection bounds: the total, when not
// set, the process's open-file limit less connReserve and the database
// pool's dbFiles (Go raises the soft limit to the hard one at start on
// Linux; the bound keeps accept and the database from failing with "too
// many open files").
func connBounds(cfg serveConfig, dbFiles int) connlimit.Bounds {
	total := cfg.maxConns
	if total == 0 {
		var lim syscall.Rlimit
		reserve := connReserve + dbFiles
		if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err == nil && lim.Cur > uint64(2*reserve) && lim.Cur < 1<<31 {
			total = int(lim.Cur) - reserve
		}
	}
	return connlimit.Bounds{PerClient: cfg.connsPerClient, PerNet: cfg.connsPerNet, Total: total}
}
