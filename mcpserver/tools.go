package mcpserver

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/chunker"
	"github.com/memweave/memweave-go/conflict"
	"github.com/memweave/memweave-go/internal/plural"
	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/pack"
	"github.com/memweave/memweave-go/postprocess"
	"github.com/memweave/memweave-go/search"
	"github.com/memweave/memweave-go/workspace"
)

// Limits on tool arguments. A call over one fails with a tool error that
// names the limit. Each is also stated in the argument's description.
const (
	// MaxContentBytes bounds memory_write's content and memory_append's
	// text: 1 MiB.
	MaxContentBytes = 1 << 20
	// MaxQueryBytes bounds the query of memory_search and memory_pack:
	// 4 KiB.
	MaxQueryBytes = 4 << 10
	// MaxPathBytes bounds a path (memory_get, memory_write,
	// memory_delete), memory_append's source and each of memory_search's
	// sources: 1 KiB.
	MaxPathBytes = 1 << 10
	// MaxBudgetTokens bounds memory_pack's budget_tokens: the largest
	// budget the knapsack solves exactly, [pack.MaxExactBudget] (262,144).
	MaxBudgetTokens = pack.MaxExactBudget
	// MaxSearchResults bounds memory_search's max_results: 50.
	MaxSearchResults = 50
	// MaxGetBytes bounds the text of one memory_get answer: 1 MiB of
	// whole lines; the answer says where the rest starts.
	MaxGetBytes = 1 << 20
	// MaxAnswerJSONBytes bounds the text of one memory_get answer, and
	// the passages of one memory_pack answer, as JSON writes them: 2 MiB.
	// JSON writes a control character, "<", ">", "&", U+2028, U+2029 and
	// a byte that is not UTF-8 as 6 bytes (\u0001), so 1 MiB of them
	// would be a 6 MiB string; text of other characters (a newline, a
	// quote: 2 bytes at most) fits whole within [MaxGetBytes].
	MaxAnswerJSONBytes = 2 << 20
	// MaxListItems bounds the names in memory_search's sources and tags
	// and memory_conflicts' sources: 256. Each name costs work and may
	// cost a warning in the answer, so a request of short names must not
	// carry hundreds of thousands.
	MaxListItems = 256
)

// checkSize fails unless the argument field of tool, s, is at most limit
// bytes long.
func checkSize(tool, field, s string, limit int) error {
	if len(s) > limit {
		return fmt.Errorf("%s: %s is %d bytes; the limit is %d bytes", tool, field, len(s), limit)
	}
	return nil
}

// checkList fails unless the argument field of tool, list, holds at most
// MaxListItems names of at most MaxPathBytes bytes each.
func checkList(tool, field string, list []string) error {
	if len(list) > MaxListItems {
		return fmt.Errorf("%s: %s has %d names; the limit is %d", tool, field, len(list), MaxListItems)
	}
	for _, s := range list {
		if err := checkSize(tool, "a name of "+field, s, MaxPathBytes); err != nil {
			return err
		}
	}
	return nil
}

// searchInput is the input of memory_search.
type searchInput struct {
	Query             string   `json:"query" jsonschema:"what to look for: a question, keywords or an exact identifier; at most 4096 bytes"`
	MaxResults        int      `json:"max_results,omitempty" jsonschema:"how many results to return, at most 50 (0 or absent: 6)"`
	MinScore          *float64 `json:"min_score,omitempty" jsonschema:"drop results scoring below this, in [0,1], before decay and front-matter curation, which may lower a score shown (default 0.35; 0 keeps everything)"`
	Sources           []string `json:"sources,omitempty" jsonschema:"only search these namespaces: memory for files directly in memory/, or the name of a folder under memory/; at most 256 names of at most 1024 bytes"`
	DecayHalfLifeDays *float64 `json:"decay_half_life_days,omitempty" jsonschema:"favour recent dated notes: halve a dated file's score every this many days, after min_score (off unless given)"`
	MMRLambda         *float64 `json:"mmr_lambda,omitempty" jsonschema:"diversify results: 1 is pure relevance, 0 pure diversity (off unless given)"`
	At                string   `json:"at,omitempty" jsonschema:"search the memory as it was at this git revision (commit id, branch, tag, HEAD~3); at most 256 bytes"`
	Tags              []string `json:"tags,omitempty" jsonschema:"only notes whose front matter lists every one of these tags; at most 256 tags of at most 1024 bytes"`
	IncludeExpired    bool     `json:"include_expired,omitempty" jsonschema:"keep notes whose front matter expires date is past (left out by default)"`
	Superseded        string   `json:"superseded,omitempty" jsonschema:"passages a resolution in the files supersedes (memory_resolve): mark (default: superseded_by names the line kept), hide (left out) or off"`
}

