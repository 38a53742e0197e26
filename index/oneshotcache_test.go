package index

import (
	"context"
	"testing"
)

// cachePragmas returns PRAGMA cache_size and cache_spill as each of n
// connections of db, held at once, reports them.
func cachePragmas(t *testing.T, db *DB, n int) [][2]int {
	t.Helper()
	ctx := context.Background()
	var out [][2]int
	for range n {
		conn, err := db.SQL().Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		var size, spill int
		if err := conn.QueryRowContext(ctx, `PRAGMA cache_size`).Scan(&size); err != nil {
			t.Fatal(err)
		}
		if err := conn.QueryRowContext(ctx, `PRAGMA cache_spill`).Scan(&spill); err != nil {
			t.Fatal(err)
		}
		out = append(out, [2]int{size, spill})
	}
	return out
}

// TestOneShotPageCache: every connection of a one-shot handle keeps a
// page cache of 64 KiB (a fresh process pays a page fault for each page
// it caches), and spills a write transaction's dirty pages at the same
// threshold as a long-lived handle, whose cache stays SQLite's default.
func TestOneShotPageCache(t *testing.T) {
	long := openTest(t)
	one, err := Open(context.Background(), long.Path(), Options{OneShot: true})
	if err != nil {
		t.Fatal(err)
	}
	defer one.Close()
	longs, ones := cachePragmas(t, long, 3), cachePragmas(t, one, 3)
	for i := range 3 {
		if got := longs[i][0]; got != -2000 {
			t.Errorf("long-lived connection %d: cache_size %d, want SQLite's default -2000", i, got)
		}
		if got := ones[i][0]; got != -64 {
			t.Errorf("one-shot connection %d: cache_size %d, want -64", i, got)
		}
		if ones[i][1] != longs[i][1] {
			t.Errorf("connection %d: one-shot cache_spill %d pages, long-lived %d: writes would spill sooner", i, ones[i][1], longs[i][1])
		}
	}
}
