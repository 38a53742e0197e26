package gitsync_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestSyncResumesKilledCheckout: a sync killed while git rewrote the work
// tree (git unlinks a file, then writes the new one) left a note missing,
// cut short, or with an entry appended after the kill. The next sync
// repairs what git cut short instead of committing it as this machine's
// change: every entry stays, whole and once, on both machines. A note
// edited after the kill is this machine's change, kept beside the
// remote's.
func TestSyncResumesKilledCheckout(t *testing.T) {
	t.Parallel()
	const log = "memory/2026-03-14.md"
	for _, tt := range []struct {
		name string
		// damage turns b's work tree, at the commit before the move (its
		// log holds "entry one\n"), into what the kill left; want are
		// what b's log must hold after its next sync, besides a's entries.
		damage func(t *testing.T, b string, target []byte)
		want   []string
	}{
		{"missing", func(t *testing.T, b string, _ []byte) {
			if err := os.Remove(filepath.Join(b, log)); err != nil {
				t.Fatal(err)
			}
		}, nil},
		{"cut short", func(t *testing.T, b string, target []byte) {
			write(t, b, log, string(target[:len(target)-5]))
		}, nil},
		{"appended to the old version", func(t *testing.T, b string, _ []byte) {
			write(t, b, log, "entry one\n\nentry from b after the kill\n")
		}, []string{"entry from b after the kill"}},
		{"appended to the new version", func(t *testing.T, b string, target []byte) {
			write(t, b, log, string(target)+"\nentry from b after the kill\n")
		}, []string{"entry from b after the kill"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			bare := remote(t)
			a, b := clone(t, bare, "a"), clone(t, bare, "b")
			write(t, a, log, "entry one\n")
			sync(t, a, "a")
			sync(t, b, "b")
			write(t, a, log, "entry one\n\nentry two from a\n")
			sync(t, a, "a")

			// b's sync fetched a's commit and was killed inside its
			// checkout: the branch is still at head, the marker names the
			// move.
			run(t, b, "fetch", "-q", "origin")
			head, target := run(t, b, "rev-parse", "HEAD"), run(t, b, "rev-parse", "origin/main")
			writeMarker(t, b, head+" "+target+"\n")
			tt.damage(t, b, []byte(run(t, b, "show", target+":"+log)+"\n"))

			sync(t, b, "b")
			sync(t, a, "a")
			want := append([]string{"entry one", "entry two from a"}, tt.want...)
			for _, ws := range []string{a, b} {
				got := read(t, ws, log)
				for _, w := range want {
					if strings.Count(got, w) != 1 {
						t.Errorf("%s: %s = %q, want %q once", filepath.Base(ws), log, got, w)
					}
				}
				// No line is left cut short.
				for _, line := range strings.Split(got, "\n") {
					if line != "" && !slices.Contains(want, line) {
						t.Errorf("%s: %s holds the line %q, not an entry", filepath.Base(ws), log, line)
					}
				}
			}
			if _, err := os.Stat(filepath.Join(b, ".memweave", "sync-checkout")); !os.IsNotExist(err) {
				t.Errorf("the marker is still there after the sync (%v)", err)
			}
		})
	}

	t.Run("an edit after the kill", func(t *testing.T) {
		// A note holding neither version was edited after the kill: it is
		// this machine's change, kept beside the remote's.
		bare := remote(t)
		a, b := clone(t, bare, "a"), clone(t, bare, "b")
		write(t, a, "memory/notes/db.md", "# DB\n\nPostgres 17.\n")
		sync(t, a, "a")
		run(t, b, "fetch", "-q", "origin")
		head, target := run(t, b, "rev-parse", "HEAD"), run(t, b, "rev-parse", "origin/main")
		writeMarker(t, b, head+" "+target+"\n")
		write(t, b, "memory/notes/db.md", "# DB\n\nSomething else entirely.\n")
		res := sync(t, b, "b")
		if got := read(t, b, "memory/notes/db.md"); got != "# DB\n\nPostgres 17.\n" {
			t.Errorf("db.md = %q, want the remote's version at the path", got)
		}
		if len(res.Conflicts) != 1 || read(t, b, res.Conflicts[0].Copy) != "# DB\n\nSomething else entirely.\n" {
			t.Errorf("Sync(b).Conflicts = %v, want b's edit in a conflict copy", res.Conflicts)
		}
	})
}

func writeMarker(t *testing.T, root, text string) {
	t.Helper()
	write(t, root, ".memweave/sync-checkout", text)
}