// searchOutput is the output of memory_search: the library's wire type,
// without the score breakdowns, and hints saying what the filters hid
// and which argument shows it.
type searchOutput struct {
	memweave.SearchResponse
	Hints []string `json:"hints,omitempty" jsonschema:"what the filters left out and the argument that shows it"`
}

func (t *tools) search(ctx context.Context, in searchInput) (*mcp.CallToolResult, searchOutput, error) {
	var out searchOutput
	if err := checkSize("memory_search", "query", in.Query, MaxQueryBytes); err != nil {
		return nil, out, err
	}
	if err := checkList("memory_search", "sources", in.Sources); err != nil {
		return nil, out, err
	}
	if err := checkList("memory_search", "tags", in.Tags); err != nil {
		return nil, out, err
	}
	var opts []memweave.SearchOption
	if in.MaxResults > 0 {
		opts = append(opts, memweave.MaxResults(in.MaxResults))
	}
	if in.MinScore != nil {
		if v := *in.MinScore; !(v >= 0 && v <= 1) {
			return nil, out, fmt.Errorf("memory_search: min_score must be in [0,1], got %v", v)
		}
		opts = append(opts, memweave.MinScore(*in.MinScore))
	}
	if len(in.Sources) > 0 {
		opts = append(opts, memweave.Sources(in.Sources...))
	}
	if len(in.Tags) > 0 {
		opts = append(opts, memweave.Tags(in.Tags...))
	}
	if in.IncludeExpired {
		opts = append(opts, memweave.IncludeExpired())
	}
	sup, err := superseded("memory_search", in.Superseded)
	if err != nil {
		return nil, out, err
	}
	opts = append(opts, sup)
	if d := in.DecayHalfLifeDays; d != nil {
		if !(*d > 0) {
			return nil, out, fmt.Errorf("memory_search: decay_half_life_days must be a positive number of days, got %v", *d)
		}
		opts = append(opts, memweave.Decay(*d))
	}
	if in.MMRLambda != nil {
		if v := *in.MMRLambda; !(v >= 0 && v <= 1) {
			return nil, out, fmt.Errorf("memory_search: mmr_lambda must be in [0,1], got %v", v)
		}
		opts = append(opts, memweave.MMR(*in.MMRLambda))
	}
	var resp *memweave.SearchResponse
	if in.At != "" {
		if err := checkSize("memory_search", "at", in.At, maxRevBytes); err != nil {
			return nil, out, err
		}
		resp, err = t.w.SearchAt(ctx, in.At, in.Query, opts...)
	} else {
		resp, err = t.w.Search(ctx, in.Query, opts...)
	}
	if err != nil {
		return nil, out, emptyQuery("memory_search", err)
	}
	hints := append(hiddenHints(resp), t.decayedHint(resp.Results, in.MinScore)...)
	for i := range resp.Results {
		resp.Results[i].Explain = search.Explain{}
	}
	return nil, searchOutput{SearchResponse: *resp, Hints: hints}, nil
}

