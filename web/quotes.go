package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/shopspring/decimal"

	"gpuplace/internal/account"
	"gpuplace/internal/advisor"
	"gpuplace/internal/catalog"
	"gpuplace/internal/locale"
	"gpuplace/internal/quote"
	"gpuplace/templates"
)

// quotesPerPage is the length of a page of the quote list.
const quotesPerPage = 20

// handleQuoteList handles GET /quotes?q=&status=&page=.
func (s *Server) handleQuoteList(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	page, err := pageOf(q)
	if err != nil {
		return err
	}
	f := quote.Filter{Actor: actorOf(r), Search: strings.TrimSpace(q.Get("q")), Status: q.Get("status"), Page: page, PerPage: quotesPerPage}
	if err := f.Validate(); err != nil {
		return err
	}
	list, total, err := s.store.Quotes(r.Context(), f)
	if err != nil {
		return err
	}
	return render(w, r, http.StatusOK, templates.QuoteListPage(templates.QuoteListView{Frame: frame(r), Quotes: list, Filter: f, Total: total, Now: s.now()}))
}

// handleQuoteNew handles GET /quotes/new?link={id}&currency=: the builder
// filled from a pinned recommendation, its lines in the chosen currency.
func (s *Server) handleQuoteNew(w http.ResponseWriter, r *http.Request) error {
	id := r.URL.Query().Get("link")
	l, res, err := s.loadLink(r.Context(), id)
	if err != nil {
		return err
	}
	currency := r.URL.Query().Get("currency")
	if currency == "" {
		currency = res.Currency
	}
	cur, ok := catalog.CurrencyOf(currency)
	if !ok {
		return locale.FieldErrors{locale.Invalid("currency", "invalid.currency", strings.Join(catalog.Currencies, ", "))}
	}
	currency = cur.Code
	if res.Pick == nil {
		return badRequest(errors.New("the pinned recommendation has no pick to quote"))
	}
	v := url.Values{"link": {l.ID}, "valid_days": {"30"}, "discount_pct": {"0"}, "lang": {locale.LangOf(r.Context())},
		"notes": {riskNotes(r, res.Pick.Risks) + carbonNote(r, res.Pick.Carbon)}}
	for _, line := range res.Pick.Lines {
		v.Add("line_description", locale.Say(r.Context(), line.DescriptionText))
		v.Add("line_quantity", line.Quantity.String())
		v.Add("line_unit", line.Unit)
		v.Add("line_unit_price", convertPrice(s.cat(r), line.UnitPrice, res, currency).String())
		v.Add("line_discount", "0")
		v.Add("line_engine", "1")
	}
	return s.renderQuoteForm(w, r, http.StatusOK, "/quotes", "quote.new", v, currency, nil, l.ID)
}

// riskNotes writes the pick's risks as a quote's notes for its customer:
// one short plain sentence a kind of risk, in the page's language, so a
// quote never drops a caveat its answer showed; the engineering detail of
// each is in the quote's appendix (see dataDates).
func riskNotes(r *http.Request, risks []advisor.Risk) string {
	var lines []string
	seen := map[string]bool{}
	for _, k := range risks {
		if !seen[k.Kind] {
			seen[k.Kind] = true
			lines = append(lines, riskBullet+locale.Say(r.Context(), plainRisk(k.Kind)))
		}
	}
	return strings.Join(lines, "\n")
}

// plainRisk is a kind of risk as a customer reads it.
func plainRisk(kind string) locale.Text { return locale.New("quote.plain." + kind) }

// carbonNote is a quote's line on the pick's emissions, as the answer's
// card states them ("" when there are none to state).
func carbonNote(r *http.Request, c *advisor.Carbon) string {
	if c == nil || c.KgCO2e == nil {
		return ""
	}
	return "\n" + riskBullet + locale.Tf(r.Context(), "results.carbon", locale.Figure(*c.KgCO2e), locale.Figure(c.KWh),
		locale.Figure(*c.GCO2ePerKWh), strconv.Itoa(c.Year)) + "."
}

