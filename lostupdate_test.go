package memweave_test

import (
	"os"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/curate"
	"github.com/memweave/memweave-go/internal/edithook"
	"github.com/memweave/memweave-go/memweavetest"
)

// editorSave returns a hook that, the first time it runs, appends line
// to the file the way an editor that does not take memweave's lock
// saves it: between the command's read and its rename.
func editorSave(tb testing.TB, line string) edithook.Func {
	return editorEdit(tb, func(old []byte) []byte { return append(old, line...) })
}

// editorEdit returns a hook that, the first time it runs, rewrites the
// file as edit makes its content, as an editor that does not take
// memweave's lock saves it: between the command's read and its rename.
func editorEdit(tb testing.TB, edit func(old []byte) []byte) edithook.Func {
	done := false
	return func(abs string) {
		if done {
			return
		}
		done = true
		old, err := os.ReadFile(abs)
		if err != nil {
			tb.Errorf("editor: %v", err)
			return
		}
		if err := os.WriteFile(abs, edit(old), 0o644); err != nil {
			tb.Errorf("editor: %v", err)
		}
	}
}

// TestFeedbackKeepsEditorSave: an editor's save landing between
// Feedback's read and its rename is kept, and the mark is added too.
func TestFeedbackKeepsEditorSave(t *testing.T) {
	note := "# Redis\n\nRedis caches the catalog API for five minutes.\n"
	root, w := openIndexed(t, map[string]string{"memory/a.md": note}, memweave.Config{})
	save := "\n# Saved in the editor\n\nThe catalog API moved to Rust.\n"
	ctx := edithook.With(t.Context(), editorSave(t, save))
	res, err := w.Feedback(ctx, "memory/a.md", 3, true)
	if err != nil {
		t.Fatalf("Feedback: %v", err)
	}
	key := curate.PassageKey([]string{"Redis"}, "# Redis\n\nRedis caches the catalog API for five minutes.")
	want := "---\nfeedback:\n  " + key + ": {useful: 1, useless: 0}\n---\n" + note + save
	if got := memweavetest.ReadFile(t, root, "memory/a.md"); got != want {
		t.Errorf("after Feedback with an editor's save in the window, the note is %q, want %q", got, want)
	}
	if res.Useful != 1 || res.StartLine != 5 {
		t.Errorf("Feedback = %+v, want 1 useful mark at line 5", res)
	}
	// The save is indexed too.
	if rs := mustSearch(t, w, "catalog API moved to Rust", memweave.MinScore(0)).Results; len(rs) == 0 || rs[0].Path != "memory/a.md" {
		t.Errorf("search for the editor's save = %v, want memory/a.md", distinctPaths(rs))
	}
}

// TestResolveKeepsEditorSave: an editor's save landing between Resolve's
// read of the dropped note and its rename is kept.
func TestResolveKeepsEditorSave(t *testing.T) {
	old := "# 2025-05-10\n\n- The staging database runs PostgreSQL 16.\n"
	root, w := openIndexed(t, map[string]string{
		"memory/2025-03-02.md": "# 2025-03-02\n\n- The staging database runs PostgreSQL 15.\n",
		"memory/2025-05-10.md": old,
	}, memweave.Config{MinScore: new(0.0)})
	save := "\n# Saved in the editor\n\nThe deploy freeze starts Friday.\n"
	ctx := edithook.With(t.Context(), editorSave(t, save))
	if _, err := w.Resolve(ctx, memweave.Ref{Path: "memory/2025-03-02.md", StartLine: 3}, memweave.Ref{Path: "memory/2025-05-10.md", StartLine: 3}, "rolled back"); err != nil {
		t.Fatalf("Resolve: %v", err)
	}
	got := memweavetest.ReadFile(t, root, "memory/2025-05-10.md")
	if !strings.Contains(got, save) || got == old+save || !strings.Contains(got, "rolled back") {
		t.Errorf("after Resolve with an editor's save in the window, the note is %q, want the save %q kept and the resolution added", got, save)
	}
}