// decayedHint says how many of results (their Explain still set) decay
// brought under the minimum score the search ran with, minScore or the
// configured default: the threshold comes before decay, so they are
// returned.
func (t *tools) decayedHint(results []memweave.Result, minScore *float64) []string {
	if minScore == nil {
		minScore = t.w.Config().MinScore
	}
	if minScore == nil {
		return nil
	}
	n := postprocess.DecayedBelow(results, *minScore)
	if n == 0 {
		return nil
	}
	return []string{fmt.Sprintf("%s scored below min_score %.3f only after decay, which comes after the threshold: %s matched above it",
		plural.Count(n, "result"), *minScore, plural.Verb(n, "it", "they"))}
}

// hiddenHints says what the search's filters left out, each with the
// argument of memory_search that shows it.
func hiddenHints(resp *memweave.SearchResponse) []string {
	var out []string
	h := resp.Hidden
	// Below a best of 0.001 no min_score but 0 shows it, and that one
	// shows the passages sharing nothing with the query too.
	if show, ok := postprocess.ShowingBest(resp.BestFilteredScore); h.BelowThreshold > 0 && ok {
		lower := "a lower min_score shows them; "
		if h.BelowThreshold == 1 {
			lower = ""
		}
		out = append(out, fmt.Sprintf("%s scored below min_score (best %.3f): %s%.3f shows %s",
			plural.Count(h.BelowThreshold, "more passage"), resp.BestFilteredScore, lower, show,
			plural.Verb(h.BelowThreshold, "it", "the best")))
	}
	if h.Expired > 0 {
		out = append(out, fmt.Sprintf("%s of expired notes %s left out: include_expired: true shows %s",
			plural.Count(h.Expired, "matching passage"), plural.Verb(h.Expired, "was", "were"), plural.Verb(h.Expired, "it", "them")))
	}
	if h.Superseded > 0 {
		out = append(out, fmt.Sprintf("%s %s left out: superseded: mark shows %s",
			plural.Count(h.Superseded, "superseded passage"), plural.Verb(h.Superseded, "was", "were"), plural.Verb(h.Superseded, "it", "them")))
	}
	return out
}

// superseded checks the superseded argument of tool (memory_search,
// memory_pack) and returns its option; "" is "mark", the default.
func superseded(tool, mode string) (memweave.SearchOption, error) {
	switch mode {
	case "", "mark", "hide", "off":
		return memweave.Superseded(mode), nil
	}
	return nil, fmt.Errorf("%s: superseded must be mark, hide or off, got %q", tool, clip(mode, 80))
}

// emptyQuery gives the library's error for a blank query, in its own
// words, as the error of tool; other errors pass through.
func emptyQuery(tool string, err error) error {
	if errors.Is(err, memweave.ErrEmptyQuery) {
		return fmt.Errorf("%s: %w", tool, memweave.ErrEmptyQuery)
	}
	return err
}

// getInput is the input of memory_get.
type getInput struct {
	Path  string `json:"path" jsonschema:"file relative to memory/ (or starting with memory/), as memory_search returns it; at most 1024 bytes"`
	From  int    `json:"from,omitempty" jsonschema:"first line to read, 1-based (0 or absent: 1)"`
	Lines int    `json:"lines,omitempty" jsonschema:"how many lines to read (default: to the end of the file); an answer holds at most 1 MiB of whole lines, 2 MiB as JSON writes them"`
}

// GetResult is the output of memory_get, and of "memweave get --json": the
// wire type both share.
type GetResult struct {
	Path      string `json:"path"`
	StartLine int    `json:"start_line"`
	EndLine   int    `json:"end_line" jsonschema:"last line returned; start_line - 1 when none"`
	Text      string `json:"text"`
	// Hash is the whole file's hex SHA-256, for expect_hash.
	Hash string `json:"hash" jsonschema:"hex SHA-256 of the whole file; pass it as expect_hash to memory_write to replace the file only if nobody changed it since"`
	// Truncated reports that the lines asked for went past MaxGetBytes
	// or MaxAnswerJSONBytes:
	// Text holds those up to end_line, and NextFrom is the line to ask
	// for next.
	Truncated bool `json:"truncated,omitempty" jsonschema:"the lines asked for are over 1 MiB, or 2 MiB as JSON writes them: text ends at end_line; call again with from = next_from for the rest"`
	NextFrom  int  `json:"next_from,omitempty" jsonschema:"the first line not returned, when truncated"`
}

