package web

import (
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
	"gpuplace/internal/launch"
	"gpuplace/internal/locale"
	"gpuplace/internal/question"
	"gpuplace/templates"
)

// contentTypeYAML is a launch file's media type (RFC 9512).
const contentTypeYAML = "application/yaml; charset=utf-8"

// handleAPILaunch handles GET /api/v1/advice/launch?format=&alt=&region=&…
// (the advice keys): the launch file of the answer's pick or alternative,
// or of one of its regions.
func (s *Server) handleAPILaunch(w http.ResponseWriter, r *http.Request) error {
	cat := s.cat(r)
	q := r.URL.Query()
	keys, fe := launch.ReadKeys(q)
	f := parseAdviceForm(cat, q)
	if err := f.errs.Merge(fe.OrNil()).OrNil(); err != nil {
		return err
	}
	res, err := s.recommend(r.Context(), cat, f.req)
	if err != nil {
		return err
	}
	p, err := launch.FromAnswer(cat, res, keys.Alt, s.answerURL(res))
	if err != nil {
		return err
	}
	b, err := launch.WriteRegion(keys.Format, p, keys.Region)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", contentTypeYAML)
	w.Header().Set("Content-Disposition", `inline; filename="`+p.FileName(keys.Format, keys.Region)+`"`)
	w.WriteHeader(http.StatusOK)
	_, err = w.Write(b)
	return err
}

// answerURL is the address of an answer's question, as a launch file's
// header names it.
func (s *Server) answerURL(res advisor.Result) string {
	return s.linkURL("/advice?" + question.Query(res.Request).Encode())
}

// launchURL is the address of an answer's launch file: the question's
// canonical query, encoded (as the page's other links write it, so that
// it compresses against them), then the format and, for an alternative
// or one region, its number.
func launchURL(canonical string, keys launch.Keys) string {
	u := "/api/v1/advice/launch?" + canonical + "&" + launch.KeyFormat + "=" + string(keys.Format)
	if keys.Alt > 0 {
		u += "&" + launch.KeyAlt + "=" + strconv.Itoa(keys.Alt)
	}
	if keys.Region > 0 {
		u += "&" + launch.KeyRegion + "=" + strconv.Itoa(keys.Region)
	}
	return u
}

// launchView is the answer page's launch files: the pick's in each
// format, and the page with every file. linked is false on a pinned
// answer: its files show in place, without links that would ask the
// question anew.
func (s *Server) launchView(cat *catalog.Catalog, res *advisor.Result, q url.Values, linked bool) *templates.LaunchView {
	if res.Pick == nil {
		return nil
	}
	v := &templates.LaunchView{Files: s.launchFiles(cat, res, q, 0, linked, !linked)}
	if linked {
		v.PageURL = "/advice/launch?" + question.Canonical(q).Encode()
	}
	return v
}

// handleLaunchPage handles GET /advice/launch?… (the advice keys): every
// launch file of the answer, the pick's and each alternative's. It is
// kept as answer pages are.
func (s *Server) handleLaunchPage(w http.ResponseWriter, r *http.Request) error {
	cat := s.cat(r)
	q := askedIn(r.Context(), r.URL.Query())
	key := "launch page " + cat.Version.ID + " " + locale.LangOf(r.Context()) + " " + question.Canonical(q).Encode()
	if gz, ok := s.bodies.get(key); ok {
		return writeGzipped(w, http.StatusOK, contentTypeHTML, gz, nil)
	}
	f := parseAdviceForm(cat, q)
	res, err := s.answer(r.Context(), cat, f)
	if err != nil {
		return err
	}
	if res.Pick == nil {
		return locale.FieldErrors{locale.Invalid(launch.KeyAlt, "invalid.launch.none")}
	}
	v := templates.LaunchPageView{Frame: frame(r), AnswerURL: "/advice?" + question.Canonical(q).Encode(),
		Pick: templates.LaunchOption{Where: where(cat, *res.Pick), Files: s.launchFiles(cat, &res, q, 0, true, true)}}
	for i, a := range res.Alternatives {
		v.Alternatives = append(v.Alternatives, templates.LaunchOption{N: i + 1, Where: where(cat, a), Files: s.launchFiles(cat, &res, q, i+1, true, true)})
	}
	return renderBytes(r, templates.LaunchPage(v), func(b []byte) error { return s.writeKept(w, key, contentTypeHTML, b) })
}

// where names an option's places: "g6e.xlarge, AWS us-east-1".
func where(cat *catalog.Catalog, o advisor.Option) string {
	var parts []string
	for _, p := range o.Placements {
		parts = append(parts, p.InstanceType+", "+cat.ProviderLabel(p.Provider)+" "+p.Region)
	}
	return strings.Join(parts, "; ")
}

// launchFiles is one option's file in every format. linked files link
// their download; texts holds the files' YAML too: the answer page, which
// only links the files, leaves it out, and only asks whether each tool
// launches the option (launch.Check), a tenth of a new page's work saved.
func (s *Server) launchFiles(cat *catalog.Catalog, res *advisor.Result, q url.Values, alt int, linked, texts bool) []templates.LaunchFile {
	origin := "" // only the files' text names it
	if texts {
		origin = s.answerURL(*res)
	}
	p, planErr := launch.FromAnswer(cat, *res, alt, origin)
	canonical := ""
	if linked {
		canonical = question.Canonical(q).Encode()
	}
	var out []templates.LaunchFile
	for _, f := range launch.Formats {
		lf := templates.LaunchFile{Format: string(f), Label: f.Label(), FileName: f.FileName(launch.Name(res.Request.Workload.Profile))}
		var b []byte
		err := planErr
		switch {
		case err != nil: // no plan: each format says why
		case texts:
			b, err = launch.Write(f, p)
		default:
			err = launch.Check(f, p)
		}
		var fe locale.FieldErrors
		switch {
		case errors.As(err, &fe) && len(fe) > 0:
			lf.Refusal = &fe[0].Message
		case err != nil:
			s.log.Error("launch file", "format", f, "alt", alt, "err", err)
			continue
		default:
			lf.YAML = string(b)
			if linked {
				lf.URL = launchURL(canonical, launch.Keys{Format: f, Alt: alt})
				lf.RegionURLs = regionURLs(canonical, f, alt, p)
			}
		}
		out = append(out, lf)
	}
	return out
}

// regionURLs are the addresses of each region's file alone, for a plan in
// several regions (none for one region: the file is its region's).
func regionURLs(canonical string, f launch.Format, alt int, p launch.Plan) []templates.RegionLink {
	if len(p.Places) < 2 {
		return nil
	}
	out := make([]templates.RegionLink, len(p.Places))
	for i, pl := range p.Places {
		out[i] = templates.RegionLink{Region: pl.Region, FileName: p.FileName(f, i+1),
			URL: launchURL(canonical, launch.Keys{Format: f, Alt: alt, Region: i + 1})}
	}
	return out
}
