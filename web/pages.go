package web

import (
	"net/http"

	"gpuplace/templates"
)

// handleHome handles GET /: the start page.
func (s *Server) handleHome(w http.ResponseWriter, r *http.Request) error {
	return render(w, r, http.StatusOK, templates.HomePage(s.catalog))
}
