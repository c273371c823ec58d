package mcptools

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"gpuplace/internal/api"
)

// addCatalog adds the tools that look up the catalog: find_offers,
// latency and explain_region, each answering as its API route does, from
// the same function.
func (t tools) addCatalog(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{
		Name: "find_offers",
		Description: "The catalog's offers (instances with their GPUs or CPUs and prices under each pricing model, " +
			"each price with its source and date), filtered by GPU, provider, region and accelerator, a page at a " +
			"time, as GET /api/v1/offers answers. count is every match; next is always null here: while page × " +
			"per_page < count, ask again with page + 1.",
		Annotations:  readOnly("Find GPU offers"),
		OutputSchema: offersSchema(),
	}, guarded(t, "find_offers", t.findOffers))
	mcp.AddTool(s, &mcp.Tool{
		Name: "latency",
		Description: "The network round trip between two metros, or from one metro to every other, with its " +
			"statistic and source (estimated figures marked), as GET /api/v1/latency answers.",
		Annotations:  readOnly("Latency between metros"),
		OutputSchema: latencySchema(),
	}, guarded(t, "latency", t.latency))
	mcp.AddTool(s, &mcp.Tool{
		Name: "explain_region",
		Description: "What the catalog holds of one region, as GET /api/v1/regions lists it: its city, metro and " +
			"country, the country's jurisdiction, whether it is in the EU/EEA or has an adequacy decision, its grid's " +
			"carbon intensity (or carbon_note, why there is none), how many offers it has, and its source.",
		Annotations:  readOnly("Explain a region"),
		OutputSchema: regionSchema(),
	}, guarded(t, "explain_region", t.explainRegion))
}

// findOffers answers a page of offers as GET /api/v1/offers does.
func (t tools) findOffers(_ context.Context, _ *mcp.CallToolRequest, q api.OffersQuery) (*mcp.CallToolResult, api.OffersJSON, error) {
	out, err := api.FindOffers(t.src.Catalog, q)
	return nil, out, err
}

// latency answers round trips as GET /api/v1/latency does.
func (t tools) latency(_ context.Context, _ *mcp.CallToolRequest, q api.LatencyQuery) (*mcp.CallToolResult, api.LatencyJSON, error) {
	out, err := api.Latency(t.src.Catalog, q)
	return nil, out, err
}

// explainRegion answers one region as GET /api/v1/regions lists it.
func (t tools) explainRegion(_ context.Context, _ *mcp.CallToolRequest, q api.RegionQuery) (*mcp.CallToolResult, api.RegionJSON, error) {
	out, err := api.Region(t.src.Catalog, q)
	return nil, out, err
}
