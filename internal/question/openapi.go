package question

// Parameter is one query parameter as OpenAPI describes it.
type Parameter struct {
	Name        string `json:"name"`
	In          string `json:"in"`
	Required    bool   `json:"required"`
	Description string `json:"description"`
	Schema      Schema `json:"schema"`
}

// Schema is a parameter's type and, for a closed set, its values.
type Schema struct {
	Type string   `json:"type"`
	Enum []string `json:"enum,omitempty"`
}

// Parameters describes the question's query keys, in the form's order.
func Parameters() []Parameter {
	out := make([]Parameter, len(Fields))
	for i, f := range Fields {
		out[i] = Parameter{Name: f.Key, In: "query", Description: f.Doc, Schema: Schema{Type: f.Type.schemaType(), Enum: f.Enum}}
	}
	return out
}

// schemaType is the JSON Schema type of a query value.
func (t Type) schemaType() string {
	switch t {
	case Number, OptionalNumber:
		return "number"
	case Whole, OptionalWhole:
		return "integer"
	case Bool:
		return "boolean"
	}
	return "string"
}
