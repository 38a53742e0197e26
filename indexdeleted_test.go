package memweave_test

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestSearchAfterIndexDeleted: another program deletes or replaces the
// index file of a long-lived Weave (an MCP server) while it runs: the
// index is a cache, and rm -r .memweave is how users clear it. The
// handle's pooled connections kept the deleted file open while a new one
// made an empty file at the path, so calls failed with "no such table:
// meta" until another process indexed. The next call now opens the file
// at the path, and the notes are found again, with a note written since.
// The file it made records the memory folder as one Open makes does: a
// later process (the CLI) opening it then keeps its rows and vectors
// instead of taking it for an index copied in and indexing it all again.
func TestSearchAfterIndexDeleted(t *testing.T) {
	for _, tc := range []struct {
		name string
		mess func(t *testing.T, root string)
	}{
		{"index files removed", func(t *testing.T, root string) {
			for _, s := range []string{"", "-wal", "-shm"} {
				os.Remove(filepath.Join(root, ".memweave", "index.db"+s))
			}
		}},
		{"index folder removed", func(t *testing.T, root string) {
			if err := os.RemoveAll(filepath.Join(root, ".memweave")); err != nil {
				t.Fatal(err)
			}
		}},
		{"empty file renamed over it", func(t *testing.T, root string) {
			tmp := filepath.Join(root, ".memweave", "other.db")
			if err := os.WriteFile(tmp, nil, 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.Rename(tmp, filepath.Join(root, ".memweave", "index.db")); err != nil {
				t.Fatal(err)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\n\ncode quokkaold\n"})
			w := open(t, root, memweave.Config{})
			for range 3 { // the second search starts the watcher on demand
				if _, err := w.Search(ctx, "quokkaold"); err != nil {
					t.Fatal(err)
				}
			}
			tc.mess(t, root)
			if _, err := w.Write(ctx, "memory/b.md", "# B\n\ncode wombatnew\n"); err != nil {
				t.Fatalf("Write after the index was deleted: %v", err)
			}
			for q, want := range map[string]string{"quokkaold": "memory/a.md", "wombatnew": "memory/b.md"} {
				resp, err := w.Search(ctx, q, memweave.MinScore(0))
				if err != nil {
					t.Fatalf("Search(%q) after the index was deleted: %v", q, err)
				}
				var got []string
				for _, r := range resp.Results {
					got = append(got, r.Path)
				}
				if !slices.Contains(got, want) {
					t.Errorf("Search(%q) after the index was deleted = %v, want %s", q, got, want)
				}
			}
			w.Close()
			var log strings.Builder
			next := open(t, root, memweave.Config{OneShot: true, Logger: slog.New(slog.NewTextHandler(&log, nil))})
			if res, err := next.Index(ctx); err != nil || res.FilesIndexed != 0 || log.Len() > 0 {
				t.Errorf("Index of the next process = %+v, %v, log %q; want nothing indexed again, nothing logged", res, err, log.String())
			}
		})
	}
}
