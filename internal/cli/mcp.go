package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"gpuplace/internal/mcptools"
)

// runMCP serves the MCP tools (internal/mcptools) to one client over
// stdio: JSON-RPC messages, one a line, on stdin and stdout, so logs go
// to stderr only; a line that is not a message gets a JSON-RPC error and
// the session goes on (mcptools.StdioTransport). It answers from the embedded catalog, or -catalog's,
// until stdin ends or ctx is cancelled.
func runMCP(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("mcp", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("catalog", orEnv(getenv, "GPUPLACE_CATALOG", ""), "catalog directory or bundle [GPUPLACE_CATALOG]")
	logFormat := fs.String("log-format", orEnv(getenv, "GPUPLACE_LOG_FORMAT", "text"), "text or json logs, on stderr [GPUPLACE_LOG_FORMAT]")
	if err := fs.Parse(args); err != nil {
		return exitError{2}
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "gpuplace mcp: unexpected argument %q\n", fs.Arg(0))
		return exitError{2}
	}
	cat, err := loadCatalog(*dir)
	if err != nil {
		printProblems(stderr, err)
		return fmt.Errorf("load catalog: %w", err)
	}
	log := newLogger(*logFormat, stderr)
	log.Info("serving MCP on stdio", "catalog", cat.Version.ID)
	server := mcptools.NewServer(mcptools.Source{Catalog: cat}, log)
	err = server.Run(ctx, &mcptools.StdioTransport{In: io.NopCloser(stdin), Out: stdout})
	if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
		return nil // told to stop: a clean end
	}
	return err
}
