package memweave_test

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestCopiedIndexWithHugeRowsIsNotRead: a cloned index (a repository
// can commit it) has its rows dropped at open, but the drop first read
// every file row whole, to count them: a file row whose front-matter
// column was planted as 300 MB of zeros (kilobytes in git) took
// 'memweave search' of a clone to 0.95 GB. The rows are now counted, not
// read.
func TestCopiedIndexWithHugeRowsIsNotRead(t *testing.T) {
	ctx := context.Background()
	const size = 32 << 20
	src := memweavetest.Workspace(t, map[string]string{"memory/deploy.md": "# Deploy\n\nWe deploy with make release.\n"})
	w, err := memweave.Open(ctx, memweave.Config{Workspace: src})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Index(ctx); err != nil {
		t.Fatal(err)
	}
	w.Close()
	raw, err := sql.Open("sqlite3", filepath.Join(src, ".memweave", "index.db"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := raw.Exec(`UPDATE files SET meta = CAST(zeroblob(?) AS TEXT), path = path || CAST(zeroblob(?) AS TEXT)`, size, size); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	clone := filepath.Join(t.TempDir(), "clone")
	if err := os.CopyFS(clone, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	w, err = memweave.Open(ctx, memweave.Config{Workspace: clone})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	resp := mustSearch(t, w, "deploy")
	runtime.ReadMemStats(&after)
	if len(resp.Results) == 0 || resp.Results[0].Path != "memory/deploy.md" {
		t.Errorf("search of the clone = %+v, want memory/deploy.md", resp.Results)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > size/4 {
		t.Errorf("open and search of a clone whose index holds a file row of %d bytes allocated %d bytes; want the row dropped unread", 2*size, alloc)
	}
}
