package workspace_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/memweavetest"
	"github.com/memweave/memweave-go/workspace"
)

// TestDiscoverWarnsOfLookalikeNames: a clone can bring café.md twice,
// its é as one character and as e and a combining accent; both were
// indexed without a word, and every output showed two notes of one
// name. Both are still indexed (the files are the source of truth), with
// a warning naming the two in ASCII quotes, so that one can be renamed.
func TestDiscoverWarnsOfLookalikeNames(t *testing.T) {
	const nfc, nfd = "caf\u00e9", "cafe\u0301"
	root := memweavetest.Workspace(t, map[string]string{
		"memory/" + nfc + ".md":  "# A\n",
		"memory/" + nfd + ".md":  "# B\n",
		"memory/plain.md":        "# C\n",
		"memory/" + nfc + "s.md": "# D\n",
	})
	files, warnings, err := workspace.Discover(root, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 4 {
		t.Errorf("Discover found %d files, want all 4", len(files))
	}
	var found []string
	for _, w := range warnings {
		if errors.Is(w, workspace.ErrLookalikeName) {
			found = append(found, w.Error())
		}
	}
	if len(found) != 1 || !strings.Contains(found[0], `caf\u00e9.md`) || !strings.Contains(found[0], `cafe\u0301.md`) {
		t.Errorf("Discover's lookalike warnings = %q, want one naming both names in ASCII quotes (all warnings: %v)", found, warnings)
	}
}
