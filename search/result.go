package search

// Result is one ranked chunk returned by a search.
type Result struct {
	// ChunkID is the chunk's stable id in the index.
	ChunkID int64 `json:"-"`
	// Path is workspace-relative and '/'-separated, e.g. "memory/stack.md".
	Path string `json:"path" jsonschema:"workspace-relative file, for memory_get"`
	// Hash is the hex SHA-256 of the file as indexed, for a write that
	// must not overwrite a change made since (compare and swap).
	Hash string `json:"hash,omitempty" jsonschema:"hex SHA-256 of the file as indexed; pass it as expect_hash to memory_write, memory_feedback or memory_resolve so that a change made since is not overwritten"`
	// Passage is the passage's key, the one feedback files its marks
	// under in the note's front matter (curate.PassageKey of Text: a hash
	// of its first non-blank line). Unlike StartLine it survives edits
	// above the passage, so memory_feedback finds the passage by it even
	// after an earlier mark added front matter; "" for a passage without
	// text.
	Passage string `json:"passage,omitempty" jsonschema:"the passage's key; pass it as passage to memory_feedback, so that the right passage is marked even when an edit since the search (such as an earlier mark's front matter) moved its lines"`
	// StartLine and EndLine are the chunk's 1-based inclusive line range.
	StartLine int `json:"start_line" jsonschema:"first line of the passage, 1-based"`
	EndLine   int `json:"end_line" jsonschema:"last line of the passage, inclusive"`
	// Headings is the chunk's heading path, outermost first.
	Headings []string `json:"headings" jsonschema:"the passage's heading path, outermost first"`
	// Score is the final score after every post-processing stage.
	Score float64 `json:"score" jsonschema:"relevance in [0,1]"`
	// Snippet is the part of the chunk that best matches the query.
	Snippet string `json:"snippet" jsonschema:"the best-matching part of the passage"`
	// Source is the namespace: the first folder under memory/, "memory"
	// for files directly in memory/, "external" for anything else.
	Source string `json:"source" jsonschema:"namespace of the file: the first folder under memory/, or memory"`
	// VectorScore is the cosine similarity clamped to [0,1]; nil when the
	// vector backend did not run.
	VectorScore *float64 `json:"vector_score"`
	// TextScore is the normalised keyword score in [0,1]; nil when the
	// keyword backend did not run.
	TextScore *float64 `json:"text_score"`
	// Tags, Importance, Pinned and Expires are the fields of the file's
	// front matter (package frontmatter); zero when it has none.
	Tags       []string `json:"tags,omitempty" jsonschema:"the note's tags, from its front matter"`
	Importance *float64 `json:"importance,omitempty" jsonschema:"the note's importance in [0,1], from its front matter"`
	Pinned     bool     `json:"pinned,omitempty" jsonschema:"the note is pinned in its front matter"`
	Expires    string   `json:"expires,omitempty" jsonschema:"the YYYY-MM-DD date the note expires, from its front matter"`
	// Text is the whole chunk text; postprocessors may read it.
	Text string `json:"-"`
	// SupersededBy, when set, is the line kept instead of this passage,
	// as a supersession marker in the files names it (memweave resolve;
	// postprocess.Supersede): its file, and its line number, 0 when the
	// file no longer holds that line.
	SupersededBy *Ref `json:"superseded_by,omitempty" jsonschema:"the line kept instead of this passage, as a resolution in the files says"`
	// Explain tells how Score came about. The CLI and the MCP server
	// clear it unless asked for it; JSON leaves out a zero Explain.
	Explain Explain `json:"explain,omitzero"`
	// order orders equal scores as fusion decided; see [tieOrder].
	order tieOrder
}

// Ref points at lines of a file: StartLine, through EndLine when it
// names more than one (0: StartLine alone).
//
// Text, when set on a Ref a caller gives (memweave resolve), is the text
// of line StartLine as the caller read it (a conflicts listing's chunk
// text): an edit since then (another resolution's marker, an editor's
// insert) may have moved the line, and it is then found by its text.
// For a range, Text may hold the text of each of its lines, one per
// line: the range is then found whole, and one edited inside since is
// refused.
type Ref struct {
	Path      string `json:"path"`
	StartLine int    `json:"start_line"`
	EndLine   int    `json:"end_line,omitempty"`
	Text      string `json:"text,omitempty"`
}

// Explain is the score breakdown of a [Result].
type Explain struct {
	// BM25 is the keyword backend's raw score: FTS5's bm25() of the
	// keyword query plus the phrase weight ([QueryOptions]) times the
	// bm25() of the phrase query (negative; lower is better); nil when
	// the chunk did not match the keyword query.
	BM25 *float64 `json:"bm25"`
	// TextScore is BM25 normalised into [0,1].
	TextScore *float64 `json:"text_score"`
	// Cosine is the cosine similarity between query and chunk vectors.
	Cosine *float64 `json:"cosine"`
	// Fusion names the fusion method: "blend", "keyword" or "vector".
	Fusion string `json:"fusion"`
	// Fused is the score after fusion, before any post-processing.
	Fused float64 `json:"fused"`
	// LiftedFrom is the fused score a long query's keyword match had
	// before [Fuse] ranked it just above a word-free chunk it nearly
	// reached, taking that chunk's score (see [Fuse]); nil when it was
	// not lifted.
	LiftedFrom *float64 `json:"lifted_from,omitempty"`
	// Threshold is the min_score the result passed.
	Threshold float64 `json:"threshold"`
	// Decay is the temporal decay multiplier; nil when decay was off or
	// the file is evergreen.
	Decay *float64 `json:"decay,omitempty"`
	// FileDate is the YYYY-MM-DD date of a dated file, "" for evergreen.
	FileDate string `json:"file_date,omitempty"`
	// Curation is the factor importance, pinning and feedback multiplied
	// the score by (see memweave's Curate stage); nil when 1.
	Curation *float64 `json:"curation,omitempty"`
	// RankBeforeMMR and RankAfterMMR are 1-based ranks around MMR; zero
	// when MMR did not run.
	RankBeforeMMR int `json:"rank_before_mmr,omitempty"`
	RankAfterMMR  int `json:"rank_after_mmr,omitempty"`
	// Superseded says why SupersededBy is set: "resolved" and the
	// resolution's reason; "" when not superseded.
	Superseded string `json:"superseded,omitempty"`
	// Processors records each custom postprocessor's effect, in order.
	Processors []ProcessorChange `json:"processors,omitempty"`
}

// ProcessorChange is what one custom postprocessor did to a result.
type ProcessorChange struct {
	Name        string  `json:"name"`
	ScoreBefore float64 `json:"score_before"`
	ScoreAfter  float64 `json:"score_after"`
	RankBefore  int     `json:"rank_before"`
	RankAfter   int     `json:"rank_after"`
}
