package locale

import (
	"errors"
	"slices"
	"strings"
)

// FieldError is one invalid input, named by its JSON path
// ("workload.epochs", "users[2].location"), with its message as a Text so
// that a page can show it in the reader's language.
type FieldError struct {
	Field   string `json:"field"`
	Message Text   `json:"message"`
}

// FieldErrors is every invalid input of a request, in field order. It is
// the one error type of bad input in every domain (advice requests,
// quotes, metros and currencies of the pages).
type FieldErrors []FieldError

// Error lists the field errors in English.
func (fe FieldErrors) Error() string {
	p := For(EN)
	parts := make([]string, len(fe))
	for i, e := range fe {
		parts[i] = e.Field + ": " + p.Text(e.Message)
	}
	return "invalid request: " + strings.Join(parts, "; ")
}

// Has reports whether field has an error.
func (fe FieldErrors) Has(field string) bool {
	return slices.ContainsFunc(fe, func(e FieldError) bool { return e.Field == field })
}

// Add records an invalid field with a message id and its arguments (see
// New).
func (fe *FieldErrors) Add(field, id string, args ...any) {
	*fe = append(*fe, FieldError{Field: field, Message: New(id, args...)})
}

// Invalid is one field error, for decoders that find it alone.
func Invalid(field, id string, args ...any) FieldError {
	return FieldError{Field: field, Message: New(id, args...)}
}

// OrNil returns fe as an error, or nil when it is empty.
func (fe FieldErrors) OrNil() error {
	if len(fe) == 0 {
		return nil
	}
	return fe
}

// Merge adds the field errors err holds (when it is FieldErrors) for the
// fields fe does not name yet: a decoder's errors come first, a later
// check's complete them.
func (fe FieldErrors) Merge(err error) FieldErrors {
	var more FieldErrors
	if !errors.As(err, &more) {
		return fe
	}
	for _, e := range more {
		if !fe.Has(e.Field) {
			fe = append(fe, e)
		}
	}
	return fe
}
