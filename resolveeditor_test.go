package memweave_test

import (
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/internal/edithook"
	"github.com/memweave/memweave-go/memweavetest"
)

// editorPrepend returns a hook that, the first time it runs, writes
// line before the file's first line, as an editor that does not take
// memweave's lock saves it: between the command's read and its rename.
func editorPrepend(tb testing.TB, line string) edithook.Func {
	return editorEdit(tb, func(old []byte) []byte { return append([]byte(line), old...) })
}

// TestResolveByLineRefusesEditorSave: a resolution naming the dropped
// lines by number alone (the CLI's --drop PATH:LINE without --drop-text)
// was redone on an editor's save that landed between its read and its
// rename; the save moved the lines, so the marker superseded whatever
// stood at that number now. Without the lines' text nothing tells the
// lines that moved from the ones named, so such a save now refuses the
// resolution, and the save is kept.
func TestResolveByLineRefusesEditorSave(t *testing.T) {
	drop := "# 2025-03-02\n\n- The staging database runs PostgreSQL 15.\n\n- The billing service runs on three nodes.\n"
	root := memweavetest.Workspace(t, map[string]string{
		"memory/2025-03-02.md": drop,
		"memory/stack.md":      "# Stack\n\n- The staging database runs PostgreSQL 16.\n",
	})
	w := open(t, root, memweave.Config{})
	save := "Saved in the editor.\n\n"
	ctx := edithook.With(t.Context(), editorPrepend(t, save))
	res, err := w.Resolve(ctx, memweave.Ref{Path: "memory/stack.md", StartLine: 3}, memweave.Ref{Path: "memory/2025-03-02.md", StartLine: 3}, "upgraded")
	got := memweavetest.ReadFile(t, root, "memory/2025-03-02.md")
	if err == nil {
		t.Errorf("Resolve by line with an editor's save in the window = %+v, <nil>; want refused. The note:\n%s", res, got)
	}
	if got != save+drop {
		t.Errorf("memory/2025-03-02.md = %q, want the editor's save alone, %q", got, save+drop)
	}
	// With the line's text, the moved line is found and resolved.
	ctx = edithook.With(t.Context(), editorPrepend(t, save))
	res, err = w.Resolve(ctx, memweave.Ref{Path: "memory/stack.md", StartLine: 3, Text: "- The staging database runs PostgreSQL 16."},
		memweave.Ref{Path: "memory/2025-03-02.md", StartLine: 5, Text: "- The staging database runs PostgreSQL 15."}, "upgraded")
	if err != nil || !strings.Contains(memweavetest.ReadFile(t, root, "memory/2025-03-02.md"), "PostgreSQL 15.\n  > Superseded") {
		t.Errorf("Resolve by text with an editor's save in the window = %+v, %v; want the moved line resolved:\n%s", res, err, memweavetest.ReadFile(t, root, "memory/2025-03-02.md"))
	}
}

// TestFeedbackByLineRefusesEditorSave: feedback naming its passage by a
// line alone (the CLI without --passage) was redone on an editor's save
// that landed between its read and its rename; the save moved the
// passages, so the mark went to whichever passage held that line now.
// Such a save, changing a line at or above it, now refuses the feedback
// and keeps the save.
func TestFeedbackByLineRefusesEditorSave(t *testing.T) {
	note := "# Redis\n\nRedis caches the catalog API for five minutes.\n\n# Kafka\n\nKafka keeps the order events for seven days.\n"
	root, w := openIndexed(t, map[string]string{"memory/a.md": note}, memweave.Config{})
	save := "# Postgres\n\nPostgres holds the orders.\n\n"
	ctx := edithook.With(t.Context(), editorPrepend(t, save))
	res, err := w.Feedback(ctx, "memory/a.md", 7, true)
	if got := memweavetest.ReadFile(t, root, "memory/a.md"); err == nil || got != save+note {
		t.Errorf("Feedback(memory/a.md:7) with an editor's save above it in the window = %+v, %v; want refused and the save alone kept; the note:\n%s", res, err, got)
	}
}
