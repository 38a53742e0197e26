package gitsync_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/memweave/memweave-go/history"
)

// TestSyncAndHistoryRunNoSignatureProgram: with log.showSignature set
// (a user's global config, or a copied workspace's .git/config), git
// log runs gpg.program on every signed commit it lists, and anyone can
// sign a commit, or write a signature header into one. Sync's replay
// read its local commits' subjects with git log, and history's commit
// times (conflicts, consolidate) walk the whole history with git log:
// both ran the program, once per signed commit (seen: "--verify
// /tmp/.git_vtag_tmp... -"). Neither shows a signature, so neither may
// run one.
func TestSyncAndHistoryRunNoSignatureProgram(t *testing.T) {
	t.Parallel()
	_, a, b := syncedPair(t, "a", "b")
	sync(t, a, "a") // up to date: a's next push goes as it is
	tmp := t.TempDir()
	mark, script := filepath.Join(tmp, "ran"), filepath.Join(tmp, "gpg.sh")
	if err := os.WriteFile(script, []byte("#!/bin/sh\necho \"$@\" >> "+mark+"\nexit 1\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	run(t, b, "config", "log.showSignature", "true")
	run(t, b, "config", "gpg.program", script)

	// On each machine, its user's own signed commit of a note: a's is
	// shared first, b's is replayed onto it.
	signedCommit(t, a, "memory/notes/theirs.md", "# Theirs\n\nsigned by a.\n")
	sync(t, a, "a")
	signedCommit(t, b, "memory/notes/mine.md", "# Mine\n\nsigned by b.\n")
	sync(t, b, "b") // replays the signed commit onto a's
	if data, err := os.ReadFile(mark); err == nil {
		t.Errorf("sync ran gpg.program: %q", data)
		os.Remove(mark)
	}
	if got := history.CommitTimes(context.Background(), b, time.Now())("memory/notes/theirs.md"); got.IsZero() {
		t.Error("CommitTimes(memory/notes/theirs.md) is zero, want the commit's time")
	}
	if data, err := os.ReadFile(mark); err == nil {
		t.Errorf("CommitTimes ran gpg.program: %q", data)
	}
}

// signedCommit commits text at rel in ws with a signature header (not a
// valid signature: git runs the program to check it all the same).
func signedCommit(t *testing.T, ws, rel, text string) {
	t.Helper()
	write(t, ws, rel, text)
	run(t, ws, "add", rel)
	run(t, ws, "commit", "-qm", "signed "+rel)
	header, msg, _ := strings.Cut(run(t, ws, "cat-file", "commit", "HEAD"), "\n\n")
	signed := header + "\ngpgsig -----BEGIN PGP SIGNATURE-----\n \n iQEzBAABCAAdFiEE\n -----END PGP SIGNATURE-----\n\n" + msg + "\n"
	id := gitIn(t, ws, []byte(signed), "hash-object", "-t", "commit", "-w", "--stdin")
	run(t, ws, "update-ref", "refs/heads/main", id)
}
