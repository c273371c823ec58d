// Package versions keeps the catalog's versions: it stores imports as new
// inactive versions, activates one atomically (a request in flight keeps
// the catalog it started with), rolls back, and follows activations made
// by other instances sharing the database.
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
	"sync"
	"sync/atomic"
	"time"

	"gpuplace/internal/catalog"
)

// Store is where versions live; *store.DB implements it. Saving a taken
// id is ErrExists; a version that is not stored, or no active version, is
// ErrNotFound.
type Store interface {
	SaveCatalogVersion(ctx context.Context, id, source string, bundle []byte) error
	ActivateCatalogVersion(ctx context.Context, id string) error
	CatalogVersions(ctx context.Context) ([]catalog.VersionInfo, error)
	CatalogBundle(ctx context.Context, id string) ([]byte, error)
	ActiveCatalogVersion(ctx context.Context) (string, error)
}

// Manager hands out the active catalog and changes it.
type Manager struct {
	store  Store
	active atomic.Pointer[catalog.Catalog]

	mu       sync.Mutex // guards loaded and serialises imports
	loaded   map[string]*catalog.Catalog
	recently []string // ids in loaded, most recently used last
}

// keepLoaded is how many versions besides the active one stay in memory
// once loaded (a pinned link's, a diff's); older ones are loaded again
// from the store when asked for. A catalog with many offers takes tens of
// megabytes, so every version ever imported must not stay.
const keepLoaded = 3

// Errors a Store returns about versions.
var (
	// ErrNotFound is a version that is not stored, or no active version
	// at all.
	ErrNotFound = errors.New("catalog version not found")
	// ErrExists is a version id that is stored already.
	ErrExists = errors.New("a catalog version with this id exists")
)

// How long Open waits for another instance that is storing and activating
// the same new version: openAttempts tries, openRetryWait apart.
const (
	openAttempts  = 50
	openRetryWait = 100 * time.Millisecond
)

// Open makes sure builtin (the embedded or configured catalog) is stored —
// a catalog version the database has not seen is saved and activated, so
// a deploy with new data serves it — and loads the active version.
//
// Another instance starting at the same moment on the same database may
// be storing and activating the same new version: stored by it first
// (ErrExists), or stored but not yet active (ErrNotFound). Open tries
// again for a few seconds while that lasts.
func Open(ctx context.Context, store Store, builtin *catalog.Catalog, source string) (*Manager, error) {
	for attempt := 1; ; attempt++ {
		m, err := open(ctx, store, builtin, source)
		racing := errors.Is(err, ErrExists) || errors.Is(err, ErrNotFound)
		if err == nil || !racing || attempt == openAttempts {
			return m, err
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(openRetryWait):
		}
	}
}

// open is one attempt of Open.
func open(ctx context.Context, store Store, builtin *catalog.Catalog, source string) (*Manager, error) {
	m := &Manager{store: store, loaded: map[string]*catalog.Catalog{}}
	m.keep(builtin)
	if _, err := store.CatalogBundle(ctx, builtin.Version.ID); err != nil {
		var buf bytes.Buffer
		if err := builtin.Bundle(&buf); err != nil {
			return nil, err
		}
		switch err := store.SaveCatalogVersion(ctx, builtin.Version.ID, source, buf.Bytes()); {
		case err == nil:
			if err := store.ActivateCatalogVersion(ctx, builtin.Version.ID); err != nil {
				return nil, err
			}
		case storedMeanwhile(ctx, store, builtin.Version.ID):
			// Another instance starting at the same moment stored (and
			// activates) it.
		default:
			return nil, err
		}
	}
	if err := m.Refresh(ctx); err != nil {
		return nil, err
	}
	return m, nil
}

// storedMeanwhile reports whether a version is in the store after all.
func storedMeanwhile(ctx context.Context, store Store, id string) bool {
	_, err := store.CatalogBundle(ctx, id)
	return err == nil
}

// Active is the catalog to answer with now. Take it once per request.
func (m *Manager) Active() *catalog.Catalog { return m.active.Load() }

// Refresh loads the version the store marks active, if it is not the one
// in use: how an activation on one instance reaches the others.
func (m *Manager) Refresh(ctx context.Context) error {
	id, err := m.store.ActiveCatalogVersion(ctx)
	if err != nil {
		return err
	}
	if cur := m.active.Load(); cur != nil && cur.Version.ID == id {
		return nil
	}
	c, err := m.Version(ctx, id)
	if err != nil {
		return err
	}
	m.active.Store(c)
	return nil
}

