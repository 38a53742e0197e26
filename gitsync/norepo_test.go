package gitsync_test

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/gitsync"
)

// TestStatusOutsideAnyRepositoryRunsNoGit: a fresh memweave status reads
// the sync status, and in a folder that is no repository it started two
// git processes to learn so (their cost: docs/performance.md, "Stop 62,
// perf36"). With no .git and no HEAD in the workspace or above
// it, git has nowhere to find one: no git runs, and the answer is the
// same. Every place git could find a repository still asks git.
func TestStatusOutsideAnyRepositoryRunsNoGit(t *testing.T) {
	real, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git")
	}
	base := t.TempDir()
	for dir := base; ; dir = filepath.Dir(dir) {
		for _, name := range []string{".git", "HEAD"} {
			if _, err := os.Lstat(filepath.Join(dir, name)); err == nil {
				t.Skipf("%s holds %s: the temporary folders are inside a repository", dir, name)
			}
		}
		if filepath.Dir(dir) == dir {
			break
		}
	}
	log := logGit(t, real)
	plain := filepath.Join(base, "plain")
	inRepo := filepath.Join(base, "repo")
	nested := filepath.Join(inRepo, "notes")
	bareParent := filepath.Join(base, "bare.git")
	underBare := filepath.Join(bareParent, "ws")
	for _, d := range []string{plain, nested} {
		if err := os.MkdirAll(filepath.Join(d, "memory"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	run(t, inRepo, "init", "-q", "-b", "main")
	run(t, base, "init", "-q", "--bare", bareParent)
	if err := os.MkdirAll(filepath.Join(underBare, "memory"), 0o755); err != nil {
		t.Fatal(err)
	}
	gitfile := filepath.Join(base, "linked")
	if err := os.MkdirAll(filepath.Join(gitfile, "memory"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(gitfile, ".git"), []byte("gitdir: "+filepath.Join(inRepo, ".git")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	os.Remove(log)
	cases := []struct {
		name, dir string
		wantGit   bool
		want      error
	}{
		{"a folder in no repository", plain, false, gitsync.ErrNoRepository},
		{"a repository's top folder", inRepo, true, gitsync.ErrNoRemote},
		{"a folder inside a repository", nested, true, gitsync.ErrNoRepository},
		{"a folder inside a bare repository", underBare, true, nil},
		{"a folder whose .git is a file naming a repository", gitfile, true, gitsync.ErrNoRemote},
	}
	for _, c := range cases {
		_, err := gitsync.ReadStatus(context.Background(), c.dir, gitsync.Options{})
		data, _ := os.ReadFile(log)
		os.Remove(log)
		ran := strings.Count(string(data), "\n")
		if c.want != nil && !errors.Is(err, c.want) || c.want == nil && err == nil {
			t.Errorf("%s: ReadStatus = %v, want %v", c.name, err, c.want)
		}
		if ran > 0 != c.wantGit {
			t.Errorf("%s: ReadStatus ran git %d times (%q), want git run: %v", c.name, ran, data, c.wantGit)
		}
	}
}
