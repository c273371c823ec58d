package locale

// tables are the message tables by area, each key {English, Simplified
// Chinese}. Keys are unique across tables (a test checks).
var tables = []map[string][2]string{pages, explorer, admin, answers, exports, errorPages, quotes, earlier}

func lookup(key string) ([2]string, bool) {
	for _, t := range tables {
		if m, ok := t[key]; ok {
			return m, true
		}
	}
	return [2]string{}, false
}

// Keys lists every message key, for the tests that keep the tables whole.
func Keys() []string {
	var out []string
	for _, t := range tables {
		for k := range t {
			out = append(out, k)
		}
	}
	return out
}
