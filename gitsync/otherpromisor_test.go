package gitsync_test

import (
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/gitsync"
)

// partialOther makes, once, a remote that allows filters, a full clone
// a synced once, and a partial clone b of it (git clone
// --filter=blob:none; its promisor remote "origin") that syncs with the
// remote "team": the same repository under another name, not a
// promisor. With later true, b was cloned at the branch "later" (one
// commit over main, changing memory/notes/db.md), renamed main, with no
// upstream, and never synced: main's first note is not in b. It
// returns a function that gives each case a copy of the three, their
// remotes the copy's.
func partialOther(t *testing.T, later bool) func(*testing.T) (a, b string) {
	t.Helper()
	bare := remote(t)
	run(t, bare, "config", "uploadpack.allowFilter", "true")
	a := clone(t, bare, "a")
	sync(t, a, "a")
	b := filepath.Join(t.TempDir(), "b")
	if later {
		run(t, a, "checkout", "-q", "-b", "later")
		write(t, a, "memory/notes/db.md", "# DB\n\nPostgres 16.1, on later.\n")
		run(t, a, "commit", "-qam", "later")
		run(t, a, "push", "-q", "origin", "later")
		run(t, a, "checkout", "-q", "main")
		run(t, filepath.Dir(b), "clone", "-q", "--filter=blob:none", "-b", "later", "file://"+bare, b)
		run(t, b, "branch", "-q", "-m", "main")
		run(t, b, "branch", "-q", "--unset-upstream")
	} else {
		run(t, filepath.Dir(b), "clone", "-q", "--filter=blob:none", "file://"+bare, b)
	}
	if run(t, b, "config", "--get", "remote.origin.promisor") != "true" {
		t.Skip("this git made a full clone: no partial clone to test")
	}
	run(t, b, "remote", "add", "team", "file://"+bare)
	if !later {
		syncTeam(t, b)
	}
	return func(t *testing.T) (string, string) {
		t.Helper()
		to := filepath.Join(t.TempDir(), "remote.git")
		copyDir(t, bare, to)
		ca, cb := filepath.Join(t.TempDir(), "a"), filepath.Join(t.TempDir(), "b")
		copyDir(t, a, ca)
		copyDir(t, b, cb)
		run(t, ca, "remote", "set-url", "origin", to)
		run(t, cb, "remote", "set-url", "origin", "file://"+to)
		run(t, cb, "remote", "set-url", "team", "file://"+to)
		for _, w := range []string{ca, cb} {
			run(t, w, "update-index", "-q", "--refresh")
		}
		return ca, cb
	}
}

// syncTeam syncs b with the remote "team", failing the test on an
// error.
func syncTeam(t testing.TB, b string) {
	t.Helper()
	if _, err := gitsync.Sync(context.Background(), b, gitsync.Options{Host: "b", Remote: "team"}); err != nil {
		t.Fatalf("Sync(b, remote team): %v", err)
	}
}

