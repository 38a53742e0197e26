package index

import (
	"context"
	"reflect"
	"testing"

	"github.com/memweave/memweave-go/embedcache"
)

// TestLRU runs the embedding cache's policy over its table.
func TestLRU(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	table := db.CacheTable()
	c := embedcache.New("hash/x/2")
	keys := make([]embedcache.Key, 1200) // more than one lookup batch
	vecs := make(map[embedcache.Key][]float32)
	for i := range keys {
		keys[i] = embedcache.KeyOf(string(rune('a'+i%26)) + string(rune(i)))
		vecs[keys[i]] = []float32{float32(i), 1}
	}
	if err := c.Store(ctx, table, vecs); err != nil {
		t.Fatal(err)
	}
	got, err := c.Lookup(ctx, table, 2, keys)
	if err != nil || len(got) != len(keys) || !reflect.DeepEqual(got[keys[7]], []float32{7, 1}) {
		t.Fatalf("Lookup = %d entries, %v", len(got), err)
	}
	// Another identity does not see them.
	if got, _ := embedcache.New("other/x/2").Lookup(ctx, table, 2, keys[:3]); len(got) != 0 {
		t.Errorf("other identity sees %d entries", len(got))
	}
	// A hit refreshes recency: touch key 0, then prune to 1 entry.
	if err := c.Touch(ctx, table, keys[:1]); err != nil {
		t.Fatal(err)
	}
	n, err := embedcache.Prune(ctx, table, 1)
	if err != nil || n != len(keys)-1 {
		t.Fatalf("Prune = %d, %v; want %d", n, err, len(keys)-1)
	}
	if got, _ := c.Lookup(ctx, table, 2, keys[:2]); len(got) != 1 || got[keys[0]] == nil {
		t.Errorf("after Prune: %v, want only the recently used key 0", got)
	}
}

func TestPlaceholders(t *testing.T) {
	for n, want := range map[int]string{-1: "", 0: "", 1: "?", 3: "?,?,?"} {
		if got := placeholders(n); got != want {
			t.Errorf("placeholders(%d) = %q, want %q", n, got, want)
		}
	}
}
