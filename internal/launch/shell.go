package launch

import (
	"regexp"
	"strings"
)

// shellSafe matches a word a POSIX shell reads as itself: no quote,
// space, glob, expansion or separator.
var shellSafe = regexp.MustCompile(`^[A-Za-z0-9@%+=:,./_-]+$`)

// shellWord is s as one word of a POSIX shell command line: as it is
// where the shell reads it as itself, else in single quotes (inside which
// nothing expands), each single quote of s closed, escaped and reopened.
// Catalog values (a model's repository) reach the lines SkyPilot's run:
// and dstack's commands: hand to a shell, and a catalog is an upload.
func shellWord(s string) string {
	if shellSafe.MatchString(s) {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// shellLine is a command line of words, each quoted by shellWord.
func shellLine(words ...string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = shellWord(w)
	}
	return strings.Join(q, " ")
}
