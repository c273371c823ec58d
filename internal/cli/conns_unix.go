//go:build unix

package cli

import "syscall"

// connBounds is the configured connection bounds: the total, when not
// set, the process's open-file limit less connReserve (Go raises the
// soft limit to the hard one at start on Linux; the bound keeps accept
// from failing with "too many open files").
func connBounds(cfg serveConfig) (perClient, total int) {
	total = cfg.maxConns
	if total == 0 {
		var lim syscall.Rlimit
		if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err == nil && lim.Cur > 2*connReserve && lim.Cur < 1<<31 {
			total = int(lim.Cur) - connReserve
		}
	}
	return cfg.connsPerClient, total
}
