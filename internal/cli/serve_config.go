package cli

import (
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"gpuplace/web"
)

// serveConfig is what serve needs, from flags with environment fallbacks.
type serveConfig struct {
	addr      string
	db        string
	baseURL   string
	catalog   string
	logFormat string
	cjkFont   string
	limits    web.Limits
	// importTimeout bounds an admin's catalog upload (other requests
	// have 15 s).
	importTimeout time.Duration
	// metricsToken, when set, is the bearer token /metrics requires;
	// metricsAddr, when set, is the address /metrics is served on instead
	// of addr; metricsPublic serves it on addr to anyone. With none of
	// them, /metrics is not served.
	metricsToken  string
	metricsAddr   string
	metricsPublic bool
	// connsPerClient, connsPerNet and maxConns bound the open connections
	// per client address, per network and in all (see connlimit); pins
	// the pinned links.
	connsPerClient, connsPerNet, maxConns int
	pins                                  web.PinLimits
	// queues bound the requests waiting for an advice slot, per kind.
	queues web.Queues
}

// parseServeFlags reads serve's flags, each falling back to its
// GPUPLACE_… environment variable; a bad one exits 2.
func parseServeFlags(args []string, getenv func(string) string, stderr io.Writer) (serveConfig, error) {
	var c serveConfig
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&c.addr, "addr", orEnv(getenv, "GPUPLACE_ADDR", ":8080"), "listen address [GPUPLACE_ADDR]")
	fs.StringVar(&c.db, "db", orEnv(getenv, "GPUPLACE_DB", "gpuplace.db"), "SQLite database file, or postgres://… URL to share one PostgreSQL database between instances [GPUPLACE_DB]")
	fs.StringVar(&c.baseURL, "base-url", orEnv(getenv, "GPUPLACE_BASE_URL", ""), "public URL of the app, for share, API and quote links; empty: share and API links relative to the site, quotes' links on the address each request came in on (a warning at start and on quote pages) [GPUPLACE_BASE_URL]")
	fs.StringVar(&c.catalog, "catalog", orEnv(getenv, "GPUPLACE_CATALOG", ""), "catalog directory or bundle to use instead of the embedded one [GPUPLACE_CATALOG]")
	fs.StringVar(&c.logFormat, "log-format", orEnv(getenv, "GPUPLACE_LOG_FORMAT", "text"), "log format: text or json [GPUPLACE_LOG_FORMAT]")
	fs.StringVar(&c.cjkFont, "cjk-font", orEnv(getenv, "GPUPLACE_CJK_FONT", "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"), "TrueType font or collection with Chinese glyphs, for quote PDFs [GPUPLACE_CJK_FONT]")
	fs.IntVar(&c.limits.Posts, "limit-posts", envInt(getenv, "GPUPLACE_LIMIT_POSTS", web.DefaultLimits.Posts), "POSTs per minute per client address, 0 = off [GPUPLACE_LIMIT_POSTS]")
	fs.IntVar(&c.limits.Advice, "limit-advice", envInt(getenv, "GPUPLACE_LIMIT_ADVICE", web.DefaultLimits.Advice), "/advice pages (the answer, its what-if, launch and edit pages), /api/v1/advice and /mcp requests per minute per client address, one budget, a what-if counting the questions it works out, 0 = off [GPUPLACE_LIMIT_ADVICE]")
	fs.IntVar(&c.limits.Login, "limit-login", envInt(getenv, "GPUPLACE_LIMIT_LOGIN", web.DefaultLimits.Login), "sign-in attempts per minute per client address, 0 = off [GPUPLACE_LIMIT_LOGIN]")
	fs.StringVar(&c.metricsToken, "metrics-token", orEnv(getenv, "GPUPLACE_METRICS_TOKEN", ""), "bearer token /metrics requires; empty: none (prefer the environment: flags show in ps) [GPUPLACE_METRICS_TOKEN]")
	fs.StringVar(&c.metricsAddr, "metrics-addr", orEnv(getenv, "GPUPLACE_METRICS_ADDR", ""), "serve /metrics on this address only (e.g. 127.0.0.1:9090), not on -addr [GPUPLACE_METRICS_ADDR]")
	fs.BoolVar(&c.metricsPublic, "metrics-public", envBool(getenv, "GPUPLACE_METRICS_PUBLIC", false), "serve /metrics on -addr to anyone, without a token; by default it is served only with -metrics-token or on -metrics-addr [GPUPLACE_METRICS_PUBLIC]")
	fs.IntVar(&c.connsPerClient, "conns-per-client", envInt(getenv, "GPUPLACE_CONNS_PER_CLIENT", DefaultConnsPerClient), "open connections per client address (IPv6: per /64), 0 = no bound [GPUPLACE_CONNS_PER_CLIENT]")
	fs.IntVar(&c.connsPerNet, "conns-per-net", envInt(getenv, "GPUPLACE_CONNS_PER_NET", DefaultConnsPerNet), "open connections per network (IPv4: per /24, IPv6: per /48), 0 = no bound [GPUPLACE_CONNS_PER_NET]")
	fs.IntVar(&c.maxConns, "max-conns", envInt(getenv, "GPUPLACE_MAX_CONNS", 0), "open connections in all (at it, idle ones make room for new ones); 0: the process's file limit less a reserve and the database's files [GPUPLACE_MAX_CONNS]")
	fs.IntVar(&c.queues.Answers, "queue-answers", envInt(getenv, "GPUPLACE_QUEUE_ANSWERS", web.DefaultQueues.Answers), "questions that may wait for an advice slot (pages, API, MCP's advise); more are refused with 503 and Retry-After, 0 = no bound [GPUPLACE_QUEUE_ANSWERS]")
	fs.IntVar(&c.queues.WhatIfs, "queue-whatifs", envInt(getenv, "GPUPLACE_QUEUE_WHATIFS", web.DefaultQueues.WhatIfs), "what-ifs that may wait for an advice slot (page, API, MCP's what_if); more are refused with 503 and Retry-After, 0 = no bound [GPUPLACE_QUEUE_WHATIFS]")
	fs.IntVar(&c.pins.PerAddressPerDay, "pins-per-day", envInt(getenv, "GPUPLACE_PINS_PER_DAY", web.DefaultPinLimits.PerAddressPerDay), "new pinned links per client address per day, 0 = no bound [GPUPLACE_PINS_PER_DAY]")
	fs.IntVar(&c.pins.Total, "max-pins", envInt(getenv, "GPUPLACE_MAX_PINS", web.DefaultPinLimits.Total), "pinned links stored in all, 0 = no bound [GPUPLACE_MAX_PINS]")
	fs.DurationVar(&c.pins.UnvisitedTTL, "pin-ttl", envDuration(getenv, "GPUPLACE_PIN_TTL", web.DefaultPinLimits.UnvisitedTTL), "pins nobody opened (or made) for this long expire [GPUPLACE_PIN_TTL]")
	fs.DurationVar(&c.importTimeout, "import-timeout", envDuration(getenv, "GPUPLACE_IMPORT_TIMEOUT", web.DefaultImportTimeout), "how long an admin's catalog upload may take to arrive [GPUPLACE_IMPORT_TIMEOUT]")
	if err := fs.Parse(args); err != nil {
		return c, exitError{2}
	}
	if c.importTimeout <= 0 {
		fmt.Fprintf(stderr, "gpuplace: -import-timeout must be positive, got %s\n", c.importTimeout)
		return c, exitError{2}
	}
	if c.queues.Answers < 0 || c.queues.WhatIfs < 0 {
		fmt.Fprintf(stderr, "gpuplace: -queue-answers and -queue-whatifs must be 0 or more, got %d and %d\n", c.queues.Answers, c.queues.WhatIfs)
		return c, exitError{2}
	}
	if c.logFormat != "text" && c.logFormat != "json" {
		fmt.Fprintf(stderr, "gpuplace: -log-format must be text or json, got %q\n", c.logFormat)
		return c, exitError{2}
	}
	c.baseURL = strings.TrimRight(c.baseURL, "/")
	return c, nil
}
