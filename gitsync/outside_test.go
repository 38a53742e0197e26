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

// TestSyncRemoteTouchesNothingOutsideMemory: a remote commit that deletes
// a tracked file outside memory/, or changes only its mode, is refused,
// naming the file, and the file stays as this machine has it.
func TestSyncRemoteTouchesNothingOutsideMemory(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		attack func(t testing.TB, attacker string)
	}{
		{"deletes README.md", func(t testing.TB, a string) {
			gitIn(t, a, nil, "rm", "-q", "README.md")
		}},
		{"deletes a folder of source", func(t testing.TB, a string) {
			gitIn(t, a, nil, "rm", "-rq", "src")
		}},
		{"makes run.sh executable", func(t testing.TB, a string) {
			gitIn(t, a, nil, "update-index", "--chmod=+x", "src/run.sh")
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			bare := remote(t)
			victim, attacker := clone(t, bare, "victim"), clone(t, bare, "attacker")
			write(t, victim, "README.md", "# project\n")
			write(t, victim, "src/run.sh", "echo hi\n")
			gitIn(t, victim, nil, "add", "README.md", "src/run.sh")
			gitIn(t, victim, nil, "commit", "-qm", "project files")
			gitIn(t, victim, nil, "push", "-q", "origin", "main")
			sync(t, victim, "victim")
			gitIn(t, attacker, nil, "pull", "-q", "origin", "main")
			tc.attack(t, attacker)
			write(t, attacker, "memory/other.md", "other\n")
			gitIn(t, attacker, nil, "add", "memory")
			gitIn(t, attacker, nil, "commit", "-qm", "hostile")
			gitIn(t, attacker, nil, "push", "-q", "origin", "main")

			head := gitIn(t, victim, nil, "rev-parse", "HEAD")
			_, err := gitsync.Sync(context.Background(), victim, gitsync.Options{Host: "victim"})
			if !errors.Is(err, gitsync.ErrRefused) {
				t.Errorf("Sync = %v, want ErrRefused", err)
			}
			if got := gitIn(t, victim, nil, "ls-files", "README.md"); got != "README.md" {
				t.Errorf("README.md is no longer tracked (ls-files = %q)", got)
			}
			if got := read(t, victim, "README.md"); got != "# project\n" {
				t.Errorf("README.md = %q", got)
			}
			fi, serr := os.Stat(filepath.Join(victim, "src/run.sh"))
			if serr != nil || fi.Mode().Perm()&0o111 != 0 {
				t.Errorf("src/run.sh after Sync: %v, %v; want it there, not executable", fi, serr)
			}
			if got := gitIn(t, victim, nil, "rev-parse", "HEAD"); got != head {
				t.Errorf("HEAD moved from %s to %s", head, got)
			}
			if err != nil && !strings.Contains(err.Error(), "README.md") && !strings.Contains(err.Error(), "src/") {
				t.Errorf("Sync = %v, want the error to name the file", err)
			}
		})
	}
}

// TestSyncLeavesStagedWorkOutsideMemory: what the user staged outside
// memory/ (a new file, a change, a deletion) is neither committed nor
// pushed nor unstaged by a sync, which still shares the notes both ways.
func TestSyncLeavesStagedWorkOutsideMemory(t *testing.T) {
	t.Parallel()
	bare, ws := projectAndTheirs(t, map[string]string{"README.md": "# project\n", "src/a.go": "package a\n"})

	write(t, ws, "todo.txt", "private todo\n")
	write(t, ws, "src/a.go", "package a // half done\n")
	gitIn(t, ws, nil, "add", "todo.txt", "src/a.go")
	gitIn(t, ws, nil, "rm", "-q", "README.md")
	staged := gitIn(t, ws, nil, "diff", "--cached", "--name-status", "HEAD")
	write(t, ws, "memory/mine.md", "mine\n")

	if _, err := gitsync.Sync(context.Background(), ws, gitsync.Options{Host: "ws"}); err != nil {
		t.Fatalf("Sync with staged work outside memory/ = %v", err)
	}
	tree := gitIn(t, bare, nil, "ls-tree", "-r", "--name-only", "main")
	for _, p := range []string{"README.md", "src/a.go", "memory/mine.md", "memory/theirs.md"} {
		if !strings.Contains(tree, p) {
			t.Errorf("the remote's tree lacks %s:\n%s", p, tree)
		}
	}
	if strings.Contains(tree, "todo.txt") {
		t.Errorf("sync pushed the staged todo.txt:\n%s", tree)
	}
	if got := gitIn(t, bare, nil, "show", "main:src/a.go"); got != "package a" {
		t.Errorf("the remote's src/a.go = %q, want the committed version", got)
	}
	if got := gitIn(t, ws, nil, "diff", "--cached", "--name-status", "HEAD"); got != staged {
		t.Errorf("staged after Sync:\n%s\nwant, as before:\n%s", got, staged)
	}
	if got := read(t, ws, "memory/theirs.md"); got != "theirs\n" {
		t.Errorf("theirs.md = %q", got)
	}
	if got := read(t, ws, "src/a.go"); got != "package a // half done\n" {
		t.Errorf("src/a.go = %q", got)
	}
}

