package embedcache_test

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/memweave/memweave-go/embedcache"
)

// mapStore is a Store in memory that records the calls it gets.
type mapStore struct {
	vectors map[string][]float32 // by identity + key
	used    map[string]int64
	pruned  int
	err     error
}

func (m *mapStore) Lookup(ctx context.Context, identity string, size int, keys []embedcache.Key) (map[embedcache.Key][]float32, error) {
	out := make(map[embedcache.Key][]float32)
	for _, k := range keys {
		if v, ok := m.vectors[identity+string(k[:])]; ok && (size == 0 || len(v) == size) {
			out[k] = v
		}
	}
	return out, m.err
}

func (m *mapStore) Touch(ctx context.Context, identity string, keys []embedcache.Key, used int64) error {
	for _, k := range keys {
		m.used[identity+string(k[:])] = used
	}
	return m.err
}

func (m *mapStore) Store(ctx context.Context, identity string, vectors map[embedcache.Key][]float32, used int64) error {
	for k, v := range vectors {
		m.vectors[identity+string(k[:])] = v
		m.used[identity+string(k[:])] = used
	}
	return m.err
}

func (m *mapStore) Prune(ctx context.Context, max int) (int, error) {
	m.pruned = max
	return 3, m.err
}

func TestCacheKeepsIdentityAndStamps(t *testing.T) {
	ctx := context.Background()
	s := &mapStore{vectors: map[string][]float32{}, used: map[string]int64{}}
	c := embedcache.New("hash/x/2")
	k := embedcache.KeyOf("text")
	if err := c.Store(ctx, s, map[embedcache.Key][]float32{k: {1, 2}}); err != nil {
		t.Fatal(err)
	}
	stored := s.used["hash/x/2"+string(k[:])]
	if stored == 0 {
		t.Fatalf("Store stamped %d, want the time of use", stored)
	}
	if got, err := c.Lookup(ctx, s, 2, []embedcache.Key{k}); err != nil || !reflect.DeepEqual(got[k], []float32{1, 2}) {
		t.Errorf("Lookup = %v, %v; want [1 2]", got, err)
	}
	if got, _ := embedcache.New("other/x/2").Lookup(ctx, s, 2, []embedcache.Key{k}); len(got) != 0 {
		t.Errorf("another identity sees %v", got)
	}
	if err := c.Touch(ctx, s, []embedcache.Key{k}); err != nil {
		t.Fatal(err)
	}
	if touched := s.used["hash/x/2"+string(k[:])]; touched < stored {
		t.Errorf("Touch stamped %d, before the store's %d", touched, stored)
	}
}

func TestPrune(t *testing.T) {
	ctx := context.Background()
	s := &mapStore{}
	if n, err := embedcache.Prune(ctx, s, 0); n != 0 || err != nil || s.pruned != 0 {
		t.Errorf("Prune(0) = %d, %v, store asked for %d; want no limit, the store untouched", n, err, s.pruned)
	}
	if n, err := embedcache.Prune(ctx, s, 5); n != 3 || err != nil || s.pruned != 5 {
		t.Errorf("Prune(5) = %d, %v, store asked for %d; want 3, nil, 5", n, err, s.pruned)
	}
	s.err = errors.New("disk on fire")
	if _, err := embedcache.Prune(ctx, s, 5); !errors.Is(err, s.err) || err.Error() != "embedcache: prune: disk on fire" {
		t.Errorf("Prune with a failing store = %v, want it wrapped", err)
	}
}

func TestEncodeDecode(t *testing.T) {
	v := []float32{0, -1.5, 3.25}
	if got := embedcache.Decode(embedcache.Encode(v)); !reflect.DeepEqual(got, v) {
		t.Errorf("Decode(Encode(%v)) = %v", v, got)
	}
}
