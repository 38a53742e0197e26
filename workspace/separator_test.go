package workspace

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestDiscoverSeparatorLookalikeNames: a note a clone brings named
// "notes\u2215x.md" (DIVISION SLASH) is one file of memory/ that every
// output showed as notes/x.md; it was indexed beside that note. Like a
// name holding an invisible formatting character, it is not indexed
// now, and the warning quotes it in ASCII.
func TestDiscoverSeparatorLookalikeNames(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root,
		"memory/notes/x.md",
		"memory/notes\u2215x.md", // tune
		"memory/notes\uff3cx.md", // check: fullwidth backslash
		"memory/dir\u2044/inner.md",
	)
	files, warnings, err := Discover(root, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := rels(files); !slices.Equal(got, []string{"memory/notes/x.md"}) {
		t.Errorf("Discover = %+q, want memory/notes/x.md alone", got)
	}
	if len(warnings) != 3 {
		t.Errorf("warnings = %+q, want one for each of the 3 names", warnings)
	}
	for _, w := range warnings {
		if msg := w.Error(); !errors.Is(w, ErrBadName) || !strings.Contains(msg, "slash") || !strings.Contains(msg, `\u`) {
			t.Errorf("warning %q: want ErrBadName, saying it reads as a slash, quoted in ASCII", msg)
		}
	}
}
