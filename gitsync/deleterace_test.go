package gitsync_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/memweave/memweave-go/gitsync"
	"github.com/memweave/memweave-go/internal/edithook"
	"github.com/memweave/memweave-go/memfile"
)

// TestSyncDeleteAndEditRaceDuringThePush: a note deleted on this
// machine while its sync pushes a replay (the write lock let go), and
// edited by the other machine; and the reverse. The edit is kept on
// both machines, whichever side made it, as when the two were made
// between syncs; no conflict copy, nothing left for git status.
func TestSyncDeleteAndEditRaceDuringThePush(t *testing.T) {
	t.Parallel()
	// Each case starts from a's keep.md pushed and both synced.
	synced := template(t, func(ws []string) {
		write(t, ws[0], "memory/notes/keep.md", "keep\n")
		sync(t, ws[0], "a")
		sync(t, ws[1], "b")
	}, "a", "b")
	for _, tc := range []struct {
		name     string
		remote   func(b string)
		during   func(ctx context.Context, a string)
		wantDB   string // "" = gone
		wantKeep string
	}{
		{"remote edits, deleted here during the push",
			func(b string) { write(t, b, "memory/notes/db.md", "# DB\n\nPostgres 17, from b.\n") },
			func(ctx context.Context, a string) {
				if _, _, err := memfile.DeleteWith(ctx, a, "memory/notes/db.md", memfile.DeleteOptions{}); err != nil {
					t.Errorf("delete: %v", err)
				}
			}, "# DB\n\nPostgres 17, from b.\n", "keep\n"},
		{"remote deletes, edited here during the push",
			func(b string) { os.Remove(filepath.Join(b, "memory/notes/db.md")) },
			func(ctx context.Context, a string) {
				if _, err := memfile.Write(ctx, a, "memory/notes/db.md", []byte("# DB\n\nedited by a during the push\n"), memfile.WriteOptions{}); err != nil {
					t.Errorf("write: %v", err)
				}
			}, "# DB\n\nedited by a during the push\n", "keep\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ws := synced(t)
			a, b := ws[0], ws[1]
			tc.remote(b)
			sync(t, b, "b")
			write(t, a, "memory/notes/a.md", "from a\n")
			fired := false
			ctx := edithook.WithStep(context.Background(), func(step string) {
				if step == "pushing a replay" && !fired {
					fired = true
					tc.during(context.Background(), a)
				}
			})
			_, err := gitsync.Sync(ctx, a, gitsync.Options{Host: "a"})
			if err != nil || !fired {
				t.Fatalf("Sync(a) = %v (the writer ran: %v)", err, fired)
			}
			for _, ws := range []string{a, b} {
				sync(t, ws, filepath.Base(ws))
			}
			for _, ws := range []string{a, b} {
				got, _ := os.ReadFile(filepath.Join(ws, "memory/notes/db.md"))
				if string(got) != tc.wantDB {
					t.Errorf("%s: db.md = %q, want %q", filepath.Base(ws), got, tc.wantDB)
				}
				got, _ = os.ReadFile(filepath.Join(ws, "memory/notes/keep.md"))
				if string(got) != tc.wantKeep {
					t.Errorf("%s: keep.md = %q, want %q", filepath.Base(ws), got, tc.wantKeep)
				}
				if st := run(t, ws, "status", "--porcelain"); st != "" || len(notesUnder(ws)) != 3 {
					t.Errorf("%s: notes %v, git status %q", filepath.Base(ws), notesUnder(ws), st)
				}
			}
		})
	}
}
