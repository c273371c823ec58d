// Package versions keeps the catalog's versions: it stores imports as new
// inactive versions, activates one atomically (a request in flight keeps
// the catalog it started with), rolls back, and follows activations made
// by other instances sharing the database.
package versions

import (
	"bytes"
	"context"
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

	// importing serialises imports (ids, saves); it is not held while
	// an import parses its file, nor by an activation.
	importing sync.Mutex
	mu        sync.Mutex // guards loaded
	loaded    map[string]*catalog.Catalog
	recently  []string // ids in loaded, most recently used last

	// reader reads an import's file (nil: from memory); a test blocks it.
	reader func(data []byte) io.Reader
}

// read is the reader an import parses its file from.
func (m *Manager) read(data []byte) io.Reader {
	if m.reader != nil {
		return m.reader(data)
	}
	return bytes.NewReader(data)
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
	return fmt.Sprintf("version %s has %d rows to check against the active %s (price moves, vanished offers, GPUs without benchmarks, model repositories): check them, then confirm the activation",
		e.Diff.To, len(e.Diff.Warnings), e.Diff.From)
}

// nextVersionLocked is what a new version starts from (m.importing
// held): the active version, the new version's id and its date (now's,
// in UTC).
func (m *Manager) nextVersionLocked(ctx context.Context, now time.Time) (active *catalog.Catalog, id, date string, err error) {
	date = now.UTC().Format("2006-01-02")
	id, err = m.nextID(ctx, date)
	return m.Active(), id, date, err
}

// saveLocked stores next, read from name, as the new inactive version id
// (m.importing held), with its changes against active; a version that
// changes no offer, and nothing else to check, is not stored.
func (m *Manager) saveLocked(ctx context.Context, name, id string, active, next *catalog.Catalog) (Imported, error) {
	if m.exists(ctx, id) {
		return Imported{}, versionExists(name, id)
	}
	diff := catalog.DiffOffers(active, next)
	if len(diff.Added)+len(diff.Removed)+len(diff.Changed)+len(diff.Rebanded)+len(diff.Warnings) == 0 {
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
	m.keep(next)
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
