package locale

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Ensure every message has both languages, no key is defined twice, and no
// translation was left in English by mistake.
func TestTables(t *testing.T) {
	seen := map[string]bool{}
	for _, table := range tables {
		for k, m := range table {
			if seen[k] {
				t.Errorf("message %q is defined in two tables", k)
			}
			seen[k] = true
			if m[0] == "" || m[1] == "" {
				t.Errorf("message %q has an empty translation: %q", k, m)
			}
			if m[0] == m[1] && strings.ContainsAny(verbs.ReplaceAllString(m[0], ""), "abcdefghijklmnopqrstuvwxyz") && !sameInBoth[m[0]] {
				t.Errorf("message %q is the same in both languages: %q", k, m[0])
			}
		}
	}
}

// sameInBoth are the messages that read alike in both languages.
var sameInBoth = map[string]bool{"GB": true, "GPU": true, "FP8": true, "INT4": true, "%s–%s GB": true}

// verbs matches the fmt verbs of a message.
var verbs = regexp.MustCompile(`%(\[\d+\])?[sqdgv]`)

// asStrings turns every verb into %s (keeping explicit indexes).
func asStrings(m string) string {
	return verbs.ReplaceAllStringFunc(m, func(v string) string { return v[:len(v)-1] + "s" })
}

// Ensure every message with arguments takes as many in Chinese as in
// English and uses each of them.
func TestArgumentsInBothLanguages(t *testing.T) {
	for _, table := range tables {
		for id, m := range table {
			n := len(verbs.FindAllString(m[0], -1))
			if n == 0 || !verbs.MatchString(m[1]) {
				if n > 0 {
					t.Errorf("message %q takes %d arguments in English, none in Chinese", id, n)
				}
				continue
			}
			args := make([]any, n)
			for i := range args {
				args[i] = fmt.Sprintf("<%d>", i+1)
			}
			zh := fmt.Sprintf(asStrings(m[1]), args...)
			if strings.Contains(zh, "%!") {
				t.Errorf("message %q: Chinese %q does not take %d arguments: %s", id, m[1], n, zh)
			}
			for i := range args {
				if !strings.Contains(zh, fmt.Sprintf("<%d>", i+1)) {
					t.Errorf("message %q: Chinese drops argument %d: %s", id, i+1, zh)
				}
			}
		}
	}
}

// Ensure no package but locale holds a message table: one owner of what
// the product says.
func TestOneOwnerOfMessages(t *testing.T) {
	table := regexp.MustCompile(`map\[string\](\[2\]string|map\[string\]string)\{`)
	root := "../.."
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "testdata" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") ||
			strings.Contains(filepath.ToSlash(path), "internal/locale/") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if table.Match(b) {
			t.Errorf("%s holds a message table; messages belong in internal/locale", path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// Ensure numbers are written one way: grouped, rounded half away from
// zero, with the places each format promises.
func TestFormats(t *testing.T) {
	p := For(ZH)
	for _, tt := range []struct {
		x      float64
		format string
		want   string
	}{
		{1281167, FmtInt, "1,281,167"}, {2781.095, FmtMoney, "2,781"}, {999.994, FmtMoney, "999.99"}, {999.995, FmtMoney, "1,000.00"}, {0.005, FmtMoney, "0.01"},
		{47.5, FmtPct, "48"}, {47.96, FmtPct1, "48"}, {47.94, FmtPct1, "47.9"}, {3.14159, FmtNum, "3.14"},
		{1234.5, FmtNum, "1,235"}, {12, FmtNum, "12"}, {48.26, FmtF1, "48.3"}, {150.4, FmtHours, "150"},
		{13.444, FmtHours, "13.44"}, {0.0094, FmtHours, "0.01"}, {0.005, FmtHours, "0.01"}, {0.0049, FmtHours, "0.0049"}, {0.000998, FmtHours, "0.001"}, {0.000023, FmtHours, "0.000023"}, {0, FmtHours, "0.00"}, {0.0024, FmtCount, "0.0024"}, {1.234, FmtCount, "1.23"}, {3.2e-05, FmtCount, "0.000032"},
		{0.05, FmtCount, "0.05"}, {0.0999, FmtCount, "0.1"}, {0.00999, FmtCount, "0.01"}, {1e-12, FmtCount, "0"}, {0.25, FmtShort, "0.25"},
	} {
		if got := p.Format(tt.x, tt.format); got != tt.want {
			t.Errorf("Format(%v, %s) = %q, want %q", tt.x, tt.format, got, tt.want)
		}
	}
}

// Ensure the messages rendered from a Text (answers, field errors) take
// every argument as a string: Text renders numbers itself, so a %d there
// would print a Go error instead of the number.
func TestTextMessagesTakeStrings(t *testing.T) {
	verb := regexp.MustCompile(`%(\[\d+\])?[a-z]`)
	for name, table := range map[string]map[string][2]string{"answers": answers, "quotes": quotes, "errorPages": errorPages} {
		for k, m := range table {
			for _, s := range m {
				for _, v := range verb.FindAllString(s, -1) {
					if !strings.HasSuffix(v, "s") && !strings.HasSuffix(v, "q") {
						t.Errorf("%s %q uses %s; Text arguments are strings (%%s)", name, k, v)
					}
				}
			}
		}
	}
}
