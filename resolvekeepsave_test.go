package memweave_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/internal/edithook"
	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestResolveRereadsTheKeptNoteWhenRedone: Resolve read the kept line's
// note (another note than the dropped lines') once, before the write
// lock; when a save to both notes (an editor's save-all, a pull) landed
// between its read and its rename, the edit was redone on the dropped
// note's new content but wrote a marker naming the kept line as first
// read, a line the kept note no longer held, and said it kept it. The
// kept note is read again in each attempt, under the lock: a kept line
// changed since refuses the resolution and nothing is written.
func TestResolveRereadsTheKeptNoteWhenRedone(t *testing.T) {
	drop := "# 2025-03-02\n\n- The staging database runs PostgreSQL 15.\n"
	root := memweavetest.Workspace(t, map[string]string{
		"memory/2025-03-02.md": drop,
		"memory/stack.md":      "# Stack\n\n- The staging database runs PostgreSQL 16.\n",
	})
	w := open(t, root, memweave.Config{})
	saved := "# Stack\n\n- The staging database runs PostgreSQL 17.\n"
	done := false
	ctx := edithook.With(t.Context(), func(abs string) {
		if done {
			return
		}
		done = true
		for name, data := range map[string]string{"memory/stack.md": saved, "memory/2025-03-02.md": "Saved in the editor.\n\n" + drop} {
			if err := os.WriteFile(filepath.Join(root, name), []byte(data), 0o644); err != nil {
				t.Error(err)
			}
		}
	})
	res, err := w.Resolve(ctx, memweave.Ref{Path: "memory/stack.md", StartLine: 3, Text: "- The staging database runs PostgreSQL 16."},
		memweave.Ref{Path: "memory/2025-03-02.md", StartLine: 3, Text: "- The staging database runs PostgreSQL 15."}, "upgraded")
	got := memweavetest.ReadFile(t, root, "memory/2025-03-02.md")
	if err == nil || strings.Contains(got, "Superseded") {
		t.Fatalf("Resolve with the kept line changed by a save in the window = %+v, %v; want refused, nothing written. The dropped note:\n%s", res, err, got)
	}
	if !errors.Is(err, memfile.ErrChanged) && !strings.Contains(err.Error(), "memory/stack.md") {
		t.Errorf("error %q: want it to name memory/stack.md", err)
	}
}
