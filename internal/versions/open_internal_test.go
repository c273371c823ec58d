package versions

import (
	"context"
	"errors"
	"testing"

	"gpuplace/data"
	"gpuplace/internal/catalog"
)

// racingStore is a memStore whose active version shows only after a few
// looks, as while another instance stores and activates it.
type racingStore struct {
	*memStore
	hidden int
}

func (s *racingStore) ActiveCatalogVersion(ctx context.Context) (string, error) {
	if s.hidden > 0 {
		s.hidden--
		return "", ErrNotFound
	}
	return s.memStore.ActiveCatalogVersion(ctx)
}

// Ensure Open waits for a version another instance is activating at the
// same moment, and stops waiting when its context ends.
func TestOpenWaitsForRacingInstance(t *testing.T) {
	builtin, err := catalog.Load(data.FS)
	if err != nil {
		t.Fatal(err)
	}
	s := &racingStore{memStore: &memStore{bundles: map[string][]byte{}}, hidden: 3}
	m, err := Open(context.Background(), s, builtin, "embedded")
	if err != nil {
		t.Fatalf("Open while the version is being activated: %v, want it to wait", err)
	}
	if got := m.Active().Version.ID; got != builtin.Version.ID {
		t.Errorf("active version = %s, want %s", got, builtin.Version.ID)
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s = &racingStore{memStore: &memStore{bundles: map[string][]byte{}}, hidden: openAttempts}
	if _, err := Open(ctx, s, builtin, "embedded"); !errors.Is(err, context.Canceled) {
		t.Errorf("Open with an ended context = %v, want context.Canceled", err)
	}
}