// Watch refreshes every interval until ctx ends, reporting failures.
func (m *Manager) Watch(ctx context.Context, interval time.Duration, report func(error)) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := m.Refresh(ctx); err != nil && ctx.Err() == nil {
				report(err)
			}
		}
	}
}

// Version loads a stored version; the last few used stay in memory (see
// keepLoaded).
func (m *Manager) Version(ctx context.Context, id string) (*catalog.Catalog, error) {
	if c := m.Active(); c != nil && c.Version.ID == id {
		return c, nil
	}
	m.mu.Lock()
	c, ok := m.loaded[id]
	if ok {
		m.keepLocked(c)
	}
	m.mu.Unlock()
	if ok {
		return c, nil
	}
	b, err := m.store.CatalogBundle(ctx, id)
	if err != nil {
		return nil, err
	}
	c, err = catalog.LoadBundle(bytes.NewReader(b), id)
	if err != nil {
		return nil, fmt.Errorf("versions: stored version %s does not load: %w", id, err)
	}
	m.keep(c)
	return c, nil
}

// keep remembers a loaded version as the most recently used.
func (m *Manager) keep(c *catalog.Catalog) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.keepLocked(c)
}

// keepLocked is keep with m.mu held: it forgets the least recently used
// versions beyond keepLoaded. The active version is held by m.active
// whatever happens here.
func (m *Manager) keepLocked(c *catalog.Catalog) {
	id := c.Version.ID
	if i := slices.Index(m.recently, id); i >= 0 {
		m.recently = slices.Delete(m.recently, i, i+1)
	}
	m.loaded[id] = c
	m.recently = append(m.recently, id)
	for len(m.recently) > keepLoaded {
		delete(m.loaded, m.recently[0])
		m.recently = m.recently[1:]
	}
}

// Versions lists the stored versions, newest first.
func (m *Manager) Versions(ctx context.Context) ([]catalog.VersionInfo, error) {
	return m.store.CatalogVersions(ctx)
}

// Activate makes a stored version the active one, here at once and on
// other instances at their next Refresh. Rolling back is activating an
// older version. A version whose changes against the active one have rows
// to check (catalog.Diff.Flagged) is activated only when confirmed;
// otherwise the error is a *NeedsConfirm with those changes.
func (m *Manager) Activate(ctx context.Context, id string, confirmed bool) error {
	c, err := m.Version(ctx, id)
	if err != nil {
		return err
	}
	if active := m.Active(); active.Version.ID != id && !confirmed {
		if d := catalog.DiffOffers(active, c); d.Flagged() {
			return &NeedsConfirm{Diff: d}
		}
	}
	if err := m.store.ActivateCatalogVersion(ctx, id); err != nil {
		return err
	}
	m.active.Store(c)
	return nil
}

// NeedsConfirm is the refusal to activate a version with rows to check
// without a confirm: Diff is its changes against the active version.
type NeedsConfirm struct {
	Diff catalog.Diff
}

func (e *NeedsConfirm) Error() string {
	return fmt.Sprintf("version %s has %d rows to check against the active %s (price moves, vanished offers, GPUs without benchmarks): check them, then confirm the activation",
		e.Diff.To, len(e.Diff.Warnings), e.Diff.From)
}

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
// when anything is wrong; the error lists every problem.
func (m *Manager) Import(ctx context.Context, name string, data []byte, provider string, now time.Time) (Imported, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	active, id, date, err := m.nextVersionLocked(ctx, now)
	if err != nil {
		return Imported{}, err
	}
	if err := checkRows(name, data, isJSON(data)); err != nil {
		return Imported{}, err
	}
	var next *catalog.Catalog
	if isJSON(data) {
		next, err = catalog.LoadBundle(bytes.NewReader(data), name)
		if err == nil && next.Version.ID != "" {
			id = next.Version.ID
		}
	} else {
		next, err = mergeCSV(active, name, data, provider, id, date, "import-"+id)
	}
	if err != nil {
		return Imported{}, err
	}
	return m.saveLocked(ctx, name, id, active, next)
}

