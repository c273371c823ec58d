package cli

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// lockedBuffer is a buffer a server's logger writes to while a test reads.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// Ensure a server started without a public URL warns at start that its
// quotes link back to the address each request came in on, naming the
// flag and its environment variable; one started with -base-url, or with
// GPUPLACE_BASE_URL, does not.
func TestServeWarnsWithoutBaseURL(t *testing.T) {
	for _, c := range []struct {
		name string
		args []string
		env  map[string]string
		warn bool
	}{
		{"none", nil, nil, true},
		{"flag", []string{"-base-url", "https://gpuplace.example.com"}, nil, false},
		{"env", nil, map[string]string{"GPUPLACE_BASE_URL": "https://gpuplace.example.com"}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			addr := freeAddr(t)
			vars := map[string]string{"GPUPLACE_DB": filepath.Join(t.TempDir(), "gpuplace.db")}
			for k, v := range c.env {
				vars[k] = v
			}
			var stderr lockedBuffer
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error, 1)
			go func() {
				done <- run(ctx, append([]string{"serve", "-addr", addr}, c.args...), env(vars), strings.NewReader(""), io.Discard, &stderr)
			}()
			for range 200 {
				if resp, err := http.Get("http://" + addr + "/healthz"); err == nil {
					resp.Body.Close()
					break
				}
				time.Sleep(50 * time.Millisecond)
			}
			stopServe(t, cancel, done)
			log := stderr.String()
			if !strings.Contains(log, "gpuplace ready") {
				t.Fatalf("the server did not start:\n%s", log)
			}
			warned := strings.Contains(log, "level=WARN") && strings.Contains(log, "-base-url") && strings.Contains(log, "GPUPLACE_BASE_URL")
			if warned != c.warn {
				t.Errorf("warned about the public URL: %v, want %v; log:\n%s", warned, c.warn, log)
			}
		})
	}
}
