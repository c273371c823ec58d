package web

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/klauspost/compress/gzip"
)

// Compression: one middleware owns it. Every HTML, JSON and other text
// answer over minGzipBytes goes out gzipped to clients that accept gzip;
// such answers say "Vary: Accept-Encoding" whether gzipped or not, so
// shared caches keep the two apart. Handlers write plain bytes, or bytes
// gzipped ahead of time with writeGzipped (the page and answer caches).
//
// Pages carry no secret an attacker could probe by reflecting input into a
// compressed answer (BREACH): no CSRF tokens (cross-origin POSTs are refused
// by Fetch metadata), the session only in a cookie.
const (
	minGzipBytes = 1 << 10
	// gzipLevel is the fastest: a new question's answer is compressed
	// while its asker waits (then cached compressed), and the fastest level
	// takes half the time of level 4 for 8 % more bytes (the issue
	// question's JSON 10.3 KB against 9.5 KB, its page 23.3 KB against
	// 21.7 KB).
	gzipLevel = gzip.BestSpeed
)

// gzipWriters reuses compressors: each holds several hundred KB of state,
// which would otherwise be allocated for every answer. They come from
// github.com/klauspost/compress/gzip rather than compress/gzip: at the
// fastest level they write about as many bytes for our pages and answers,
// in less time when, as after an answer is worked out, their tables have
// left the CPU's caches (a new page 5–8 % faster through the handler).
var gzipWriters = sync.Pool{New: func() any {
	w, _ := gzip.NewWriterLevel(io.Discard, gzipLevel)
	return w
}}

// gzipBytes compresses b as the middleware does.
func gzipBytes(b []byte) []byte {
	buf := byteBuffers.Get().(*bytes.Buffer)
	defer byteBuffers.Put(buf)
	buf.Reset()
	zw := gzipWriters.Get().(*gzip.Writer)
	zw.Reset(buf)
	zw.Write(b)
	zw.Close()
	gzipWriters.Put(zw)
	// A copy of the exact size, which the caller may keep (a cache would
	// keep the buffer's spare capacity too).
	return bytes.Clone(buf.Bytes())
}

// gzipReaders reuses decompressors, as gzipWriters does compressors.
var gzipReaders sync.Pool

// gunzipBytes undoes gzipBytes (for a client that does not take gzip),
// into a buffer of the size the gzip trailer gives: its last four bytes
// are the body's length (modulo 4 GiB, far above any body here), so the
// body is read once, into one allocation of its own size.
func gunzipBytes(gz []byte) ([]byte, error) {
	zr, _ := gzipReaders.Get().(*gzip.Reader)
	var err error
	if zr == nil {
		zr, err = gzip.NewReader(bytes.NewReader(gz))
	} else {
		err = zr.Reset(bytes.NewReader(gz))
	}
	if err != nil {
		return nil, err
	}
	defer gzipReaders.Put(zr)
	var buf bytes.Buffer
	if len(gz) >= 4 {
		// (MinRead more: ReadFrom wants that much room before it reads.)
		buf.Grow(int(binary.LittleEndian.Uint32(gz[len(gz)-4:])) + bytes.MinRead)
	}
	_, err = buf.ReadFrom(zr)
	return buf.Bytes(), err
}

// acceptsGzip reports whether the client takes gzip (Accept-Encoding, with
// a q of zero read as a refusal).
func acceptsGzip(r *http.Request) bool {
	for _, v := range r.Header.Values("Accept-Encoding") {
		for part := range strings.SplitSeq(v, ",") {
			coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
			coding = strings.TrimSpace(coding)
			if !strings.EqualFold(coding, "gzip") && coding != "*" {
				continue
			}
			if q, ok := strings.CutPrefix(strings.ReplaceAll(params, " ", ""), "q="); ok {
				if f, err := strconv.ParseFloat(q, 64); err == nil && f == 0 {
					return false
				}
			}
			return true
		}
	}
	return false
}

// compressible reports whether a content type is text worth compressing.
func compressible(contentType string) bool {
	ct, _, _ := strings.Cut(contentType, ";")
	ct = strings.TrimSpace(strings.ToLower(ct))
	switch {
	case strings.HasPrefix(ct, "text/"):
		return true
	case ct == "application/json", strings.HasSuffix(ct, "+json"), ct == "application/javascript",
		ct == "image/svg+xml", ct == "application/xml":
		return true
	}
	return false
}

// compress gzips answers (see minGzipBytes).
func compress(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		cw := &compressWriter{ResponseWriter: w, accept: acceptsGzip(r), status: http.StatusOK}
		defer cw.finish()
		next.ServeHTTP(cw, r)
	})
}

// compressWriter decides at the first byte of the body, when it knows the
// content type and the size of that first write (handlers here render
// into a buffer and write it at once), whether to gzip.
type compressWriter struct {
	http.ResponseWriter
	accept      bool
	status      int
	wroteHeader bool // WriteHeader was called; passed on once decided
	decided     bool
	zw          *gzip.Writer
}

