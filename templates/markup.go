package templates

import (
	"context"
	"io"

	"github.com/a-h/templ"
)

// markup is a component of markup written in Go, as it is: write writes
// it straight to the page (see chart.Scatter.WritePoints), without a
// string of it first.
func markup(write func(io.Writer) error) templ.Component {
	return templ.ComponentFunc(func(_ context.Context, w io.Writer) error { return write(w) })
}
