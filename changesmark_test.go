package memweave_test

import (
	"context"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestChangesLeaveOutFrontMatter: Changes cuts notes as the index does,
// and the index keeps a valid front matter block in no chunk. A feedback
// mark, which writes only that block, used to be listed as an added
// chunk ("---\nfeedback:\n  p…: {useful: 1, useless: 0}\n---"), a memory
// the index never held, and the lines of the note's other chunks as
// moved; it changes no chunk, while an edit of the text still shows.
func TestChangesLeaveOutFrontMatter(t *testing.T) {
	ctx := context.Background()
	dir := memweavetest.Workspace(t, map[string]string{"memory/stack.md": "# Stack\n\nWe use Valkey instead of Redis.\n\n## Ops\n\nBackups run nightly at 02:00.\n"})
	run := gitRepo(t, dir)
	run("add", "-A")
	run("commit", "-q", "-m", "stack")
	w, err := memweave.Open(ctx, memweave.Config{Workspace: dir, Now: memweavetest.Clock()})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if _, err := w.Index(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := w.Feedback(ctx, "memory/stack.md", 7, true); err != nil {
		t.Fatal(err)
	}
	if got := memweavetest.ReadFile(t, dir, "memory/stack.md"); !strings.HasPrefix(got, "---\nfeedback:") {
		t.Fatalf("after Feedback the note reads %q, want a front matter block", got)
	}
	changes, err := w.Changes(ctx, "HEAD", "")
	if err != nil {
		t.Fatal(err)
	}
	if len(changes.Changes) != 0 {
		t.Errorf("Changes(HEAD, working tree) after a feedback mark = %+v, want none", changes.Changes)
	}
	run("commit", "-q", "-am", "mark")
	memweavetest.WriteFile(t, dir, "memory/stack.md", strings.Replace(memweavetest.ReadFile(t, dir, "memory/stack.md"), "02:00", "03:00", 1))
	changes, err = w.Changes(ctx, "HEAD", "")
	if err != nil {
		t.Fatal(err)
	}
	if len(changes.Changes) != 1 || changes.Changes[0].Kind != "changed" || changes.Changes[0].New == nil || !strings.Contains(changes.Changes[0].New.Text, "03:00") {
		t.Errorf("Changes(HEAD, working tree) after an edit = %+v, want the Ops chunk changed", changes.Changes)
	}
}