// riskBullet starts a risk's line in a quote's notes.
const riskBullet = "• "

// convertPrice restates a unit price of a result in another currency: back
// to USD at the result's own rate, then at the catalog's rate.
func convertPrice(cat *catalog.Catalog, price decimal.Decimal, res advisor.Result, currency string) decimal.Decimal {
	if currency == res.Currency {
		return price
	}
	if res.Rate.IsZero() { // pinned before answers stated their rate
		return price
	}
	out, err := cat.Restate(price, res.Rate, currency, locale.UnitPricePlaces)
	if err != nil {
		return price
	}
	return out
}

// renderQuoteForm renders the builder with status; linkID enables the
// currency switch of a new quote. While no seller is set, the builder asks
// for it.
func (s *Server) renderQuoteForm(w http.ResponseWriter, r *http.Request, status int, action, title string, v url.Values, currency string, errs map[string][]string, linkID string) error {
	links := map[string]string{}
	if linkID != "" {
		for _, c := range catalog.Currencies {
			links[c] = "/quotes/new?" + url.Values{"link": {linkID}, "currency": {c}}.Encode()
		}
	}
	seller, err := s.store.Seller(r.Context())
	if err != nil {
		return err
	}
	return render(w, r, status, templates.QuoteFormPage(templates.QuoteFormView{Frame: frame(r), Action: action, Title: title, Values: v,
		Errors: errs, Currency: currency, CurrencyLinks: links, NoSeller: seller.IsZero()}))
}

// handleQuoteCreate handles POST /quotes: save a new quote from the builder.
func (s *Server) handleQuoteCreate(w http.ResponseWriter, r *http.Request) error {
	if err := r.ParseForm(); err != nil {
		return badRequest(err)
	}
	l, res, err := s.loadLink(r.Context(), r.PostForm.Get("link"))
	if err != nil {
		return err
	}
	u, _ := userOf(r.Context())
	base := quote.Quote{LinkID: l.ID, CatalogVersion: l.CatalogVersion, Owner: u.Email, CreatedBy: u.Email, CreatedAt: s.now()}
	q, fe := quoteFromForm(r.PostForm, base)
	if fe != nil {
		return s.renderQuoteForm(w, r, http.StatusUnprocessableEntity, "/quotes", "quote.new", r.PostForm, r.PostForm.Get("currency"), fieldErrorsByField(r.Context(), fe), l.ID)
	}
	s.fromAnswer(r, &q, res)
	if err := s.store.CreateQuote(r.Context(), &q); err != nil {
		return err
	}
	s.metrics.quotesCreated.Inc()
	http.Redirect(w, r, "/quotes/"+q.Number(), http.StatusSeeOther)
	return nil
}

// fromAnswer completes a quote with what its answer says, in the quote's
// language: where the figures came from (DataDates), and the lines and
// risk notes the builder filled in from the answer in the page's language,
// when they were left as they were (see inQuoteLanguage).
func (s *Server) fromAnswer(r *http.Request, q *quote.Quote, res advisor.Result) {
	lang, _ := locale.Parse(q.Lang)
	ctx := s.inLanguage(r, lang)
	q.DataDates = s.dataDates(ctx, q.CatalogVersion, res)
	if res.Pick != nil {
		inQuoteLanguage(ctx, q, res.Pick)
	}
}

