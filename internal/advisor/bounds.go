package advisor

import (
	"bytes"
	"encoding/json"
	"strconv"

	"gpuplace/internal/locale"
)

// Bounds on a question's text, checked before any value is read: a number
// written with a million digits costs seconds to read as a decimal (the
// parse is quadratic), and a refusal that echoed it would send it back.
const (
	// MaxNumberChars is the most characters a number may be written with:
	// the longest sensible one (a share such as 0.000123456789, a budget
	// of 1e12 with cents) has fewer than 20.
	MaxNumberChars = 32
	// MaxValueBytes is the most bytes one value may have. The longest
	// legitimate one is a users list naming every location of the catalog
	// (269) with the largest whole share allowed: 3,837 bytes; twice that
	// leaves room for shares with decimals and a catalog that grows.
	MaxValueBytes = 8 << 10
	// maxKeyBytes is the most bytes a JSON key may have: the longest of
	// the request's is under 20, and an unknown key is named in its error.
	maxKeyBytes = 64
)

// TooLong is the field error of a value over MaxValueBytes.
func TooLong(field string) locale.FieldError {
	return locale.Invalid(field, "invalid.too_long", strconv.Itoa(MaxValueBytes))
}

// NumberTooLong is the field error of a number written with more than
// MaxNumberChars characters.
func NumberTooLong(field string) locale.FieldError {
	return locale.Invalid(field, "invalid.number.long", strconv.Itoa(MaxNumberChars))
}

// checkBounds walks the first JSON value of data without reading any
// number and refuses a number over MaxNumberChars (the budget, a decimal,
// may come as a string and is held to it alike), a string over
// MaxValueBytes, or a key over maxKeyBytes, naming the field. What is not
// well-formed JSON is left to the decoder to report.
func checkBounds(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var w boundsWalk
	for {
		tok, err := dec.Token()
		if err != nil {
			return nil
		}
		if fe, ok := w.token(tok); !ok {
			return locale.FieldErrors{fe}
		}
		if w.done() {
			return nil
		}
	}
}

// boundsWalk follows the path of the tokens of one JSON value.
type boundsWalk struct {
	// frames are the open objects and arrays, outermost first.
	frames []frame
	// started is set once the first token was read.
	started bool
}

// frame is an open object (key: the key of its next value, expectKey:
// whether the next token is a key) or array (index of its next item).
type frame struct {
	array     bool
	key       string
	expectKey bool
	index     int
}

func (w *boundsWalk) done() bool { return w.started && len(w.frames) == 0 }

// token takes the next token; it returns the field error of one over its
// bound.
func (w *boundsWalk) token(tok json.Token) (locale.FieldError, bool) {
	w.started = true
	if d, ok := tok.(json.Delim); ok {
		switch d {
		case '{', '[':
			w.frames = append(w.frames, frame{array: d == '[', expectKey: d == '{'})
		default:
			w.frames = w.frames[:len(w.frames)-1]
			w.valueDone()
		}
		return locale.FieldError{}, true
	}
	if n := len(w.frames); n > 0 && !w.frames[n-1].array && w.frames[n-1].expectKey {
		key, _ := tok.(string)
		if len(key) > maxKeyBytes {
			return locale.Invalid(w.path(false), "invalid.json.key_long", strconv.Itoa(maxKeyBytes)), false
		}
		w.frames[n-1].key, w.frames[n-1].expectKey = key, false
		return locale.FieldError{}, true
	}
	defer w.valueDone()
	switch v := tok.(type) {
	case json.Number:
		if len(v) > MaxNumberChars {
			return NumberTooLong(w.path(true)), false
		}
	case string:
		switch path := w.path(true); {
		case path == "budget" && len(v) > MaxNumberChars:
			return NumberTooLong(path), false
		case len(v) > MaxValueBytes:
			return TooLong(path), false
		}
	}
	return locale.FieldError{}, true
}

// valueDone moves the innermost frame past a value.
func (w *boundsWalk) valueDone() {
	if n := len(w.frames); n > 0 {
		if f := &w.frames[n-1]; f.array {
			f.index++
		} else {
			f.expectKey = true
		}
	}
}

// path names the value being read as field errors do
// ("users[2].share"); without the last step, the object holding it
// ("body" at the top).
func (w *boundsWalk) path(last bool) string {
	frames := w.frames
	if !last && len(frames) > 0 {
		frames = frames[:len(frames)-1]
	}
	var b []byte
	for _, f := range frames {
		if f.array {
			b = append(b, '[')
			b = strconv.AppendInt(b, int64(f.index), 10)
			b = append(b, ']')
			continue
		}
		if len(b) > 0 {
			b = append(b, '.')
		}
		b = append(b, f.key...)
	}
	if len(b) == 0 {
		return "body"
	}
	return string(b)
}
