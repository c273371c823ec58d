package locale

// tables are the message tables by area, each key {English, Simplified
// Chinese}. Keys are unique across tables (a test checks).
var tables = []map[string][2]string{pages, explorer, admin, answers, exports, errorPages, quotes, earlier, curve}

// byKey is every table in one map, made once: a message is one lookup,
// not one per table.
var byKey = func() map[string][2]string {
	n := 0
	for _, t := range tables {
		n += len(t)
	}
	all := make(map[string][2]string, n)
	for _, t := range tables {
		for k, m := range t {
			all[k] = m
		}
	}
	return all
}()

func lookup(key string) ([2]string, bool) {
	m, ok := byKey[key]
	return m, ok
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
