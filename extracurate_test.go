package memweave_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/curator"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestCurationOfAnExtraPathNoteSaysWhy: a search result from an approved
// extra path ("docs/d.md") given to feedback or resolve is refused with
// an error naming the note as one of an extra path and saying curation
// edits notes under memory/ only, not "no such file" for memory/docs/d.md;
// and it never edits memory/docs/d.md when that file also exists.
func TestCurationOfAnExtraPathNoteSaysWhy(t *testing.T) {
	isolateApprovals(t)
	root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\n\nalpha\n"})
	memweavetest.WriteFile(t, root, "docs/d.md", "# D\n\nKINGFISHER-3 in docs\n")
	w := open(t, root, memweave.Config{ExtraPaths: []string{"docs"}})
	defer w.Close()
	mustIndex(t, w)
	resp := mustSearch(t, w, "KINGFISHER-3")
	if len(resp.Results) == 0 || resp.Results[0].Path != "docs/d.md" {
		t.Fatalf("Search = %+v, want docs/d.md", resp.Results)
	}
	r := resp.Results[0]
	ctx := context.Background()
	_, err := w.Feedback(ctx, r.Path, r.StartLine, false)
	if !errors.Is(err, curator.ErrExtraPath) || !strings.Contains(err.Error(), "docs/d.md") || strings.Contains(err.Error(), "no such file") {
		t.Errorf("Feedback(%s) = %v; want ErrExtraPath naming docs/d.md", r.Path, err)
	}
	ref := memweave.Ref{Path: r.Path, StartLine: r.StartLine + 2}
	_, err = w.Resolve(ctx, memweave.Ref{Path: "memory/a.md", StartLine: 3}, ref, "test")
	if !errors.Is(err, curator.ErrExtraPath) {
		t.Errorf("Resolve(drop %s) = %v; want ErrExtraPath", r.Path, err)
	}
	// The same name under memory/ is another note: never edited for it.
	memweavetest.WriteFile(t, root, "memory/docs/d.md", "# D\n\nKINGFISHER-3 in memory\n")
	if _, err := w.Feedback(ctx, "docs/d.md", 3, false); !errors.Is(err, curator.ErrExtraPath) {
		t.Errorf("Feedback(docs/d.md) with memory/docs/d.md present = %v; want ErrExtraPath", err)
	}
	if data := memweavetest.ReadFile(t, root, "memory/docs/d.md"); strings.Contains(data, "feedback") {
		t.Errorf("memory/docs/d.md was marked for docs/d.md:\n%s", data)
	}
	if _, err := w.Feedback(ctx, "memory/docs/d.md", 3, true); err != nil {
		t.Errorf("Feedback(memory/docs/d.md) = %v", err)
	}
}
