package web

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	kgzip "github.com/klauspost/compress/gzip"
)

// Ensure a new body is kept only once it was asked for before, and that
// it reaches the client alike either way, with its length: gzipped to a
// client that takes gzip, plain to one that does not.
func TestBodyKeptWhenAskedAgain(t *testing.T) {
	s := &Server{bodies: newLRU[[]byte](bodyCacheBytes), bodiesAsked: newAskedAgain()}
	body := []byte(strings.Repeat(`{"answer":"the same words again and again"}`, 200))
	h := compress(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := s.writeKept(w, r.URL.Path, contentTypeJSON, body); err != nil {
			t.Error(err)
		}
	}))
	ask := func(path string, gzipped bool) {
		t.Helper()
		req := httptest.NewRequest("GET", path, nil)
		if gzipped {
			req.Header.Set("Accept-Encoding", "gzip")
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		got := rec.Body.Bytes()
		if n := rec.Header().Get("Content-Length"); n != strconv.Itoa(len(got)) {
			t.Errorf("%s (gzip asked: %v): Content-Length %q for %d bytes", path, gzipped, n, len(got))
		}
		if enc := rec.Header().Get("Content-Encoding"); (enc == "gzip") != gzipped {
			t.Fatalf("%s (gzip asked: %v): Content-Encoding %q", path, gzipped, enc)
		}
		if gzipped {
			zr, err := gzip.NewReader(rec.Body)
			if err != nil {
				t.Fatal(err)
			}
			if got, err = io.ReadAll(zr); err != nil {
				t.Fatal(err)
			}
		}
		if !bytes.Equal(got, body) {
			t.Fatalf("%s (gzip asked: %v): %d bytes, not the body's %d", path, gzipped, len(got), len(body))
		}
		if ct := rec.Header().Get("Content-Type"); ct != contentTypeJSON {
			t.Errorf("%s: Content-Type %q", path, ct)
		}
	}
	for _, gzipped := range []bool{true, false} {
		path := "/once"
		if !gzipped {
			path = "/plain"
		}
		ask(path, gzipped)
		if _, ok := s.bodies.get(path); ok {
			t.Errorf("%s: a body asked for once is kept", path)
		}
		ask(path, gzipped)
		if _, ok := s.bodies.get(path); !ok {
			t.Errorf("%s: a body asked for twice is not kept", path)
		}
	}
}

// Ensure a body sent once is gzipped at the fastest level, and one kept to
// be sent again at gzipLevel (see onceLevel).
func TestOnceSentBodyGzippedFastest(t *testing.T) {
	s := &Server{bodies: newLRU[[]byte](bodyCacheBytes), bodiesAsked: newAskedAgain()}
	body := []byte(strings.Repeat(`{"region":"eu-west-1","total":"1234.56","why":"the cheapest that meets the target"},`, 400))
	h := compress(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := s.writeKept(w, "/answer", contentTypeJSON, body); err != nil {
			t.Error(err)
		}
	}))
	at := func(level int) []byte {
		var buf bytes.Buffer
		zw, err := kgzip.NewWriterLevel(&buf, level)
		if err != nil {
			t.Fatal(err)
		}
		zw.Write(body)
		zw.Close()
		return buf.Bytes()
	}
	fastest, kept := at(kgzip.BestSpeed), at(gzipLevel)
	if bytes.Equal(fastest, kept) {
		t.Fatal("the two levels give the same bytes: the test tells nothing")
	}
	for i, want := range [][]byte{fastest, kept} {
		req := httptest.NewRequest("GET", "/answer", nil)
		req.Header.Set("Accept-Encoding", "gzip")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if !bytes.Equal(rec.Body.Bytes(), want) {
			t.Errorf("ask %d: %d gzipped bytes, want the %d of level %d", i+1, rec.Body.Len(), len(want), []int{kgzip.BestSpeed, gzipLevel}[i])
		}
	}
}