// TestPartialCloneOfAnotherRemoteSyncs: a partial clone whose promisor
// remote ("origin") is not sync's ("team") lacks the notes of commits
// it fetched from origin (git fetch origin: commits and trees, no
// blobs), and sync's fetch from team brings none of them, its
// negotiation saying b has those commits. On main, sync prefetched only
// from its own remote when it was the promisor: the sync failed with
// history.ErrNotFetched until the user fetched the blobs. Family
// "tree": the notes of the fetched tree (added, changed, both changed,
// nested and deleted, the promisor unreachable). Family "base": the
// merge base's version of a note both sides changed, which b never had
// (cloned at a later commit of another branch), read by the merge,
// with sync's remote another one or the promisor itself. Cases copy one
// of two prepared sets of clones.
func TestPartialCloneOfAnotherRemoteSyncs(t *testing.T) {
	t.Parallel()
	type side func(t testing.TB, root string)
	writes := func(files map[string]string) side {
		return func(t testing.TB, root string) {
			for p, text := range files {
				if text == "" {
					run(t, root, "rm", "-q", p)
					continue
				}
				write(t, root, p, text)
			}
		}
	}
	cases := []struct {
		name   string
		later  bool   // partialOther's later
		remote string // b's sync remote
		other  map[string]string
		mine   map[string]string
		want   map[string]string // b's notes after its sync ("" absent)
	}{
		// tree, tune part.
		{"tree/added", false, "team", map[string]string{"memory/notes/new1.md": "one\n", "memory/notes/new2.md": "two\n"}, nil,
			map[string]string{"memory/notes/new1.md": "one\n", "memory/notes/new2.md": "two\n"}},
		{"tree/changed", false, "team", map[string]string{"memory/notes/db.md": "# DB\n\nPostgres 17.\n"}, nil,
			map[string]string{"memory/notes/db.md": "# DB\n\nPostgres 17.\n"}},
		// tree, check part.
		{"tree/bothchanged", false, "team", map[string]string{"memory/notes/db.md": "# DB\n\nPostgres 17, said a.\n"},
			map[string]string{"memory/notes/db.md": "# DB\n\nPostgres 16.4, said b.\n", "memory/notes/b.md": "b\n"},
			map[string]string{"memory/notes/b.md": "b\n"}},
		{"tree/nesteddeleted", false, "team", map[string]string{"memory/deep/er/x.md": "x\n", "memory/notes/db.md": ""}, nil,
			map[string]string{"memory/deep/er/x.md": "x\n", "memory/notes/db.md": ""}},
		{"tree/promisorgone", false, "team", map[string]string{"memory/notes/gone.md": "g\n"}, nil,
			map[string]string{"memory/notes/gone.md": "g\n"}},
		// base, tune part.
		{"base/team", true, "team", map[string]string{"memory/notes/db.md": "# DB\n\nPostgres 17, on main.\n"}, nil, nil},
		// base, check part.
		{"base/promisor", true, "origin", map[string]string{"memory/notes/db.md": "# DB\n\nPostgres 17, on main.\n"}, nil, nil},
		{"base/bothedited", true, "team", map[string]string{"memory/notes/db.md": "# DB\n\nPostgres 17, on main.\n\nMore.\n"},
			map[string]string{"memory/notes/db.md": "# DB\n\nPostgres 16.1, on later, edited by b.\n"}, nil},
	}
	fixtures := map[bool]func(*testing.T) (string, string){}
	for _, tt := range cases {
		if fixtures[tt.later] == nil {
			fixtures[tt.later] = partialOther(t, tt.later)
		}
	}
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			a, b := fixtures[tt.later](t)
			writes(tt.other)(t, a)
			sync(t, a, "a")
			if !tt.later {
				run(t, b, "fetch", "-q", "origin") // commits and trees, no blobs
			}
			if tt.name == "tree/promisorgone" {
				run(t, b, "remote", "set-url", "origin", "file://"+filepath.Join(t.TempDir(), "moved.git"))
			}
			writes(tt.mine)(t, b)
			res, err := gitsync.Sync(context.Background(), b, gitsync.Options{Host: "b", Remote: tt.remote})
			if err != nil {
				t.Fatalf("Sync(b, remote %s) = %v, want the notes synced", tt.remote, err)
			}
			for p, text := range tt.want {
				got, _ := run2(b, "show", "HEAD:"+p)
				if got != strings.TrimSuffix(text, "\n") {
					t.Errorf("%s at b's HEAD = %q, want %q", p, got, text)
				}
			}
			if tt.later {
				// The merge holds a's text (in the note or its conflict
				// copy) and, when b edited, b's.
				all := run(t, b, "grep", "-h", "Postgres", "HEAD", "--", "memory")
				if !strings.Contains(all, "on main") || tt.mine != nil && !strings.Contains(all, "edited by b") {
					t.Errorf("b's notes after the sync hold %q, want a's text and b's", all)
				}
			}
			if len(res.Conflicts) > 0 && tt.mine == nil && !tt.later {
				t.Errorf("Sync(b).Conflicts = %v, want none", res.Conflicts)
			}
		})
	}
}

// run2 runs git in dir and returns its trimmed output and error.
func run2(dir string, args ...string) (string, error) {
	out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).Output()
	return strings.TrimSpace(string(out)), err
}
