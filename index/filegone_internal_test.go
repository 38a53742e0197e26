package index

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// TestHandleFollowsTheFileAtItsPath: another program deletes a long-lived
// handle's index file (rm -r .memweave clears the cache) or renames
// another over it. The handle's open connections kept the old file while
// a new one, opened as the pool grew (a search holding one), made an
// empty file at the path: calls on it failed with "no such table: meta",
// and writes went to one file or the other. The next call now opens the
// file at the path, migrated as Open would, and reads only it.
func TestHandleFollowsTheFileAtItsPath(t *testing.T) {
	for _, tc := range []struct {
		name string
		mess func(t *testing.T, path string)
	}{
		{"deleted", func(t *testing.T, path string) {
			for _, s := range []string{"", "-wal", "-shm"} {
				os.Remove(path + s)
			}
		}},
		{"index folder removed", func(t *testing.T, path string) {
			if err := os.RemoveAll(filepath.Dir(path)); err != nil {
				t.Fatal(err)
			}
		}},
		{"empty file renamed over it", func(t *testing.T, path string) {
			tmp := filepath.Join(filepath.Dir(path), "other")
			if err := os.WriteFile(tmp, nil, 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.Rename(tmp, path); err != nil {
				t.Fatal(err)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			path := filepath.Join(t.TempDir(), folderName, "index.db")
			db, err := Open(ctx, path, Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			if err := db.SetMeta(ctx, map[string]string{"k": "old"}); err != nil {
				t.Fatal(err)
			}
			busy, err := db.handle(ctx).Conn(ctx) // held, as by a search under way
			if err != nil {
				t.Fatal(err)
			}
			defer busy.Close()
			tc.mess(t, path)
			if _, err := db.Generation(ctx); err != nil {
				t.Fatalf("Generation after the index file was %s = %v", tc.name, err)
			}
			if v, err := db.Meta(ctx, "k"); err != nil || v != "" {
				t.Errorf("Meta(k) = %q, %v; want the new file's \"\"", v, err)
			}
			if _, err := os.Stat(path); err != nil {
				t.Errorf("no index file at its path: %v", err)
			}
		})
	}
}

// TestHandleLeavesAGoneWorkspaceGone: the index folder is made again
// under a long-lived handle only where its parent is still there: a
// workspace renamed away is not created again, empty, at its old path.
func TestHandleLeavesAGoneWorkspaceGone(t *testing.T) {
	ctx := context.Background()
	ws := filepath.Join(t.TempDir(), "ws")
	path := filepath.Join(ws, folderName, "index.db")
	db, err := Open(ctx, path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := os.Rename(ws, ws+"-moved"); err != nil {
		t.Fatal(err)
	}
	db.Generation(ctx) // may fail: the file is gone from its path
	if _, err := os.Stat(ws); !os.IsNotExist(err) {
		t.Errorf("Stat(%s) after the workspace was renamed away = %v, want it not made again", ws, err)
	}
}
