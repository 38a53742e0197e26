package gitsync_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/gitsync"
)

// TestSyncIgnoresGitVariablesNamingAnotherRepository: git reads
// GIT_DIR, GIT_WORK_TREE and GIT_INDEX_FILE from the environment before
// "-C dir", and a git hook of another project sets them (as does a shell
// that exported them): sync run there committed the workspace's notes
// into that project's repository and pushed them to its remote. The
// variables that name another repository, work tree, index or object
// store are left out of every git memweave runs: sync commits in the
// workspace's own repository and pushes to its remote.
func TestSyncIgnoresGitVariablesNamingAnotherRepository(t *testing.T) {
	for _, names := range [][]string{
		{"GIT_DIR"},
		{"GIT_DIR", "GIT_INDEX_FILE"},
		{"GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_COMMON_DIR", "GIT_NAMESPACE"},
	} {
		t.Run(strings.Join(names, ","), func(t *testing.T) { syncBesideAnotherRepository(t, names) })
	}
}

// syncBesideAnotherRepository syncs a workspace with the variables
// names set to another repository's, and checks that repository is
// left as it was and the notes reach the workspace's remote.
func syncBesideAnotherRepository(t *testing.T, names []string) {
	bare := remote(t)
	ws := clone(t, bare, "ws")
	write(t, ws, "memory/secret.md", "# Secret\n\nOnly for the memory remote.\n")
	proj := filepath.Join(t.TempDir(), "proj")
	run(t, filepath.Dir(proj), "init", "-q", "-b", "main", proj)
	write(t, proj, "README", "project\n")
	run(t, proj, "add", "README")
	run(t, proj, "commit", "-qm", "project")
	projBare := filepath.Join(t.TempDir(), "proj.git")
	run(t, proj, "init", "-q", "--bare", "-b", "main", projBare)
	run(t, proj, "remote", "add", "origin", projBare)
	run(t, proj, "push", "-q", "origin", "main")
	projHead := run(t, proj, "rev-parse", "HEAD")

	values := map[string]string{
		"GIT_DIR":              filepath.Join(proj, ".git"),
		"GIT_WORK_TREE":        proj,
		"GIT_INDEX_FILE":       filepath.Join(proj, ".git", "index"),
		"GIT_OBJECT_DIRECTORY": filepath.Join(proj, ".git", "objects"),
		"GIT_COMMON_DIR":       filepath.Join(proj, ".git"),
		"GIT_NAMESPACE":        "elsewhere",
	}
	for _, k := range names {
		t.Setenv(k, values[k])
	}
	res, err := gitsync.Sync(context.Background(), ws, gitsync.Options{Host: "ws"})
	for _, k := range names {
		os.Unsetenv(k) // t.Setenv puts them back after the test
	}
	if err != nil {
		t.Fatalf("Sync with %v naming %s: %v", names, proj, err)
	}
	if got := run(t, proj, "rev-parse", "HEAD"); got != projHead {
		t.Errorf("the project's HEAD moved from %s to %s: sync committed there (%+v)", projHead, got, res)
	}
	if got := run(t, projBare, "ls-tree", "-r", "--name-only", "main"); got != "README" {
		t.Errorf("the project's remote holds %q, want README alone: the notes were pushed there", got)
	}
	if got := run(t, proj, "ls-files"); got != "README" {
		t.Errorf("the project's index holds %q, want README alone", got)
	}
	if got := run(t, bare, "ls-tree", "-r", "--name-only", "main"); !strings.Contains(got, "memory/secret.md") {
		t.Errorf("the workspace's remote holds %q, want memory/secret.md pushed there (%+v)", got, res)
	}
}
