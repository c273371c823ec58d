package templates

import "strconv"

func itoa(n int) string { return strconv.Itoa(n) }

// sep returns the separator after item i of n in a running list.
func sep(i, n int) string {
	if i < n-1 {
		return "; "
	}
	return ""
}
