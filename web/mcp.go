package web

import (
	"context"
	"net/http"
	"sync/atomic"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
	"gpuplace/internal/mcptools"
)

// mcpHandler answers /mcp: the MCP tools (internal/mcptools) over
// streamable HTTP, each request answered from the catalog it is pinned to
// and through the server's own advisor calls, which keep answers and
// bound how many are worked out at once (adviceSlots).
//
// The handler is stateless and answers in JSON. Every tool is a read-only
// question answered whole, so there is no session to keep and nothing to
// stream: a session per client would be memory that grows with clients
// until each leaves, and would tie a client to one instance behind a load
// balancer. Each POST is a request of its own; GET and DELETE (a stream,
// a session's end) are answered 405 by the SDK.
//
// The route's middleware gives it the API's origin checks and limits: the
// SDK's own check for requests to a loopback address is off, as it refuses
// every request that a reverse proxy on the same machine forwards under
// the public Host, and /api/v1 serves the same answers without it.
func (s *Server) mcpHandler() http.Handler {
	// One MCP server per catalog version, built when a request first
	// pins it: building one costs about a millisecond (the SDK reads each
	// tool's schema back), which every message would pay twice.
	type catalogServer struct {
		cat    *catalog.Catalog
		server *mcp.Server
	}
	var last atomic.Pointer[catalogServer]
	serverFor := func(r *http.Request) *mcp.Server {
		cat := s.cat(r)
		if l := last.Load(); l != nil && l.cat == cat {
			return l.server
		}
		src := mcptools.Source{Catalog: cat,
			Recommend: func(ctx context.Context, cat *catalog.Catalog, req advisor.Request) (advisor.Result, error) {
				ctx, done := untilClientLeaves(ctx)
				defer done()
				return s.recommend(ctx, cat, req)
			},
			WhatIf: func(ctx context.Context, cat *catalog.Catalog, req advisor.Request) (advisor.WhatIf, error) {
				ctx, done := untilClientLeaves(ctx)
				defer done()
				return s.whatIfFor(ctx, cat, req)
			}}
		l := &catalogServer{cat, mcptools.NewServer(src, s.log)}
		last.Store(l)
		return l.server
	}
	h := mcp.NewStreamableHTTPHandler(serverFor, &mcp.StreamableHTTPOptions{Stateless: true, JSONResponse: true, Logger: s.log,
		DisableLocalhostProtection: true})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), mcpRequestKey{}, r.Context())))
	})
}

// mcpRequestKey holds, in an /mcp request's context, that context itself.
// The SDK gives a tool call a context with the request's values but not
// its end: when the client leaves, its stateless handler waits for the
// calls to finish instead. The advisor calls read the request back (see
// untilClientLeaves) so that work still queued for a gone client is not
// started.
type mcpRequestKey struct{}

// untilClientLeaves is ctx, ended also when the /mcp request it was made
// in ends; done releases it.
func untilClientLeaves(ctx context.Context) (_ context.Context, done func()) {
	req, ok := ctx.Value(mcpRequestKey{}).(context.Context)
	if !ok {
		return ctx, func() {}
	}
	ctx, cancel := context.WithCancelCause(ctx)
	stop := context.AfterFunc(req, func() { cancel(context.Cause(req)) })
	return ctx, func() {
		stop()
		cancel(nil)
	}
}