// mergeCSV merges a price list in the public CSV layout for provider onto
// c as version id (catalog.Catalog.Merge), citing it as source srcID; its
// problems name its rows, and its rows' unknown regions too.
func mergeCSV(c *catalog.Catalog, name string, data []byte, provider, id, date, srcID string) (*catalog.Catalog, error) {
	offers, err := catalog.ReadPublicCSV(bytes.NewReader(data), name)
	var probs catalog.Problems
	if errors.As(err, &probs) {
		// Report the rows' regions too: every problem at once.
		return nil, append(probs, c.UnknownRegions(provider, offers, name)...)
	}
	if err != nil {
		return nil, err
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
func (m *Manager) ImportFeed(ctx context.Context, name string, data []byte, format string, now time.Time) (Imported, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	active, id, date, err := m.nextVersionLocked(ctx, now)
	if err != nil {
		return Imported{}, err
	}
	next, kept, err := applyFeed(active, name, data, format, id, date, "import-"+id)
	if err != nil {
		return Imported{}, err
	}
	imp, err := m.saveLocked(ctx, name, id, active, next)
	imp.KeptOut = kept
	return imp, err
}

// applyFeed reads a provider feed in format and applies its prices to c
// as version id, citing it as source srcID, with what it kept out.
func applyFeed(c *catalog.Catalog, name string, data []byte, format, id, date, srcID string) (*catalog.Catalog, []string, error) {
	f, ok := feedFormats[format]
	if !ok {
		return nil, nil, catalog.Problems{{File: name, Field: "format", Message: fmt.Sprintf("unknown feed format %q (want %s)",
			format, strings.Join(catalog.FeedFormats, ", "))}}
	}
	ups, read, err := f.read(bytes.NewReader(data), name, c)
	if err != nil {
		return nil, nil, err
	}
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
	m.mu.Lock()
	defer m.mu.Unlock()
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
			cat, notes, err = applyFeed(next, f.Name, f.Data, format, id, date, srcID)
		case provider != "":
			cat, err = mergeCSV(next, f.Name, f.Data, provider, id, date, srcID)
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

// nextVersionLocked is what a new version starts from (m.mu held): the
// active version, the new version's id and its date (now's, in UTC).
func (m *Manager) nextVersionLocked(ctx context.Context, now time.Time) (active *catalog.Catalog, id, date string, err error) {
	date = now.UTC().Format("2006-01-02")
	id, err = m.nextID(ctx, date)
	return m.Active(), id, date, err
}

// saveLocked stores next, read from name, as the new inactive version id
// (m.mu held), with its changes against active; a version that changes no
// offer is not stored.
func (m *Manager) saveLocked(ctx context.Context, name, id string, active, next *catalog.Catalog) (Imported, error) {
	if m.exists(ctx, id) {
		return Imported{}, versionExists(name, id)
	}
	diff := catalog.DiffOffers(active, next)
	if len(diff.Added)+len(diff.Removed)+len(diff.Changed)+len(diff.Rebanded) == 0 {
		return Imported{}, catalog.Problems{{File: name, Message: "changes no offer of the active version " + active.Version.ID + ": nothing to import"}}
	}
	var buf bytes.Buffer
	if err := next.Bundle(&buf); err != nil {
		return Imported{}, err
	}
	if err := m.store.SaveCatalogVersion(ctx, id, name, buf.Bytes()); err != nil {
		if m.exists(ctx, id) { // stored meanwhile by another instance
			return Imported{}, versionExists(name, id)
		}
		return Imported{}, err
	}
	m.keepLocked(next)
	return Imported{Catalog: next, Diff: diff}, nil
}

// exists reports whether a version with id is stored.
func (m *Manager) exists(ctx context.Context, id string) bool {
	return storedMeanwhile(ctx, m.store, id)
}

// versionExists is the problem of a bundle whose version id is taken.
func versionExists(name, id string) catalog.Problems {
	return catalog.Problems{{File: name, Item: "version", Field: "id",
		Message: fmt.Sprintf("a version %q exists already: give the bundle a new id", id)}}
}

// nextID names a new version after its date: 2026-11-29.2 when
// 2026-11-29.1 exists.
func (m *Manager) nextID(ctx context.Context, date string) (string, error) {
	vs, err := m.store.CatalogVersions(ctx)
	if err != nil {
		return "", err
	}
	n := 1
	for {
		id := fmt.Sprintf("%s.%d", date, n)
		taken := false
		for _, v := range vs {
			taken = taken || v.ID == id
		}
		if !taken {
			return id, nil
		}
		n++
	}
}

func isJSON(b []byte) bool {
	return strings.HasPrefix(strings.TrimSpace(string(bytes.TrimPrefix(b, []byte("\ufeff")))), "{")
}
