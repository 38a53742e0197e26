package gitsync_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/gitsync"
)

// TestSyncThroughGitsLineEndingConversion: a clone whose git checks notes
// out with CRLF ends (core.autocrlf=true, Windows' default, or an
// eol=crlf rule of .gitattributes) holds notes whose bytes differ from
// their blobs, though git counts them unchanged. A remote's edit or
// deletion of such a note reaches it, and the next sync has nothing to
// do.
func TestSyncThroughGitsLineEndingConversion(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		crlf    func(t testing.TB, a, bare string)
		deletes bool
	}{
		{"core.autocrlf, the remote edits", nil, false},
		{"core.autocrlf, the remote deletes", nil, true},
		{".gitattributes eol=crlf, the remote edits", func(t testing.TB, a, bare string) {
			write(t, a, ".gitattributes", "memory/** text eol=crlf\n")
			run(t, a, "add", ".gitattributes")
			run(t, a, "commit", "-qm", "crlf")
			run(t, a, "push", "-q", "origin", "main")
		}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bare := remote(t)
			a := clone(t, bare, "a")
			if tc.crlf != nil {
				tc.crlf(t, a, bare)
			}
			b := filepath.Join(t.TempDir(), "b")
			if tc.crlf == nil {
				run(t, filepath.Dir(b), "clone", "-q", "-c", "core.autocrlf=true", bare, b)
			} else {
				run(t, filepath.Dir(b), "clone", "-q", bare, b)
			}
			if got := read(t, b, "memory/notes/db.md"); !strings.Contains(got, "\r\n") {
				t.Fatalf("db.md = %q, want git's CRLF", got)
			}
			if tc.deletes {
				os.Remove(filepath.Join(a, "memory/notes/db.md"))
			} else {
				write(t, a, "memory/notes/db.md", "# DB\n\nPostgres 17.\n")
			}
			sync(t, a, "a")
			res, err := gitsync.Sync(context.Background(), b, gitsync.Options{Host: "b"})
			if err != nil {
				t.Fatalf("Sync(b) = %v", err)
			}
			got, err := os.ReadFile(filepath.Join(b, "memory/notes/db.md"))
			if tc.deletes && err == nil || !tc.deletes && !strings.Contains(string(got), "Postgres 17.") {
				t.Errorf("db.md = %q (%v), want a's change (Changed %v)", got, err, res.Changed)
			}
			if st := run(t, b, "status", "--porcelain"); st != "" {
				t.Errorf("git status after the sync = %q, want clean", st)
			}
			res = sync(t, b, "b")
			if res.Committed != "" || res.Pushed || len(res.Changed) != 0 {
				t.Errorf("the next sync = %+v, want nothing to do", res)
			}
		})
	}
}

// TestSyncWithSafeCRLF: with core.safecrlf=true beside core.autocrlf=true,
// git add refuses a file with LF ends ("LF would be replaced by CRLF"),
// which every note memweave writes and sync's own .gitattributes are.
// Sync writes no file through git's conversion, so that check guards
// nothing of its own: the note is shared.
func TestSyncWithSafeCRLF(t *testing.T) {
	t.Parallel()
	bare := remote(t)
	b := filepath.Join(t.TempDir(), "b")
	run(t, filepath.Dir(b), "clone", "-q", "-c", "core.autocrlf=true", "-c", "core.safecrlf=true", bare, b)
	write(t, b, "memory/notes/new.md", "# New\n\nWritten with LF ends.\n")
	if _, err := gitsync.Sync(context.Background(), b, gitsync.Options{Host: "b"}); err != nil {
		t.Fatalf("Sync = %v", err)
	}
	if got := run(t, bare, "show", "main:memory/notes/new.md"); !strings.Contains(got, "LF ends") {
		t.Errorf("the remote's new.md = %q", got)
	}
}
