package mcpserver

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/workspace"
)

// feedbackInput is the input of memory_feedback.
type feedbackInput struct {
	Path string `json:"path" jsonschema:"the memory file of the passage, as memory_search returns it; at most 1024 bytes"`
	Line int    `json:"line" jsonschema:"any line of the passage, 1-based, such as a result's start_line"`
	// Useful is true for a passage that helped, false for one that did
	// not.
	Useful bool `json:"useful" jsonschema:"true if the passage helped, false if it was useless"`
	// Passage is the result's passage key: the passage is found by it
	// when an edit since the search moved its lines.
	Passage string `json:"passage,omitempty" jsonschema:"the result's passage key, as memory_search returns it; required unless expect_hash is given: an edit since the search (an earlier mark adds front matter at the top of the note) moves lines, and with it the passage is still found, or nothing is written; at most 64 bytes"`
	// ExpectHash makes the edit a compare and swap.
	ExpectHash string `json:"expect_hash,omitempty" jsonschema:"the hash memory_get or memory_search returned for the file (required when passage is not given); if the file changed since, nothing is written and the call fails, so that another agent's change is not overwritten"`
}

// maxKeyBytes bounds a passage key given to memory_feedback; real keys
// are 17 bytes (9 as earlier builds gave them).
const maxKeyBytes = 64

// feedbackOutput is the output of memory_feedback: the library's wire
// type, and what lock the call waited for.
type feedbackOutput struct {
	memweave.FeedbackResult
	Warnings []string `json:"warnings,omitempty" jsonschema:"what lock the call waited for, if it waited long"`
}

func (t *tools) feedback(ctx context.Context, in feedbackInput) (*mcp.CallToolResult, feedbackOutput, error) {
	var out feedbackOutput
	if err := checkSize("memory_feedback", "path", in.Path, MaxPathBytes); err != nil {
		return nil, out, err
	}
	if err := checkSize("memory_feedback", "passage", in.Passage, maxKeyBytes); err != nil {
		return nil, out, err
	}
	if strings.TrimSpace(in.Passage) == "" && in.ExpectHash == "" {
		return nil, out, fmt.Errorf("memory_feedback: line %d alone names whatever is at that line of %s now, which an earlier mark (front matter added at the top of the note) or edit may have moved; "+
			"pass passage, the result's passage key from memory_search (or expect_hash, the file's hash)", in.Line, t.shown(in.Path))
	}
	res, err := t.w.Feedback(ctx, in.Path, in.Line, in.Useful, memweave.ExpectHash(in.ExpectHash), memweave.PassageKey(in.Passage))
	if err != nil {
		return nil, out, pathError("memory_feedback", in.Path, err)
	}
	return nil, feedbackOutput{FeedbackResult: *res}, nil
}

// resolveInput is the input of memory_resolve.
type resolveInput struct {
	KeepPath string `json:"keep_path" jsonschema:"the file of the passage to keep; at most 1024 bytes"`
	KeepLine int    `json:"keep_line" jsonschema:"the line that holds what is kept, 1-based"`
	DropPath string `json:"drop_path" jsonschema:"the file of the lines that are outdated; at most 1024 bytes"`
	DropLine int    `json:"drop_line" jsonschema:"the first outdated line, 1-based"`
	// DropEndLine is the last outdated line; 0 for drop_line alone.
	DropEndLine int    `json:"drop_end_line,omitempty" jsonschema:"the last outdated line, when more than one (default: drop_line alone)"`
	Reason      string `json:"reason,omitempty" jsonschema:"why the kept passage wins, in a few words; at most 1024 bytes"`
	// KeepText and DropText are the text of keep_line and drop_line as
	// the listing showed them: a line moved since is found by it.
	KeepText string `json:"keep_text,omitempty" jsonschema:"the text of keep_line, copied from the memory_conflicts listing; required (expect_hash stands in for it when keep_path is drop_path): a line moved since the listing (an earlier memory_resolve adds a marker line, which moves the lines below it) is then found by its text, or nothing is written; at most 1024 bytes"`
	DropText string `json:"drop_text,omitempty" jsonschema:"the text of drop_line, copied from the memory_conflicts listing; required unless expect_hash is given, as keep_text; the range to drop_end_line moves with it; or the text of every line of that range, one per line, which refuses a range edited inside since it was listed; at most 1024 bytes"`
	// ExpectHash makes the edit of drop_path a compare and swap.
	ExpectHash string `json:"expect_hash,omitempty" jsonschema:"optional: the hash memory_get or memory_search returned for drop_path's file (it stands in for drop_text, and for keep_text when both lines are in that file); if the file changed since, nothing is written and the call fails, so that another agent's change is not overwritten"`
}

// resolveOutput is the output of memory_resolve: the library's wire
// type, and what lock the call waited for.
type resolveOutput struct {
	memweave.ResolveResult
	Warnings []string `json:"warnings,omitempty" jsonschema:"what lock the call waited for, if it waited long"`
}