// NewGetResult returns the GetResult of text, the lines of path from
// line from, and hash, the whole file's.
func NewGetResult(path string, from int, text, hash string) GetResult {
	return GetResult{Path: path, StartLine: from, EndLine: from + chunker.CountLines(text) - 1, Text: text, Hash: hash}
}

func (t *tools) get(ctx context.Context, in getInput) (*mcp.CallToolResult, GetResult, error) {
	var out GetResult
	if err := checkSize("memory_get", "path", in.Path, MaxPathBytes); err != nil {
		return nil, out, err
	}
	from := cmp.Or(in.From, memfile.FirstLine)
	text, hash, err := t.w.GetWithHash(ctx, in.Path, from, in.Lines)
	if errors.Is(err, memfile.ErrLineRange) {
		return nil, out, fmt.Errorf("memory_get: from %d is not a line of the file (%w)", from, err)
	}
	if err != nil {
		return nil, out, pathError("memory_get", in.Path, err)
	}
	limit, whole := jsonPrefix(text, MaxGetBytes, MaxAnswerJSONBytes)
	truncated := !whole
	if truncated {
		// Whole lines up to the limit: cut after the last line ending in it.
		cut := strings.LastIndexByte(text[:limit], '\n')
		if cut < 0 {
			cut = strings.LastIndexByte(text[:limit], '\r')
		}
		if cut < 0 {
			return nil, out, fmt.Errorf("memory_get: line %d of %s is over %d bytes, or %d as JSON writes it (a control character, <, > or & is 6 bytes there), the most one answer holds", from, in.Path, MaxGetBytes, MaxAnswerJSONBytes)
		}
		text = text[:cut+1]
	}
	out = NewGetResult(in.Path, from, text, hash)
	out.Truncated = truncated
	if truncated {
		out.NextFrom = out.EndLine + 1
	}
	// The lines themselves, not JSON, are what the model should read.
	res := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}
	return res, out, nil
}

// writeInput is the input of memory_write.
type writeInput struct {
	Path    string `json:"path" jsonschema:"Markdown file relative to memory/, such as notes/database.md; at most 1024 bytes"`
	Content string `json:"content" jsonschema:"the file's complete new content, in Markdown; at most 1 MiB (1048576 bytes)"`
	// AllowEmpty lets blank content replace a note that is not empty.
	AllowEmpty bool `json:"allow_empty,omitempty" jsonschema:"true to let blank content replace a note that is not empty, erasing it (default false: refused)"`
	// ExpectHash makes the write a compare and swap.
	ExpectHash string `json:"expect_hash,omitempty" jsonschema:"optional: the hash memory_get or memory_search returned for the file; if the file changed since, nothing is written and the call fails, so that another agent's change is not overwritten"`
}

// WriteResult is the output of memory_write, and of "memweave write --json": the
// wire type both share.
type WriteResult struct {
	Path   string `json:"path" jsonschema:"workspace-relative path written"`
	Bytes  int    `json:"bytes"`
	Chunks int    `json:"chunks" jsonschema:"chunks the note has in the index once the call returns (whether this call or a watcher indexed them); 0 when it is not searchable (see warnings)"`
	// Warnings say why the note, stored, is not searchable as written
	// (not text, git conflict markers, front matter over its budget), and
	// what lock the call waited for, if it waited long.
	Warnings []string `json:"warnings,omitempty" jsonschema:"set when the note was stored but indexing it found a problem, such as a NUL byte or git conflict markers that keep it out of search"`
}

