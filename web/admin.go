package web

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"path/filepath"

	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
	"gpuplace/internal/versions"
	"gpuplace/templates"
)

// maxImportBytes bounds an uploaded price list or bundle.
const maxImportBytes = 32 << 20

// importMemory is how much of an upload is buffered in memory while the
// form is parsed; the rest goes to a temporary file, so the file is held
// in memory once (when read for the import), not twice.
const importMemory = 1 << 20

// handleAdminCatalog handles GET /admin/catalog[?diff=ID]: the versions,
// and one version's changes against the active one (with confirm=needed,
// after an activation refused for want of a confirm, saying so).
func (s *Server) handleAdminCatalog(w http.ResponseWriter, r *http.Request) error {
	v, err := s.adminView(r)
	if err != nil {
		return err
	}
	if id := r.URL.Query().Get("activated"); id != "" && id == v.Active {
		v.Message = locale.Tf(r.Context(), "admin.activated", id)
	}
	if id := r.URL.Query().Get("diff"); id != "" {
		c, err := s.versions.Version(r.Context(), id)
		if err != nil {
			return err
		}
		d := catalog.DiffOffers(s.cat(r), c)
		v.Diff = &d
		if r.URL.Query().Get("confirm") == "needed" && d.Flagged() {
			v.Message = locale.Tf(r.Context(), "admin.confirm.needed", id, len(d.Warnings))
		}
	}
	return render(w, r, http.StatusOK, templates.AdminCatalogPage(v))
}

func (s *Server) adminView(r *http.Request) (templates.AdminCatalogView, error) {
	vs, err := s.versions.Versions(r.Context())
	if err != nil {
		return templates.AdminCatalogView{}, err
	}
	return templates.AdminCatalogView{Frame: frame(r), Catalog: s.cat(r), Versions: vs, Active: s.versions.Active().Version.ID, Provider: "aws"}, nil
}

// handleAdminImport handles POST /admin/catalog: an uploaded file becomes
// a new inactive version, or nothing at all with every problem listed.
func (s *Server) handleAdminImport(w http.ResponseWriter, r *http.Request) error {
	if err := r.ParseMultipartForm(importMemory); err != nil {
		return badRequest(err)
	}
	f, hdr, err := r.FormFile("file")
	if err != nil {
		return badRequest(fmt.Errorf("no file uploaded: %w", err))
	}
	defer f.Close()
	defer r.MultipartForm.RemoveAll()
	body := make([]byte, hdr.Size) // read once, at its size
	if _, err := io.ReadFull(f, body); err != nil {
		return badRequest(err)
	}
	v, err := s.adminView(r)
	if err != nil {
		return err
	}
	v.Provider, v.Format = r.FormValue("provider"), r.FormValue("format")
	imp, err := s.versions.ImportAs(r.Context(), filepath.Base(hdr.Filename), body, v.Format, v.Provider, s.now())
	var probs catalog.Problems
	if errors.As(err, &probs) {
		for _, p := range probs {
			v.Problems = append(v.Problems, p.String())
		}
		return render(w, r, http.StatusUnprocessableEntity, templates.AdminCatalogPage(v))
	}
	if err != nil {
		return err
	}
	if len(imp.KeptOut) > 0 {
		// What the feed had that the catalog keeps out is said once, here,
		// beside the changes.
		v.Diff, v.KeptOut = &imp.Diff, imp.KeptOut
		return render(w, r, http.StatusOK, templates.AdminCatalogPage(v))
	}
	http.Redirect(w, r, "/admin/catalog?diff="+url.QueryEscape(imp.Catalog.Version.ID), http.StatusSeeOther)
	return nil
}

// handleAdminActivate handles POST /admin/catalog/{version}/activate; an
// older version is a rollback.
func (s *Server) handleAdminActivate(w http.ResponseWriter, r *http.Request) error {
	id := r.PathValue("version")
	var needs *versions.NeedsConfirm
	if err := s.versions.Activate(r.Context(), id, r.FormValue("confirm") == "1"); errors.As(err, &needs) {
		// Back to its changes, where the rows to check are listed beside
		// the confirm.
		http.Redirect(w, r, "/admin/catalog?confirm=needed&diff="+url.QueryEscape(id), http.StatusSeeOther)
		return nil
	} else if err != nil {
		return err
	}
	s.log.InfoContext(r.Context(), "catalog version activated", "version", id)
	http.Redirect(w, r, "/admin/catalog?activated="+url.QueryEscape(id), http.StatusSeeOther)
	return nil
}