func (t *tools) resolve(ctx context.Context, in resolveInput) (*mcp.CallToolResult, resolveOutput, error) {
	var out resolveOutput
	for field, v := range map[string]string{"keep_path": in.KeepPath, "drop_path": in.DropPath, "reason": in.Reason, "keep_text": in.KeepText, "drop_text": in.DropText} {
		if err := checkSize("memory_resolve", field, v, MaxPathBytes); err != nil {
			return nil, out, err
		}
	}
	if in.DropEndLine != 0 && in.DropEndLine < in.DropLine {
		return nil, out, fmt.Errorf("memory_resolve: drop_end_line must be at least drop_line (%d), got %d", in.DropLine, in.DropEndLine)
	}
	// A line named by its number alone is whatever is at that line now,
	// which the marker of an earlier resolution from the same listing
	// may have moved. The text guards a line; expect_hash guards the
	// lines of drop_path's file.
	moved := "which an earlier resolution's marker or an edit may have moved"
	if in.DropText == "" && in.ExpectHash == "" {
		return nil, out, fmt.Errorf("memory_resolve: drop_line %d alone names whatever is at that line of %s now, %s; "+
			"pass drop_text, the line's text from the memory_conflicts listing (or expect_hash, the file's hash)", in.DropLine, t.shown(in.DropPath), moved)
	}
	if in.KeepText == "" && (in.ExpectHash == "" || t.shown(in.KeepPath) != t.shown(in.DropPath)) {
		return nil, out, fmt.Errorf("memory_resolve: keep_line %d alone names whatever is at that line of %s now, %s; "+
			"pass keep_text, the line's text from the memory_conflicts listing (expect_hash guards only drop_path's file)", in.KeepLine, t.shown(in.KeepPath), moved)
	}
	res, err := t.w.Resolve(ctx, memweave.Ref{Path: in.KeepPath, StartLine: in.KeepLine, Text: in.KeepText},
		memweave.Ref{Path: in.DropPath, StartLine: in.DropLine, EndLine: in.DropEndLine, Text: in.DropText}, in.Reason, memweave.ExpectHash(in.ExpectHash))
	if err != nil {
		path := in.DropPath
		if errors.Is(err, fs.ErrNotExist) || errors.Is(err, memweave.ErrNotFound) {
			if _, _, kerr := t.w.GetWithHash(ctx, in.KeepPath, memfile.FirstLine, 1); errors.Is(kerr, memweave.ErrNotFound) {
				path = in.KeepPath // the missing file is the one to keep from
			}
		}
		return nil, out, pathError("memory_resolve", path, err)
	}
	return nil, resolveOutput{ResolveResult: *res}, nil
}

// maxGroupIDs bounds the group ids one memory_consolidate call applies.
const maxGroupIDs = 1000

// consolidateInput is the input of memory_consolidate.
type consolidateInput struct {
	Apply []string `json:"apply,omitempty" jsonschema:"ids of groups from a listing to apply: their duplicates are removed, the kept passages stay (default: none, only list the groups); at most 1000"`
	// MaxResults bounds the groups of a listing, as memory_conflicts'
	// bounds its pairs: a memory of thousands of copies would otherwise
	// answer with megabytes.
	MaxResults int `json:"max_results,omitempty" jsonschema:"how many groups a listing returns, at most 500 (0 or absent: 50); apply the ids of a listing, then list again for the rest"`
}

// maxGroupsListed bounds the max_results of memory_consolidate.
const maxGroupsListed = 500

// consolidateOutput is the output of memory_consolidate: the listing,
// and with apply what was done.
type consolidateOutput struct {
	// Groups, Held and Warnings are the listing (see
	// memweave.ConsolidatePlan); empty with apply, but for Warnings,
	// which also says what lock the call waited for, if it waited long.
	Groups   []memweave.DuplicateGroup   `json:"groups"`
	Held     []memweave.HeldPair         `json:"held"`
	Warnings []memweave.Warning          `json:"warnings"`
	Result   *memweave.ConsolidateResult `json:"result,omitempty" jsonschema:"what applying the ids did: groups applied and skipped (with the reason), files edited, deleted and merged"`
	// Total and Truncated tell a listing cut at max_results.
	Total     int  `json:"total,omitempty" jsonschema:"how many groups the memory holds; more than groups holds when truncated"`
	Truncated bool `json:"truncated,omitempty" jsonschema:"the listing holds only the first max_results groups"`
}

func (t *tools) consolidate(ctx context.Context, in consolidateInput) (*mcp.CallToolResult, consolidateOutput, error) {
	out := consolidateOutput{Groups: []memweave.DuplicateGroup{}, Held: []memweave.HeldPair{}, Warnings: []memweave.Warning{}}
	if in.Apply == nil {
		plan, err := t.w.Consolidate(ctx)
		if err != nil {
			return nil, out, err
		}
		n := cmp.Or(in.MaxResults, 50)
		out.Groups, out.Held, out.Warnings = plan.Groups[:min(n, len(plan.Groups))], plan.Held, plan.Warnings
		out.Total, out.Truncated = len(plan.Groups), len(plan.Groups) > n
		return nil, out, nil
	}
	if len(in.Apply) == 0 {
		return nil, out, fmt.Errorf("memory_consolidate: apply is empty; call memory_consolidate without apply to list the groups and their ids")
	}
	if len(in.Apply) > maxGroupIDs {
		return nil, out, fmt.Errorf("memory_consolidate: apply holds %d ids, at most %d", len(in.Apply), maxGroupIDs)
	}
	for _, id := range in.Apply {
		if err := checkSize("memory_consolidate", "apply", id, 64); err != nil {
			return nil, out, err
		}
	}
	res, err := t.w.ApplyConsolidation(ctx, in.Apply)
	if err != nil {
		return nil, out, err
	}
	out.Result = res
	return nil, out, nil
}

// shown is the path argument p as errors show it: workspace-relative
// (memory/...), or as given when it is no memory path (the call then
// fails on it, naming it).
func (t *tools) shown(p string) string {
	if _, rel, err := workspace.SafeMemoryPath(t.w.Config().Workspace, p); err == nil {
		return rel
	}
	return p
}
