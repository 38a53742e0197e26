// Package embedcache is the policy of the embedding cache, which keeps
// embeddings by content so that unchanged text is never embedded twice.
//
// A key is the embedder identity plus the SHA-256 of the embedded text, so
// identical text in two files, or a file that is deleted and restored, costs
// one embedding call in all. The cache is a real LRU: a hit refreshes an
// entry's recency (the caller's clock, stamped by [Cache]), and [Prune]
// evicts the least recently used entries beyond a maximum.
//
// The entries live in the index's SQLite database, whose package owns
// the table and its SQL ([Store] is index.CacheTable); this package
// holds the keys, the vectors' byte format and the policy, and builds
// without cgo.
package embedcache

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math"
	"time"
)

// Key is the SHA-256 of an embedded text.
type Key [sha256.Size]byte

// KeyOf returns the cache key of text.
func KeyOf(text string) Key { return sha256.Sum256([]byte(text)) }

// Store is where the cache's entries live: index.CacheTable, on the
// database or inside a write transaction. Entries are kept by embedder
// identity and key, each with the stamp of its last use.
type Store interface {
	// Lookup returns identity's vectors of size values (of any size up
	// to MaxSize when size is 0) under keys; missing keys, and entries
	// of another size, are absent from the map, their vectors never
	// read.
	Lookup(ctx context.Context, identity string, size int, keys []Key) (map[Key][]float32, error)
	// Touch sets the last-use stamp of identity's entries under keys.
	Touch(ctx context.Context, identity string, keys []Key, used int64) error
	// Store saves identity's vectors with the last-use stamp used,
	// replacing any previous entry.
	Store(ctx context.Context, identity string, vectors map[Key][]float32, used int64) error
	// Prune deletes the entries, of any identity, beyond the max most
	// recently used (max > 0), and returns how many it deleted.
	Prune(ctx context.Context, max int) (int, error)
}

// Cache is the embedding cache of one embedder identity. It holds no state
// of its own beyond the identity, so it is safe for concurrent use.
type Cache struct {
	identity string
	// now returns the recency stamp; tests may replace it.
	now func() int64
}

// New returns the cache of the embedder with the given identity string
// (see embed.Identity.String).
func New(identity string) *Cache {
	return &Cache{identity: identity, now: func() int64 { return time.Now().UnixNano() }}
}

// MaxSize is the most values a cached vector may hold: an index holds
// vectors of at most 65,536 dimensions (embed.MaxDims).
const MaxSize = 1 << 16

// Lookup returns the cached vectors of keys that hold size values (any
// number up to [MaxSize] when size is 0); missing keys and entries of
// another size are absent from the map. The cache lives in the index
// file, which may be crafted: an entry of another size is never read
// (one of a gigabyte would be read whole). Callers refresh the hits'
// recency with [Cache.Touch], in the transaction that uses them.
func (c *Cache) Lookup(ctx context.Context, s Store, size int, keys []Key) (map[Key][]float32, error) {
	found, err := s.Lookup(ctx, c.identity, size, keys)
	if err != nil {
		return nil, fmt.Errorf("embedcache: lookup: %w", err)
	}
	return found, nil
}

// Touch refreshes the recency of the given entries, making them the most
// recently used.
func (c *Cache) Touch(ctx context.Context, s Store, hits []Key) error {
	if err := s.Touch(ctx, c.identity, hits, c.now()); err != nil {
		return fmt.Errorf("embedcache: touch: %w", err)
	}
	return nil
}

// Store saves vectors under their keys, replacing any previous entry.
func (c *Cache) Store(ctx context.Context, s Store, vectors map[Key][]float32) error {
	if err := s.Store(ctx, c.identity, vectors, c.now()); err != nil {
		return fmt.Errorf("embedcache: store: %w", err)
	}
	return nil
}

// Prune evicts the least recently used entries, of any identity, until at
// most max remain. A max of zero or less means no limit. It returns the
// number of entries evicted.
func Prune(ctx context.Context, s Store, max int) (int, error) {
	if max <= 0 {
		return 0, nil
	}
	n, err := s.Prune(ctx, max)
	if err != nil {
		return 0, fmt.Errorf("embedcache: prune: %w", err)
	}
	return n, nil
}

// Encode returns the little-endian float32 blob of v, the format the
// index stores vectors in.
func Encode(v []float32) []byte {
	b := make([]byte, 4*len(v))
	for i, f := range v {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(f))
	}
	return b
}

// Decode is the inverse of [Encode].
func Decode(b []byte) []float32 {
	v := make([]float32, len(b)/4)
	for i := range v {
		v[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return v
}
