package gitsync_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/memweave/memweave-go/history"
)

// notesLacking reports which of texts no file under ws/memory holds
// (conflict copies included): what a sync lost.
func notesLacking(t testing.TB, ws string, texts ...string) []string {
	t.Helper()
	var all strings.Builder
	filepath.WalkDir(filepath.Join(ws, "memory"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			data, _ := os.ReadFile(p)
			all.Write(data)
			all.WriteByte(0)
		}
		return nil
	})
	var lost []string
	for _, s := range texts {
		if !strings.Contains(all.String(), s) {
			lost = append(lost, s)
		}
	}
	return lost
}

// TestSyncTeamFamilies: what two machines do to one memory between
// syncs, written before looking at how sync merges: each case's steps
// (machine a, then b, in the order given), then a, b and a sync again;
// both end on one tree, nothing outside memory/ changed, and every text
// either machine wrote is in a note or a conflict copy.
func TestSyncTeamFamilies(t *testing.T) {
	t.Parallel()
	const fm = "---\nfeedback:\n  p0000aaaa0000aaaa: {useful: 1, useless: 0}\n---\n# Stack\n\nPostgres 16 in staging.\n\nRedis 7 for the queue.\n"
	cases := []struct {
		name  string
		steps func(t testing.TB, a, b string)
		want  []string // texts that must survive
	}{
		// Tune.
		{"one contradiction resolved differently on each machine",
			func(t testing.TB, a, b string) {
				write(t, a, "memory/notes/db.md", "# DB\n\nPostgres 17.\n<!-- resolved by a: upgraded in May -->\n")
				sync(t, a, "a")
				write(t, b, "memory/notes/db.md", "# DB\n\nPostgres 16.\n<!-- resolved by b: staging stays on 16 -->\n")
				sync(t, b, "b")
			}, []string{"resolved by a", "resolved by b", "Postgres 17", "Postgres 16"}},
		{"a feedback mark added on both to one note, different passages",
			func(t testing.TB, a, b string) {
				write(t, a, "memory/stack.md", strings.Replace(fm, "---\n#", "  p1111bbbb1111bbbb: {useful: 1, useless: 0}\n---\n#", 1))
				sync(t, a, "a")
				write(t, b, "memory/stack.md", strings.Replace(fm, "---\n#", "  p2222cccc2222cccc: {useful: 0, useless: 1}\n---\n#", 1))
				sync(t, b, "b")
			}, []string{"p1111bbbb1111bbbb", "p2222cccc2222cccc", "Redis 7"}},
		// Check.
		{"consolidate --apply deleted a note here, edited there",
			func(t testing.TB, a, b string) {
				os.Remove(filepath.Join(a, "memory/notes/dup.md"))
				write(t, a, "memory/notes/db.md", "# DB\n\nPostgres 16.\n\nBackups nightly at 02:00.\n")
				sync(t, a, "a")
				write(t, b, "memory/notes/dup.md", "# Backups\n\nBackups nightly at 02:00.\nb's edit: and weekly to S3.\n")
				sync(t, b, "b")
			}, []string{"b's edit: and weekly to S3.", "Backups nightly"}},
		{"renamed here, appended to there",
			func(t testing.TB, a, b string) {
				if err := os.Rename(filepath.Join(a, "memory/notes/db.md"), filepath.Join(a, "memory/notes/database.md")); err != nil {
					t.Fatal(err)
				}
				sync(t, a, "a")
				write(t, b, "memory/notes/db.md", "# DB\n\nPostgres 16.\n- appended by b\n")
				sync(t, b, "b")
			}, []string{"appended by b", "Postgres 16"}},
		{"deleted and re-created with the same name here, edited there",
			func(t testing.TB, a, b string) {
				os.Remove(filepath.Join(a, "memory/notes/db.md"))
				sync(t, a, "a")
				write(t, a, "memory/notes/db.md", "# DB\n\nre-created by a.\n")
				sync(t, a, "a")
				write(t, b, "memory/notes/db.md", "# DB\n\nPostgres 16.\nb's edit of the old note.\n")
				sync(t, b, "b")
			}, []string{"re-created by a", "b's edit of the old note"}},
		{"deleted here, re-created with the same name there",
			func(t testing.TB, a, b string) {
				os.Remove(filepath.Join(a, "memory/notes/dup.md"))
				sync(t, a, "a")
				os.Remove(filepath.Join(b, "memory/notes/dup.md"))
				write(t, b, "memory/notes/dup.md", "# Backups\n\nre-created by b.\n")
				sync(t, b, "b")
			}, []string{"re-created by b"}},
		{"a feedback mark on one passage on both, counted differently",
			func(t testing.TB, a, b string) {
				write(t, a, "memory/stack.md", strings.Replace(fm, "{useful: 1, useless: 0}", "{useful: 2, useless: 0}", 1))
				sync(t, a, "a")
				write(t, b, "memory/stack.md", strings.Replace(fm, "{useful: 1, useless: 0}", "{useful: 1, useless: 1}", 1))
				sync(t, b, "b")
			}, []string{"{useful: 2, useless: 1}"}}, // each side's mark added: TestSyncMergesBothMachinesMetadata
	}
	clones := template(t, func(ws []string) {
		write(t, ws[0], "memory/notes/dup.md", "# Backups\n\nBackups nightly at 02:00.\n")
		write(t, ws[0], "memory/stack.md", fm)
		sync(t, ws[0], "a")
		sync(t, ws[1], "b")
	}, "a", "b")
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			ws := clones(t)
			a, b := ws[0], ws[1]
			tc.steps(t, a, b)
			sync(t, a, "a")
			sync(t, b, "b")
			sync(t, a, "a")
			sameTrees(t, a, b)
			for _, w := range []string{a, b} {
				if st := run(t, w, "status", "--porcelain", "--untracked-files=all"); st != "" {
					t.Errorf("%s: work tree differs from its commit: %s", filepath.Base(w), st)
				}
				if lost := notesLacking(t, w, tc.want...); len(lost) > 0 {
					t.Errorf("%s: no note holds %q", filepath.Base(w), lost)
				}
			}
		})
	}
}

