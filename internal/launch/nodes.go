package launch

import (
	"fmt"
	"strconv"

	"go.yaml.in/yaml/v3"
)

// field is one key of a YAML mapping, with an optional comment above it.
type field struct {
	key     string
	value   *yaml.Node
	comment string
}

// mapping is a YAML mapping of fields in the order given; fields with a
// nil value are left out.
func mapping(fields ...field) *yaml.Node {
	n := &yaml.Node{Kind: yaml.MappingNode}
	for _, f := range fields {
		if f.value == nil {
			continue
		}
		n.Content = append(n.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: f.key, HeadComment: f.comment}, f.value)
	}
	return n
}

// str is a string scalar, quoted where YAML would read it as another type.
func str(s string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s} }

// null is a YAML null: a key whose value the tool asks for at launch.
func null() *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Value: "null"} }

// block is a multi-line string, written as a literal block.
func block(s string) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s, Style: yaml.LiteralStyle}
}

// integer is an integer scalar.
func integer(i int) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.Itoa(i)}
}

// boolean is a boolean scalar.
func boolean(b bool) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: strconv.FormatBool(b)}
}

// list is a YAML sequence.
func list(items ...*yaml.Node) *yaml.Node { return &yaml.Node{Kind: yaml.SequenceNode, Content: items} }

// strs is a sequence of strings.
func strs(items ...string) *yaml.Node {
	n := list()
	for _, s := range items {
		n.Content = append(n.Content, str(s))
	}
	return n
}

// gib is a size in whole GiB, as the tools write memory ("64GB").
func gib(x float64) string { return fmt.Sprintf("%dGB", int(x)) }
