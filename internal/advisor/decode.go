package advisor

import (
	"bytes"
	"encoding/json"
	"errors"
	"gpuplace/internal/locale"
	"io"
	"regexp"
	"strings"
)

// DecodeRequest reads one request as JSON, strictly: unknown fields, wrong
// types and trailing data are errors. Decoding problems come back as
// FieldErrors naming the field where the decoder can tell it. A number
// over MaxNumberChars or a string over MaxValueBytes is refused before
// any value is read.
func DecodeRequest(r io.Reader) (Request, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return Request{}, err
	}
	if err := checkBounds(data); err != nil {
		return Request{}, err
	}
	var req Request
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		return Request{}, decodeError(err)
	}
	// Anything but the end of the input after the request is trailing data,
	// a stray closing brace included (which Decoder.More does not report).
	if _, err := dec.Token(); err != io.EOF {
		return Request{}, locale.FieldErrors{locale.Invalid("body", "invalid.json.trailing")}
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
		return locale.FieldErrors{locale.Invalid(field, "invalid.json.type", locale.Word("json."+typeName(typeErr.Type.Kind().String())), typeErr.Value)}
	case errors.As(err, &syntaxErr):
		return locale.FieldErrors{locale.Invalid("body", "invalid.json.syntax", int(syntaxErr.Offset), syntaxErr.Error())}
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		name := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		if name == "" {
			return locale.FieldErrors{locale.Invalid("body", "invalid.json.empty_key")}
		}
		return locale.FieldErrors{locale.Invalid(name, "invalid.json.unknown")}
	case strings.HasPrefix(err.Error(), "error decoding string "):
		// decimal.Decimal's own decoding error: budget is the request's
		// only decimal field.
		return locale.FieldErrors{locale.Invalid("budget", "invalid.amount")}
	case errors.Is(err, io.EOF):
		return locale.FieldErrors{locale.Invalid("body", "invalid.json.empty")}
	default:
		return locale.FieldErrors{locale.Invalid("body", "invalid.json", err.Error())}
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
	case "string", "bool":
		return kind
	}
	return "value"
}
