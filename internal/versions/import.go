package versions

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"gpuplace/internal/catalog"
)

// Imported is a new inactive version and how it differs from the active,
// with what its source had that the catalog keeps out (a feed's other
// meters, offers it does not have).
type Imported struct {
	Catalog *catalog.Catalog
	Diff    catalog.Diff
	KeptOut []string
}

// Import validates a catalog bundle (JSON in the project's format) or a
// price list in the public CSV layout (merged onto the active version for
// provider) and stores it as a new, inactive version. Nothing is stored
// when anything is wrong; the error lists every problem. The file is
// parsed before the lock that serialises imports, so that neither another
// import nor an activation waits for a slow parse.
func (m *Manager) Import(ctx context.Context, name string, data []byte, provider string, now time.Time) (Imported, error) {
	if err := checkRows(name, data, isJSON(data)); err != nil {
		return Imported{}, err
	}
	var bundle *catalog.Catalog
	var offers []catalog.ImportedOffer
	var readErr error
	if isJSON(data) {
		b, err := catalog.LoadBundle(m.read(data), name)
		if err != nil {
			return Imported{}, err
		}
		bundle = b
	} else if offers, readErr = catalog.ReadPublicCSV(m.read(data), name); readErr != nil && !isProblems(readErr) {
		return Imported{}, readErr
	}
	m.importing.Lock()
	defer m.importing.Unlock()
	active, id, date, err := m.nextVersionLocked(ctx, now)
	if err != nil {
		return Imported{}, err
	}
	next := bundle
	if bundle != nil && bundle.Version.ID != "" {
		id = bundle.Version.ID
	}
	if bundle == nil {
		next, err = mergeOffers(active, name, offers, readErr, provider, id, date, "import-"+id)
		if err != nil {
			return Imported{}, err
		}
	}
	return m.saveLocked(ctx, name, id, active, next)
}

// isProblems reports whether err lists a file's problems (rather than
// failing to read it).
func isProblems(err error) bool {
	var probs catalog.Problems
	return errors.As(err, &probs)
}

// mergeCSV merges a price list in the public CSV layout for provider onto
// c as version id (catalog.Catalog.Merge), citing it as source srcID; its
// problems name its rows, and its rows' unknown regions too.
func mergeCSV(c *catalog.Catalog, name string, data io.Reader, provider, id, date, srcID string) (*catalog.Catalog, error) {
	offers, err := catalog.ReadPublicCSV(data, name)
	if err != nil && !isProblems(err) {
		return nil, err
	}
	return mergeOffers(c, name, offers, err, provider, id, date, srcID)
}

// mergeOffers merges the offers of a price list read with problems
// readErr (see mergeCSV).
func mergeOffers(c *catalog.Catalog, name string, offers []catalog.ImportedOffer, readErr error, provider, id, date, srcID string) (*catalog.Catalog, error) {
	var probs catalog.Problems
	if errors.As(readErr, &probs) {
		// Report the rows' regions too: every problem at once.
		return nil, append(probs, c.UnknownRegions(provider, offers, name)...)
	}
	src := catalog.Source{ID: srcID, Title: fmt.Sprintf("%s price list %s, imported %s", provider, name, date),
		Note: "public CSV layout; per region the on-demand price and the lowest spot price over its zones"}
	return c.Merge(provider, offers, id, date, src)
}

// ImportAs imports a file in format (one of catalog.FeedFormats, or ""
// for a bundle or a public-layout CSV, told apart by their content):
// SkyPilot's CSVs and the default go to Import (a CSV for provider), the
// providers' own feeds to ImportFeed.
func (m *Manager) ImportAs(ctx context.Context, name string, data []byte, format, provider string, now time.Time) (Imported, error) {
	switch format {
	case "":
		return m.Import(ctx, name, data, provider, now)
	case catalog.FormatSkyPilot:
		if isJSON(data) {
			return Imported{}, catalog.Problems{{File: name, Field: "format", Message: "a SkyPilot catalog is a CSV (the public layout), not JSON"}}
		}
		return m.Import(ctx, name, data, provider, now)
	}
	return m.ImportFeed(ctx, name, data, format, now)
}

// feedFormat is how ImportFeed reads one kind of provider feed: whose it
// is, how its import is cited, and its reader.
type feedFormat struct {
	provider, title, url, note string
	// read reads a feed named name into price updates for the catalog.
	read func(r io.Reader, name string, c *catalog.Catalog) ([]catalog.PriceUpdate, catalog.FeedReport, error)
}

