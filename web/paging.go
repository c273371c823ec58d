package web

import (
	"net/url"
	"strconv"
	"strings"

	"gpuplace/internal/api"
	"gpuplace/internal/locale"
)

// pageOf reads the page key of a list: 1 when absent, else a whole number
// from 1 to api.MaxPage (a field error otherwise, 422).
func pageOf(q url.Values) (int, error) {
	return wholeIn(q, "page", 1, 1, api.MaxPage)
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
