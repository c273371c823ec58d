package web

import (
	"bytes"
	"encoding/binary"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/klauspost/compress/gzhttp"
	"github.com/klauspost/compress/gzip"
)

// gzipLevel is the level everything is gzipped at. Measured on an answer
// page (118 KB of HTML), level 2 gives 2.9 % fewer bytes than the fastest
// level for about 15 % more of its time (some 0.03 ms), level 4 7 % fewer
// for twice its time.
const gzipLevel = 2

// onceLevel is the level a body sent once is gzipped at (see writeKept):
// the fastest. Its compressor's table is a quarter of gzipLevel's (128 KB
// against 512), which a server busy working out answers more often finds
// in its caches: two servers side by side under the same load of new
// questions answered 6 % more API questions and 7 % more pages a second
// (medians of six 10-second runs each) at this level, for 5 % (an
// answer's JSON) and 3 % (its page) more bytes. A body kept to be sent
// again is gzipped once at gzipLevel.
const onceLevel = gzip.BestSpeed

// compress owns compression (gzhttp): text over a kilobyte goes out
// gzipped at gzipLevel to clients that take it; bodies gzipped ahead of
// time (the caches) pass through. No page holds a secret a reflected input could probe (BREACH):
// no CSRF tokens (Fetch metadata refuses cross-origin POSTs).
var compress = func() func(http.Handler) http.Handler {
	wrap, err := gzhttp.NewWrapper(gzhttp.MinSize(1<<10), gzhttp.CompressionLevel(gzipLevel), gzhttp.EnableZstd(false),
		gzhttp.AcceptWildcards(true), gzhttp.ContentTypeFilter(compressible))
	if err != nil {
		panic(err)
	}
	return func(h http.Handler) http.Handler { return wrap(h) }
}()

// compressible reports whether a content type is text: launch files'
// YAML among them, not PDFs or spreadsheets (compressed already).
func compressible(contentType string) bool {
	ct, _, _ := strings.Cut(contentType, ";")
	ct = strings.TrimSpace(strings.ToLower(ct))
	return strings.HasPrefix(ct, "text/") || ct == "application/json" || strings.HasSuffix(ct, "+json") ||
		ct == "application/javascript" || ct == "image/svg+xml" || ct == "application/xml" || ct == "application/yaml"
}

// gzipping reports whether the middleware gzips what w is given: it wraps
// the writer of a client that takes gzip in a gzhttp.GzipResponseWriter.
func gzipping(w http.ResponseWriter) bool {
	for {
		switch v := w.(type) {
		case *gzhttp.GzipResponseWriter, gzhttp.GzipResponseWriterWithCloseNotify:
			return true
		case interface{ Unwrap() http.ResponseWriter }:
			w = v.Unwrap()
		default:
			return false
		}
	}
}

// gzipWriters and onceWriters reuse compressors at gzipLevel and at
// onceLevel (each holds a few hundred KB).
var (
	gzipWriters = writersAt(gzipLevel)
	onceWriters = writersAt(onceLevel)
)

func writersAt(level int) *sync.Pool {
	return &sync.Pool{New: func() any { w, _ := gzip.NewWriterLevel(io.Discard, level); return w }}
}

// gzipBytes compresses b as the middleware does, into a copy to keep.
func gzipBytes(b []byte) []byte {
	var gz []byte
	withGzipped(gzipWriters, b, func(z []byte) { gz = bytes.Clone(z) })
	return gz
}

// withGzipped compresses b with a compressor from writers into a reused
// buffer, and hands the bytes to use, which must not keep them.
func withGzipped(writers *sync.Pool, b []byte, use func([]byte)) {
	buf := byteBuffers.Get().(*bytes.Buffer)
	defer byteBuffers.Put(buf)
	buf.Reset()
	zw := writers.Get().(*gzip.Writer)
	zw.Reset(buf)
	zw.Write(b)
	zw.Close()
	writers.Put(zw)
	use(buf.Bytes())
}

// writeGzipped writes a body gzipped ahead of time: as it is when the
// middleware gzips, else plain (decompressed when plain is nil, into one
// buffer of the size the gzip trailer gives in its last four bytes). The
// whole body is at hand, so it goes with its length (not in chunks): one
// write fewer for an answer of several kilobytes.
func writeGzipped(w http.ResponseWriter, status int, contentType string, gz, plain []byte) error {
	w.Header().Set("Content-Type", contentType)
	switch {
	case gzipping(w):
		w.Header().Set("Content-Encoding", "gzip")
		plain = gz
	case plain == nil:
		zr, err := gzip.NewReader(bytes.NewReader(gz))
		if err != nil {
			return err
		}
		buf := bytes.NewBuffer(make([]byte, 0, int(binary.LittleEndian.Uint32(gz[len(gz)-4:]))+bytes.MinRead))
		if _, err := buf.ReadFrom(zr); err != nil {
			return err
		}
		plain = buf.Bytes()
	}
	w.Header().Set("Content-Length", strconv.Itoa(len(plain)))
	w.WriteHeader(status)
	_, err := w.Write(plain)
	return err
}

// writeKept writes a new answer's body. When the same body was asked for
// before, its gzipped bytes are kept under key for whoever asks again
// (see writeGzipped). A body asked for once is not kept: a burst of
// questions asked once (a script sweeping the load, say) then pushes out
// no body people come back to, and under the heap's soft limit (see
// internal/cli) leaves the collector the room the bodies would take. It
// is gzipped at onceLevel from a reused buffer, for a client that takes
// gzip only (the middleware would first copy the whole body into a buffer
// of its own).
func (s *Server) writeKept(w http.ResponseWriter, key, contentType string, b []byte) error {
	if s.bodiesAsked.again(key) {
		gz := gzipBytes(b)
		s.bodies.put(key, gz, len(gz))
		return writeGzipped(w, http.StatusOK, contentType, gz, b)
	}
	if !gzipping(w) {
		return writeGzipped(w, http.StatusOK, contentType, nil, b)
	}
	var err error
	withGzipped(onceWriters, b, func(gz []byte) { err = writeGzipped(w, http.StatusOK, contentType, gz, b) })
	return err
}
