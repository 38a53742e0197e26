package gitsync_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/gitsync"
)

// halfMerge is a note as a half-done merge leaves it: its markers open
// at line 3.
const halfMerge = "# DB\n\n<<<<<<< HEAD\nPostgres 16.\n=======\nPostgres 17.\n>>>>>>> other\n"

// TestSyncPushesNoNoteWithConflictMarkers: a note holding git conflict
// markers that this machine committed (the user's own plain git commit
// -a of a half-done merge) or is about to (left in the work tree) is
// left out of search on every machine, its old version too. Sync does
// not push it: it says which file and line, still brings in what the
// remote has, and pushes once the conflict is settled. A marker note a
// teammate pushed is not this machine's to settle: sync goes on (and
// warns through the re-index).
func TestSyncPushesNoNoteWithConflictMarkers(t *testing.T) {
	t.Parallel()
	for _, how := range []string{"committed", "uncommitted", "copy"} {
		t.Run(how, func(t *testing.T) {
			bare := remote(t)
			a, b := clone(t, bare, "a"), clone(t, bare, "b")
			write(t, a, "memory/notes/from-a.md", "# From a\n\nShared.\n")
			sync(t, a, "a")
			rel := "memory/notes/db.md"
			switch how {
			case "committed":
				write(t, b, rel, halfMerge)
				run(t, b, "commit", "-qam", "half merge")
			case "uncommitted":
				write(t, b, rel, halfMerge)
			case "copy": // a new note of this machine's, in a subfolder
				rel = "memory/ops/runbook.md"
				write(t, b, rel, "# Runbook\n\n"+strings.TrimPrefix(halfMerge, "# DB\n\n"))
			}
			_, err := gitsync.Sync(context.Background(), b, gitsync.Options{Host: "b"})
			if !errors.Is(err, gitsync.ErrRefused) || !strings.Contains(fmtErr(err), rel) || !strings.Contains(fmtErr(err), "line 3") {
				t.Fatalf("Sync(b) with %s conflict markers = %v, want ErrRefused naming %s and line 3", how, err, rel)
			}
			if got := run(t, b, "ls-remote", "origin", "main"); strings.Contains(run(t, b, "show", strings.Fields(got)[0]+":"+"memory"), "ops") ||
				strings.Contains(gitShow(t, b, strings.Fields(got)[0], "memory/notes/db.md"), "<<<<<<<") {
				t.Fatalf("the remote got the note with conflict markers")
			}
			if got := read(t, b, "memory/notes/from-a.md"); got != "# From a\n\nShared.\n" {
				t.Errorf("b did not get a's note: %q", got)
			}
			write(t, b, rel, "# DB\n\nPostgres 17.\n")
			if res := sync(t, b, "b"); !res.Pushed {
				t.Fatalf("Sync(b) after the conflict was settled = %+v, want pushed", res)
			}
			sync(t, a, "a")
			if got := read(t, a, rel); got != "# DB\n\nPostgres 17.\n" {
				t.Errorf("a: %s = %q", rel, got)
			}
		})
	}
	t.Run("teammate's", func(t *testing.T) {
		bare := remote(t)
		a, b := clone(t, bare, "a"), clone(t, bare, "b")
		write(t, a, "memory/notes/db.md", halfMerge)
		run(t, a, "commit", "-qam", "half merge")
		run(t, a, "push", "-q", "origin", "main")
		sync(t, b, "b")
		write(t, b, "memory/notes/b.md", "# B\n\nMine.\n")
		if res := sync(t, b, "b"); !res.Pushed {
			t.Fatalf("Sync(b) of its own note beside a teammate's marker note = %+v, want pushed", res)
		}
	})
}

func fmtErr(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// gitShow returns p at commit in ws, "" when it has none.
func gitShow(t *testing.T, ws, commit, p string) string {
	t.Helper()
	out, _ := showAt(ws, commit, p)
	return out
}