func (t *tools) write(ctx context.Context, in writeInput) (*mcp.CallToolResult, WriteResult, error) {
	var out WriteResult
	if err := checkSize("memory_write", "path", in.Path, MaxPathBytes); err != nil {
		return nil, out, err
	}
	if err := checkSize("memory_write", "content", in.Content, MaxContentBytes); err != nil {
		return nil, out, err
	}
	_, rel, err := workspace.SafeMemoryPath(t.w.Config().Workspace, in.Path)
	if err != nil {
		return nil, out, pathError("memory_write", in.Path, err)
	}
	var opts []memweave.WriteOption
	if in.AllowEmpty {
		opts = append(opts, memweave.AllowEmpty())
	}
	if in.ExpectHash != "" {
		opts = append(opts, memweave.ExpectHash(in.ExpectHash))
	}
	res, err := t.w.Write(ctx, in.Path, in.Content, opts...)
	if errors.Is(err, memweave.ErrWouldErase) {
		return nil, out, fmt.Errorf("memory_write: content is blank and %w (path %q); pass allow_empty: true to erase it", err, in.Path)
	}
	if err != nil {
		return nil, out, pathError("memory_write", in.Path, err)
	}
	return nil, WriteResult{Path: rel, Bytes: len(in.Content), Chunks: res.NoteChunks, Warnings: t.warnings(res.Warnings)}, nil
}

// appendInput is the input of memory_append.
type appendInput struct {
	Text   string `json:"text" jsonschema:"the note, in Markdown; one self-contained fact or a short bullet list; at most 1 MiB (1048576 bytes)"`
	Source string `json:"source,omitempty" jsonschema:"namespace folder under memory/, such as the agent's name (default: memory/ itself); at most 1024 bytes"`
}

// AppendResult is the output of memory_append, and of "memweave append --json": the
// wire type both share.
type AppendResult struct {
	Path     string   `json:"path" jsonschema:"workspace-relative dated file the note was added to"`
	Warnings []string `json:"warnings,omitempty" jsonschema:"set when the note was stored but cannot be found by search as written: another program took the file over the size limit meanwhile (a note that would take the log over the limit is refused instead, nothing written), or the embedding endpoint failed and the note is found by keyword only until the next index; also what lock the call waited for, if it waited long; one item per problem"`
	// Warning is Warnings joined by "; " (set by addWaits, with the
	// waits), the field of earlier versions.
	Warning string `json:"warning,omitempty" jsonschema:"deprecated: the items of warnings joined by '; ', kept for clients of earlier versions"`
}

func (t *tools) append(ctx context.Context, in appendInput) (*mcp.CallToolResult, AppendResult, error) {
	if err := checkSize("memory_append", "text", in.Text, MaxContentBytes); err != nil {
		return nil, AppendResult{}, err
	}
	if err := checkSize("memory_append", "source", in.Source, MaxPathBytes); err != nil {
		return nil, AppendResult{}, err
	}
	path, res, err := t.w.AppendIndexed(ctx, in.Text, memweave.InSource(in.Source))
	if errors.Is(err, memfile.ErrEmptyText) {
		return nil, AppendResult{}, fmt.Errorf("memory_append: text is blank; give the note to add (%w)", err)
	}
	if err != nil && path == "" {
		return nil, AppendResult{}, pathError("memory_append", in.Source, err)
	}
	if errors.Is(err, memweave.ErrTooLarge) {
		// err quotes the log's own size warning; the others stay.
		warns := []string{t.clean(err.Error())}
		for _, w := range warningsOf(res) {
			if w.Path != path || !errors.Is(w, memweave.ErrTooLarge) {
				warns = append(warns, t.clean(w.Error()))
			}
		}
		return nil, AppendResult{Path: path, Warnings: warns}, nil
	}
	if err != nil {
		// err says the note is stored in path, and indexing it failed.
		return nil, AppendResult{}, fmt.Errorf("memory_append: %w", err)
	}
	return nil, AppendResult{Path: path, Warnings: t.warnings(res.Warnings)}, nil
}

// deleteInput is the input of memory_delete.
type deleteInput struct {
	Path string `json:"path" jsonschema:"Markdown file relative to memory/ (or starting with memory/), as memory_search returns it; at most 1024 bytes"`
	// ExpectHash makes the delete a compare and swap.
	ExpectHash string `json:"expect_hash,omitempty" jsonschema:"optional: the hash memory_get or memory_search returned for the file; if the file changed since, nothing is deleted and the call fails, so that another agent's change is not lost"`
}

