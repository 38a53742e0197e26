package mcpserver

import (
	"context"
	"fmt"
	"reflect"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/memweave/memweave-go"
)

// yes and no are what the optional (pointer) hints point to.
var (
	yes = true
	no  = false
)

// What a tool does to the memory, as its annotations tell a client.
var (
	// reads changes nothing.
	reads = mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true}
	// adds adds to the memory, again on each call.
	adds = mcp.ToolAnnotations{DestructiveHint: &no, IdempotentHint: false}
	// settles adds to the memory or brings it up to date, losing
	// nothing; a call repeated adds nothing more.
	settles = mcp.ToolAnnotations{DestructiveHint: &no, IdempotentHint: true}
	// replaces may replace or remove what the memory holds; a call
	// repeated changes nothing more.
	replaces = mcp.ToolAnnotations{DestructiveHint: &yes, IdempotentHint: true}
)

// register adds the thirteen tools to srv: the one place that lists them.
func (t *tools) register(srv *mcp.Server) {
	addTool(srv, t, "memory_search", "Search memory", reads,
		"Search the long-term memory (Markdown files under memory/) by keyword and by vector similarity. "+
			"Returns the best-matching passages with their file path, line range, score (0-1) and a snippet. "+
			"Use it before answering questions about past work, decisions, people or preferences; then read the full lines with memory_get.", t.search)
	addTool(srv, t, "memory_get", "Read memory lines", reads,
		"Read exact lines of a memory file, for example the range a memory_search result points to. "+
			"path is relative to memory/ (or starts with memory/); from is the first line, 1-based (default 1); lines is how many (default: to the end).", t.get)
	addTool(srv, t, "memory_write", "Write memory file", replaces,
		"Create or completely replace a Markdown file under memory/ with the given content, and index it. "+
			"The old content is lost: read it with memory_get first when updating. For a new fact, prefer memory_append. "+
			"path is relative to memory/, such as notes/database.md; paths outside memory/ and non-Markdown names are refused.", t.write)
	addTool(srv, t, "memory_append", "Append memory note", adds,
		"Add a note to today's dated memory log (memory/YYYY-MM-DD.md, or memory/<source>/YYYY-MM-DD.md with a source) and index it. "+
			"Use it to remember durable facts: decisions, preferences, names, configurations. Earlier notes are kept. Returns the file's path.", t.append)
	addTool(srv, t, "memory_delete", "Delete memory file", replaces,
		"Delete a Markdown file under memory/ and remove it from the index, so that searches no longer find it. "+
			"Its content is lost: use it only for a file that is wrong or obsolete as a whole. "+
			"path is relative to memory/, such as notes/database.md; paths outside memory/ and non-Markdown names are refused.", t.delete)
	addTool(srv, t, "memory_pack", "Pack memory for a budget", reads,
		"Search the memory and return the set of passages (whole lines, near-duplicates removed; lines inside a code block come with its fences) that carries the most relevance "+
			"within budget_tokens tokens (estimated as 4 bytes per token). The total never exceeds the budget: a passage larger than "+
			"the budget is left out, never cut, and counted in over_budget, with smallest_over_budget the budget that packs the smallest. "+
			"warnings say why the pack may be degraded, naming each note left out because it could not be read.", t.pack)
	addTool(srv, t, "memory_index", "Index memory", settles,
		"Bring the memory index up to date with the files: index new and changed files, drop deleted ones. "+
			"Searches already do this for changed files; call it after large edits made outside these tools. force re-reads every file.", t.index)
	addTool(srv, t, "memory_status", "Memory status", reads,
		"Describe the memory index: workspace, number of files and chunks, embedder, search mode, and files changed since the last index run.", t.status)

	addTool(srv, t, "memory_conflicts", "Find contradicting memories", reads,
		"List pairs of memory passages that seem to contradict each other (a different number, version, date or name "+
			"for the same thing, a negation, an antonym), each likely or possible, with a reason and which side is newer. "+
			"Use it to clean up memory: read both with memory_get, then fix or delete the outdated one.", t.conflicts)
	addTool(srv, t, "memory_changes", "Memory changes between revisions", reads,
		"List the memory passages added, removed or changed between two git revisions of the workspace "+
			"(or a revision and the files as they are now), with paths and line ranges: what was learned or forgotten. "+
			"Answers a page (max_results, default 50); when truncated, call again with offset = next_offset.", t.changes)

	addTool(srv, t, "memory_feedback", "Rate a memory passage", adds,
		"Say whether a passage memory_search returned was useful (useful: true) or not (false). "+
			"The mark is written into the note's front matter, and searches rank passages with more useful marks a little higher "+
			"and useless ones a little lower (never out of the results). path, line and passage are a result's path, start_line and passage. "+
			"passage is required (or expect_hash, the file's hash): a mark adds front matter to a note without it and moves the lines of the other results of that note, "+
			"so a line alone is refused.", t.feedback)
	addTool(srv, t, "memory_resolve", "Settle a contradiction", settles,
		"Settle a contradiction memory_conflicts reported by keeping one line: the lines named by drop_line (to drop_end_line) "+
			"and nothing else are superseded, by a marker line added right after them in their file, naming them and the kept line by content, "+
			"today's date and the reason. memory_conflicts then no longer lists the pair; searches mark those lines superseded_by the kept line "+
			"(superseded: hide leaves them out). The other lines of their passage and notes added later are not superseded. "+
			"Resolving the same lines again replaces the marker. keep_text and drop_text, the lines' text from the listing, are required: "+
			"each resolution adds a line, which moves the lines below it that other pairs of the same listing name, so a line number alone is refused "+
			"(expect_hash, drop_path's file hash, may stand in for drop_text, and for keep_text when both lines are in that file).", t.resolve)
	addTool(srv, t, "memory_consolidate", "Find and merge duplicate memories", replaces,
		"List groups of near-duplicate passages in different memory files (word overlap of 90% or more, no number, date, "+
			"negation, name or other value differing, nothing the dropped copy says that the kept one lacks, no word the kept one adds but articles, also, too, very, so and adverbs; to/from, he/she, was/is differ), each with an id, the copy to keep "+
			"(one holding a line a resolution keeps, else the newest by the note's own date), every copy's similarity to it and the words that differ; similar pairs that differ in a value "+
			"are listed as held (use memory_conflicts and memory_resolve for those). Nothing changes without apply. With apply: [ids] from a listing, "+
			"each group's passages are read again under the write lock and compared by content hash; a group that changed is skipped with the reason, "+
			"otherwise the kept note takes the copies' pinned, tags, importance and feedback marks and the copies' lines are removed (a file left empty is deleted, unless its front matter holds other fields than pinned, tags, importance, feedback, expires and date).", t.consolidate)
}