// feedFormats are the provider feeds ImportFeed reads, by format name.
var feedFormats = map[string]feedFormat{
	catalog.FormatAzureRetail: {provider: "azure", title: "Azure Retail Prices API pages",
		url:  "https://learn.microsoft.com/rest/api/cost-management/retail-prices/azure-retail-prices",
		note: "Linux VM meters in USD: consumption (on-demand, spot) and reservation items (1 and 3 years, the term's price over its hours)",
		read: readsAlone(catalog.ReadAzureRetail)},
	catalog.FormatAWSPriceList: {provider: "aws", title: "AWS Price List offer file for EC2",
		url:  "https://docs.aws.amazon.com/awsaccountbilling/latest/aboutv2/reading-an-offer.html",
		note: "Linux, shared tenancy, no software or licence: hourly on-demand prices and standard no-upfront reservations of 1 and 3 years",
		read: readsAlone(catalog.ReadAWSPriceList)},
	catalog.FormatAWSSpotAdvisor: {provider: "aws", title: "AWS Spot Instance Advisor data",
		url:  "https://aws.amazon.com/ec2/spot/instance-advisor/",
		note: "spot-advisor-data.json: each Linux instance type's frequency of interruption per region, as the Advisor's ranges",
		read: readsAlone(catalog.ReadAWSSpotAdvisor)},
	catalog.FormatGCPBilling: {provider: "gcp", title: "Google Cloud Billing catalog SKUs for Compute Engine",
		url:  "https://cloud.google.com/billing/docs/reference/rest/v1/services.skus/list",
		note: "on-demand and spot prices of machine families' vCPUs and memory, and of GPUs, composed into each offer's machine",
		read: catalog.ReadGCPBilling},
}

// readsAlone is a feed reader that needs no catalog to read its feed.
func readsAlone(read func(io.Reader, string) ([]catalog.PriceUpdate, catalog.FeedReport, error)) func(io.Reader, string, *catalog.Catalog) ([]catalog.PriceUpdate, catalog.FeedReport, error) {
	return func(r io.Reader, name string, _ *catalog.Catalog) ([]catalog.PriceUpdate, catalog.FeedReport, error) {
		return read(r, name)
	}
}

// ImportFeed reads a provider's own price feed in format (see
// feedFormats), applies its prices to the active version's
// offers (catalog.Catalog.UpdatePrices) and stores the result as a new,
// inactive version, with what the feed had that the catalog keeps out.
// Nothing is stored when anything is wrong; the error lists every problem.
// The feed is read before the lock that serialises imports, against the
// active version; read again under it if an activation came meanwhile.
func (m *Manager) ImportFeed(ctx context.Context, name string, data []byte, format string, now time.Time) (Imported, error) {
	read := m.Active()
	ups, rep, err := readFeed(read, name, m.read(data), format)
	if err != nil {
		return Imported{}, err
	}
	m.importing.Lock()
	defer m.importing.Unlock()
	active, id, date, err := m.nextVersionLocked(ctx, now)
	if err != nil {
		return Imported{}, err
	}
	if active != read {
		if ups, rep, err = readFeed(active, name, bytes.NewReader(data), format); err != nil {
			return Imported{}, err
		}
	}
	next, kept, err := applyUpdates(active, name, ups, rep, format, id, date, "import-"+id)
	if err != nil {
		return Imported{}, err
	}
	imp, err := m.saveLocked(ctx, name, id, active, next)
	imp.KeptOut = kept
	return imp, err
}

// applyFeed reads a provider feed in format and applies its prices to c
// as version id, citing it as source srcID, with what it kept out.
func applyFeed(c *catalog.Catalog, name string, data io.Reader, format, id, date, srcID string) (*catalog.Catalog, []string, error) {
	ups, read, err := readFeed(c, name, data, format)
	if err != nil {
		return nil, nil, err
	}
	return applyUpdates(c, name, ups, read, format, id, date, srcID)
}

// readFeed reads a provider feed in format into price updates for c.
func readFeed(c *catalog.Catalog, name string, data io.Reader, format string) ([]catalog.PriceUpdate, catalog.FeedReport, error) {
	f, ok := feedFormats[format]
	if !ok {
		return nil, catalog.FeedReport{}, catalog.Problems{{File: name, Field: "format", Message: fmt.Sprintf("unknown feed format %q (want %s)",
			format, strings.Join(catalog.FeedFormats, ", "))}}
	}
	return f.read(data, name, c)
}

