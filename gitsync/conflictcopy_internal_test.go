package gitsync

import (
	"path"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestConflictCopyNameFits: a copy's name stays within the file name
// limit, valid UTF-8, a note's extension kept, and two long notes that
// share their first 200 bytes get two copies.
func TestConflictCopyNameFits(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("é", 100) // 200 bytes
	seen := map[string]string{}
	for _, p := range []string{
		"memory/notes/" + long + "-first-version-of-the-plan.md",
		"memory/notes/" + long + "-second-version-of-the-plan.md",
		"memory/notes/x." + strings.Repeat("e", 250),
		"memory/notes/db.md",
	} {
		cp := conflictCopy(p, strings.Repeat("h", 32), "1a2b3c4d5e6f")
		base := path.Base(cp)
		if len(base) > maxNameBytes || !utf8.ValidString(cp) || path.Dir(cp) != path.Dir(p) {
			t.Errorf("conflictCopy(%q) = %q (%d bytes), want a valid name within %d bytes beside it", p, cp, len(base), maxNameBytes)
		}
		if strings.HasSuffix(p, ".md") && !strings.HasSuffix(cp, ".md") {
			t.Errorf("conflictCopy(%q) = %q, want the .md kept", p, cp)
		}
		if other, ok := seen[cp]; ok {
			t.Errorf("conflictCopy(%q) = conflictCopy(%q) = %q", p, other, cp)
		}
		seen[cp] = p
	}
	if got := conflictCopy("memory/notes/db.md", "b", "1a2b3c4d5e6f"); got != "memory/notes/db.conflict-b-1a2b3c4d.md" {
		t.Errorf("conflictCopy(db.md) = %q", got)
	}
}
