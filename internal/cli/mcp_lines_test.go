package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strconv"
	"strings"
	"testing"
	"time"
)

// stdioReply is a JSON-RPC reply as the mcp command writes it.
type stdioReply struct {
	ID     json.RawMessage `json:"id"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// stdioSession runs the mcp command on pipes and returns a function that
// sends a line and one that reads the next reply.
func stdioSession(t *testing.T) (send func(string), next func() stdioReply) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	toServer, serverIn := io.Pipe()
	serverOut, fromServer := io.Pipe()
	var stderr bytes.Buffer
	done := make(chan error, 1)
	go func() {
		err := run(ctx, []string{"mcp"}, env(nil), toServer, fromServer, &stderr)
		fromServer.Close()
		done <- err
	}()
	replies := make(chan stdioReply, 16)
	go func() {
		sc := bufio.NewScanner(serverOut)
		sc.Buffer(nil, 16<<20)
		for sc.Scan() {
			var r stdioReply
			if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
				t.Errorf("a reply that is not JSON: %.200s", sc.Bytes())
			}
			replies <- r
		}
		close(replies)
	}()
	t.Cleanup(func() {
		serverIn.Close()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Error("mcp did not end when its input did")
		}
		cancel()
	})
	send = func(line string) {
		t.Helper()
		if _, err := io.WriteString(serverIn, line+"\n"); err != nil {
			t.Fatalf("sending %.80s: %v (stderr: %s)", line, err, stderr.String())
		}
	}
	next = func() stdioReply {
		t.Helper()
		select {
		case r, ok := <-replies:
			if !ok {
				t.Fatalf("the server's output ended (stderr: %s)", stderr.String())
			}
			return r
		case <-time.After(20 * time.Second):
			t.Fatalf("no reply (stderr: %s)", stderr.String())
		}
		return stdioReply{}
	}
	return send, next
}

// Ensure mcp over stdio answers a line it cannot parse (malformed, or
// nested too deep) with -32700, a batch or a message that is not a
// request with -32600, each with id null, and serves the next call; and
// that a call whose id is in use by a call still running gets an error
// under that id while the first still gets its answer.
func TestMCPStdioBadLines(t *testing.T) {
	send, next := stdioSession(t)
	send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}`)
	if r := next(); string(r.ID) != "1" || r.Error != nil {
		t.Fatalf("initialize: %+v", r)
	}
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)

	id := 100
	for _, tt := range []struct {
		name, line string
		code       int
	}{
		{"a malformed line", `{"jsonrpc":"2.0","id":2,`, -32700},
		{"a line that is not JSON", `hello`, -32700},
		{"a batch", `[{"jsonrpc":"2.0","id":3,"method":"tools/list"},{"jsonrpc":"2.0","id":4,"method":"tools/list"}]`, -32600},
		{"JSON nested too deep", `{"jsonrpc":"2.0","id":5,"method":"tools/list","params":{"x":` + strings.Repeat("[", 5000) + strings.Repeat("]", 5000) + `}}`, -32700},
		{"another version", `{"jsonrpc":"1.0","id":6,"method":"tools/list"}`, -32600},
		{"no method", `{"jsonrpc":"2.0","id":7}`, -32600},
		{"a number", `42`, -32600},
	} {
		send(tt.line)
		if r := next(); string(r.ID) != "null" || r.Error == nil || r.Error.Code != tt.code {
			t.Errorf("%s: reply %+v (error %+v); want error %d with id null", tt.name, r, r.Error, tt.code)
		}
		id++
		send(`{"jsonrpc":"2.0","id":` + strconv.Itoa(id) + `,"method":"tools/list"}`)
		if r := next(); string(r.ID) != strconv.Itoa(id) || r.Error != nil || !strings.Contains(string(r.Result), `"what_if"`) {
			t.Fatalf("after %s, tools/list: %+v", tt.name, r)
		}
	}

	// The same id twice while the first call runs (a what-if takes a
	// while): each gets a reply under id 9.
	call := `{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"what_if","arguments":` +
		`{"workload":{"kind":"inference","profile":"llama-3.1-8b","rps":5,"tpot_ms":50},"users":[{"location":"US","share":100}]}}}`
	send(call)
	send(`{"jsonrpc":"2.0","id":9,"method":"tools/list"}`)
	var answered, refused int
	for range 2 {
		r := next()
		switch {
		case string(r.ID) != "9":
			t.Errorf("a reply under id %s, want 9: %+v", r.ID, r)
		case r.Error != nil && r.Error.Code == -32600:
			refused++
		case r.Error == nil && strings.Contains(string(r.Result), `"changes"`):
			answered++
		default:
			t.Errorf("reply to id 9: %.300s, error %+v", r.Result, r.Error)
		}
	}
	if answered != 1 || refused != 1 {
		t.Errorf("two calls with id 9: %d answered and %d refused; want one each", answered, refused)
	}
	send(`{"jsonrpc":"2.0","id":10,"method":"tools/list"}`)
	if r := next(); string(r.ID) != "10" || r.Error != nil {
		t.Errorf("after the duplicate id, tools/list: %+v", r)
	}
}
