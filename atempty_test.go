package memweave_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// A search at a revision whose memory/ held no notes (a commit from
// before the agent's memory was added, a branch of code only) answered
// "no results" as if the notes there said nothing of the query: the
// response gave no sign that there was nothing to search. It now warns
// that memory/ held no notes at that commit.
func TestSearchAtSaysMemoryWasEmpty(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	run := gitRepo(t, dir)
	memweavetest.WriteFile(t, dir, "README", "code only\n")
	run("add", "-A")
	run("commit", "-q", "-m", "code")
	memweavetest.WriteFile(t, dir, "memory/stack.md", "# Stack\n\nThe staging database runs PostgreSQL 16.\n")
	run("add", "-A")
	run("commit", "-q", "-m", "notes")
	w, err := memweave.Open(ctx, memweave.Config{Workspace: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	resp, err := w.SearchAt(ctx, "HEAD~1", "staging database")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(fmt.Sprint(resp.Warnings), "memory/ held no notes at "+resp.At[:12]) {
		t.Errorf("SearchAt(HEAD~1) = %d results, warnings %v; want one saying memory/ held no notes at %.12s", len(resp.Results), resp.Warnings, resp.At)
	}
	// Check: a revision with notes that do not answer says nothing of it.
	resp, err = w.SearchAt(ctx, "HEAD", "zanzibar lighthouse")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(fmt.Sprint(resp.Warnings), "held no notes") {
		t.Errorf("SearchAt(HEAD) warnings %v, want none of an empty memory/", resp.Warnings)
	}
}
