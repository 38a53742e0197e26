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
	// ExpectHash makes the edit a compare and swap.
	ExpectHash string `json:"expect_hash,omitempty" jsonschema:"optional: the hash memory_get or memory_search returned for the file; if the file changed since, nothing is written and the call fails, so that another agent's change is not overwritten"`
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
	res, err := t.w.Feedback(ctx, in.Path, in.Line, in.Useful, memweave.ExpectHash(in.ExpectHash))
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
	addTool(srv, &mcp.Tool{
		Name:  "memory_resolve",
		Title: "Settle a contradiction",
		Description: "Settle a contradiction memory_conflicts reported by keeping one passage: a line marking the other as superseded " +
			"(naming the kept passage, today's date and the reason) is added right after it in its file. " +
			"memory_conflicts then no longer lists the pair, and searches mark the dropped passage superseded and rank it last.",
		Annotations: &mcp.ToolAnnotations{Title: "Settle a contradiction", DestructiveHint: &no, IdempotentHint: true, OpenWorldHint: &no},
	}, handler(t, "memory_resolve", t.resolve))
	addTool(srv, &mcp.Tool{
		Name:  "memory_consolidate",
		Title: "Find and merge duplicate memories",
		Description: "List groups of near-duplicate passages in different memory files (word overlap of 90% or more), with the one to keep " +
			"(the most important, then the newest). With apply: true, the other copies' lines are removed from their files " +
			"(a file left empty is deleted); without it nothing changes.",
		Annotations: &mcp.ToolAnnotations{Title: "Find and merge duplicate memories", DestructiveHint: &yes, IdempotentHint: true, OpenWorldHint: &no},
	}, handler(t, "memory_consolidate", t.consolidate))
}

// resolveInput is the input of memory_resolve.
type resolveInput struct {
	KeepPath string `json:"keep_path" jsonschema:"the file of the passage to keep; at most 1024 bytes"`
	KeepLine int    `json:"keep_line" jsonschema:"any line of the passage to keep, 1-based"`
	DropPath string `json:"drop_path" jsonschema:"the file of the passage that is outdated; at most 1024 bytes"`
	DropLine int    `json:"drop_line" jsonschema:"any line of the outdated passage, 1-based"`
	Reason   string `json:"reason,omitempty" jsonschema:"why the kept passage wins, in a few words; at most 1024 bytes"`
	// ExpectHash makes the edit of drop_path a compare and swap.
	ExpectHash string `json:"expect_hash,omitempty" jsonschema:"optional: the hash memory_get or memory_search returned for drop_path's file; if the file changed since, nothing is written and the call fails, so that another agent's change is not overwritten"`
}

// resolveOutput is the output of memory_resolve.
type resolveOutput = memweave.ResolveResult

func (t *tools) resolve(ctx context.Context, in resolveInput) (*mcp.CallToolResult, resolveOutput, error) {
	var out resolveOutput
	for field, v := range map[string]string{"keep_path": in.KeepPath, "drop_path": in.DropPath, "reason": in.Reason} {
		if err := checkSize("memory_resolve", field, v, MaxPathBytes); err != nil {
			return nil, out, err
		}
	}
	if in.KeepLine < 1 || in.DropLine < 1 {
		return nil, out, fmt.Errorf("memory_resolve: keep_line and drop_line must be 1 or more, got %d and %d", in.KeepLine, in.DropLine)
	}
	res, err := t.w.Resolve(ctx, memweave.Ref{Path: in.KeepPath, StartLine: in.KeepLine}, memweave.Ref{Path: in.DropPath, StartLine: in.DropLine}, in.Reason, memweave.ExpectHash(in.ExpectHash))
	if err != nil {
		return nil, out, pathError("memory_resolve", in.DropPath, err)
	}
	return nil, *res, nil
}

// consolidateInput is the input of memory_consolidate.
type consolidateInput struct {
	Apply bool `json:"apply,omitempty" jsonschema:"true to remove the duplicates, keeping one passage of each group (default false: only list them)"`
}

// consolidateOutput is the output of memory_consolidate.
type consolidateOutput = memweave.ConsolidateResult

func (t *tools) consolidate(ctx context.Context, in consolidateInput) (*mcp.CallToolResult, consolidateOutput, error) {
	res, err := t.w.Consolidate(ctx, in.Apply)
	if err != nil {
		return nil, consolidateOutput{}, err
	}
	return nil, *res, nil
}
