package curator_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/memweave/memweave-go/curate"
	"github.com/memweave/memweave-go/curator"
	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/memweavetest"
	"github.com/memweave/memweave-go/search"
)

// notes are the notes of a new workspace holding files.
func notes(t *testing.T, files map[string]string) (*curator.Notes, string) {
	t.Helper()
	root := memweavetest.Workspace(t, files)
	return &curator.Notes{Dir: root, Now: func() time.Time { return memweavetest.Now }}, root
}

// Feedback files the mark under the key of the passage's first line,
// whichever line of the passage names it, and the passage moves down by
// the front matter block it adds.
func TestFeedback(t *testing.T) {
	t.Parallel()
	note := "# Redis\n\nRedis caches the catalog API for five minutes.\n"
	n, root := notes(t, map[string]string{"memory/a.md": note})
	// Line 3 names the passage before the block is added, line 5 after.
	for i, line := range []int{3, 5} {
		res, abs, err := n.Feedback(t.Context(), "memory/a.md", line, "", true, memfile.EditOptions{})
		if err != nil {
			t.Fatalf("Feedback(line %d): %v", line, err)
		}
		if res.Path != "memory/a.md" || res.Key != curate.PassageKey([]string{"Redis"}, "# Redis\n\nRedis caches the catalog API for five minutes.") || res.Useful != i+1 || res.StartLine != 5 || !strings.HasSuffix(abs, "a.md") {
			t.Errorf("Feedback(line %d) = %+v, %q; want %d useful under %s at line 5", line, res, abs, i+1, curate.PassageKey([]string{"Redis"}, "# Redis\n\nRedis caches the catalog API for five minutes."))
		}
	}
	if got := memweavetest.ReadFile(t, root, "memory/a.md"); !strings.HasSuffix(got, "---\n"+note) {
		t.Errorf("note = %q, want its text kept after the block", got)
	}
	if _, _, err := n.Feedback(t.Context(), "memory/a.md", 99, "", true, memfile.EditOptions{}); !errors.Is(err, curator.ErrNoPassage) {
		t.Errorf("Feedback past the end = %v, want ErrNoPassage", err)
	}
}

// Resolve refuses a kept line that names nothing, or is not one line of
// its note, and writes nothing then.
func TestResolveRefusesKeptLine(t *testing.T) {
	t.Parallel()
	log := "# Log\n\n- We run PostgreSQL 15.\n"
	stack := "---\ntags: [db]\n---\n# Stack\n\nWe run PostgreSQL 16.\n\nWe run PostgreSQL 16.\n"
	n, root := notes(t, map[string]string{"memory/log.md": log, "memory/stack.md": stack})
	drop := search.Ref{Path: "memory/log.md", StartLine: 3}
	for _, c := range []struct {
		line      int
		noPassage bool
	}{{0, true}, {2, true}, {99, true}, {5, true}, {6, false}} {
		_, _, err := n.Resolve(t.Context(), search.Ref{Path: "memory/stack.md", StartLine: c.line}, drop, "", memfile.EditOptions{})
		if err == nil || errors.Is(err, curator.ErrNoPassage) != c.noPassage {
			t.Errorf("Resolve(keep line %d) = %v, want an error (ErrNoPassage %v)", c.line, err, c.noPassage)
		}
	}
	if got := memweavetest.ReadFile(t, root, "memory/log.md"); got != log {
		t.Errorf("log after refusals = %q, want it unchanged", got)
	}
	res, _, err := n.Resolve(t.Context(), search.Ref{Path: "memory/stack.md", StartLine: 4}, drop, "upgraded", memfile.EditOptions{})
	if err != nil || res.MarkerLine != 4 || !strings.Contains(res.Line, "(2026-") {
		t.Errorf("Resolve = %+v, %v; want a marker dated today at line 4", res, err)
	}
}
