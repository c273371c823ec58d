package web

import (
	"errors"
	"io"
	"net/http"
	"net/url"
	"strings"

	"gpuplace/internal/locale"
	"gpuplace/internal/quote"
	"gpuplace/templates"
)

// maxSellerBytes bounds the seller form: its fields and a logo.
const maxSellerBytes = quote.MaxLogoBytes + maxFormBytes

// handleAdminSeller handles GET /admin/seller[?saved=1]: who quotes are
// from, as set last.
func (s *Server) handleAdminSeller(w http.ResponseWriter, r *http.Request) error {
	sl, err := s.store.Seller(r.Context())
	if err != nil {
		return err
	}
	v := templates.AdminSellerView{Frame: frame(r), Seller: sl, Values: sellerValues(sl), Saved: r.URL.Query().Get("saved") != ""}
	return render(w, r, http.StatusOK, templates.AdminSellerPage(v))
}

// handleAdminSellerSave handles POST /admin/seller (multipart: the details
// and, optionally, a logo or remove_logo=1). The logo is kept unless
// replaced or removed. Bad input re-renders the form with 422.
func (s *Server) handleAdminSellerSave(w http.ResponseWriter, r *http.Request) error {
	// The whole form fits in memory (maxSellerBytes): nothing goes to disk.
	if err := r.ParseMultipartForm(maxSellerBytes); err != nil {
		return badRequest(err)
	}
	defer r.MultipartForm.RemoveAll()
	cur, err := s.store.Seller(r.Context())
	if err != nil {
		return err
	}
	u, _ := userOf(r.Context())
	next := sellerFromForm(r.PostForm)
	next.Logo, next.LogoType, next.UpdatedAt, next.UpdatedBy = cur.Logo, cur.LogoType, s.now(), u.Email
	if r.PostForm.Get("remove_logo") == "1" {
		next.Logo, next.LogoType = nil, ""
	}
	fe := locale.FieldErrors{}.Merge(next.Validate())
	logo, err := uploadedLogo(r)
	switch {
	case err != nil:
		fe = fe.Merge(err)
		if !errors.As(err, new(locale.FieldErrors)) {
			return badRequest(err)
		}
	case logo != nil:
		next.Logo, next.LogoType = logo.bytes, logo.typ
	}
	if len(fe) > 0 {
		return render(w, r, http.StatusUnprocessableEntity, templates.AdminSellerPage(templates.AdminSellerView{
			Frame: frame(r), Seller: cur, Values: r.PostForm, Errors: fieldErrorsByField(r.Context(), fe)}))
	}
	if err := s.store.SetSeller(r.Context(), next); err != nil {
		return err
	}
	s.log.InfoContext(r.Context(), "seller details changed", "by", u.Email)
	http.Redirect(w, r, "/admin/seller?saved=1", http.StatusSeeOther)
	return nil
}

// logoFile is a logo checked and written again (see quote.NormalizeLogo).
type logoFile struct {
	bytes []byte
	typ   string
}

// uploadedLogo reads the form's logo: nil when none was chosen, field
// errors when it is not one a quote can show.
func uploadedLogo(r *http.Request) (*logoFile, error) {
	f, _, err := r.FormFile("logo")
	if errors.Is(err, http.ErrMissingFile) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// One byte more than the limit tells a file at the limit from a larger one.
	body, err := io.ReadAll(io.LimitReader(f, quote.MaxLogoBytes+1))
	if err != nil {
		return nil, err
	}
	b, typ, err := quote.NormalizeLogo("logo", body)
	if err != nil {
		return nil, err
	}
	return &logoFile{bytes: b, typ: typ}, nil
}

// sellerFromForm reads the seller's details from the form.
func sellerFromForm(f url.Values) quote.Seller {
	get := func(k string) string { return strings.TrimSpace(f.Get(k)) }
	return quote.Seller{Company: get("seller_company"), Address: strings.ReplaceAll(get("seller_address"), "\r\n", "\n"),
		ContactName: get("seller_contact_name"), ContactEmail: get("seller_email"), ContactPhone: get("seller_phone"),
		VATID: get("seller_vat_id")}
}

// sellerValues writes the seller's details into the form's fields.
func sellerValues(s quote.Seller) url.Values {
	return url.Values{"seller_company": {s.Company}, "seller_address": {s.Address}, "seller_contact_name": {s.ContactName},
		"seller_email": {s.ContactEmail}, "seller_phone": {s.ContactPhone}, "seller_vat_id": {s.VATID}}
}
