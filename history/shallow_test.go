package history_test

import (
	"context"
	"errors"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/history"
	"github.com/memweave/memweave-go/memweavetest"
)

// In a shallow clone a revision older than its history names no commit
// there; the error says so and how to bring the history, instead of
// letting the user think the tag or commit does not exist.
func TestResolveShallowClone(t *testing.T) {
	ctx := context.Background()
	dir, run := repo(t)
	memweavetest.WriteFile(t, dir, "memory/a.md", "# A\n\nold\n")
	run("add", "-A")
	run("commit", "-q", "-m", "one")
	run("tag", "v1")
	memweavetest.WriteFile(t, dir, "memory/a.md", "# A\n\nnew\n")
	run("commit", "-q", "-am", "two")
	clone := filepath.Join(t.TempDir(), "clone")
	cmd := exec.Command("git", "clone", "-q", "--depth", "1", "--no-tags", "file://"+dir, clone)
	cmd.Env = append(cmd.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git clone --depth 1: %v\n%s", err, out)
	}
	if _, err := history.Resolve(ctx, clone, "HEAD"); err != nil {
		t.Fatalf("Resolve(HEAD) in the shallow clone: %v", err)
	}
	for _, rev := range []string{"HEAD~1", "v1"} {
		_, err := history.Resolve(ctx, clone, rev)
		if !errors.Is(err, history.ErrBadRevision) || !strings.Contains(err.Error(), "shallow") || !strings.Contains(err.Error(), "git fetch --unshallow") {
			t.Errorf("Resolve(%q) in a shallow clone = %v; want ErrBadRevision saying the clone is shallow and how to fetch its history", rev, err)
		}
	}
	// A full repository says nothing of shallowness.
	if _, err := history.Resolve(ctx, dir, "nosuchtag"); err == nil || strings.Contains(err.Error(), "shallow") {
		t.Errorf("Resolve(nosuchtag) in a full repository = %v; want an error not speaking of a shallow clone", err)
	}
}
