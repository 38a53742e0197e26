package gitsync_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/gitsync"
)

// TestSyncSharesNoEditorsFiles: while an editor holds a note open it
// keeps files beside it: Emacs a lock (memory/.#db.md, a symbolic link
// to user@host.pid, dangling) and an auto-save (#db.md#), Vim a swap
// file (.db.md.swp, the unsaved text) and a backup (db.md~). The index
// leaves them all out (workspace.IsIgnoredName); sync committed them: the
// lock, a link, stopped every sync while the note was open ("a symbolic
// link"), and the swap file took the unsaved buffer to every machine.
// Sync shares the note and none of them.
func TestSyncSharesNoEditorsFiles(t *testing.T) {
	t.Parallel()
	bare := remote(t)
	a := clone(t, bare, "a")
	sync(t, a, "a")
	write(t, a, "memory/notes/db.md", "# DB\n\nPostgres 17.\n")
	if err := os.Symlink("me@laptop.4242:1700000000", filepath.Join(a, "memory/notes/.#db.md")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	write(t, a, "memory/notes/#db.md#", "# DB\n\nunsaved, auto-saved\n")
	write(t, a, "memory/notes/.db.md.swp", "b0VIM 9.0\x00unsaved buffer\n")
	write(t, a, "memory/notes/db.md~", "# DB\n\nPostgres 16.\n")
	res, err := gitsync.Sync(context.Background(), a, gitsync.Options{Host: "a"})
	if err != nil {
		t.Fatalf("Sync while an editor holds memory/notes/db.md open = %v", err)
	}
	got := gitIn(t, bare, nil, "ls-tree", "-r", "--name-only", "main", "--", "memory/notes")
	if got != "memory/notes/db.md" {
		t.Errorf("the remote's memory/notes = %q, want only db.md (Sync = %+v)", strings.Fields(got), res)
	}
}

// TestSyncSharesNoVimProbeFile: on every save Vim creates an empty file
// named 4913 beside the note (then 5036, 5159... when that one exists) to
// learn whether it may create files there, and removes it at once; a
// sync whose git add ran meanwhile, or after a Vim killed between the
// two, committed it and shared it with every machine. The index never
// reads it (not Markdown). Sync shares the note and not the probe, while
// a folder named 4913 is a folder of notes like any other.
func TestSyncSharesNoVimProbeFile(t *testing.T) {
	t.Parallel()
	bare := remote(t)
	a := clone(t, bare, "a")
	sync(t, a, "a")
	write(t, a, "memory/notes/db.md", "# DB\n\nPostgres 17.\n")
	write(t, a, "memory/notes/4913", "")
	write(t, a, "memory/4913/plan.md", "# Plan\n\nship it\n")
	res, err := gitsync.Sync(context.Background(), a, gitsync.Options{Host: "a"})
	if err != nil {
		t.Fatalf("Sync while Vim saves memory/notes/db.md = %v", err)
	}
	got := gitIn(t, bare, nil, "ls-tree", "-r", "--name-only", "main", "--", "memory/notes", "memory/4913")
	if want := "memory/4913/plan.md\nmemory/notes/db.md"; got != want {
		t.Errorf("the remote's memory/notes and memory/4913 = %q, want %q (Sync = %+v)", strings.Fields(got), strings.Fields(want), res)
	}
}
