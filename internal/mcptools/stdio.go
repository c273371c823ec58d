package mcptools

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Limits of a stdio line: the SDK's own (mcp.DefaultMaxLineLength, and
// the nesting its decoder accepts).
const (
	maxLineBytes = mcp.DefaultMaxLineLength
	maxDepth     = 1000
)

// ErrBatch is the JSON-RPC error a batch gets, over stdio and HTTP.
var ErrBatch = &jsonrpc.Error{Code: jsonrpc.CodeInvalidRequest,
	Message: "JSON-RPC batches are not accepted: send one message at a time (MCP 2025-06-18 has no batches)"}

// NullIDError is the JSON-RPC reply, id null, to a message whose id
// cannot be told (a line that is not JSON, a batch).
func NullIDError(e *jsonrpc.Error) []byte {
	b, _ := json.Marshal(struct {
		JSONRPC string         `json:"jsonrpc"`
		ID      *int           `json:"id"`
		Error   *jsonrpc.Error `json:"error"`
	}{"2.0", nil, e})
	return b
}

// StdioTransport is the SDK's stdio transport (one JSON-RPC message a
// line) with a reply to every line: the SDK's ends the session on a line
// it cannot read, a batch or JSON nested too deep, without a word, and
// answers a call whose id is in use by one still running under no id.
// Here a line that is not JSON (or too long, or nested too deep) gets
// -32700, a batch or anything that is not a request (or a reply to one of
// the server's) -32600, both with id null; a call whose id is in use gets
// -32600 under its id; and the session goes on.
type StdioTransport struct {
	In  io.ReadCloser
	Out io.Writer
}

// Connect starts reading In's lines.
func (t *StdioTransport) Connect(context.Context) (mcp.Connection, error) {
	c := &lineConn{in: t.In, out: t.Out, lines: make(chan line), closed: make(chan struct{}),
		running: map[jsonrpc.ID]bool{}, asked: map[jsonrpc.ID]bool{}}
	go c.readLines()
	return c, nil
}

// line is one line of input, or why there is none.
type line struct {
	text []byte
	err  error
}

// errLineTooLong is a line over maxLineBytes (read to its end and dropped).
var errLineTooLong = fmt.Errorf("a line longer than %d bytes", maxLineBytes)

// lineConn is the connection StdioTransport makes.
type lineConn struct {
	in        io.ReadCloser
	lines     chan line
	closed    chan struct{}
	closeOnce sync.Once

	mu      sync.Mutex // guards out, running and asked
	out     io.Writer
	running map[jsonrpc.ID]bool // the client's calls read and not yet answered
	asked   map[jsonrpc.ID]bool // the server's calls sent and not yet answered
}

// readLines sends each line of input to lines, and then the error that
// ended the input (io.EOF at its end), until the connection closes.
func (c *lineConn) readLines() {
	r := bufio.NewReaderSize(c.in, 64<<10)
	for {
		text, err := readLine(r)
		l := line{text: text}
		ended := err != nil && !errors.Is(err, errLineTooLong) && len(text) == 0
		if ended || errors.Is(err, errLineTooLong) {
			l = line{err: err}
		}
		select {
		case c.lines <- l:
		case <-c.closed:
			return
		}
		if ended {
			return
		}
	}
}

// readLine reads one line without its end; past maxLineBytes it reads on
// to the end of the line and reports errLineTooLong.
func readLine(r *bufio.Reader) ([]byte, error) {
	var text []byte
	for {
		part, err := r.ReadSlice('\n')
		if len(text)+len(part) > maxLineBytes+1 {
			for errors.Is(err, bufio.ErrBufferFull) {
				_, err = r.ReadSlice('\n')
			}
			return nil, errLineTooLong
		}
		text = append(text, part...)
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		return bytes.TrimRight(text, "\r\n"), err
	}
}

