package mcptools

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"gpuplace/internal/advisor"
	"gpuplace/internal/locale"
)

// errInternal is what a caller reads of a failure that is not its input's.
var errInternal = errors.New("something went wrong on the server; please try again")

// readOnly marks a tool that changes nothing and looks only at the
// catalog: asking again gives the same answer.
func readOnly(title string) *mcp.ToolAnnotations {
	closed := false
	return &mcp.ToolAnnotations{Title: title, ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: &closed}
}

// protect runs a tool's work so that its failures reach the caller as
// tool errors: field errors as they are (in English, each naming its
// field, as the API words them), the end of the call's context as it is,
// anything else logged and said as errInternal — a panic included, since
// the SDK does not recover one and it would end the process.
func (t tools) protect(ctx context.Context, name string, work func() (*mcp.CallToolResult, error)) (res *mcp.CallToolResult, err error) {
	defer func() {
		if v := recover(); v != nil {
			t.log.ErrorContext(ctx, "mcp tool panic", "tool", name, "error", v)
			res, err = nil, errInternal
		}
	}()
	res, err = work()
	if err == nil {
		return res, nil
	}
	var fe locale.FieldErrors
	if errors.As(err, &fe) {
		return nil, fe
	}
	if errors.Is(err, context.Canceled) {
		// The client cancelled the call or left: nobody reads the answer.
		t.log.DebugContext(ctx, "mcp tool call ended by its client", "tool", name, "error", err)
		return nil, err
	}
	t.log.ErrorContext(ctx, "mcp tool failed", "tool", name, "error", err)
	return nil, errInternal
}

// guarded is a typed tool handler run under protect.
func guarded[In, Out any](t tools, name string, h mcp.ToolHandlerFor[In, Out]) mcp.ToolHandlerFor[In, Out] {
	return func(ctx context.Context, req *mcp.CallToolRequest, in In) (res *mcp.CallToolResult, out Out, err error) {
		res, err = t.protect(ctx, name, func() (r *mcp.CallToolResult, e error) {
			r, out, e = h(ctx, req, in)
			return r, e
		})
		return res, out, err
	}
}

// addRequestTool adds a tool that takes the advice request JSON and
// answers with answer's JSON as structured content and its sentences as
// text. Unlike the SDK's typed tools, which check their input against the
// schema before the handler sees it and in the schema's words, it leaves
// every check to advisor.DecodeRequest and the advisor's validation: a bad
// request is refused field by field exactly as POST /api/v1/advice refuses
// it.
func addRequestTool[Out any](s *mcp.Server, t tools, tool *mcp.Tool, answer func(context.Context, advisor.Request) (Out, []string, error)) {
	tool.InputSchema = requestSchema()
	s.AddTool(tool, func(ctx context.Context, call *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := t.protect(ctx, tool.Name, func() (*mcp.CallToolResult, error) {
			req, err := advisor.DecodeRequest(bytes.NewReader(call.Params.Arguments))
			if err != nil {
				return nil, err
			}
			out, sentences, err := answer(ctx, req)
			if err != nil {
				return nil, err
			}
			return withSentences(sentences, out)
		})
		if err != nil {
			res = &mcp.CallToolResult{}
			res.SetError(err)
		}
		return res, nil
	})
}

// withSentences is a result whose structured content is answer and whose
// text says sentences, one a line, then gives answer's JSON again for
// clients that read only text.
func withSentences(sentences []string, answer any) (*mcp.CallToolResult, error) {
	b, err := json.Marshal(answer)
	if err != nil {
		return nil, err
	}
	var content []mcp.Content
	if len(sentences) > 0 {
		content = append(content, &mcp.TextContent{Text: strings.Join(sentences, "\n")})
	}
	return &mcp.CallToolResult{StructuredContent: json.RawMessage(b), Content: append(content, &mcp.TextContent{Text: string(b)})}, nil
}
