package memfile_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/memweavetest"
	"github.com/memweave/memweave-go/workspace"
)

// TestWriteRefusesALookalikeName: a write to "café.md" with its é
// decomposed (e and a combining accent, as an agent's or a Mac's text
// may hold it) created a second note beside "café.md", and every output
// (search, files, get) then showed two notes of the same name, one of
// which the user could not name to get or edit. A new note whose name,
// or a folder's, reads as one that exists in its folder, composed
// otherwise, is refused naming the one that exists; that one is written
// as ever, and a name that is only alike in letter case is not refused.
func TestWriteRefusesALookalikeName(t *testing.T) {
	ctx := context.Background()
	const nfc, nfd = "caf\u00e9", "cafe\u0301"
	root := memweavetest.Workspace(t, map[string]string{
		"memory/" + nfc + ".md":           "# Cafe\n\nThe wifi password is espresso42.\n",
		"memory/proj" + nfc + "/notes.md": "# Notes\n",
	})
	for _, p := range []string{nfd + ".md", "proj" + nfd + "/new.md"} {
		_, err := memfile.Write(ctx, root, p, []byte("# Cafe\n\nThe wifi password is attacker-net.\n"), memfile.WriteOptions{})
		if !errors.Is(err, workspace.ErrLookalikeName) || !strings.Contains(err.Error(), `\u00e9`) {
			t.Errorf("Write(%+q) beside %+q = %v, want ErrLookalikeName naming the one that exists", p, nfc, err)
		}
		if _, serr := os.Lstat(filepath.Join(root, "memory", strings.SplitN(p, "/", 2)[0])); serr == nil {
			t.Errorf("Write(%+q) created it", p)
		}
	}
	// A name alike but for case ("CAF\u00c9.md") is refused too:
	// TestWriteRefusesACaseTwin.
	for _, p := range []string{nfc + ".md", "proj" + nfc + "/new.md"} {
		if _, err := memfile.Write(ctx, root, p, []byte("# Cafe\n\nok\n"), memfile.WriteOptions{}); err != nil {
			t.Errorf("Write(%+q) = %v, want it written", p, err)
		}
	}
}

// TestWriteRefusesAnOtherScriptLookalike: a write of "\u0430pi.md" (its
// a Cyrillic) beside "api.md" made a second note every output showed
// under the first one's name. It is refused naming the one that exists,
// as a name composed otherwise is; a Russian name that reads as no other
// is written.
func TestWriteRefusesAnOtherScriptLookalike(t *testing.T) {
	ctx := context.Background()
	root := memweavetest.Workspace(t, map[string]string{"memory/api.md": "# API\n\nKey rotation on Mondays.\n", "memory/ops/x.md": "# X\n"})
	for _, p := range []string{"\u0430pi.md", "\u03bfps/new.md"} {
		_, err := memfile.Write(ctx, root, p, []byte("# API\n\nKey rotation on Fridays.\n"), memfile.WriteOptions{})
		if !errors.Is(err, workspace.ErrLookalikeName) || !strings.Contains(err.Error(), "another script") {
			t.Errorf("Write(%+q) beside api.md and ops/ = %v, want ErrLookalikeName naming the one that exists", p, err)
		}
	}
	// "API.md" is a case twin: TestWriteRefusesACaseTwin.
	for _, p := range []string{"\u043f\u0440\u0438\u0432\u0435\u0442.md", "APIS.md"} {
		if _, err := memfile.Write(ctx, root, p, []byte("# Hi\n"), memfile.WriteOptions{}); err != nil {
			t.Errorf("Write(%+q) = %v, want it written", p, err)
		}
	}
}
