package history_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/chunker"
	"github.com/memweave/memweave-go/history"
)

// TestTreeLimitCountsDistinctBlobs: 20 distinct notes of 64 KiB (zeros
// after a first line, a few hundred bytes each in git) are 1.25 MiB of
// notes: over a 1 MiB tree limit, CheckOut writes nothing and
// Changes reads nothing, from either side, naming the revision, the
// total and the limit; under it, both work.
func TestTreeLimitCountsDistinctBlobs(t *testing.T) {
	ctx := context.Background()
	dir, run := repo(t)
	if err := os.MkdirAll(filepath.Join(dir, "memory"), 0o755); err != nil {
		t.Fatal(err)
	}
	run("commit", "-q", "--allow-empty", "-m", "empty")
	for i := range 20 {
		note := fmt.Sprintf("# Note %d\n%s", i, strings.Repeat("\x00", 64<<10-len(fmt.Sprintf("# Note %d\n", i))))
		if err := os.WriteFile(filepath.Join(dir, "memory", fmt.Sprintf("n%02d.md", i)), []byte(note), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run("add", "memory")
	run("commit", "-q", "-m", "big")
	run("tag", "big")
	lim := history.Limits{FileBytes: 16 << 20, TreeBytes: 1 << 20}
	want := []string{fmt.Sprint(20 * 64 << 10), fmt.Sprint(1 << 20), "20 files"}
	check := func(what, rev string, err error) {
		t.Helper()
		if !errors.Is(err, history.ErrTreeTooLarge) {
			t.Fatalf("%s = %v, want ErrTreeTooLarge", what, err)
		}
		for _, s := range append(want, rev) {
			if !strings.Contains(err.Error(), s) {
				t.Errorf("%s error %q does not name %q", what, err, s)
			}
		}
	}
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	_, err := checkOut(t, dir, run("rev-parse", "big"), lim)
	check("CheckOut", run("rev-parse", "--short=12", "big"), err)
	if names, _ := filepath.Glob(filepath.Join(tmp, "*")); len(names) != 0 {
		t.Errorf("CheckOut left %v", names)
	}
	_, err = history.Changes(ctx, dir, "HEAD~1", "big", chunker.Options{}, lim, history.Page{})
	check("Changes(HEAD~1, big)", "big", err)
	_, err = history.Changes(ctx, dir, "big", "HEAD~1", chunker.Options{}, lim, history.Page{})
	check("Changes(big, HEAD~1)", "big", err)

	lim.TreeBytes = 20 * 64 << 10
	co, err := checkOut(t, dir, run("rev-parse", "big"), lim)
	if err != nil || co.Files != 20 {
		t.Errorf("CheckOut at the limit = %+v, %v; want 20 files", co, err)
	}
	if _, err := history.Changes(ctx, dir, "HEAD~1", "big", chunker.Options{}, lim, history.Page{}); err != nil {
		t.Errorf("Changes at the limit: %v", err)
	}
}

// TestTreeLimitCountsEmptyNotes: a tree of many empty notes (one empty
// blob under 300 names; a tree of a million packs into a few megabytes)
// holds no bytes, yet each is a file to write, list and index: each
// counts as a block of the file system, so 300 of them are over a
// 1 MiB limit.
func TestTreeLimitCountsEmptyNotes(t *testing.T) {
	dir, run := repo(t)
	empty := run("hash-object", "-w", "/dev/null")
	var idx strings.Builder
	for i := range 300 {
		fmt.Fprintf(&idx, "100644 %s\tmemory/e%03d.md\n", empty, i)
	}
	cmd := exec.Command("git", "-C", dir, "update-index", "--add", "--index-info")
	cmd.Stdin = strings.NewReader(idx.String())
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("update-index: %v\n%s", err, out)
	}
	commit := run("commit-tree", run("write-tree"), "-m", "empty notes")
	_, err := checkOut(t, dir, commit, history.Limits{TreeBytes: 1 << 20})
	if !errors.Is(err, history.ErrTreeTooLarge) || !strings.Contains(err.Error(), "300 files") {
		t.Errorf("CheckOut of 300 empty notes = %v, want ErrTreeTooLarge naming 300 files", err)
	}
}
