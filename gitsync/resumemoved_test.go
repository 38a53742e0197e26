package gitsync_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestSyncKilledCheckoutThenTheRemoteMovesOn: a sync killed inside its
// checkout left some notes in the remote's version, the branch still at
// the commit before. The next sync committed those notes as this
// machine's own changes: once the remote had moved on, a note a teammate
// then deleted came back on every machine, and a note a teammate changed
// again got a conflict copy holding its superseded version, shared with
// every machine and searched as a fact (found killing syncs at random).
// What the killed checkout wrote is the remote's, not this machine's:
// the next sync must take in the remote's later changes as they are.
func TestSyncKilledCheckoutThenTheRemoteMovesOn(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name  string
		first func(t *testing.T, a string) // a's change the killed checkout wrote on b
		then  func(t *testing.T, a string) // a's change after the kill
		want  map[string]string            // "" : no such file
	}{
		{"a new note, then deleted", func(t *testing.T, a string) {
			write(t, a, "memory/notes/tmp.md", "# Tmp\n\nThe OSPREY box is at 10.0.0.7.\n")
		}, func(t *testing.T, a string) {
			if err := os.Remove(filepath.Join(a, "memory/notes/tmp.md")); err != nil {
				t.Fatal(err)
			}
		}, map[string]string{"memory/notes/tmp.md": ""}},
		{"a note changed twice", func(t *testing.T, a string) {
			write(t, a, "memory/notes/db.md", "# DB\n\nPostgres 17.\n")
		}, func(t *testing.T, a string) {
			write(t, a, "memory/notes/db.md", "# DB\n\nPostgres 18.\n")
		}, map[string]string{"memory/notes/db.md": "# DB\n\nPostgres 18.\n"}},
		{"a note deleted, then brought back", func(t *testing.T, a string) {
			if err := os.Remove(filepath.Join(a, "memory/notes/db.md")); err != nil {
				t.Fatal(err)
			}
		}, func(t *testing.T, a string) {
			write(t, a, "memory/notes/db.md", "# DB\n\nPostgres 18, back.\n")
		}, map[string]string{"memory/notes/db.md": "# DB\n\nPostgres 18, back.\n"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, a, b := syncedPair(t, "a", "b")
			tt.first(t, a)
			sync(t, a, "a")

			// b's sync fetched a's commit and was killed inside its
			// checkout, after writing a's change: the branch is still at
			// head, the marker names the move.
			run(t, b, "fetch", "-q", "origin")
			head, target := run(t, b, "rev-parse", "HEAD"), run(t, b, "rev-parse", "origin/main")
			writeMarker(t, b, head+" "+target+"\n")
			for p := range tt.want {
				if data, ok := showAt(b, target, p); ok {
					write(t, b, p, data)
				} else if err := os.Remove(filepath.Join(b, filepath.FromSlash(p))); err != nil {
					t.Fatal(err)
				}
			}

			tt.then(t, a)
			sync(t, a, "a")
			res := sync(t, b, "b")
			sync(t, a, "a")
			if len(res.Conflicts) > 0 {
				t.Errorf("Sync(b) after the killed checkout made conflict copies %v: this machine changed nothing", res.Conflicts)
			}
			for _, ws := range []string{a, b} {
				for p, want := range tt.want {
					data, err := os.ReadFile(filepath.Join(ws, filepath.FromSlash(p)))
					switch {
					case want == "" && err == nil:
						t.Errorf("%s: %s = %q, want it deleted, as a deleted it", filepath.Base(ws), p, data)
					case want != "" && string(data) != want:
						t.Errorf("%s: %s = %q (%v), want %q", filepath.Base(ws), p, data, err, want)
					}
				}
				if cp, _ := filepath.Glob(filepath.Join(ws, "memory", "notes", "*.conflict-*")); len(cp) > 0 {
					t.Errorf("%s: conflict copies %v", filepath.Base(ws), cp)
				}
			}
		})
	}
}

// showAt returns p's content at commit in ws, and whether commit has p.
func showAt(ws, commit, p string) (string, bool) {
	out, err := exec.Command("git", "-C", ws, "show", commit+":"+p).Output()
	return string(out), err == nil
}