// dataDates says, in ctx's language, where a result's figures came from:
// the throughput and each placement's prices by their source's title, with
// the dates of the data, and the exchange rate; from the catalog version
// the result was made with.
func (s *Server) dataDates(ctx context.Context, version string, res advisor.Result) string {
	cat, err := s.versions.Version(ctx, version)
	if err != nil {
		cat = s.versions.Active()
	}
	var parts []locale.Text
	if res.Pick != nil {
		th := res.Pick.Throughput
		parts = append(parts, locale.New("quote.data.throughput", cat.SourceOrID(th.Source).Title, th.Date))
		for _, p := range res.Pick.Placements {
			if o, ok := cat.Offer(p.Provider + ":" + p.Region + ":" + p.InstanceType); ok {
				price, _ := o.Price(p.Pricing)
				parts = append(parts, locale.New("quote.data.prices", o.InstanceType, o.Region, cat.SourceOrID(price.Source).Title, price.Date))
			}
		}
	}
	if res.Currency != catalog.BaseCurrency && !res.Rate.IsZero() {
		parts = append(parts, locale.New("quote.data.rate", res.Rate.String(), res.Currency, res.RateDate))
	}
	if res.Pick != nil {
		// The engineering detail behind the notes' plain sentences.
		for _, k := range res.Pick.Risks {
			parts = append(parts, k.Message)
		}
	}
	seen := map[string]bool{}
	var out []string
	for i, text := range locale.SayAll(ctx, parts) {
		if k := parts[i].Key(); !seen[k] {
			seen[k] = true
			out = append(out, text)
		}
	}
	lang, _ := locale.Parse(locale.LangOf(ctx))
	return locale.For(lang).Sentences(out)
}

// inQuoteLanguage writes again, in the quote's language (ctx's), what the
// builder filled in from the answer in the page's: an engine line's
// description, a risk's line in the notes. Only text left as the answer
// wrote it (in either language) is written again; what was edited stays as
// typed. So a quote saved in Chinese from an English page reads in Chinese.
func inQuoteLanguage(ctx context.Context, q *quote.Quote, pick *advisor.Option) {
	as := map[string]string{} // the answer's text in any language → in the quote's
	say := func(t locale.Text, prefix string) {
		for _, l := range locale.Langs {
			as[prefix+locale.From(ctx).In(l).Text(t)] = prefix + locale.Say(ctx, t)
		}
	}
	for _, l := range pick.Lines {
		say(l.DescriptionText, "")
	}
	for _, k := range pick.Risks {
		say(k.Message, riskBullet)
		say(plainRisk(k.Kind), riskBullet)
	}
	for i, l := range q.Lines {
		if to, ok := as[l.Description]; ok && l.FromEngine {
			q.Lines[i].Description = to
		}
	}
	notes := strings.Split(q.Notes, "\n")
	for i, line := range notes {
		// A browser sends a textarea's lines ended by CR LF: keep the CR.
		text, cr := strings.CutSuffix(line, "\r")
		if to, ok := as[text]; ok {
			notes[i] = to
			if cr {
				notes[i] += "\r"
			}
		}
	}
	q.Notes = strings.Join(notes, "\n")
}

