package cli

import (
	"flag"
	"fmt"
	"io"

	"gpuplace/web"
)

// runOpenAPI prints the API's description as the server serves it at
// GET /api/openapi.json, the question's query parameters in place, for
// linters and client generators that want it without a running server.
func runOpenAPI(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("openapi", flag.ContinueOnError)
	fs.SetOutput(stderr)
	if err := fs.Parse(args); err != nil {
		return exitError{2}
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "gpuplace openapi: unexpected argument %q\n", fs.Arg(0))
		return exitError{2}
	}
	_, err := stdout.Write(web.OpenAPI())
	return err
}