// TestSyncBranchNamedLikeATag: a tag with the branch's name (which a
// plain git pull fetches from any remote) does not send the sync to
// another branch: the note is committed on the checked-out branch and
// pushed to the remote's branch of that name.
func TestSyncBranchNamedLikeATag(t *testing.T) {
	t.Parallel()
	bare := remote(t)
	ws, other := clone(t, bare, "ws"), clone(t, bare, "other")
	gitIn(t, ws, nil, "tag", "main")
	write(t, ws, "memory/mine.md", "mine\n")
	if _, err := gitsync.Sync(context.Background(), ws, gitsync.Options{Host: "ws"}); err != nil {
		t.Fatalf("Sync = %v", err)
	}
	if got := gitIn(t, ws, nil, "ls-tree", "--name-only", "HEAD", "memory/"); !strings.Contains(got, "memory/mine.md") {
		t.Errorf("HEAD's memory/ = %q, want mine.md committed on the checked-out branch", got)
	}
	if got := gitIn(t, bare, nil, "for-each-ref", "--format=%(refname)", "refs/heads/"); got != "refs/heads/main" {
		t.Errorf("the remote's branches = %q, want only refs/heads/main", got)
	}
	sync(t, other, "other")
	if got := read(t, other, "memory/mine.md"); got != "mine\n" {
		t.Errorf("the other machine's mine.md = %q", got)
	}
}

// TestSyncSaysWhichNotesGitIgnores: a note that git ignores (here through
// a memory/.gitignore a remote brought) is never shared; the sync says
// so, naming it, instead of leaving the machines apart in silence.
func TestSyncSaysWhichNotesGitIgnores(t *testing.T) {
	t.Parallel()
	bare := remote(t)
	ws, other := clone(t, bare, "ws"), clone(t, bare, "other")
	write(t, other, "memory/.gitignore", "drafts/\n*.draft.md\n")
	sync(t, other, "other")
	sync(t, ws, "ws")
	write(t, ws, "memory/plan.draft.md", "the plan\n")
	write(t, ws, "memory/drafts/idea.md", "an idea\n")
	write(t, ws, "memory/shared.md", "shared\n")
	res := sync(t, ws, "ws")
	all := strings.Join(res.Warnings, "\n")
	for _, p := range []string{"memory/plan.draft.md", "memory/drafts/"} {
		if !strings.Contains(all, p) {
			t.Errorf("Sync warnings = %q, want them to name %s", res.Warnings, p)
		}
	}
	if strings.Contains(all, "shared.md") || strings.Contains(all, ".memweave-tmp") {
		t.Errorf("Sync warnings = %q, name a note that is shared or memweave's temporary folder", res.Warnings)
	}
}

// TestSyncWithLocalCommitsOutsideMemory: this machine's own commits
// outside memory/ (a new file, a changed one, not pushed yet) are not
// taken for the remote's changes there: the remote's notes come in.
func TestSyncWithLocalCommitsOutsideMemory(t *testing.T) {
	t.Parallel()
	_, ws := projectAndTheirs(t, map[string]string{"README.md": "# project\n"})

	write(t, ws, "README.md", "# project, edited here\n")
	write(t, ws, "src/new.go", "package src\n")
	gitIn(t, ws, nil, "add", "README.md", "src/new.go")
	gitIn(t, ws, nil, "commit", "-qm", "local work")
	if _, err := gitsync.Sync(context.Background(), ws, gitsync.Options{Host: "ws"}); err != nil {
		t.Fatalf("Sync with local commits outside memory/ = %v", err)
	}
	if got := read(t, ws, "memory/theirs.md"); got != "theirs\n" {
		t.Errorf("theirs.md = %q", got)
	}
	if got := read(t, ws, "README.md"); got != "# project, edited here\n" {
		t.Errorf("README.md = %q", got)
	}
}

// projectAndTheirs makes a remote, bare, and two synced clones of it,
// ws and another, whose history holds files outside memory/ (committed
// and pushed from ws before the other clone); then the other clone shares a note,
// memory/theirs.md, that ws has not fetched yet.
func projectAndTheirs(t *testing.T, files map[string]string) (bare, ws string) {
	t.Helper()
	bare = remote(t)
	ws = clone(t, bare, "ws")
	var names []string
	for name, text := range files {
		write(t, ws, name, text)
		names = append(names, name)
	}
	gitIn(t, ws, nil, append([]string{"add"}, names...)...)
	gitIn(t, ws, nil, "commit", "-qm", "project files")
	gitIn(t, ws, nil, "push", "-q", "origin", "main")
	sync(t, ws, "ws")
	// Cloned after the push: a clone's first sync refuses files added
	// outside memory/ since the clone, as any later sync does.
	other := clone(t, bare, "other")
	sync(t, other, "other")
	write(t, other, "memory/theirs.md", "theirs\n")
	sync(t, other, "other")
	return bare, ws
}