// applyUpdates applies a feed's price updates, read by readFeed, to c.
func applyUpdates(c *catalog.Catalog, name string, ups []catalog.PriceUpdate, read catalog.FeedReport, format, id, date, srcID string) (*catalog.Catalog, []string, error) {
	f := feedFormats[format]
	src := catalog.Source{ID: srcID, Title: fmt.Sprintf("%s %s, imported %s", f.title, name, date), URL: f.url, Note: f.note}
	next, applied, err := c.UpdatePrices(f.provider, ups, id, date, src)
	return next, append(read.KeptOut, applied.KeptOut...), err
}

// FeedFile is one downloaded feed of a refresh: its file name and bytes.
type FeedFile struct {
	Name string
	Data []byte
}

// RefreshFrom reads a directory's worth of downloaded feeds, in name order,
// and applies them one after another to the active version, as one new
// inactive version: a public-layout CSV named for its provider
// (aws.csv, gcp.csv: SkyPilot's catalog layout), the Azure Retail Prices
// API's pages, the AWS Price List offer file, the AWS Spot Instance
// Advisor's file and the Cloud Billing catalog's SKU pages (JSON, told
// apart by their keys). What each kept out is reported, prefixed by its file.
// Nothing is stored when any file is wrong; the error lists every problem.
func (m *Manager) RefreshFrom(ctx context.Context, files []FeedFile, now time.Time) (Imported, error) {
	m.importing.Lock()
	defer m.importing.Unlock()
	active, id, date, err := m.nextVersionLocked(ctx, now)
	if err != nil {
		return Imported{}, err
	}
	if len(files) == 0 {
		return Imported{}, catalog.Problems{{File: "refresh", Message: "no feed to read: want <provider>.csv or the JSON of a provider feed"}}
	}
	files = slices.SortedFunc(slices.Values(files), func(a, b FeedFile) int { return strings.Compare(a.Name, b.Name) })
	next, names := active, make([]string, 0, len(files))
	var kept []string
	var probs catalog.Problems
	for i, f := range files {
		srcID := fmt.Sprintf("refresh-%s-%d", id, i+1)
		var cat *catalog.Catalog
		var notes []string
		switch format, provider := feedFormatOf(f); {
		case format != "":
			cat, notes, err = applyFeed(next, f.Name, bytes.NewReader(f.Data), format, id, date, srcID)
		case provider != "":
			cat, err = mergeCSV(next, f.Name, bytes.NewReader(f.Data), provider, id, date, srcID)
		default:
			err = catalog.Problems{{File: f.Name, Message: "not a feed this refresh reads: <provider>.csv in the public layout, the Azure Retail Prices API's pages or the Spot Instance Advisor's data (JSON)"}}
		}
		var p catalog.Problems
		if errors.As(err, &p) {
			probs = append(probs, p...)
			continue
		} else if err != nil {
			return Imported{}, err
		}
		next, names = cat, append(names, f.Name)
		for _, n := range notes {
			kept = append(kept, f.Name+": "+n)
		}
	}
	if len(probs) > 0 {
		return Imported{}, probs
	}
	imp, err := m.saveLocked(ctx, "refresh of "+strings.Join(names, ", "), id, active, next)
	imp.KeptOut = kept
	return imp, err
}

// feedKeys tells a provider feed's JSON by a top-level key its format
// alone has.
var feedKeys = map[string]string{
	"Items": catalog.FormatAzureRetail, "offerCode": catalog.FormatAWSPriceList,
	"spot_advisor": catalog.FormatAWSSpotAdvisor, "skus": catalog.FormatGCPBilling,
}

// feedFormatOf tells what a refresh's file is: a provider feed's format
// (the first of its JSON's top-level keys that names one, so a large
// file's head is read, not the file), or the provider of a public-layout
// CSV (by its name); neither when it is neither.
func feedFormatOf(f FeedFile) (format, provider string) {
	if !isJSON(f.Data) {
		if p, ok := strings.CutSuffix(f.Name, ".csv"); ok {
			return "", p
		}
		return "", ""
	}
	dec := json.NewDecoder(bytes.NewReader(f.Data))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return "", ""
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return "", ""
		}
		if k, _ := t.(string); feedKeys[k] != "" {
			return feedKeys[k], ""
		}
		var skip json.RawMessage
		if dec.Decode(&skip) != nil {
			return "", ""
		}
	}
	return "", ""
}
