package web

import (
	"errors"
	"net/http"
	"os"
	"sync"

	"gpuplace/internal/export"
	"gpuplace/internal/link"
	"gpuplace/internal/quote"
)

// exporter writes one quote format.
type exporter func(w http.ResponseWriter, d export.Document) error

// exports maps a URL suffix to its format.
func (s *Server) exports() map[string]exporter {
	return map[string]exporter{
		".pdf":  s.writePDF,
		".xlsx": writeXLSX,
		".csv":  writeCSV,
	}
}

// cjkFont reads the configured CJK font once; nil when it cannot be read,
// and the PDF then says it shows Latin text only.
func (s *Server) cjkFont() []byte {
	s.fontOnce.Do(func() {
		if s.cjkFontPath == "" {
			return
		}
		b, err := os.ReadFile(s.cjkFontPath)
		if err != nil {
			s.log.Warn("no CJK font for quote PDFs: Chinese text will show as '?'", "path", s.cjkFontPath, "error", err)
			return
		}
		s.font = b
	})
	return s.font
}

// document is a quote as its exports show it: with its seller (as it was
// when the quote was sent), the link back to its recommendation and what
// that says of its pick.
func (s *Server) document(r *http.Request, q quote.Quote) (export.Document, error) {
	seller, err := s.store.SellerAt(r.Context(), q.SentAt)
	if err != nil {
		return export.Document{}, err
	}
	return export.Document{Quote: q, Seller: seller, Link: s.recommendationURL(r, q), Pick: s.pickOf(r, q)}, nil
}

// pickOf is what the recommendation a quote was made from says of its
// pick: its verdict and confidence (nil when it cannot be read).
func (s *Server) pickOf(r *http.Request, q quote.Quote) *export.Pick {
	_, res, err := s.loadLink(r.Context(), q.LinkID)
	if err != nil && !errors.Is(err, link.ErrNotFound) {
		s.log.WarnContext(r.Context(), "a quote's recommendation could not be read: its documents leave out its verdict", "quote", q.Number(), "err", err)
	}
	if err != nil || res.Pick == nil {
		return nil
	}
	c := res.Pick.Confidence
	return &export.Pick{Verdict: res.Pick.Verdict.Text, Grade: c.Grade, Reasons: c.ReasonsText}
}

func (s *Server) writePDF(w http.ResponseWriter, d export.Document) error {
	b, err := export.PDF(d, s.cjkFont())
	if err != nil {
		return err
	}
	return writeFile(w, b, "application/pdf", d.Quote.Number()+".pdf")
}

func writeXLSX(w http.ResponseWriter, d export.Document) error {
	b, err := export.XLSX(d)
	if err != nil {
		return err
	}
	return writeFile(w, b, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", d.Quote.Number()+".xlsx")
}

func writeCSV(w http.ResponseWriter, d export.Document) error {
	b, err := export.CSV(d)
	if err != nil {
		return err
	}
	return writeFile(w, b, "text/csv; charset=utf-8", d.Quote.Number()+".csv")
}

func writeFile(w http.ResponseWriter, b []byte, contentType, name string) error {
	startDownload(w, contentType, name)
	_, err := w.Write(b)
	return err
}

// startDownload sets the headers of a file download; the body follows.
func startDownload(w http.ResponseWriter, contentType, name string) {
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
	w.Header().Set("Cache-Control", "private, no-store")
}

// fontState is the lazily read CJK font.
type fontState struct {
	fontOnce sync.Once
	font     []byte
}
