// Package cli is gpuplace's command line: it parses the arguments, runs
// one command (serve, advise, catalog, user, backup, openapi, mcp) and
// reports how it ended. Each command has a file of its own; main only
// calls Main.
package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

// Main runs the process's command line until it is done or, for serve,
// until SIGINT or SIGTERM, and exits with its status.
func Main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Getenv, os.Stdin, os.Stdout, os.Stderr)
	stop()
	if err != nil {
		var exit exitError
		if !errors.As(err, &exit) {
			fmt.Fprintln(os.Stderr, "gpuplace:", err)
			os.Exit(1)
		}
		os.Exit(exit.code)
	}
}

// exitError ends the program with a code after its output was written.
type exitError struct{ code int }

func (e exitError) Error() string { return fmt.Sprintf("exit status %d", e.code) }

// run dispatches a command line. It returns when the command is done, or,
// for serve, when ctx is cancelled and the server has shut down; the
// other commands stop early when ctx is cancelled too.
func run(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) error {
	cmd := "serve"
	switch {
	case len(args) > 0 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help"):
		cmd = "help" // the whole usage, not only serve's flags
	case len(args) > 0 && args[0] != "" && args[0][0] != '-':
		cmd, args = args[0], args[1:]
	}
	switch cmd {
	case "serve":
		return runServe(ctx, args, getenv, stderr)
	case "advise":
		return runAdvise(args, getenv, stdin, stdout, stderr)
	case "catalog":
		return runCatalog(ctx, args, getenv, stdout, stderr)
	case "user":
		return runUser(ctx, args, getenv, stdin, stdout, stderr)
	case "backup":
		return runBackup(ctx, args, getenv, stdout, stderr)
	case "openapi":
		return runOpenAPI(args, stdout, stderr)
	case "mcp":
		return runMCP(ctx, args, getenv, stdin, stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	default:
		fmt.Fprintf(stderr, "gpuplace: unknown command %q\n\n%s", cmd, usage)
		return exitError{2}
	}
}

const usage = `usage:
  gpuplace [serve] [-addr :8080] [-db gpuplace.db] [-base-url URL] [-catalog DIR] [-log-format text|json] [-cjk-font FILE]
                 [-import-timeout 10m] [-limit-posts N] [-limit-advice N] [-limit-login N]
                 [-queue-answers N] [-queue-whatifs N]
                 [-metrics-token TOKEN] [-metrics-addr 127.0.0.1:9090]
  gpuplace advise -f FILE|-
  gpuplace catalog validate [DIR|FILE]
  gpuplace catalog stats [-catalog DIR]
  gpuplace catalog fit-serving [-fresh] DIR   (fit the LLM serving model to DIR's serving points)
  gpuplace catalog import FILE [-provider aws] [-format azure-retail|aws-pricelist|aws-spot-advisor|gcp-billing|skypilot] [-db FILE]
                                           (a bundle, a public-layout CSV, or a provider's price feed)
  gpuplace catalog refresh DIR [-fetch] [-db FILE]   (DIR's downloaded feeds: <provider>.csv and the providers' JSON feeds)
  gpuplace catalog versions [-db FILE]
  gpuplace catalog activate ID [-db FILE] [-confirm]
  gpuplace user add -email E -role sales|admin [-db FILE]   (password on stdin)
  gpuplace backup FILE [-db FILE]           (a consistent copy, safe while serving)
  gpuplace openapi                          (the API's description, as GET /api/openapi.json serves it)
  gpuplace mcp [-catalog DIR]               (the MCP tools for AI assistants, over stdio; logs on stderr)

Flags fall back to GPUPLACE_ADDR, GPUPLACE_DB, GPUPLACE_BASE_URL, GPUPLACE_CATALOG,
GPUPLACE_LOG_FORMAT, GPUPLACE_CJK_FONT, GPUPLACE_IMPORT_TIMEOUT, GPUPLACE_LIMIT_POSTS,
GPUPLACE_LIMIT_ADVICE, GPUPLACE_LIMIT_LOGIN, GPUPLACE_METRICS_TOKEN and GPUPLACE_METRICS_ADDR.
`
