package gitsync_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/gitsync"
)

// TestSyncRefusedLeavesTheIndexAsItWas: a sync that refuses this
// machine's own note over the size limit commits nothing and leaves the
// user's git index as it found it: the refused note is not left staged,
// a note the user staged stays staged as the user staged it, and so does
// their work outside memory/.
func TestSyncRefusedLeavesTheIndexAsItWas(t *testing.T) {
	t.Parallel()
	bare := remote(t)
	a := clone(t, bare, "a")
	write(t, a, "memory/staged.md", "# Staged\n\nThe version the user staged.\n")
	write(t, a, "todo.txt", "the user's own work\n")
	run(t, a, "add", "memory/staged.md", "todo.txt")
	write(t, a, "memory/staged.md", "# Staged\n\nA later edit, not staged.\n")
	before := run(t, a, "ls-files", "-s")
	write(t, a, "memory/big.md", strings.Repeat("a line of a note too large to share.\n", 40))
	_, err := gitsync.Sync(context.Background(), a, gitsync.Options{Host: "a", MaxBlobBytes: 1000})
	if !errors.Is(err, gitsync.ErrRefused) || !strings.Contains(err.Error(), "memory/big.md") {
		t.Fatalf("Sync with memory/big.md over the limit = %v, want ErrRefused naming it", err)
	}
	if got := run(t, a, "ls-files", "-s"); got != before {
		t.Errorf("git index after the refused sync:\n%s\nwant it as before:\n%s", got, before)
	}
	if got := run(t, a, "diff", "--cached", "--name-only"); got != "memory/staged.md\ntodo.txt" {
		t.Errorf("staged after the refused sync: %q, want the user's memory/staged.md and todo.txt alone", got)
	}
}

// A refusal of this machine's own note over the size limit says what to
// do, not only which file: move it out of memory/, or git-ignore it to
// keep it on this machine. The advice works: once the note is ignored,
// the sync shares the rest.
func TestSyncRefusalOfABigNoteSaysWhatToDo(t *testing.T) {
	t.Parallel()
	bare := remote(t)
	a := clone(t, bare, "a")
	write(t, a, "memory/small.md", "# Small\n\nA note to share.\n")
	write(t, a, "memory/big.md", strings.Repeat("a line of a note too large to share.\n", 40))
	opts := gitsync.Options{Host: "a", MaxBlobBytes: 1000}
	_, err := gitsync.Sync(context.Background(), a, opts)
	if !errors.Is(err, gitsync.ErrRefused) || !strings.Contains(err.Error(), "move it out of memory/") || !strings.Contains(err.Error(), "/memory/big.md") {
		t.Fatalf("Sync with memory/big.md over the limit = %v, want ErrRefused saying to move it out of memory/ or git-ignore it (/memory/big.md)", err)
	}
	write(t, a, ".gitignore", "/memory/big.md\n")
	if _, err := gitsync.Sync(context.Background(), a, opts); err != nil {
		t.Fatalf("Sync with memory/big.md git-ignored = %v, want the rest shared", err)
	}
	if got := run(t, a, "ls-tree", "-r", "--name-only", "origin/HEAD"); !strings.Contains(got, "memory/small.md") || strings.Contains(got, "big.md") {
		t.Errorf("the remote's tree after the sync = %q, want memory/small.md and no big.md", got)
	}
}