// quoteFromForm reads the builder's fields into a quote on top of base
// (which carries what the form does not: link, catalog, author, date),
// computes it, and validates it. Rows without a description are dropped.
func quoteFromForm(f url.Values, base quote.Quote) (quote.Quote, locale.FieldErrors) {
	q := base
	var fe locale.FieldErrors
	dec := func(field, s string) decimal.Decimal {
		s = strings.TrimSpace(s)
		if s == "" {
			return decimal.Zero
		}
		if len(s) > advisor.MaxNumberChars {
			// A decimal's parse is quadratic in its digits: refused
			// unread, and not shown back.
			fe = append(fe, advisor.NumberTooLong(field))
			return decimal.Zero
		}
		d, err := decimal.NewFromString(s)
		if err != nil {
			fe.Add(field, "invalid.number.got", s)
		}
		return d
	}
	q.Customer = quote.Customer{Name: strings.TrimSpace(f.Get("customer_name")), Company: strings.TrimSpace(f.Get("company")),
		Email: strings.TrimSpace(f.Get("email"))}
	q.Reference = strings.TrimSpace(f.Get("reference"))
	q.Currency = strings.ToUpper(strings.TrimSpace(f.Get("currency")))
	q.Notes, q.Terms = strings.TrimSpace(f.Get("notes")), strings.TrimSpace(f.Get("terms"))
	q.Lang = templates.LangEN
	if f.Get("lang") == templates.LangZH {
		q.Lang = templates.LangZH
	}
	days, err := strconv.Atoi(strings.TrimSpace(f.Get("valid_days")))
	if err != nil {
		fe.Add("valid_days", "invalid.quote.days")
	}
	q.ValidDays = days
	q.DiscountPct = dec("discount_pct", f.Get("discount_pct"))
	q.Lines = nil
	for i, desc := range f["line_description"] {
		if strings.TrimSpace(desc) == "" {
			continue
		}
		field := fmt.Sprintf("lines[%d]", len(q.Lines))
		q.Lines = append(q.Lines, quote.Line{
			Description: strings.TrimSpace(desc),
			Quantity:    dec(field+".quantity", at(f["line_quantity"], i)),
			Unit:        strings.TrimSpace(at(f["line_unit"], i)),
			UnitPrice:   dec(field+".unit_price", at(f["line_unit_price"], i)),
			DiscountPct: dec(field+".discount_pct", at(f["line_discount"], i)),
			FromEngine:  at(f["line_engine"], i) == "1",
		})
	}
	if fe = fe.Merge(q.Validate()); len(fe) > 0 {
		return q, fe
	}
	q.Compute()
	return q, nil
}

func at(list []string, i int) string {
	if i < len(list) {
		return list[i]
	}
	return ""
}

// actorOf is the signed-in user of a request as quotes see them.
func actorOf(r *http.Request) quote.Actor {
	u, _ := userOf(r.Context())
	return quote.Actor{Email: u.Email, Admin: u.IsAdmin()}
}

// quoteOf finds the quote a URL names by number ("Q-2026-0007-R2"), when
// the signed-in user may reach it: anyone else's quote is not found, so
// that numbers say nothing about quotes one may not see.
func (s *Server) quoteOf(r *http.Request, number string) (quote.Quote, error) {
	year, seq, rev, ok := quote.ParseNumber(number)
	if !ok {
		return quote.Quote{}, quote.ErrNotFound
	}
	q, err := s.store.QuoteByNumber(r.Context(), year, seq, rev)
	if err != nil {
		return quote.Quote{}, err
	}
	if !actorOf(r).Reaches(q) {
		return quote.Quote{}, quote.ErrNotFound
	}
	return q, nil
}

// superseded is the error for changing q, which was revised: it names the
// latest revision to change instead.
func (s *Server) superseded(r *http.Request, q quote.Quote) error {
	revs, err := s.store.Revisions(r.Context(), q.Year, q.Seq)
	if err != nil {
		return err
	}
	return &quote.SupersededError{Number: q.Number(), Latest: revs[len(revs)-1].Number()}
}

// handleQuoteView handles GET /quotes/{id}, and its exports when the id
// ends in .pdf, .xlsx or .csv.
func (s *Server) handleQuoteView(w http.ResponseWriter, r *http.Request) error {
	id := r.PathValue("id")
	for ext, export := range s.exports() {
		if number, ok := strings.CutSuffix(id, ext); ok {
			q, err := s.quoteOf(r, number)
			if err != nil {
				return err
			}
			d, err := s.document(r, q)
			if err != nil {
				return err
			}
			return export(w, d)
		}
	}
	q, err := s.quoteOf(r, id)
	if err != nil {
		return err
	}
	v, err := s.quoteView(r, q)
	if err != nil {
		return err
	}
	return render(w, r, http.StatusOK, templates.QuotePage(v))
}

// recommendationURL is the link back to the pinned recommendation a quote
// was made from, whole, as the quote's page and documents give it to a
// customer: under the configured base URL or, where none is configured,
// under the address r came in on (see documentOrigin).
func (s *Server) recommendationURL(r *http.Request, q quote.Quote) string {
	if q.LinkID == "" {
		return ""
	}
	return s.documentOrigin(r) + "/s/" + q.LinkID
}

