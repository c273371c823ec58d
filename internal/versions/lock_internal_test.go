package versions

import (
	"bytes"
	"context"
	"io"
	"testing"
	"time"

	"gpuplace/data"
	"gpuplace/internal/catalog"
)

// blockingReader signals when it is first read, then blocks until
// released: a slow upload's parse.
type blockingReader struct {
	reading chan<- struct{}
	release <-chan struct{}
	rest    io.Reader
	started bool
}

func (r *blockingReader) Read(p []byte) (int, error) {
	if !r.started {
		r.started = true
		r.reading <- struct{}{}
		<-r.release
	}
	return r.rest.Read(p)
}

// Ensure a rollback completes while an import of each kind (a bundle, a
// price list, a provider's feed) is still parsing its file: the parse
// happens before the lock that serialises imports.
func TestRollbackDoesNotWaitForAnImportsParse(t *testing.T) {
	ctx := context.Background()
	builtin, err := catalog.Load(data.FS)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, format, data string }{
		{"bundle.json", "", `{"version": {"id": "v9"}}`},
		{"aws.csv", "", "provider,instance_type\n"},
		{"azure.json", catalog.FormatAzureRetail, `{"Items": []}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := &memStore{bundles: map[string][]byte{}}
			m, err := Open(ctx, s, builtin, "embedded")
			if err != nil {
				t.Fatal(err)
			}
			older := *builtin
			older.Version.ID = "v1"
			var b bytes.Buffer
			if err := older.Bundle(&b); err != nil {
				t.Fatal(err)
			}
			s.bundles["v1"] = b.Bytes()
			if _, err := m.Version(ctx, "v1"); err != nil { // loaded before, as a diff loads it
				t.Fatal(err)
			}
			reading, release := make(chan struct{}), make(chan struct{})
			m.reader = func(data []byte) io.Reader {
				return &blockingReader{reading: reading, release: release, rest: bytes.NewReader(data)}
			}
			imported := make(chan struct{})
			go func() {
				defer close(imported)
				m.ImportAs(ctx, tc.name, []byte(tc.data), tc.format, "aws", time.Now())
			}()
			<-reading
			rolledBack := make(chan error, 1)
			go func() { rolledBack <- m.Activate(ctx, "v1", true) }()
			select {
			case err := <-rolledBack:
				if err != nil || m.Active().Version.ID != "v1" {
					t.Errorf("rollback: %v, active %s", err, m.Active().Version.ID)
				}
			case <-time.After(10 * time.Second):
				t.Error("the rollback waited for the import's parse")
				close(release)
				<-rolledBack
				<-imported
				return
			}
			close(release)
			<-imported
		})
	}
}
