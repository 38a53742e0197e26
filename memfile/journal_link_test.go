package memfile_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/memweavetest"
	"github.com/memweave/memweave-go/workspace"
)

// A workspace whose .memweave/append.journal is a symbolic link out of it
// (a cloned repository can carry one: .gitignore does not keep a tracked
// file out) never has an append write, create or read through it: the
// note is appended, and the file the link names is left as it was.
func TestAppendJournalLinkOutOfWorkspace(t *testing.T) {
	for _, tc := range []struct {
		name   string
		exists bool
	}{{"to a missing file", false}, {"to an existing file", true}} {
		t.Run(tc.name, func(t *testing.T) {
			root := memweavetest.Workspace(t, map[string]string{"memory/notes.md": "# Notes\n"})
			outside := filepath.Join(t.TempDir(), "authorized_keys")
			if tc.exists {
				if err := os.WriteFile(outside, []byte("ssh-ed25519 AAAA owner@host\n"), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			dir := filepath.Join(root, workspace.IndexDir)
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(outside, filepath.Join(dir, memfile.JournalName)); err != nil {
				t.Fatal(err)
			}
			if err := memfile.Recover(t.Context(), root); err != nil {
				t.Logf("Recover: %v", err)
			}
			day := time.Date(2026, 12, 4, 12, 0, 0, 0, time.UTC)
			rel, _, err := memfile.AppendWith(t.Context(), root, "ssh-ed25519 BBBB attacker@host", day, time.UTC)
			if err != nil {
				t.Fatalf("Append = %v, want the note appended", err)
			}
			if got := memweavetest.ReadFile(t, root, rel); got != "ssh-ed25519 BBBB attacker@host\n" {
				t.Errorf("%s = %q, want the note", rel, got)
			}
			got, err := os.ReadFile(outside)
			switch {
			case !tc.exists && err == nil:
				t.Errorf("append created %s, outside the workspace, holding %q", outside, got)
			case tc.exists && string(got) != "ssh-ed25519 AAAA owner@host\n":
				t.Errorf("%s, outside the workspace, = %q after the append, want it unchanged", outside, got)
			}
		})
	}
}
