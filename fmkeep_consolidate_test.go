package memweave_test

import (
	"strings"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// A copy whose note holds nothing else but a front matter with fields
// memweave does not merge into the kept note (an author, a source) is
// removed from the note, and the note is kept with those fields: only a
// note left with blank lines and the fields merged or moot (tags,
// pinned, importance, feedback, expires, date) is deleted.
func TestConsolidateKeepsOtherFrontMatterOfEmptiedCopy(t *testing.T) {
	t.Parallel()
	dup := "The staging deploy runs every Tuesday at noon from the release branch and posts to the channel.\n"
	front := "---\nauthor: Bob\nsource: https://wiki.example.com/deploys\ntags: [ops]\n---\n"
	root, w := openIndexed(t, map[string]string{
		"memory/2026-11-01.md": front + dup,
		"memory/2026-11-02.md": "---\ntags: [ops]\npinned: true\n---\n" + dup,
		"memory/2026-11-20.md": dup,
	}, memweave.Config{})
	gs := listGroups(t, w)
	if len(gs) != 1 || len(gs[0].Duplicates) != 2 {
		t.Fatalf("groups = %+v, want one with two copies", gs)
	}
	res := applyGroups(t, w, gs)
	got := memweavetest.ReadFile(t, root, "memory/2026-11-01.md")
	if !strings.Contains(got, "author: Bob") || !strings.Contains(got, "source: https://wiki.example.com/deploys") || strings.Contains(got, "staging deploy") {
		t.Errorf("the copy with an author and a source after apply = %q, want its front matter kept and the copy removed (result %+v)", got, res)
	}
	if files := memoryFiles(t, root); strings.Contains(strings.Join(files, " "), "2026-11-02.md") {
		t.Errorf("files after apply = %q, want memory/2026-11-02.md (tags and pinned alone, merged) deleted", files)
	}
}
