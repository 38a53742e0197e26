package memweave_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/frontmatter"
	"github.com/memweave/memweave-go/internal/edithook"
	"github.com/memweave/memweave-go/memweavetest"
)

// hostileNotes are notes whose front matter is far over its budget: 80k
// tags, 60k feedback keys.
func hostileNotes() map[string]string {
	var tags, fb strings.Builder
	tags.WriteString("---\ntags:\n")
	for i := range 80000 {
		fmt.Fprintf(&tags, "  - tag%d\n", i)
	}
	tags.WriteString("---\n# Tags\n\nThe ORCHID-77 rollout note.\n")
	fb.WriteString("---\ntitle: big\nfeedback:\n")
	for i := range 60000 {
		fmt.Fprintf(&fb, "  p%08x: {useful: 1, useless: 0}\n", i)
	}
	fb.WriteString("---\n# Feedback\n\nThe LARCH-12 rollback note.\n")
	return map[string]string{"memory/tags.md": tags.String(), "memory/feedback.md": fb.String()}
}

// TestHostileFrontMatter: notes over the front matter budget keep their
// text indexed, their front matter ignored with a warning naming file
// and line, and feedback on them is refused naming file and line.
func TestHostileFrontMatter(t *testing.T) {
	root := memweavetest.Workspace(t, hostileNotes())
	w := open(t, root, memweave.Config{})
	res := mustIndex(t, w)
	for _, want := range []string{"memory/tags.md:1: ", "memory/feedback.md:1: "} {
		found := false
		for _, wn := range res.Warnings {
			if strings.HasPrefix(wn.Error(), want) && errors.Is(wn, frontmatter.ErrTooLarge) {
				found = true
			}
		}
		if !found {
			t.Errorf("Index warnings = %v, want one starting %q wrapping ErrTooLarge", res.Warnings, want)
		}
	}
	for q, path := range map[string]string{"ORCHID-77 rollout": "memory/tags.md", "LARCH-12 rollback": "memory/feedback.md"} {
		rs := mustSearch(t, w, q, memweave.MinScore(0)).Results
		if len(rs) == 0 || rs[0].Path != path {
			t.Fatalf("Search(%q) = %v, want %s first", q, distinctPaths(rs), path)
		}
		if strings.Contains(rs[0].Text, "tag1\n") || strings.Contains(rs[0].Text, "useful") {
			t.Errorf("Search(%q) found the front matter as text: %.80q", q, rs[0].Text)
		}
	}
	before := memweavetest.ReadFile(t, root, "memory/feedback.md")
	_, err := w.Feedback(t.Context(), "memory/feedback.md", 60005, true)
	if !errors.Is(err, frontmatter.ErrTooLarge) || !strings.Contains(err.Error(), "memory/feedback.md: line 1: ") {
		t.Errorf("Feedback on 60k keys = %v, want ErrTooLarge naming memory/feedback.md line 1", err)
	}
	if memweavetest.ReadFile(t, root, "memory/feedback.md") != before {
		t.Error("a refused Feedback changed the note")
	}
}

// TestFeedbackKeepsNoWriterWaiting: while Feedback computes its edit of
// a note with a large front matter, an Append (another note stored and
// indexed) finishes: the edit holds no lock until its check. The append
// runs in the edit's window and must finish before the edit goes on; if
// it waited on the edit, it would wait for good and the deadline would
// fail it.
func TestFeedbackKeepsNoWriterWaiting(t *testing.T) {
	var fb strings.Builder
	fb.WriteString("---\nfeedback:\n")
	for i := range frontmatter.MaxEntries / 2 {
		fmt.Fprintf(&fb, "  p%08x: {useful: 1, useless: 0}\n", i)
	}
	fb.WriteString("---\n# Big\n\nThe LARCH-12 rollback note.\n")
	_, w := openIndexed(t, map[string]string{"memory/big.md": fb.String()}, memweave.Config{})
	var appendErr error
	appended := false
	hook := func(string) {
		if appended {
			return
		}
		appended = true
		ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
		defer cancel()
		_, appendErr = w.Append(ctx, "Appended while feedback was being computed.")
	}
	res, err := w.Feedback(edithook.With(t.Context(), hook), "memory/big.md", frontmatter.MaxEntries/2+5, true)
	if err != nil {
		t.Fatalf("Feedback: %v", err)
	}
	if !appended || appendErr != nil {
		t.Fatalf("Append in Feedback's window: ran %v, error %v; want it done", appended, appendErr)
	}
	if res.Useful != 1 {
		t.Errorf("Feedback = %+v, want 1 useful mark", res)
	}
	if rs := mustSearch(t, w, "Appended while feedback", memweave.MinScore(0)).Results; len(rs) == 0 {
		t.Error("the note appended meanwhile is not found")
	}
}

// TestFeedbackRefusesUnsafeEdit: a note whose fields the mark cannot be
// added to without changing them (one flow mapping) is left as it was,
// and the error names the file and line.
func TestFeedbackRefusesUnsafeEdit(t *testing.T) {
	note := "---\n{title: Cache, pinned: true}\n---\n# Redis\n\nRedis caches the catalog API.\n"
	root, w := openIndexed(t, map[string]string{"memory/a.md": note}, memweave.Config{})
	_, err := w.Feedback(t.Context(), "memory/a.md", 6, true)
	if !errors.Is(err, frontmatter.ErrUnsafeEdit) || !strings.Contains(err.Error(), "memory/a.md: line 2: ") {
		t.Errorf("Feedback over a flow mapping = %v, want ErrUnsafeEdit naming memory/a.md line 2", err)
	}
	if got := memweavetest.ReadFile(t, root, "memory/a.md"); got != note {
		t.Errorf("the refused note is now %q", got)
	}
}