// DeleteResult is the output of memory_delete, and of "memweave delete --json": the
// wire type both share.
type DeleteResult struct {
	Path     string   `json:"path" jsonschema:"workspace-relative path deleted"`
	Warnings []string `json:"warnings,omitempty" jsonschema:"what lock the call waited for, if it waited long"`
}

func (t *tools) delete(ctx context.Context, in deleteInput) (*mcp.CallToolResult, DeleteResult, error) {
	if err := checkSize("memory_delete", "path", in.Path, MaxPathBytes); err != nil {
		return nil, DeleteResult{}, err
	}
	_, rel, err := workspace.SafeMemoryPath(t.w.Config().Workspace, in.Path)
	if err != nil {
		return nil, DeleteResult{}, pathError("memory_delete", in.Path, err)
	}
	if err := t.w.Delete(ctx, in.Path, memweave.ExpectHash(in.ExpectHash)); err != nil {
		return nil, DeleteResult{}, pathError("memory_delete", in.Path, err)
	}
	return nil, DeleteResult{Path: rel}, nil
}

// packInput is the input of memory_pack.
type packInput struct {
	Query          string `json:"query" jsonschema:"what the passages should be about; at most 4096 bytes"`
	BudgetTokens   int    `json:"budget_tokens" jsonschema:"the most tokens the passages may add up to (estimated as 4 bytes per token), 1 to 262144"`
	Superseded     string `json:"superseded,omitempty" jsonschema:"passages a resolution in the files supersedes (memory_resolve): mark (default: superseded_by is set), hide (left out) or off"`
	IncludeExpired bool   `json:"include_expired,omitempty" jsonschema:"keep notes whose front matter expires date is past (left out by default; hidden.expired counts them)"`
}

func (t *tools) pack(ctx context.Context, in packInput) (*mcp.CallToolResult, memweave.Pack, error) {
	if err := checkSize("memory_pack", "query", in.Query, MaxQueryBytes); err != nil {
		return nil, memweave.Pack{}, err
	}
	sup, err := superseded("memory_pack", in.Superseded)
	if err != nil {
		return nil, memweave.Pack{}, err
	}
	opts := []memweave.PackOption{sup}
	if in.IncludeExpired {
		opts = append(opts, memweave.IncludeExpired())
	}
	p, err := t.w.Pack(ctx, in.Query, in.BudgetTokens, opts...)
	if err != nil {
		return nil, memweave.Pack{}, emptyQuery("memory_pack", err)
	}
	boundPack(p)
	return nil, *p, nil
}

// indexInput is the input of memory_index.
type indexInput struct {
	Force bool `json:"force,omitempty" jsonschema:"re-read and re-chunk every file, not only changed ones"`
}

// indexOutput is the output of memory_index: [memweave.IndexResult].
type indexOutput = memweave.IndexResult

func (t *tools) index(ctx context.Context, in indexInput) (*mcp.CallToolResult, indexOutput, error) {
	var opts []memweave.IndexOption
	if in.Force {
		opts = append(opts, memweave.Force())
	}
	res, err := t.w.Index(ctx, opts...)
	if err != nil {
		return nil, indexOutput{}, err
	}
	return nil, *res, nil
}

// warningsOf returns the warnings of res, none when res is nil.
func warningsOf(res *memweave.IndexResult) []memweave.Warning {
	if res == nil {
		return nil
	}
	return res.Warnings
}

// warnings returns ws as cleaned sentences, never nil.
func (t *tools) warnings(ws []memweave.Warning) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = t.clean(w.Error())
	}
	return out
}

// statusInput is the (empty) input of memory_status.
type statusInput struct{}

func (t *tools) status(ctx context.Context, _ statusInput) (*mcp.CallToolResult, memweave.Status, error) {
	st, err := t.w.Status(ctx)
	if err != nil {
		return nil, memweave.Status{}, err
	}
	return nil, *st, nil
}

