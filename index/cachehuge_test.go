package index

import (
	"runtime"
	"testing"

	"github.com/memweave/memweave-go/embedcache"
)

// TestCacheLookupSkipsHugeEntries: the embedding cache lives in the index
// file, which a repository can commit and a clone brings (a copied
// index keeps its cache), and whose entries' keys anyone holding the
// notes can compute. An entry planted with a vector blob of hundreds of
// megabytes (zeros: a few kilobytes in git) was read whole and decoded
// by every lookup of its key, to be found of the wrong length after:
// four such entries took 'memweave index' of four short notes to 3.7 GB
// and 18 s. An entry not of the length asked for is now a miss, read no
// further than its length.
func TestCacheLookupSkipsHugeEntries(t *testing.T) {
	ctx := t.Context()
	db := openTest(t)
	table := db.CacheTable()
	c := embedcache.New("hash/x/2")
	good, huge := embedcache.KeyOf("good"), embedcache.KeyOf("huge")
	if err := c.Store(ctx, table, map[embedcache.Key][]float32{good: {1, 2}, huge: {3, 4}}); err != nil {
		t.Fatal(err)
	}
	const size = 64 << 20
	if _, err := db.SQL().ExecContext(ctx, `UPDATE embed_cache SET vector = zeroblob(?) WHERE hash = ?`, size, huge[:]); err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	got, err := c.Lookup(ctx, table, 2, []embedcache.Key{good, huge})
	runtime.ReadMemStats(&after)
	if err != nil || len(got[good]) != 2 || got[huge] != nil {
		t.Fatalf("Lookup = %d entries (huge one: %d floats), %v; want the good entry only", len(got), len(got[huge]), err)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > size/8 {
		t.Errorf("Lookup allocated %d bytes for an entry of %d bytes not of the length asked for; want it left unread", alloc, size)
	}
	// Of any size (an embedder still learning its dimensions): up to
	// the most an index holds.
	if got, err := c.Lookup(ctx, table, 0, []embedcache.Key{good, huge}); err != nil || len(got[good]) != 2 || got[huge] != nil {
		t.Errorf("Lookup of any size = %d entries (huge one: %d floats), %v; want the good entry only", len(got), len(got[huge]), err)
	}
}