// TestSyncShallowAndOtherDefaultBranch: a machine whose clone is shallow
// (git clone --depth 1: its history cut at the remote's tip) syncs after
// the other pushed several commits and after it edited a note the other
// changed too; and a remote whose default branch (its HEAD) is another
// than the one the clones follow: sync keeps to the configured branch
// and leaves the default one as it was.
func TestSyncShallowAndOtherDefaultBranch(t *testing.T) {
	t.Parallel()
	t.Run("shallow clone", func(t *testing.T) {
		t.Parallel()
		bare := remote(t)
		a := clone(t, bare, "a")
		sync(t, a, "a")
		b := filepath.Join(t.TempDir(), "b")
		run(t, filepath.Dir(b), "clone", "-q", "--depth", "1", "file://"+bare, b)
		for _, s := range []string{"one", "two", "three"} {
			write(t, a, "memory/notes/"+s+".md", "# "+s+"\n\nfrom a\n")
			sync(t, a, "a")
		}
		write(t, a, "memory/notes/db.md", "# DB\n\nPostgres 17, a.\n")
		sync(t, a, "a")
		write(t, b, "memory/notes/db.md", "# DB\n\nPostgres 18, b.\n")
		write(t, b, "memory/notes/b.md", "# B\n\nfrom the shallow clone\n")
		sync(t, b, "b")
		sync(t, a, "a")
		for _, w := range []string{a, b} {
			if lost := notesLacking(t, w, "Postgres 17, a.", "Postgres 18, b.", "from the shallow clone", "# three"); len(lost) > 0 {
				t.Errorf("%s: no note holds %q", filepath.Base(w), lost)
			}
		}
	})
	t.Run("the remote's default branch is another", func(t *testing.T) {
		t.Parallel()
		bare, a, b := syncedPair(t, "a", "b")
		run(t, a, "push", "-q", "origin", "HEAD:refs/heads/trunk")
		trunk := run(t, bare, "rev-parse", "trunk")
		run(t, bare, "symbolic-ref", "HEAD", "refs/heads/trunk")
		write(t, a, "memory/notes/a.md", "# A\n\nfrom a\n")
		sync(t, a, "a")
		write(t, b, "memory/notes/b.md", "# B\n\nfrom b\n")
		res := sync(t, b, "b")
		if res.RemoteBranch != "main" {
			t.Errorf("sync of b with the remote's HEAD on trunk: remote branch %q, want main", res.RemoteBranch)
		}
		if got := run(t, bare, "rev-parse", "trunk"); got != trunk {
			t.Errorf("trunk moved: %s, was %s", got, trunk)
		}
		if lost := notesLacking(t, b, "from a", "from b"); len(lost) > 0 {
			t.Errorf("b: no note holds %q", lost)
		}
	})
}

// TestSyncUnderClockSkew: machine a's clock is years ahead (its commits
// dated 2031), b's decades behind (1971). Sync merges by content, never
// by date: both machines' notes and lines of one dated log survive, the
// trees agree, and the commit times consolidate and conflicts read
// (history.CommitTimes) put no note after now. Not parallel: git's
// clock is set through the environment.
func TestSyncUnderClockSkew(t *testing.T) {
	_, a, b := syncedPair(t, "a", "b")
	at := func(date string, f func()) {
		t.Setenv("GIT_COMMITTER_DATE", date)
		t.Setenv("GIT_AUTHOR_DATE", date)
		f()
		os.Unsetenv("GIT_COMMITTER_DATE")
		os.Unsetenv("GIT_AUTHOR_DATE")
	}
	at("2031-01-01T00:00:00Z", func() {
		write(t, a, "memory/notes/db.md", "# DB\n\nPostgres 17, a ahead.\n")
		write(t, a, "memory/2026-12-06.md", "- a's line\n")
		sync(t, a, "a")
	})
	at("1971-01-01T00:00:00Z", func() {
		write(t, b, "memory/notes/queue.md", "# Queue\n\nRedis 7, b behind.\n")
		write(t, b, "memory/2026-12-06.md", "- b's line\n")
		sync(t, b, "b")
	})
	sync(t, a, "a")
	sameTrees(t, a, b)
	for _, w := range []string{a, b} {
		if lost := notesLacking(t, w, "Postgres 17, a ahead.", "Redis 7, b behind.", "- a's line", "- b's line"); len(lost) > 0 {
			t.Errorf("%s: no note holds %q", filepath.Base(w), lost)
		}
	}
	now := time.Now()
	times := history.CommitTimes(t.Context(), b, now)
	for _, p := range []string{"memory/notes/db.md", "memory/notes/queue.md"} {
		if got := times(p); got.IsZero() || got.After(now) {
			t.Errorf("CommitTimes(%s) = %v, want a time not after now (%v)", p, got, now)
		}
	}
}
