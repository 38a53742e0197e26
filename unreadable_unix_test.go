//go:build unix

package memweave_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestOneShotSearchWarnsOfUnreadableNote: a note rewritten and made
// unreadable by another program (another user's tool writing it with
// mode 0600) keeps its passages as last indexed, since the files decide
// and this one cannot be read. A one-shot search (the CLI's) still finds
// them; it must say the note could not be read, as an index run and a
// long-lived Weave's watcher do, rather than serve the old text as fresh.
func TestOneShotSearchWarnsOfUnreadableNote(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root reads a file of mode 0")
	}
	w := openWithLockedNote(t, "# Locked\n\nThe papaya crate.\n")
	resp := mustSearch(t, w, "mango")
	var warned bool
	for _, wn := range resp.Warnings {
		warned = warned || wn.Path == "memory/locked.md" && errors.Is(wn, fs.ErrPermission)
	}
	if !warned {
		t.Errorf("search results %v, warnings %q: want a warning that memory/locked.md cannot be read", paths(resp.Results), resp.Warnings)
	}
}

// openWithLockedNote indexes memory/locked.md and memory/open.md (both
// about mangos) in a fresh workspace, then rewrites locked.md with text
// and mode 0, as another user's program would, and returns a one-shot
// Weave opened over it.
func openWithLockedNote(t *testing.T, text string) *memweave.Weave {
	t.Helper()
	root := memweavetest.Workspace(t, map[string]string{
		"memory/locked.md": "# Locked\n\nThe mango crate.\n",
		"memory/open.md":   "# Open\n\nThe mango tree.\n",
	})
	cfg := memweave.Config{DBPath: filepath.Join(t.TempDir(), "index.db"), OneShot: true}
	w := open(t, root, cfg)
	mustIndex(t, w)
	w.Close()
	locked := filepath.Join(root, "memory", "locked.md")
	memweavetest.WriteFile(t, root, "memory/locked.md", text)
	if err := os.Chmod(locked, 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(locked, 0o644) })
	w = open(t, root, cfg)
	return w
}

// TestOneShotSearchNoteSwappedForFIFO: a note replaced by a FIFO is not
// a note any more; its passages are removed, so no warning may say they
// are still searched as last indexed.
func TestOneShotSearchNoteSwappedForFIFO(t *testing.T) {
	root := memweavetest.Workspace(t, map[string]string{
		"memory/f.md": "# F\n\nThe falcon fifo.\n",
		"memory/g.md": "# G\n\nThe falcon glove.\n",
	})
	cfg := memweave.Config{DBPath: filepath.Join(t.TempDir(), "index.db"), OneShot: true}
	w := open(t, root, cfg)
	mustIndex(t, w)
	w.Close()
	f := filepath.Join(root, "memory", "f.md")
	if err := os.Remove(f); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(f, 0o644); err != nil {
		t.Skip(err)
	}
	w = open(t, root, cfg)
	resp := mustSearch(t, w, "falcon")
	if got := paths(resp.Results); !slices.Equal(got, []string{"memory/g.md"}) {
		t.Errorf("search falcon = %v, want only memory/g.md", got)
	}
	for _, wn := range resp.Warnings {
		if strings.Contains(wn.Error(), "as it was when last indexed") {
			t.Errorf("warning %q about a note whose passages were removed", wn)
		}
	}
}
