package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"gpuplace/internal/mcptools"
)

// Ensure mcp serves the tools over stdin and stdout: an SDK client
// initializes, lists the five tools and asks advise for a pick; the logs
// go to stderr alone, and the command ends cleanly when its input does.
func TestMCPStdio(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	toServer, serverIn := io.Pipe()
	serverOut, fromServer := io.Pipe()
	var stderr bytes.Buffer
	done := make(chan error, 1)
	go func() {
		err := run(ctx, []string{"mcp"}, env(nil), toServer, fromServer, &stderr)
		fromServer.Close()
		done <- err
	}()

	client := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	cs, err := client.Connect(ctx, &mcp.IOTransport{Reader: serverOut, Writer: serverIn}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if name := cs.InitializeResult().ServerInfo.Name; name != "gpuplace" {
		t.Errorf("server %q, want gpuplace", name)
	}
	tools, err := cs.ListTools(ctx, nil)
	if err != nil || len(tools.Tools) != 5 {
		t.Fatalf("tools: %v, %d of them; want 5", err, len(tools.Tools))
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "advise", Arguments: json.RawMessage(mcptools.ExampleRequest)})
	if err != nil || res.IsError {
		t.Fatalf("advise: %v, %+v", err, res)
	}
	var answer struct {
		Pick struct {
			Total      string `json:"total"`
			Placements []struct {
				Provider, Region string
			} `json:"placements"`
		} `json:"pick"`
	}
	b, _ := json.Marshal(res.StructuredContent)
	if err := json.Unmarshal(b, &answer); err != nil || answer.Pick.Total == "" || len(answer.Pick.Placements) == 0 {
		t.Errorf("advise answered %.300s (%v); want a pick with a total", b, err)
	}

	cs.Close() // closes the server's stdin
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("mcp ended with %v, want a clean end when its input ends", err)
		}
	case <-ctx.Done():
		t.Fatal("mcp did not end when its input did")
	}
	if !strings.Contains(stderr.String(), "serving MCP on stdio") {
		t.Errorf("stderr %q, want the start logged there", stderr.String())
	}
	if _, help, _ := runCmd(t, "", "help"); !strings.Contains(help, "gpuplace mcp") {
		t.Error("the usage does not list mcp")
	}
	if code, _, errOut := runCmd(t, "", "mcp", "extra"); code != 2 || !strings.Contains(errOut, "extra") {
		t.Errorf("mcp extra: code %d, stderr %q; want 2 naming the argument", code, errOut)
	}
}
