package versions

import (
	"bytes"
	"context"
	"testing"

	"gpuplace/data"
	"gpuplace/internal/catalog"
)

// memStore keeps versions in a map, for tests of what the Manager keeps
// in memory.
type memStore struct {
	bundles map[string][]byte
	active  string
	reads   int
}

func (s *memStore) SaveCatalogVersion(_ context.Context, id, _ string, b []byte) error {
	s.bundles[id] = b
	return nil
}
func (s *memStore) ActivateCatalogVersion(_ context.Context, id string) error {
	s.active = id
	return nil
}
func (s *memStore) CatalogVersions(context.Context) ([]catalog.VersionInfo, error) {
	var out []catalog.VersionInfo
	for id := range s.bundles {
		out = append(out, catalog.VersionInfo{ID: id})
	}
	return out, nil
}
func (s *memStore) CatalogBundle(_ context.Context, id string) ([]byte, error) {
	s.reads++
	b, ok := s.bundles[id]
	if !ok {
		return nil, ErrNotFound
	}
	return b, nil
}
func (s *memStore) ActiveCatalogVersion(context.Context) (string, error) { return s.active, nil }

// Ensure only the last few versions used stay in memory besides the
// active one, and a forgotten version loads again from the store.
func TestInactiveVersionsAreReleased(t *testing.T) {
	ctx := context.Background()
	builtin, err := catalog.Load(data.FS)
	if err != nil {
		t.Fatal(err)
	}
	s := &memStore{bundles: map[string][]byte{}}
	m, err := Open(ctx, s, builtin, "embedded")
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, id := range []string{"v2", "v3", "v4", "v5", "v6", "v7"} {
		c := *builtin
		c.Version.ID = id
		var b bytes.Buffer
		if err := c.Bundle(&b); err != nil {
			t.Fatal(err)
		}
		s.bundles[id] = b.Bytes()
		ids = append(ids, id)
	}
	for _, id := range ids {
		if c, err := m.Version(ctx, id); err != nil || c.Version.ID != id {
			t.Fatalf("Version(%s) = %v", id, err)
		}
		if len(m.loaded) > keepLoaded {
			t.Fatalf("%d versions in memory, want at most %d", len(m.loaded), keepLoaded)
		}
	}
	if m.Active() != builtin {
		t.Error("the active version was dropped")
	}
	if c, _ := m.Version(ctx, builtin.Version.ID); c != builtin {
		t.Error("the active version was loaded again instead of served from memory")
	}
	reads := s.reads
	if _, err := m.Version(ctx, "v7"); err != nil || s.reads != reads {
		t.Errorf("the last version used was read again (%d reads, %v)", s.reads-reads, err)
	}
	if c, err := m.Version(ctx, "v2"); err != nil || c.Version.ID != "v2" || s.reads != reads+1 {
		t.Errorf("a forgotten version: %v, %d reads; want it loaded again from the store", err, s.reads-reads)
	}
}
