package curate

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
)

// LinesKey is the content key of lines, the one key by which curation
// names passages and lines (a resolution's marker, [PassageKey]): the
// first 8 hex digits of the SHA-256 of their text, each line trimmed of
// surrounding white space (and a byte order mark), joined by "\n".
// Indentation and line endings do not change it.
func LinesKey(lines []string) string {
	h := sha256.New()
	for i, l := range lines {
		if i > 0 {
			h.Write([]byte{'\n'})
		}
		h.Write([]byte(strings.TrimSpace(strings.TrimPrefix(l, "\ufeff"))))
	}
	return hex.EncodeToString(h.Sum(nil)[:4])
}

// PassageKey is the key feedback is filed under, in a note's front
// matter, for a passage with the given text: "p" and the [LinesKey] of
// its first non-blank line; "" for a passage with none. It survives
// edits above the passage and to its other lines; two passages of one
// file that open with the same line share their marks.
func PassageKey(text string) string {
	for line := range strings.Lines(text) {
		if strings.TrimSpace(line) != "" {
			return "p" + LinesKey([]string{line})
		}
	}
	return ""
}
