package web

import (
	"net/url"
	"strconv"
	"strings"

	"gpuplace/internal/locale"
)

// maxPage bounds page numbers: far past the last page of any list, and
// small enough that (page − 1) × per_page is an offset both databases
// take alike (page=9223372036854775807 overflowed PostgreSQL's OFFSET).
const maxPage = 100_000

// pageOf reads the page key of a list: 1 when absent, else a whole number
// from 1 to maxPage (a field error otherwise, 422).
func pageOf(q url.Values) (int, error) {
	return wholeIn(q, "page", 1, 1, maxPage)
}

// wholeIn reads a whole-number query key within [least, most], or def
// when the key is absent.
func wholeIn(q url.Values, key string, def, least, most int) (int, error) {
	s := strings.TrimSpace(q.Get(key))
	if s == "" {
		return def, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < least || n > most {
		return 0, locale.FieldErrors{locale.Invalid(key, "invalid.whole.range", least, most)}
	}
	return n, nil
}
