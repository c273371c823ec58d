// Package mcptools serves gpuplace's answers to AI assistants over the
// Model Context Protocol: an *mcp.Server with five read-only tools —
// advise, what_if, find_offers, latency and explain_region — that answer
// as the JSON API does, from the same functions (internal/api and the
// advisor), with JSON schemas inferred from the API's own types.
//
// The caller chooses the transport (stdio for `gpuplace mcp`, streamable
// HTTP for POST /mcp) and gives the server what it answers from: a
// catalog and the advisor's two calls (Source).
package mcptools

import (
	"context"
	"fmt"
	"log/slog"
	"runtime/debug"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
)

// Source is what the tools answer from: one catalog and the advisor's
// calls on it. The web server passes the catalog a request is pinned to
// and its own calls, which keep answers and bound how many are worked out
// at once; the command line passes the catalog it loaded and leaves the
// calls nil.
//
// Each call gets the tool call's context, which ends when the client
// cancels the call or goes away: a call should then start no work it has
// not started (the advisor's own work takes no context, so it runs to its
// end once started).
type Source struct {
	// Catalog is the catalog every tool answers from.
	Catalog *catalog.Catalog
	// Recommend answers an advice request; nil means advisor.Recommend.
	Recommend func(context.Context, *catalog.Catalog, advisor.Request) (advisor.Result, error)
	// WhatIf answers where a request's pick changes; nil means
	// advisor.RecommendWhatIf.
	WhatIf func(context.Context, *catalog.Catalog, advisor.Request) (advisor.WhatIf, error)
}

// withDefaults fills the calls the caller left out.
func (src Source) withDefaults() Source {
	if src.Recommend == nil {
		src.Recommend = unlessDone(advisor.Recommend)
	}
	if src.WhatIf == nil {
		src.WhatIf = unlessDone(advisor.RecommendWhatIf)
	}
	return src
}

// unlessDone is an advisor call that is not made once ctx has ended.
func unlessDone[Out any](call func(*catalog.Catalog, advisor.Request) (Out, error)) func(context.Context, *catalog.Catalog, advisor.Request) (Out, error) {
	return func(ctx context.Context, cat *catalog.Catalog, req advisor.Request) (Out, error) {
		if err := ctx.Err(); err != nil {
			var zero Out
			return zero, err
		}
		return call(cat, req)
	}
}

// schemaCache keeps the tools' resolved schemas across servers (one per
// catalog version on the web, one per test): resolving the answers'
// schemas again for each would cost more than the rest of the server.
var schemaCache = mcp.NewSchemaCache()

// NewServer builds the MCP server of gpuplace's five read-only tools over
// src. Tool failures and the SDK's warnings are logged to log; the SDK's
// notes on every session are not (stateless HTTP opens one per request).
func NewServer(src Source, log *slog.Logger) *mcp.Server {
	src = src.withDefaults()
	s := mcp.NewServer(&mcp.Implementation{Name: "gpuplace", Title: "gpuplace", Version: version()}, &mcp.ServerOptions{
		Instructions: instructions(src.Catalog),
		Logger:       slog.New(atLeast{log.Handler(), slog.LevelWarn}),
		SchemaCache:  schemaCache,
		// No logging capability: the tools send no log messages.
		Capabilities: &mcp.ServerCapabilities{},
	})
	t := tools{src: src, log: log}
	t.addAdvice(s)
	t.addCatalog(s)
	return s
}

// tools holds what every tool handler needs.
type tools struct {
	src Source
	log *slog.Logger
}

// instructions tell a client what the server is for and which catalog
// answers.
func instructions(cat *catalog.Catalog) string {
	return fmt.Sprintf("gpuplace tells where to run a GPU workload: the provider, region, instance and pricing model, "+
		"and what it costs in total, from measured GPU throughput, network latency to the users, real prices and "+
		"data-residency law. Ask advise with the workload and where its users are; what_if says what would change "+
		"the pick; find_offers, latency and explain_region look up the catalog. Every tool is read-only. "+
		"Answers come from catalog version %s.", cat.Version.ID)
}

// version is the program's module version as the build recorded it.
func version() string {
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" {
		return info.Main.Version
	}
	return "(devel)"
}
