package gitsync_test

import (
	"path/filepath"
	"testing"
)

// TestSyncKilledCheckoutThenAPlainCommit: a sync killed inside its
// checkout (or one whose branch move failed because a plain git commit
// moved the branch under it) left a note in the remote's version, and
// the user then made a plain git commit, so the branch is no longer at
// the commit the checkout marker names. The next sync took what the
// checkout wrote for this machine's change: once the remote had changed
// the note again, it made a conflict copy holding the remote's
// superseded version, shared with every machine (found killing syncs at
// random beside a loop of git commit). What the checkout wrote is the
// remote's, committed by the user or not; the user's own change is kept.
func TestSyncKilledCheckoutThenAPlainCommit(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name   string
		commit []string // the user's plain commit, after git add memory/notes/user.md
	}{
		{"commit -a takes the checkout's write in", []string{"commit", "-qam", "wip"}},
		{"a commit of the user's note alone", []string{"commit", "-qm", "wip"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, a, b := syncedPair(t, "a", "b")
			write(t, a, "memory/notes/db.md", "# DB\n\nPostgres 17.\n")
			sync(t, a, "a")

			// b's sync fetched a's commit and was killed inside its
			// checkout, after writing a's change; then b's user committed
			// with git.
			run(t, b, "fetch", "-q", "origin")
			head, target := run(t, b, "rev-parse", "HEAD"), run(t, b, "rev-parse", "origin/main")
			writeMarker(t, b, head+" "+target+"\n")
			data, _ := showAt(b, target, "memory/notes/db.md")
			write(t, b, "memory/notes/db.md", data)
			write(t, b, "memory/notes/user.md", "# User\n\nThe user's own note.\n")
			run(t, b, "add", "memory/notes/user.md")
			run(t, b, tt.commit...)

			write(t, a, "memory/notes/db.md", "# DB\n\nPostgres 18.\n")
			sync(t, a, "a")
			res := sync(t, b, "b")
			sync(t, a, "a")
			if len(res.Conflicts) > 0 {
				t.Errorf("Sync(b) after the killed checkout and a plain commit made conflict copies %v: this machine did not change db.md", res.Conflicts)
			}
			for _, ws := range []string{a, b} {
				if got := read(t, ws, "memory/notes/db.md"); got != "# DB\n\nPostgres 18.\n" {
					t.Errorf("%s: db.md = %q, want a's last version", filepath.Base(ws), got)
				}
				if got := read(t, ws, "memory/notes/user.md"); got != "# User\n\nThe user's own note.\n" {
					t.Errorf("%s: user.md = %q, want the user's note", filepath.Base(ws), got)
				}
				if cp, _ := filepath.Glob(filepath.Join(ws, "memory", "notes", "*.conflict-*")); len(cp) > 0 {
					t.Errorf("%s: conflict copies %v", filepath.Base(ws), cp)
				}
			}
		})
	}
}
