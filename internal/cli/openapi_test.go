package cli

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"gpuplace/web"
)

// Ensure openapi prints the description the server serves, byte for byte,
// and refuses arguments with the usage's exit code; help lists it.
func TestOpenAPI(t *testing.T) {
	code, out, _ := runCmd(t, "", "openapi")
	if code != 0 || !bytes.Equal([]byte(out), web.OpenAPI()) {
		t.Fatalf("openapi: code %d, output %.200q; want the served description", code, out)
	}
	var doc struct {
		OpenAPI string `json:"openapi"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil || doc.OpenAPI != "3.1.0" {
		t.Errorf("openapi: %v, version %q; want OpenAPI 3.1.0", err, doc.OpenAPI)
	}
	if code, _, errOut := runCmd(t, "", "openapi", "extra"); code != 2 || !strings.Contains(errOut, "extra") {
		t.Errorf("openapi extra: code %d, stderr %q; want 2 naming the argument", code, errOut)
	}
	if _, help, _ := runCmd(t, "", "help"); !strings.Contains(help, "gpuplace openapi") {
		t.Error("the usage does not list openapi")
	}
}
