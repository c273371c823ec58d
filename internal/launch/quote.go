package launch

import "strings"

// shellQuote quotes s for a POSIX shell: left as it is when it holds only
// characters no shell reads specially, else in single quotes, each single
// quote within closed, escaped and reopened, so that a value from the
// catalog is one word, never code.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:=,+@%") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
