//go:build !unix

package cli

import "gpuplace/internal/connlimit"

// connBounds is the configured connection bounds; without a file limit
// to read, the total is what -max-conns says (0: none).
func connBounds(cfg serveConfig, _ int) connlimit.Bounds {
	return connlimit.Bounds{PerClient: cfg.connsPerClient, PerNet: cfg.connsPerNet, Total: cfg.maxConns}
}