// Read returns the next message for the server, answering the lines that
// are not one.
func (c *lineConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	for {
		var l line
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-c.closed:
			return nil, io.EOF
		case l = <-c.lines:
		}
		if l.err != nil && !errors.Is(l.err, errLineTooLong) {
			return nil, l.err
		}
		msg, err := c.take(l)
		if err != nil {
			return nil, err
		}
		if msg != nil {
			return msg, nil
		}
	}
}

// take reads a line as a message for the server, or answers it and
// returns nil.
func (c *lineConn) take(l line) (jsonrpc.Message, error) {
	text := bytes.TrimSpace(l.text)
	switch {
	case l.err != nil:
		return nil, c.refuse(jsonrpc.CodeParseError, l.err.Error())
	case len(text) == 0:
		return nil, nil // a blank line says nothing
	case !json.Valid(text):
		return nil, c.refuse(jsonrpc.CodeParseError, "parse error: the line is not JSON")
	case depth(text) > maxDepth:
		return nil, c.refuse(jsonrpc.CodeParseError, fmt.Sprintf("parse error: JSON nested deeper than %d", maxDepth))
	case text[0] == '[':
		return nil, c.write(NullIDError(ErrBatch))
	}
	msg, err := jsonrpc.DecodeMessage(text)
	if err != nil {
		return nil, c.refuse(jsonrpc.CodeInvalidRequest, "invalid request: "+err.Error())
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	switch m := msg.(type) {
	case *jsonrpc.Request:
		if !m.IsCall() {
			return m, nil
		}
		if c.running[m.ID] {
			return nil, c.writeLocked(&jsonrpc.Response{ID: m.ID, Error: &jsonrpc.Error{Code: jsonrpc.CodeInvalidRequest,
				Message: fmt.Sprintf("invalid request: id %v is in use by a call still running", m.ID.Raw())}})
		}
		c.running[m.ID] = true
	case *jsonrpc.Response:
		if !c.asked[m.ID] {
			b := NullIDError(&jsonrpc.Error{Code: jsonrpc.CodeInvalidRequest, Message: "invalid request: no method, and no call of the server's has this id"})
			_, err := c.out.Write(append(b, '\n'))
			return nil, err
		}
		delete(c.asked, m.ID)
	}
	return msg, nil
}

// refuse answers a line with a JSON-RPC error of code, id null.
func (c *lineConn) refuse(code int64, message string) error {
	return c.write(NullIDError(&jsonrpc.Error{Code: code, Message: message}))
}

// write writes b as a line.
func (c *lineConn) write(b []byte) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	_, err := c.out.Write(append(b, '\n'))
	return err
}

// Write writes a message of the server's as a line, noting the calls it
// answers and makes.
func (c *lineConn) Write(_ context.Context, msg jsonrpc.Message) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.writeLocked(msg)
}

// writeLocked is Write with mu held.
func (c *lineConn) writeLocked(msg jsonrpc.Message) error {
	b, err := jsonrpc.EncodeMessage(msg)
	if err != nil {
		return err
	}
	switch m := msg.(type) {
	case *jsonrpc.Response:
		delete(c.running, m.ID)
	case *jsonrpc.Request:
		if m.IsCall() {
			c.asked[m.ID] = true
		}
	}
	_, err = c.out.Write(append(b, '\n'))
	return err
}

// Close stops reading and closes the input.
func (c *lineConn) Close() error {
	var err error
	c.closeOnce.Do(func() {
		close(c.closed)
		err = c.in.Close()
	})
	return err
}

// SessionID is empty: stdio has one session.
func (c *lineConn) SessionID() string { return "" }

// depth is how deep JSON text nests its objects and arrays.
func depth(text []byte) int {
	d, deepest := 0, 0
	inString, escaped := false, false
	for _, b := range text {
		switch {
		case inString && escaped:
			escaped = false
		case inString && b == '\\':
			escaped = true
		case inString:
			inString = b != '"'
		case b == '"':
			inString = true
		case b == '{' || b == '[':
			d++
			deepest = max(deepest, d)
		case b == '}' || b == ']':
			d--
		}
	}
	return deepest
}
