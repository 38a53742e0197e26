package gitsync_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/gitsync"
)

// TestSyncDeletesNoWholeMemory: a memory/ folder left empty on one
// machine (a mount that failed, a folder swapped for a new one) would
// make its sync delete every note, and every other machine's sync would
// then delete them too. Sync refuses, saying how to delete them all on
// purpose; once the user commits that, sync shares it. (Deleting the
// last note alone is still shared: TestSyncConflictFamilies.)
func TestSyncDeletesNoWholeMemory(t *testing.T) {
	t.Parallel()
	bare := remote(t)
	a := clone(t, bare, "a")
	write(t, a, "memory/notes/cache.md", "# Cache\n\nRedis 7.\n")
	sync(t, a, "a")
	if err := os.RemoveAll(filepath.Join(a, "memory")); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(a, "memory"), 0o755); err != nil {
		t.Fatal(err)
	}
	before := run(t, bare, "rev-parse", "main")
	_, err := gitsync.Sync(context.Background(), a, gitsync.Options{Host: "a"})
	if !errors.Is(err, gitsync.ErrRefused) || !strings.Contains(err.Error(), "git rm") {
		t.Errorf("Sync with an empty memory/ = %v, want ErrRefused saying how to delete every note on purpose", err)
	}
	if got := run(t, bare, "rev-parse", "main"); got != before {
		t.Errorf("the remote moved: %s", run(t, bare, "show", "--stat", "main"))
	}
	run(t, a, "rm", "-r", "-q", "--cached", "memory")
	run(t, a, "commit", "-qm", "delete every note")
	if _, err := gitsync.Sync(context.Background(), a, gitsync.Options{Host: "a"}); err != nil {
		t.Fatalf("Sync after the user committed the deletion = %v", err)
	}
	if got := run(t, bare, "ls-tree", "-r", "--name-only", "main", "--", "memory"); got != "" {
		t.Errorf("the remote's memory/ = %q, want empty", got)
	}
}