// maxRevBytes bounds a git revision argument (memory_search's at,
// memory_changes' from and to): 256 bytes.
const maxRevBytes = 256

// MaxConflicts bounds memory_conflicts' max_results: 500.
const MaxConflicts = 500

// conflictsInput is the input of memory_conflicts.
type conflictsInput struct {
	Sources    []string `json:"sources,omitempty" jsonschema:"only these namespaces; at most 256 names of at most 1024 bytes"`
	PathPrefix string   `json:"path_prefix,omitempty" jsonschema:"only files whose path starts with this, e.g. memory/projects/; at most 1024 bytes"`
	MaxResults int      `json:"max_results,omitempty" jsonschema:"how many conflicts to return, likely first, at most 500 (0 or absent: 50)"`
}

// conflictsOutput is the output of memory_conflicts: the library's
// [conflict.Result], its warnings as cleaned sentences, and the notes
// sync left in conflict.
type conflictsOutput struct {
	conflict.Result
	Warnings []string `json:"warnings"`
	// SyncConflicts are the notes changed on two machines (memweave sync).
	SyncConflicts []memweave.SyncConflict `json:"sync_conflicts,omitempty" jsonschema:"notes changed on two machines: path holds the version synced first, copy the other; merge the copy into the note, then delete the copy"`
}

func (t *tools) conflicts(ctx context.Context, in conflictsInput) (*mcp.CallToolResult, conflictsOutput, error) {
	var out conflictsOutput
	if err := checkSize("memory_conflicts", "path_prefix", in.PathPrefix, MaxPathBytes); err != nil {
		return nil, out, err
	}
	if err := checkList("memory_conflicts", "sources", in.Sources); err != nil {
		return nil, out, err
	}
	opts := []memweave.SearchOption{memweave.MaxResults(cmp.Or(in.MaxResults, 50)), memweave.PathPrefix(in.PathPrefix)}
	if len(in.Sources) > 0 {
		opts = append(opts, memweave.Sources(in.Sources...))
	}
	resp, err := t.w.Conflicts(ctx, opts...)
	if err != nil {
		return nil, out, err
	}
	copies, err := t.w.SyncConflicts(ctx)
	if err != nil {
		return nil, out, err
	}
	return nil, conflictsOutput{Result: resp.Result, Warnings: t.warnings(resp.Warnings), SyncConflicts: copies}, nil
}

// changesInput is the input of memory_changes.
type changesInput struct {
	From string `json:"from" jsonschema:"the earlier git revision (commit id, branch, tag, HEAD~3); at most 256 bytes"`
	To   string `json:"to,omitempty" jsonschema:"the later git revision; default: the files as they are now; at most 256 bytes"`
	// Offset and MaxResults page the answer.
	Offset     int `json:"offset,omitempty" jsonschema:"skip this many changes: the next_offset of a truncated answer"`
	MaxResults int `json:"max_results,omitempty" jsonschema:"how many changes to return, at most 200 (0 or absent: 50)"`
}

// changesOutput is the output of memory_changes: the library's wire
// type, [memweave.ChangesResponse].
type changesOutput = memweave.ChangesResponse

// MaxChanges bounds memory_changes' max_results: 200.
const MaxChanges = 200

func (t *tools) changes(ctx context.Context, in changesInput) (*mcp.CallToolResult, changesOutput, error) {
	var out changesOutput
	for field, rev := range map[string]string{"from": in.From, "to": in.To} {
		if err := checkSize("memory_changes", field, rev, maxRevBytes); err != nil {
			return nil, out, err
		}
	}
	if in.From == "" {
		return nil, out, errors.New(`memory_changes: from must name a git revision (a commit id, branch, tag or HEAD~3), got ""`)
	}
	res, err := t.w.Changes(ctx, in.From, in.To, memweave.ChangesPage{Offset: in.Offset, Limit: cmp.Or(in.MaxResults, 50)})
	if err != nil {
		return nil, out, err
	}
	return nil, *res, nil
}
