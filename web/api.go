package web

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"gpuplace/internal/advisor"
	"gpuplace/internal/api"
	"gpuplace/internal/locale"
	"gpuplace/internal/question"
)

// handleAPIAdviceGet handles GET /api/v1/advice: the request in the query
// keys of /advice.
func (s *Server) handleAPIAdviceGet(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	return s.writeAdvice(w, r, q, func() (advisor.Request, error) {
		f := parseAdviceForm(s.cat(r), q)
		return f.req, f.errs.OrNil()
	})
}

// handleAPIWhatIf handles GET /api/v1/advice/what-if?… (the advice
// keys): the answer's pick and where it changes. Its answers are kept as
// the advice's are.
func (s *Server) handleAPIWhatIf(w http.ResponseWriter, r *http.Request) error {
	cat := s.cat(r)
	f := parseAdviceForm(cat, r.URL.Query())
	if err := f.errs.OrNil(); err != nil {
		return err
	}
	req := f.req.WithDefaults(cat)
	if err := req.Validate(cat); err != nil {
		return err
	}
	key := "what-if " + s.cacheKey(cat, req)
	if gz, ok := s.bodies.get(key); ok {
		return writeGzipped(w, http.StatusOK, contentTypeJSON, gz, nil)
	}
	wi, err := s.whatIfFor(r.Context(), cat, req)
	if err != nil {
		return err
	}
	return encodeBytes(api.NewWhatIfJSON(wi, cat), func(b []byte) error { return s.writeKept(w, key, contentTypeJSON, b) })
}

// writeAdvice answers a decoded request as JSON, reusing the encoded and
// gzipped form of a cached answer. The candidates key of the query q says
// how many of the chart's candidates the answer lists.
func (s *Server) writeAdvice(w http.ResponseWriter, r *http.Request, q url.Values, decode func() (advisor.Request, error)) error {
	shown, badShown := candidatesShown(q)
	req, err := decode()
	if fe, ok := err.(locale.FieldErrors); ok {
		err = fe.Merge(badShown)
	} else if err == nil {
		err = badShown
	}
	if err != nil {
		return err
	}
	key := "api " + s.cacheKey(s.cat(r), req)
	if shown < advisor.MaxCandidates {
		key += " " + keyCandidates + "=" + strconv.Itoa(shown)
	}
	if gz, ok := s.bodies.get(key); ok {
		return writeGzipped(w, http.StatusOK, contentTypeJSON, gz, nil)
	}
	res, err := s.recommend(r.Context(), s.cat(r), req)
	if err != nil {
		return err
	}
	answer := api.NewAdviceJSON(res, s.cat(r))
	answer.Candidates = answer.Candidates[:min(shown, len(answer.Candidates))]
	return encodeAdvice(&answer, func(b []byte) error { return s.writeKept(w, key, contentTypeJSON, b) })
}

// candidatesShown reads the candidates key of an API answer: how many of
// the chart's candidates, best first, it lists — all (MaxCandidates) when
// the key is absent. They are half an answer's bytes, which a script that
// draws no chart need not wait for.
func candidatesShown(q url.Values) (int, error) {
	s := strings.TrimSpace(q.Get(keyCandidates))
	if s == "" {
		return advisor.MaxCandidates, nil
	}
	n, err := strconv.Atoi(s)
	var fe locale.FieldErrors
	switch {
	case err != nil:
		fe.Add(keyCandidates, "invalid.whole.got", s)
	case n < 0:
		fe.Add(keyCandidates, "invalid.negative")
	case n > advisor.MaxCandidates:
		fe.Add(keyCandidates, "invalid.max", strconv.Itoa(advisor.MaxCandidates))
	}
	return n, fe.OrNil()
}

// handleAPIAdvicePost handles POST /api/v1/advice: the request as JSON.
func (s *Server) handleAPIAdvicePost(w http.ResponseWriter, r *http.Request) error {
	return s.writeAdvice(w, r, r.URL.Query(), func() (advisor.Request, error) { return decodeRequest(r) })
}

