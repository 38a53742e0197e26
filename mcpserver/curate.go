package mcpserver

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/memweave/memweave-go"
)

// feedbackInput is the input of memory_feedback.
type feedbackInput struct {
	Path string `json:"path" jsonschema:"the memory file of the passage, as memory_search returns it; at most 1024 bytes"`
	Line int    `json:"line" jsonschema:"any line of the passage, 1-based, such as a result's start_line"`
	// Useful is true for a passage that helped, false for one that did
	// not.
	Useful bool `json:"useful" jsonschema:"true if the passage helped, false if it was useless"`
}

// feedbackOutput is the output of memory_feedback.
type feedbackOutput = memweave.FeedbackResult

func (t *tools) feedback(ctx context.Context, in feedbackInput) (*mcp.CallToolResult, feedbackOutput, error) {
	var out feedbackOutput
	if err := checkSize("memory_feedback", "path", in.Path, MaxPathBytes); err != nil {
		return nil, out, err
	}
	if in.Line < 1 {
		return nil, out, fmt.Errorf("memory_feedback: line must be 1 or more, got %d", in.Line)
	}
	res, err := t.w.Feedback(ctx, in.Path, in.Line, in.Useful)
	if err != nil {
		return nil, out, pathError("memory_feedback", in.Path, err)
	}
	return nil, *res, nil
}

// registerCurate adds the tools that curate the memory to srv.
func (t *tools) registerCurate(srv *mcp.Server) {
	addTool(srv, &mcp.Tool{
		Name:  "memory_feedback",
		Title: "Rate a memory passage",
		Description: "Say whether a passage memory_search returned was useful (useful: true) or not (false). " +
			"The mark is written into the note's front matter, and searches rank passages with more useful marks a little higher " +
			"and useless ones a little lower (never out of the results). path and line are a result's path and start_line.",
		Annotations: &mcp.ToolAnnotations{Title: "Rate a memory passage", DestructiveHint: &no, IdempotentHint: false, OpenWorldHint: &no},
	}, handler(t, "memory_feedback", t.feedback))
}
