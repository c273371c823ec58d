package web

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"gpuplace/data"
	"gpuplace/internal/catalog"
)

// Ensure the middleware leaves alone what it must not gzip, saying Vary:
// Accept-Encoding all the same: types compressed already, HEAD, answers
// without a body (304 keeps its ETag), and a body the handler gzipped
// itself (a cached one), which goes out byte for byte with its length.
func TestCompressionLeavesAlone(t *testing.T) {
	body := strings.Repeat("the same words again and again ", 100)
	gz := gzipBytes([]byte(body))
	for _, c := range []struct {
		name, method string
		handler      http.HandlerFunc
		wantBody     string
	}{
		{"PNG", "GET", typed("image/png", body), body},
		{"PDF", "GET", typed("application/pdf", body), body},
		{"zip", "GET", typed("application/zip", body), body},
		{"xlsx", "GET", typed("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", body), body},
		{"HEAD", "HEAD", typed(contentTypeHTML, body), body}, // the recorder keeps what HEAD would not send
		{"304", "GET", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("ETag", `"v1"`)
			w.WriteHeader(http.StatusNotModified)
		}, ""},
		{"gzipped ahead", "GET", func(w http.ResponseWriter, r *http.Request) {
			if err := writeGzipped(w, http.StatusOK, contentTypeJSON, gz, nil); err != nil {
				t.Error(err)
			}
		}, string(gz)},
	} {
		req := httptest.NewRequest(c.method, "/", nil)
		req.Header.Set("Accept-Encoding", "gzip")
		rec := httptest.NewRecorder()
		compress(c.handler).ServeHTTP(rec, req)
		if got := rec.Body.String(); got != c.wantBody {
			t.Errorf("%s: %d bytes, want %d as the handler wrote them", c.name, len(got), len(c.wantBody))
		}
		wantCE := ""
		if c.name == "gzipped ahead" {
			wantCE = "gzip"
			if cl := rec.Header().Get("Content-Length"); cl != strconv.Itoa(len(gz)) {
				t.Errorf("%s: Content-Length %q, want %d", c.name, cl, len(gz))
			}
		}
		if ce := rec.Header().Get("Content-Encoding"); ce != wantCE {
			t.Errorf("%s: Content-Encoding %q, want %q", c.name, ce, wantCE)
		}
		if c.name == "304" && (rec.Code != http.StatusNotModified || rec.Header().Get("ETag") != `"v1"`) {
			t.Errorf("304: status %d, ETag %q", rec.Code, rec.Header().Get("ETag"))
		}
		if vary := rec.Header().Values("Vary"); len(vary) == 0 || vary[0] != "Accept-Encoding" {
			t.Errorf("%s: Vary %q", c.name, vary)
		}
	}
}

// Ensure what the app sends as text is gzipped and what it sends
// compressed already is not.
func TestCompressibleTypes(t *testing.T) {
	for ct, want := range map[string]bool{
		contentTypeHTML: true, contentTypeJSON: true, "application/problem+json": true, contentTypeYAML: true,
		"text/csv; charset=utf-8": true, "text/css; charset=utf-8": true, "text/javascript; charset=utf-8": true,
		"image/svg+xml": true, "text/plain; charset=utf-8": true,
		"application/pdf": false, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": false,
		"image/png": false, "application/zip": false, "application/octet-stream": false,
	} {
		if compressible(ct) != want {
			t.Errorf("compressible(%q) = %v, want %v", ct, !want, want)
		}
	}
}

func typed(contentType, body string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", contentType)
		io.WriteString(w, body)
	}
}

// Ensure a streamed response still streams when gzipped: what the handler
// flushes, under the kilobyte the middleware waits for, reaches the client
// (gzipped, as it asked) before the handler ends.
func TestCompressionFlushes(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(compress(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, "data: first\n\n")
		http.NewResponseController(w).Flush()
		<-release
		io.WriteString(w, "data: second\n\n")
	})))
	defer srv.Close()
	defer close(release)
	req, _ := http.NewRequest("GET", srv.URL, nil)
	req.Header.Set("Accept-Encoding", "gzip") // asked for, so the client does not inflate it
	res, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if ce := res.Header.Get("Content-Encoding"); ce != "gzip" {
		t.Fatalf("Content-Encoding %q, want gzip", ce)
	}
	first := make(chan string, 1)
	go func() {
		zr, err := gzip.NewReader(res.Body)
		if err != nil {
			first <- err.Error()
			return
		}
		line, _ := bufio.NewReader(zr).ReadString('\n')
		first <- line
	}()
	select {
	case line := <-first:
		if line != "data: first\n" {
			t.Errorf("first line %q", line)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("what the handler flushed did not reach the client")
	}
}

// Ensure a page or API answer kept gzipped says its length: gzipped to a
// client that takes gzip, plain (the plain body's, with no body) to HEAD.
func TestKeptBodyLength(t *testing.T) {
	cat, err := catalog.Load(data.FS)
	if err != nil {
		t.Fatal(err)
	}
	s := NewServer(Config{Log: slog.New(slog.DiscardHandler), Catalogs: oneCatalog{cat}})
	srv := httptest.NewServer(s)
	defer srv.Close()
	client := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	ask := func(method, target, acceptEncoding string) (*http.Response, []byte) {
		t.Helper()
		req, _ := http.NewRequest(method, srv.URL+target, nil)
		if acceptEncoding != "" {
			req.Header.Set("Accept-Encoding", acceptEncoding)
		}
		res, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, err := io.ReadAll(res.Body)
		if err != nil {
			t.Fatal(err)
		}
		return res, b
	}
	for _, target := range []string{"/api/v1/advice?kind=inference&profile=resnet50&rps=20&users=DE%3A100",
		"/advice?kind=inference&profile=resnet50&rps=20&users=DE%3A100"} {
		_, plain := ask("GET", target, "")
		for round := range 3 { // asked once, asked again (kept), and from the cache
			res, b := ask("GET", target, "gzip")
			if res.Header.Get("Content-Encoding") != "gzip" || res.ContentLength != int64(len(b)) || len(res.TransferEncoding) > 0 {
				t.Errorf("GET %s (%d): Content-Encoding %q, length %d for %d bytes, Transfer-Encoding %q", target, round,
					res.Header.Get("Content-Encoding"), res.ContentLength, len(b), res.TransferEncoding)
			}
			zr, err := gzip.NewReader(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			if unzipped, _ := io.ReadAll(zr); !bytes.Equal(unzipped, plain) {
				t.Errorf("GET %s (%d): the gzipped body is not the plain one", target, round)
			}
			res, b = ask("HEAD", target, "gzip")
			if res.Header.Get("Content-Encoding") != "" || res.ContentLength != int64(len(plain)) || len(b) != 0 {
				t.Errorf("HEAD %s (%d): Content-Encoding %q, length %d (want %d), %d bytes", target, round,
					res.Header.Get("Content-Encoding"), res.ContentLength, len(plain), len(b))
			}
		}
	}
}
