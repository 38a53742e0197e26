package index

import (
	"os"
	"testing"

	"github.com/memweave/memweave-go/embedcache"
)

// TestImportCacheLeavesHugeEntries: ImportCache (a rebuild, as `check
// --repair` makes, and every search at a git revision, into its
// temporary index) copied the old index's cache whole, an entry longer
// than any vector too: one planted in a cloned index (zeros, a few
// kilobytes in git) that no lookup reads ([CacheTable.Lookup] skips it)
// was written again at each search --at and survived the rebuild meant
// to clear a damaged index. Only entries a lookup can return are copied.
func TestImportCacheLeavesHugeEntries(t *testing.T) {
	ctx := t.Context()
	src := openTest(t)
	c := embedcache.New("hash/x/2")
	good, huge, odd := embedcache.KeyOf("good"), embedcache.KeyOf("huge"), embedcache.KeyOf("odd")
	if err := c.Store(ctx, src.CacheTable(), map[embedcache.Key][]float32{good: {1, 2}, huge: {3, 4}, odd: {5, 6}}); err != nil {
		t.Fatal(err)
	}
	const size = 16 << 20
	if _, err := src.SQL().ExecContext(ctx, `UPDATE embed_cache SET vector = zeroblob(?) WHERE hash = ?`, size, huge[:]); err != nil {
		t.Fatal(err)
	}
	if _, err := src.SQL().ExecContext(ctx, `UPDATE embed_cache SET vector = zeroblob(7) WHERE hash = ?`, odd[:]); err != nil {
		t.Fatal(err)
	}
	dst := openTest(t)
	if _, err := dst.ImportCache(ctx, src.Path()); err != nil {
		t.Fatal(err)
	}
	var n int
	if err := dst.SQL().QueryRowContext(ctx, `SELECT count(*) FROM embed_cache`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != 1 {
		t.Errorf("ImportCache copied %d entries, want only the one of a vector's length (not one of %d bytes, nor one of 7)", n, size)
	}
	if fi, err := os.Stat(dst.Path()); err == nil && fi.Size() > size/4 {
		t.Errorf("the index the cache was imported into is %d bytes, want the huge entry left out", fi.Size())
	}
}