// documentOrigin is the address links in a quote and its files start
// with: the configured base URL (-base-url, else GPUPLACE_BASE_URL) or,
// where none is configured, the scheme and Host the request came in on. A
// quote leaves the site, so its links must be whole; without a base URL
// the quote's page says which address they use (see QuoteView.Origin) and
// the server warns at start.
func (s *Server) documentOrigin(r *http.Request) string {
	if s.baseURL != "" {
		return s.baseURL
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}

// quoteView gathers a quote's page: its revisions, the revision's history
// and, for an admin, the users it may be given to.
func (s *Server) quoteView(r *http.Request, q quote.Quote) (templates.QuoteView, error) {
	v := templates.QuoteView{Frame: frame(r), Quote: q, Now: s.now(), Link: s.recommendationURL(r, q)}
	if s.baseURL == "" {
		v.Origin = s.documentOrigin(r)
	}
	var err error
	if v.Seller, err = s.store.SellerAt(r.Context(), q.SentAt); err != nil {
		return v, err
	}
	if v.Revisions, err = s.store.Revisions(r.Context(), q.Year, q.Seq); err != nil {
		return v, err
	}
	if v.Events, err = s.store.QuoteEvents(r.Context(), q.Year, q.Seq, q.Revision); err != nil {
		return v, err
	}
	if actorOf(r).Admin {
		users, err := s.store.Users(r.Context())
		if err != nil {
			return v, err
		}
		for _, u := range users {
			v.Owners = append(v.Owners, u.Email)
		}
	}
	return v, nil
}

// handleQuotePrint handles GET /quotes/{id}/print.
func (s *Server) handleQuotePrint(w http.ResponseWriter, r *http.Request) error {
	q, err := s.quoteOf(r, r.PathValue("id"))
	if err != nil {
		return err
	}
	seller, err := s.store.SellerAt(r.Context(), q.SentAt)
	if err != nil {
		return err
	}
	lang, _ := locale.Parse(q.Lang)
	return render(w, r.WithContext(s.inLanguage(r, lang)), http.StatusOK, templates.QuotePrintPage(templates.QuoteView{Frame: frame(r), Quote: q, Now: s.now(),
		Seller: seller, Link: s.recommendationURL(r, q)}))
}

// handleQuoteEdit handles GET /quotes/{id}/edit: the builder on a draft,
// or on a copy of a sent quote that will be saved as a new revision.
func (s *Server) handleQuoteEdit(w http.ResponseWriter, r *http.Request) error {
	q, err := s.quoteOf(r, r.PathValue("id"))
	if err != nil {
		return err
	}
	if q.SupersededBy != 0 {
		return s.superseded(r, q)
	}
	title := "quote.edit_title"
	if !q.Editable() {
		title = "quote.revise_title"
	}
	return s.renderQuoteForm(w, r, http.StatusOK, "/quotes/"+q.Number(), title, formOf(q), q.Currency, nil, "")
}

// formOf writes a quote into builder fields.
func formOf(q quote.Quote) url.Values {
	v := url.Values{"link": {q.LinkID}, "customer_name": {q.Customer.Name}, "company": {q.Customer.Company},
		"email": {q.Customer.Email}, "reference": {q.Reference}, "valid_days": {strconv.Itoa(q.ValidDays)},
		"discount_pct": {q.DiscountPct.String()}, "notes": {q.Notes}, "terms": {q.Terms}, "lang": {q.Lang}}
	for _, l := range q.Lines {
		v.Add("line_description", l.Description)
		v.Add("line_quantity", l.Quantity.String())
		v.Add("line_unit", l.Unit)
		v.Add("line_unit_price", l.UnitPrice.String())
		v.Add("line_discount", l.DiscountPct.String())
		v.Add("line_engine", map[bool]string{true: "1", false: "0"}[l.FromEngine])
	}
	return v
}

// handleQuoteUpdate handles POST /quotes/{id}: a draft changes in place; a
// quote that was sent gets a new revision and keeps the old one.
func (s *Server) handleQuoteUpdate(w http.ResponseWriter, r *http.Request) error {
	cur, err := s.quoteOf(r, r.PathValue("id"))
	if err != nil {
		return err
	}
	if cur.SupersededBy != 0 {
		return s.superseded(r, cur)
	}
	if err := r.ParseForm(); err != nil {
		return badRequest(err)
	}
	r.PostForm.Set("currency", cur.Currency)
	u, _ := userOf(r.Context())
	base := quote.Quote{ID: cur.ID, LinkID: cur.LinkID, CatalogVersion: cur.CatalogVersion, DataDates: cur.DataDates,
		Owner: cur.Owner, CreatedBy: u.Email, CreatedAt: s.now()}
	if cur.Editable() {
		base.Year, base.Seq, base.Revision, base.Status, base.CreatedAt, base.CreatedBy = cur.Year, cur.Seq, cur.Revision, cur.Status, cur.CreatedAt, cur.CreatedBy
	}
	q, fe := quoteFromForm(r.PostForm, base)
	if fe != nil {
		title := map[bool]string{true: "quote.edit_title", false: "quote.revise_title"}[cur.Editable()]
		return s.renderQuoteForm(w, r, http.StatusUnprocessableEntity, "/quotes/"+cur.Number(), title, r.PostForm, cur.Currency, fieldErrorsByField(r.Context(), fe), "")
	}
	// Without its answer (it cannot be read), the quote keeps its data
	// dates and its lines as they are.
	if _, res, err := s.loadLink(r.Context(), cur.LinkID); err == nil {
		s.fromAnswer(r, &q, res)
	}
	if cur.Editable() {
		err = s.store.UpdateQuote(r.Context(), actorOf(r), &q, s.now())
	} else {
		err = s.store.ReviseQuote(r.Context(), actorOf(r), cur.ID, &q)
		if err == nil {
			s.metrics.quotesCreated.Inc()
		}
	}
	if err != nil {
		return err
	}
	http.Redirect(w, r, "/quotes/"+q.Number(), http.StatusSeeOther)
	return nil
}

// handleQuoteStatus handles POST /quotes/{id}/status: draft → sent →
// accepted or rejected.
func (s *Server) handleQuoteStatus(w http.ResponseWriter, r *http.Request) error {
	q, err := s.quoteOf(r, r.PathValue("id"))
	if err != nil {
		return err
	}
	if err := r.ParseForm(); err != nil {
		return badRequest(err)
	}
	if err := s.store.SetQuoteStatus(r.Context(), actorOf(r), q.ID, r.PostForm.Get("status"), s.now()); err != nil {
		return err
	}
	http.Redirect(w, r, "/quotes/"+q.Number(), http.StatusSeeOther)
	return nil
}

// handleQuoteReassign handles POST /quotes/{id}/owner (admins only): give
// the quote, every revision of it, to another user.
func (s *Server) handleQuoteReassign(w http.ResponseWriter, r *http.Request) error {
	q, err := s.quoteOf(r, r.PathValue("id"))
	if err != nil {
		return err
	}
	if err := r.ParseForm(); err != nil {
		return badRequest(err)
	}
	owner, err := s.store.UserByEmail(r.Context(), r.PostForm.Get("owner"))
	if errors.Is(err, account.ErrNotFound) {
		return locale.FieldErrors{locale.Invalid("owner", "invalid.owner.unknown")}
	}
	if err != nil {
		return err
	}
	if err := s.store.ReassignQuote(r.Context(), actorOf(r), q.ID, owner.Email, s.now()); err != nil {
		return err
	}
	http.Redirect(w, r, "/quotes/"+q.Number(), http.StatusSeeOther)
	return nil
}
