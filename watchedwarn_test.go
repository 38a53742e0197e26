package memweave_test

import (
	"fmt"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestWatchedSearchWarnsAsOneShot: a note that another program writes
// with invalid UTF-8 is indexed with a warning naming it, once. A
// long-lived Weave, which learns of the write from its watcher, must say
// it in the same words as a one-shot handle, which finds it by its stat
// scan: not the path twice.
func TestWatchedSearchWarnsAsOneShot(t *testing.T) {
	warnings := func(oneShot bool) []string {
		root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\n\nAlpha.\n"})
		w := open(t, root, memweave.Config{OneShot: oneShot})
		mustSearch(t, w, "alpha")
		memweavetest.WriteFile(t, root, "memory/bad.md", "# B\n\nThe tapir \xff note.\n")
		var out []string
		for _, wn := range mustSearch(t, w, "tapir").Warnings {
			out = append(out, wn.Error())
		}
		return out
	}
	want := warnings(true)
	if len(want) != 1 {
		t.Fatalf("one-shot search warnings = %q, want one", want)
	}
	if got := warnings(false); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("long-lived search warnings = %q, want %q as a one-shot search says it", got, want)
	}
}
