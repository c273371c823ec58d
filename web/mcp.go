package web

import (
	"net/http"
	"sync/atomic"

	"github.com/modelcontextprotocol/go-sdk/mcp"

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
		l := &catalogServer{cat, mcptools.NewServer(mcptools.Source{Catalog: cat, Recommend: s.recommend, WhatIf: s.whatIf}, s.log)}
		last.Store(l)
		return l.server
	}
	return mcp.NewStreamableHTTPHandler(serverFor, &mcp.StreamableHTTPOptions{Stateless: true, JSONResponse: true, Logger: s.log,
		DisableLocalhostProtection: true})
}
