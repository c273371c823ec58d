package locale

import (
	"strconv"
	"strings"
)

// substitute writes format with args in place of its %s and %[n]s verbs
// and % for %%, exactly as fmt.Sprintf would, in one allocation: answers
// render hundreds of messages. ok is false for anything else — another
// verb, flags, a width, an argument missing or left over — which
// fmt.Sprintf then writes (with its error marks).
func substitute(format string, args []string) (s string, ok bool) {
	n := len(format)
	for _, a := range args {
		n += len(a)
	}
	var b strings.Builder
	b.Grow(n)
	next, reordered := 0, false
	for i := 0; i < len(format); {
		j := strings.IndexByte(format[i:], '%')
		if j < 0 {
			b.WriteString(format[i:])
			break
		}
		b.WriteString(format[i : i+j])
		i += j + 1
		if i < len(format) && format[i] == '%' {
			b.WriteByte('%')
			i++
			continue
		}
		if i < len(format) && format[i] == '[' {
			end := strings.IndexByte(format[i:], ']')
			if end < 0 {
				return "", false
			}
			k, err := strconv.Atoi(format[i+1 : i+end])
			if err != nil || k < 1 || k > len(args) {
				return "", false
			}
			next, reordered = k-1, true
			i += end + 1
		}
		if i >= len(format) || format[i] != 's' || next >= len(args) {
			return "", false
		}
		b.WriteString(args[next])
		next++
		i++
	}
	if !reordered && next < len(args) {
		return "", false // fmt would add %!(EXTRA …)
	}
	return b.String(), true
}
