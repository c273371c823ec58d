//go:build !unix

package cli

// connBounds is the configured connection bounds; without a file limit
// to read, the total is what -max-conns says (0: none).
func connBounds(cfg serveConfig) (perClient, total int) { return cfg.connsPerClient, cfg.maxConns }