// WriteHeader holds the status until the first body byte decides the
// encoding; informational statuses pass straight through.
func (cw *compressWriter) WriteHeader(status int) {
	switch {
	case cw.decided, status < 200:
		cw.ResponseWriter.WriteHeader(status)
	case !cw.wroteHeader:
		cw.status, cw.wroteHeader = status, true
	}
}

// Write decides the encoding on the first call, then writes b plain or
// through the compressor.
func (cw *compressWriter) Write(b []byte) (int, error) {
	if !cw.decided {
		cw.decide(b)
	}
	if cw.zw != nil {
		return cw.zw.Write(b)
	}
	return cw.ResponseWriter.Write(b)
}

// decide sends the header, gzipping what follows when the answer is text
// of at least minGzipBytes (its first write, or its stated length) not
// already encoded.
func (cw *compressWriter) decide(first []byte) {
	cw.decided = true
	h := cw.ResponseWriter.Header()
	ct := h.Get("Content-Type")
	if ct == "" && len(first) > 0 {
		ct = http.DetectContentType(first)
		h.Set("Content-Type", ct)
	}
	size := len(first)
	if n, err := strconv.Atoi(h.Get("Content-Length")); err == nil {
		size = n
	}
	if compressible(ct) && h.Get("Content-Encoding") == "" && cw.status != http.StatusPartialContent {
		h.Add("Vary", "Accept-Encoding")
		if cw.accept && size >= minGzipBytes && cw.status != http.StatusNoContent && cw.status != http.StatusNotModified {
			h.Set("Content-Encoding", "gzip")
			h.Del("Content-Length")
			cw.zw = gzipWriters.Get().(*gzip.Writer)
			cw.zw.Reset(cw.ResponseWriter)
		}
	}
	cw.ResponseWriter.WriteHeader(cw.status)
}

// writeGzipped sends a body gzipped ahead of time: as it is to a client
// that accepts gzip, decompressed to one that does not.
func (cw *compressWriter) writeGzipped(status int, gz []byte) error {
	h := cw.ResponseWriter.Header()
	h.Add("Vary", "Accept-Encoding")
	if !cw.accept {
		b, err := gunzipBytes(gz)
		if err != nil {
			return err
		}
		cw.decided = true
		cw.ResponseWriter.WriteHeader(status)
		_, err = cw.ResponseWriter.Write(b)
		return err
	}
	h.Set("Content-Encoding", "gzip")
	h.Del("Content-Length")
	cw.decided = true
	cw.ResponseWriter.WriteHeader(status)
	_, err := cw.ResponseWriter.Write(gz)
	return err
}

// finish flushes the compressor, or sends a header never followed by a
// body.
func (cw *compressWriter) finish() {
	if !cw.decided {
		if !cw.wroteHeader {
			return
		}
		cw.decided = true
		cw.ResponseWriter.WriteHeader(cw.status)
		return
	}
	if cw.zw != nil {
		cw.zw.Close()
		gzipWriters.Put(cw.zw)
		cw.zw = nil
	}
}

// Flush sends what is buffered, compressed so far.
func (cw *compressWriter) Flush() {
	if !cw.decided {
		cw.decide(nil)
	}
	if cw.zw != nil {
		cw.zw.Flush()
	}
	http.NewResponseController(cw.ResponseWriter).Flush()
}

// Hijack hands the connection over (websocket-style upgrades).
func (cw *compressWriter) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	return http.NewResponseController(cw.ResponseWriter).Hijack()
}

// Unwrap lets http.ResponseController reach the connection's writer.
func (cw *compressWriter) Unwrap() http.ResponseWriter { return cw.ResponseWriter }

// writeGzipped writes a body gzipped ahead of time with its content type,
// through the compression middleware when it is there, else decompressed.
func writeGzipped(w http.ResponseWriter, status int, contentType string, gz []byte) error {
	w.Header().Set("Content-Type", contentType)
	if cw, ok := w.(*compressWriter); ok && !cw.decided {
		return cw.writeGzipped(status, gz)
	}
	b, err := gunzipBytes(gz)
	if err != nil {
		return err
	}
	w.WriteHeader(status)
	_, err = w.Write(b)
	return err
}

// writeKept compresses a new answer's body, keeps the gzipped bytes under
// key for whoever asks the same again (see writeGzipped), and writes it.
func (s *Server) writeKept(w http.ResponseWriter, key, contentType string, b []byte) error {
	gz := gzipBytes(b)
	s.bodies.put(key, gz, len(gz))
	return writeEncoded(w, http.StatusOK, contentType, b, gz)
}

// writeEncoded writes a body of which the caller has both the plain and the
// gzipped bytes: the gzipped ones to a client that takes them.
func writeEncoded(w http.ResponseWriter, status int, contentType string, plain, gz []byte) error {
	if cw, ok := w.(*compressWriter); ok && cw.accept && !cw.decided {
		w.Header().Set("Content-Type", contentType)
		return cw.writeGzipped(status, gz)
	}
	w.Header().Set("Content-Type", contentType)
	w.WriteHeader(status)
	_, err := w.Write(plain)
	return err
}
