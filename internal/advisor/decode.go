package advisor

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
)

// DecodeRequest reads one request as JSON, strictly: unknown fields, wrong
// types and trailing data are errors. Decoding problems come back as
// FieldErrors naming the field where the decoder can tell it.
func DecodeRequest(r io.Reader) (Request, error) {
	var req Request
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		return Request{}, decodeError(err)
	}
	// Anything but the end of the input after the request is trailing data,
	// a stray closing brace included (which Decoder.More does not report).
	if _, err := dec.Token(); err != io.EOF {
		return Request{}, FieldErrors{{Field: "body", Message: "trailing data after the JSON request"}}
	}
	return req, nil
}

var listIndex = regexp.MustCompile(`\.(\d+)`)

// decodeError turns a JSON decoding error into a field error.
func decodeError(err error) error {
	var typeErr *json.UnmarshalTypeError
	var syntaxErr *json.SyntaxError
	switch {
	case errors.As(err, &typeErr):
		// Go 1.27 names list items by index ("users.0.share"): write them
		// as the validation does ("users[0].share").
		field := listIndex.ReplaceAllString(typeErr.Field, "[$1]")
		if field == "" {
			field = "body"
		}
		return FieldErrors{{Field: field, Message: fmt.Sprintf("must be a %s, got a JSON %s", typeName(typeErr.Type.Kind().String()), typeErr.Value)}}
	case errors.As(err, &syntaxErr):
		return FieldErrors{{Field: "body", Message: fmt.Sprintf("malformed JSON at byte %d: %s", syntaxErr.Offset, syntaxErr.Error())}}
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		name := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		if name == "" {
			return FieldErrors{{Field: "body", Message: `unknown field "" (an empty key)`}}
		}
		return FieldErrors{{Field: name, Message: "unknown field"}}
	case strings.HasPrefix(err.Error(), "error decoding string "):
		// decimal.Decimal's own decoding error: budget is the request's
		// only decimal field.
		return FieldErrors{{Field: "budget", Message: "must be an amount such as 5000 or 1234.50"}}
	case errors.Is(err, io.EOF):
		return FieldErrors{{Field: "body", Message: "the request body is empty"}}
	default:
		return FieldErrors{{Field: "body", Message: err.Error()}}
	}
}

func typeName(kind string) string {
	switch kind {
	case "int", "int64", "float64":
		return "number"
	case "slice":
		return "list"
	case "struct", "ptr":
		return "object or string"
	}
	return kind
}
