package workspace

// Lines is whole lines of a file of the workspace, as an answer names
// them: a conflict's passages, a consolidation's copies, a pack's passages,
// each side of a history change. The answers
// that hold more embed it, so that its JSON comes first in theirs.
// (memory_get's answer and search results keep their own fields: their
// MCP schemas describe each field.)
type Lines struct {
	// Path is the file's workspace-relative, '/'-separated path, such as
	// "memory/2025-05-10.md".
	Path string `json:"path"`
	// StartLine and EndLine are the 1-based, inclusive line range.
	StartLine int `json:"start_line"`
	EndLine   int `json:"end_line"`
	// Text is the lines' text.
	Text string `json:"text"`
}
