package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"gpuplace/internal/mcptools"
)

// runMCP serves the MCP tools (internal/mcptools) to one client over
// stdio: JSON-RPC messages, one a line, on stdin and stdout, so logs go
// to stderr only. It answers from the embedded catalog, or -catalog's,
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
	err = server.Run(ctx, &mcp.IOTransport{Reader: io.NopCloser(stdin), Writer: nopWriteCloser{stdout}})
	if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
		return nil // told to stop: a clean end
	}
	return err
}

// nopWriteCloser is a writer the transport may close without closing it:
// stdout stays the process's.
type nopWriteCloser struct{ io.Writer }

// Close does nothing.
func (nopWriteCloser) Close() error { return nil }
