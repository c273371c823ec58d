package catalog

import (
	"fmt"
	"strings"
)

// Problem is one thing wrong with a catalog: where it is and what is wrong.
type Problem struct {
	File    string // e.g. "offers.json"
	Item    string // e.g. "offers[12] aws:eu-central-1:g5.xlarge"; "" for the whole file
	Field   string // e.g. "on_demand.usd_per_hour"; "" for the whole item
	Message string
}

// String formats the problem as "file: item: field: message".
func (p Problem) String() string {
	parts := []string{p.File}
	if p.Item != "" {
		parts = append(parts, p.Item)
	}
	if p.Field != "" {
		parts = append(parts, p.Field)
	}
	return strings.Join(append(parts, p.Message), ": ")
}

// Problems is every problem found in a catalog. It is the error Load returns
// when a catalog is invalid.
type Problems []Problem

// Error lists the problems, one per line.
func (ps Problems) Error() string {
	lines := make([]string, len(ps))
	for i, p := range ps {
		lines[i] = p.String()
	}
	return strings.Join(lines, "\n")
}

// collector gathers problems for one file.
type collector struct {
	file string
	list *Problems
}

func (c collector) add(item, field, format string, args ...any) {
	*c.list = append(*c.list, Problem{File: c.file, Item: item, Field: field, Message: fmt.Sprintf(format, args...)})
}

// itemName labels row i of a file's array, with the row's key when it has one.
func itemName(array string, i int, key string) string {
	if key == "" {
		return fmt.Sprintf("%s[%d]", array, i)
	}
	return fmt.Sprintf("%s[%d] %s", array, i, key)
}
