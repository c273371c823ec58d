package web_test

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"mime/multipart"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"gpuplace/internal/account"
	"gpuplace/internal/quote"
)

// sellerForm builds the seller form as a browser sends it: multipart,
// with a logo file when logo is not nil.
func sellerForm(t testing.TB, fields url.Values, logo []byte) (*bytes.Buffer, string) {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for k, vs := range fields {
		for _, v := range vs {
			mw.WriteField(k, v)
		}
	}
	if logo != nil {
		fw, err := mw.CreateFormFile("logo", "logo.png")
		if err != nil {
			t.Fatal(err)
		}
		fw.Write(logo)
	}
	mw.Close()
	return &buf, mw.FormDataContentType()
}

// pngLogo is a small PNG logo: a blue bar on white.
func pngLogo(t testing.TB) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, 120, 40))
	for y := range 40 {
		for x := range 120 {
			c := color.NRGBA{255, 255, 255, 255}
			if y > 10 && y < 30 {
				c = color.NRGBA{20, 60, 160, 255}
			}
			img.Set(x, y, c)
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// theSeller is the seller every test here sets.
var theSeller = url.Values{"seller_company": {"GPU Place GmbH"}, "seller_address": {"Friedrichstraße 1\r\n10117 Berlin"},
	"seller_contact_name": {"Grace Hopper"}, "seller_email": {"sales@gpuplace.test"}, "seller_phone": {"+49 30 1234567"},
	"seller_vat_id": {"DE123456789"}}

// Ensure only admins see and change the seller details, on both
// databases: anonymous visitors are sent to sign in, sales users are
// refused, a cross-origin POST is refused; bad details and a logo that is
// not an image come back with 422 naming the fields; good ones are saved
// (Post/Redirect/Get), the logo kept until replaced or removed, and every
// quote page shows them.
func TestAdminSeller(t *testing.T) { onBothDatabases(t, testAdminSeller) }

func testAdminSeller(t *testing.T, s *testServer) {
	sales := s.signIn(t, account.RoleSales)
	admin := s.signIn(t, account.RoleAdmin)
	post := func(fields url.Values, logo []byte, header ...string) int {
		t.Helper()
		body, ct := sellerForm(t, fields, logo)
		return s.do(t, "POST", "/admin/seller", body, append([]string{"Content-Type", ct}, header...)...).Code
	}

	if rec := s.do(t, "GET", "/admin/seller", nil); rec.Code != http.StatusSeeOther || !strings.HasPrefix(rec.Header().Get("Location"), "/login") {
		t.Errorf("anonymous GET /admin/seller = %d → %q, want 303 to /login", rec.Code, rec.Header().Get("Location"))
	}
	wantStatus(t, s.do(t, "GET", "/admin/seller", nil, "Cookie", sales), http.StatusForbidden)
	if got := post(theSeller, nil, "Cookie", sales); got != http.StatusForbidden {
		t.Errorf("a sales user's POST = %d, want 403", got)
	}
	if got := post(theSeller, nil, "Cookie", admin, "Sec-Fetch-Site", "cross-site", "Origin", "https://evil.example"); got != http.StatusForbidden {
		t.Errorf("a cross-origin POST = %d, want 403", got)
	}
	if sl, _ := s.db.Seller(context.Background()); !sl.IsZero() {
		t.Fatalf("refused POSTs changed the seller: %+v", sl)
	}
	rec := s.do(t, "GET", "/admin/seller", nil, "Cookie", admin)
	wantStatus(t, rec, http.StatusOK)
	wantContains(t, rec.Body.String(), `data-testid="seller-form"`, `enctype="multipart/form-data"`, `name="seller_company"`)

	// Bad details: the form comes back with the fields named.
	bad := url.Values{"seller_company": {""}, "seller_email": {"not an address"}}
	body, ct := sellerForm(t, bad, []byte("GIF89a, not a PNG"))
	rec = s.do(t, "POST", "/admin/seller", body, "Content-Type", ct, "Cookie", admin)
	wantStatus(t, rec, http.StatusUnprocessableEntity)
	for _, field := range []string{"seller_company", "seller_email", "logo"} {
		if !regexp.MustCompile(`data-field="` + field + `">[^<]*\S`).MatchString(rec.Body.String()) {
			t.Errorf("the re-rendered form has no message beside %s", field)
		}
	}

	// Good details with a logo: saved, then shown.
	body, ct = sellerForm(t, theSeller, pngLogo(t))
	rec = s.do(t, "POST", "/admin/seller", body, "Content-Type", ct, "Cookie", admin)
	wantStatus(t, rec, http.StatusSeeOther)
	if loc := rec.Header().Get("Location"); loc != "/admin/seller?saved=1" {
		t.Errorf("saving went to %q", loc)
	}
	page := s.do(t, "GET", "/admin/seller?saved=1", nil, "Cookie", admin).Body.String()
	wantContains(t, page, `data-testid="seller-saved"`, `data-testid="seller-logo"`, "GPU Place GmbH", "DE123456789",
		"admin@example.com")
	sl, err := s.db.Seller(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if sl.Address != "Friedrichstraße 1\n10117 Berlin" || sl.LogoType != quote.LogoPNG || len(sl.Logo) == 0 || sl.UpdatedBy != "admin@example.com" {
		t.Errorf("saved seller %+v", sl)
	}

	// Saved again without a file: the logo stays; with remove_logo it goes.
	theSeller2 := url.Values{}
	for k, v := range theSeller {
		theSeller2[k] = v
	}
	theSeller2.Set("seller_company", "GPU Place AG")
	if got := post(theSeller2, nil, "Cookie", admin); got != http.StatusSeeOther {
		t.Fatalf("second save = %d", got)
	}
	if sl, _ := s.db.Seller(context.Background()); sl.Company != "GPU Place AG" || len(sl.Logo) == 0 {
		t.Errorf("after a save without a file: %q, logo %d bytes; want the new company and the logo kept", sl.Company, len(sl.Logo))
	}
	theSeller2.Set("remove_logo", "1")
	if got := post(theSeller2, nil, "Cookie", admin); got != http.StatusSeeOther {
		t.Fatalf("third save = %d", got)
	}
	if sl, _ := s.db.Seller(context.Background()); len(sl.Logo) != 0 || sl.LogoType != "" {
		t.Errorf("remove_logo left a logo of %d bytes (%q)", len(sl.Logo), sl.LogoType)
	}

	// Every quote page shows the seller; sales users see the admin's link
	// nowhere.
	number := s.createQuote(t, sales, s.pinLink(t), nil)
	page = s.do(t, "GET", "/quotes/"+number, nil, "Cookie", sales).Body.String()
	wantContains(t, page, `data-testid="quote-seller"`, "GPU Place AG", "Friedrichstraße 1", "VAT ID: DE123456789")
	if strings.Contains(page, `href="/admin/seller"`) {
		t.Error("a sales user's page links to the seller settings")
	}
	if !strings.Contains(s.do(t, "GET", "/quotes", nil, "Cookie", admin).Body.String(), `href="/admin/seller"`) {
		t.Error("an admin's page does not link to the seller settings")
	}
}

// Ensure a sent quote keeps the seller it was sent under: after an admin
// changes the details, the sent quote's page and CSV still name the old
// company, while a draft names the new one.
func TestSentQuoteKeepsItsSeller(t *testing.T) {
	s := newTestServer(t)
	ctx := context.Background()
	if err := s.db.SetSeller(ctx, quote.Seller{Company: "Old Seller GmbH", UpdatedAt: time.Now().Add(-time.Hour)}); err != nil {
		t.Fatal(err)
	}
	sales := s.signInAs(t, "sales@example.com", "sales")
	link := s.pinLink(t)
	sent, draft := s.createQuote(t, sales, link, nil), s.createQuote(t, sales, link, nil)
	form := url.Values{"status": {"sent"}}
	wantStatus(t, s.do(t, "POST", "/quotes/"+sent+"/status", strings.NewReader(form.Encode()),
		"Content-Type", "application/x-www-form-urlencoded", "Cookie", sales), http.StatusSeeOther)
	if err := s.db.SetSeller(ctx, quote.Seller{Company: "New Seller AG", UpdatedAt: time.Now().Add(time.Second)}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ number, want, not string }{
		{sent, "Old Seller GmbH", "New Seller AG"},
		{draft, "New Seller AG", "Old Seller GmbH"},
	} {
		for _, path := range []string{"/quotes/" + c.number, "/quotes/" + c.number + ".csv"} {
			body := s.do(t, "GET", path, nil, "Cookie", sales).Body.String()
			if !strings.Contains(body, c.want) || strings.Contains(body, c.not) {
				t.Errorf("%s names the wrong seller: want %q, not %q", path, c.want, c.not)
			}
		}
	}
}