// addTool adds the tool name to srv with fn as its handler (see
// [handler]), its title (the annotations' title too), its description,
// and kind's annotations with OpenWorldHint false: every tool's world is
// the workspace, as the MCP specification's example of a memory tool has
// it. Its input schema is inferred from In, with [boundIntegers] and
// [nonEmptyHash], and its output schema from Out and [wireSchemas], so
// that it describes the JSON the library's wire types marshal to.
func addTool[In, Out any](srv *mcp.Server, t *tools, name, title string, kind mcp.ToolAnnotations, description string, fn func(context.Context, In) (*mcp.CallToolResult, Out, error)) {
	in, err := jsonschema.For[In](nil)
	if err != nil {
		panic(fmt.Sprintf("mcpserver: input schema of %s: %v", name, err))
	}
	boundIntegers(name, in)
	nonEmptyHash(in)
	t.inputs[name] = in
	out, err := jsonschema.For[Out](&jsonschema.ForOptions{TypeSchemas: wireSchemas})
	if err != nil {
		panic(fmt.Sprintf("mcpserver: output schema of %s: %v", name, err))
	}
	kind.Title, kind.OpenWorldHint = title, &no
	tool := &mcp.Tool{Name: name, Title: title, Description: description, Annotations: &kind, InputSchema: in, OutputSchema: out}
	mcp.AddTool(srv, tool, handler(t, name, fn))
}

// wireSchemas are the schemas of the wire types whose JSON is not their
// Go shape: a [memweave.Warning] marshals as one sentence.
var wireSchemas = map[reflect.Type]*jsonschema.Schema{
	reflect.TypeFor[memweave.Warning](): {Type: "string", Description: "a problem that did not stop the call, as one sentence"},
}

// nonEmptyHash gives the expect_hash property of s, if any, a minimum
// length of 1. Go's decoder cannot tell "" from an absent argument, and
// an absent one means "no check"; a client filling the argument from a
// template variable left unset sends "", and would then replace or
// delete a note unchecked. The schema's check refuses it, naming the
// argument, and tools/list says so.
func nonEmptyHash(s *jsonschema.Schema) {
	if p := s.Properties["expect_hash"]; p != nil {
		p.MinLength = new(1)
	}
}