// decodeRequest reads a JSON advice request from the body; what cannot be
// read is a bad body (400), a body over the limit 413.
func decodeRequest(r *http.Request) (advisor.Request, error) {
	// Read the body whole first: a body over the limit is 413, not a
	// decoding problem.
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return advisor.Request{}, err
	}
	req, err := advisor.DecodeRequest(bytes.NewReader(body))
	var fe locale.FieldErrors
	if errors.As(err, &fe) {
		return req, badBody{fe}
	}
	return req, err
}

// handleAPIProfiles handles GET /api/v1/profiles: the workloads, with
// their defaults, bases and (for language models) sizes.
func (s *Server) handleAPIProfiles(w http.ResponseWriter, r *http.Request) error {
	return writeJSON(w, http.StatusOK, map[string]any{"profiles": s.cat(r).Profiles})
}

// handleAPIGPUs handles GET /api/v1/gpus.
func (s *Server) handleAPIGPUs(w http.ResponseWriter, r *http.Request) error {
	return writeJSON(w, http.StatusOK, map[string]any{"gpus": s.cat(r).GPUs})
}

// handleAPIRegions handles GET /api/v1/regions?provider=.
func (s *Server) handleAPIRegions(w http.ResponseWriter, r *http.Request) error {
	return writeJSON(w, http.StatusOK, api.Regions(s.cat(r), r.URL.Query().Get("provider")))
}

// handleAPIOffers handles GET /api/v1/offers?gpu=&provider=&region=
// &accelerator=&page=&per_page=; region is a region id or
// "provider:region". Without page keys it answers the first 100 offers
// and where the next ones are.
func (s *Server) handleAPIOffers(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	page, err := pageOf(q)
	if err != nil {
		return err
	}
	per, err := wholeIn(q, "per_page", api.OffersPerPage, 1, api.MaxOffersPerPage)
	if err != nil {
		return err
	}
	out, err := api.FindOffers(s.cat(r), api.OffersQuery{GPU: q.Get("gpu"), Provider: q.Get("provider"), Region: q.Get("region"),
		Accelerator: q.Get("accelerator"), Page: page, PerPage: per})
	if err != nil {
		return err
	}
	if out.More() {
		q.Set("page", strconv.Itoa(page+1))
		q.Set("per_page", strconv.Itoa(per))
		next := s.linkURL("/api/v1/offers?" + q.Encode())
		out.Next = &next
	}
	return writeJSON(w, http.StatusOK, out)
}

// handleAPILatency handles GET /api/v1/latency?from=&to=: the round trip
// between two metros, or from one metro to every other.
func (s *Server) handleAPILatency(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	out, err := api.Latency(s.cat(r), api.LatencyQuery{From: q.Get("from"), To: q.Get("to")})
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, out)
}

func quoted(s string) string { return strconv.Quote(s) }

// apiLink is a pinned link in the API.
type apiLink struct {
	ID             string          `json:"id"`
	URL            string          `json:"url"`
	CatalogVersion string          `json:"catalog_version,omitempty"`
	Created        string          `json:"created,omitempty"`
	Query          string          `json:"query,omitempty"`
	Result         *api.AdviceJSON `json:"result,omitempty"`
}

// handleAPILinkCreate handles POST /api/v1/links: pin a JSON request.
func (s *Server) handleAPILinkCreate(w http.ResponseWriter, r *http.Request) error {
	req, err := decodeRequest(r)
	if err != nil {
		return err
	}
	l, _, err := s.pin(r, question.Query(req), req)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusCreated, apiLink{ID: l.ID, URL: s.linkURL("/s/" + l.ID)})
}

// handleAPILink handles GET /api/v1/links/{id}.
func (s *Server) handleAPILink(w http.ResponseWriter, r *http.Request) error {
	l, res, err := s.loadLink(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	out := api.NewAdviceJSON(res, s.cat(r))
	return writeJSON(w, http.StatusOK, apiLink{ID: l.ID, URL: s.linkURL("/s/" + l.ID), CatalogVersion: l.CatalogVersion,
		Created: l.CreatedAt.UTC().Format("2006-01-02T15:04:05Z"), Query: l.Query, Result: &out})
}
