package quote

import (
	"bytes"
	"image"
	"image/draw"
	"image/jpeg"
	"image/png"
	"strings"
	"time"

	"gpuplace/internal/locale"
)

// Seller is who quotes are from, as an admin set it: shown on every quote
// page and export.
type Seller struct {
	Company string
	// Address is the postal address, one line per line.
	Address      string
	ContactName  string
	ContactEmail string
	ContactPhone string
	VATID        string
	// Logo is a PNG or JPEG image (LogoType "image/png" or "image/jpeg")
	// as NormalizeLogo wrote it; nil when there is none.
	Logo     []byte
	LogoType string
	// UpdatedAt and UpdatedBy say who set the details last, and when.
	UpdatedAt time.Time
	UpdatedBy string
}

// Limits of a logo: its upload, in bytes, and its width and height, in
// pixels (checked before the image is decoded).
const (
	MaxLogoBytes  = 512 << 10
	MaxLogoPixels = 2000
)

// Logo types.
const (
	LogoPNG  = "image/png"
	LogoJPEG = "image/jpeg"
)

// Validate checks every field an admin fills in.
func (s Seller) Validate() error {
	var fe locale.FieldErrors
	checkText(&fe, "seller_company", s.Company, true, maxText)
	checkText(&fe, "seller_address", s.Address, false, 1000)
	checkText(&fe, "seller_contact_name", s.ContactName, false, maxText)
	checkText(&fe, "seller_phone", s.ContactPhone, false, 60)
	checkText(&fe, "seller_vat_id", s.VATID, false, 60)
	checkEmail(&fe, "seller_email", s.ContactEmail)
	return fe.OrNil()
}

// Lines are the seller's details as a document lists them, one a line:
// company, address lines, contact name, e-mail, phone, VAT id; what is
// not set is left out.
func (s Seller) Lines(p locale.Printer) []string {
	var out []string
	add := func(v string) {
		if v = strings.TrimSpace(v); v != "" {
			out = append(out, v)
		}
	}
	add(s.Company)
	for _, l := range strings.Split(s.Address, "\n") {
		add(l)
	}
	add(s.ContactName)
	add(s.ContactEmail)
	add(s.ContactPhone)
	if strings.TrimSpace(s.VATID) != "" {
		add(p.Tf("export.vat_id", strings.TrimSpace(s.VATID)))
	}
	return out
}

// IsZero reports whether no seller details were set.
func (s Seller) IsZero() bool {
	return strings.TrimSpace(s.Company+s.Address+s.ContactName+s.ContactEmail+s.ContactPhone+s.VATID) == "" && len(s.Logo) == 0
}

// Lines are the customer's details, one a line: name, company, e-mail;
// what is not set is left out.
func (c Customer) Lines() []string {
	var out []string
	for _, v := range []string{c.Name, c.Company, c.Email} {
		if v = strings.TrimSpace(v); v != "" {
			out = append(out, v)
		}
	}
	return out
}

// NormalizeLogo checks an uploaded logo and writes it again: a PNG or a
// JPEG of at most MaxLogoBytes and MaxLogoPixels a side, decoded and
// encoded afresh as 8-bit PNG or baseline JPEG (which every export format
// draws), without the metadata it came with. It returns the image and its
// type, or field errors for field.
func NormalizeLogo(field string, b []byte) ([]byte, string, error) {
	bad := func(id string, args ...any) ([]byte, string, error) {
		return nil, "", locale.FieldErrors{locale.Invalid(field, id, args...)}
	}
	if len(b) > MaxLogoBytes {
		return bad("invalid.logo.size", MaxLogoBytes>>10)
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(b))
	if err != nil || (format != "png" && format != "jpeg") {
		return bad("invalid.logo.type")
	}
	if cfg.Width < 1 || cfg.Height < 1 || cfg.Width > MaxLogoPixels || cfg.Height > MaxLogoPixels {
		return bad("invalid.logo.pixels", MaxLogoPixels)
	}
	img, _, err := image.Decode(bytes.NewReader(b))
	if err != nil {
		return bad("invalid.logo.type")
	}
	var out bytes.Buffer
	if format == "jpeg" {
		if err := jpeg.Encode(&out, img, &jpeg.Options{Quality: 92}); err != nil {
			return bad("invalid.logo.type")
		}
		return out.Bytes(), LogoJPEG, nil
	}
	// 16-bit and paletted images become 8-bit RGBA: fpdf reads no
	// 16-bit PNG.
	rgba := image.NewNRGBA(img.Bounds())
	draw.Draw(rgba, rgba.Bounds(), img, img.Bounds().Min, draw.Src)
	if err := png.Encode(&out, rgba); err != nil {
		return bad("invalid.logo.type")
	}
	return out.Bytes(), LogoPNG, nil
}
