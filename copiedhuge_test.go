package memweave_test

import (
	"context"
	"runtime"
	"testing"

	memweave "github.com/memweave/memweave-go"
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
	src := indexedWorkspace(t, map[string]string{"memory/deploy.md": "# Deploy\n\nWe deploy with make release.\n"})
	clone := tamperedCopy(t, src, `UPDATE files SET meta = CAST(zeroblob(?) AS TEXT), path = path || CAST(zeroblob(?) AS TEXT)`, size, size)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	w, err := memweave.Open(ctx, memweave.Config{Workspace: clone})
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
