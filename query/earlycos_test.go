package query_test

import (
	"context"
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/memweave/memweave-go/embedcache"
	"github.com/memweave/memweave-go/index"
	"github.com/memweave/memweave-go/search"
	"github.com/memweave/memweave-go/store"
)

// fixedQuery embeds every query as q.
type fixedQuery []float32

func (q fixedQuery) EmbedQuery(context.Context, string) ([]float32, error) { return q, nil }

// gatedKeyword is the index's keyword side, whose keyword queries wait
// for gate and whose first Chunks call closes read; with cosines set, a
// Chunks call first waits (up to 10 s, then fails t) for it to close.
type gatedKeyword struct {
	*index.DB
	t        *testing.T
	gate     <-chan struct{}
	read     chan struct{}
	readOnce sync.Once
	cosines  <-chan struct{}
}

func (g *gatedKeyword) Keyword(ctx context.Context, match string, k int, f store.Filter) ([]store.KeywordHit, error) {
	<-g.gate
	return g.DB.Keyword(ctx, match, k, f)
}

func (g *gatedKeyword) Chunks(ctx context.Context, ids []int64) (map[int64]store.Chunk, error) {
	g.readOnce.Do(func() { close(g.read) })
	if g.cosines != nil {
		select {
		case <-g.cosines:
		case <-time.After(10 * time.Second):
			g.t.Error("the keyword hits' cosines were not asked for while the keyword side read its chunks")
		}
	}
	return g.DB.Chunks(ctx, ids)
}

// gatedVector is the index's vector side, whose vector search waits for
// gate, whose first cosine sample closes sampled,
// and which records the ids Cosines is asked for, closing called at the
// first call.
type gatedVector struct {
	*index.DB
	gate        <-chan struct{}
	sampled     chan struct{}
	sampledOnce sync.Once
	called      chan struct{}
	calledOnce  sync.Once
	mu          sync.Mutex
	cosIDs      [][]int64
}

func (v *gatedVector) Vector(ctx context.Context, q []float32, k int, f store.Filter) ([]store.VectorHit, error) {
	<-v.gate
	return v.DB.Vector(ctx, q, k, f)
}

// SampleCosines is the index's, after closing sampled: the search asks
// for its sample once it has published the vector side's hits, so a
// keyword side gated on sampled finds the vector side done (gated on
// Vector's return, it could look before the publication and take the
// late path: seen once in CI under -race).
func (v *gatedVector) SampleCosines(ctx context.Context, q []float32, n int) ([]float64, error) {
	v.sampledOnce.Do(func() { close(v.sampled) })
	return v.DB.SampleCosines(ctx, q, n)
}

func (v *gatedVector) Cosines(ctx context.Context, q []float32, ids []int64) (map[int64]float64, error) {
	v.mu.Lock()
	v.cosIDs = append(v.cosIDs, slices.Sorted(slices.Values(ids)))
	v.mu.Unlock()
	v.calledOnce.Do(func() { close(v.called) })
	return v.DB.Cosines(ctx, q, ids)
}

// TestKeywordCosinesEarlyOrLate checks that the exact cosines of the
// keyword hits the vector side did not find give the same retrieval
// whether they are read while the keyword side finishes (the vector side
// was done when the keyword hits came) or after both sides (it was not):
// the same chunks asked for once, the same results and scores, and the
// same as with no gates at all.
func TestKeywordCosinesEarlyOrLate(t *testing.T) {
	ctx := context.Background()
	db := vectorDB(t, 3)
	words := []string{"cache eviction policy", "rollback window", "cache warmup", "eviction of stale entries", "deploy notes"}
	var ups []index.Update
	for f := range 6 {
		path := fmt.Sprintf("memory/n%d.md", f)
		var chunks []index.Chunk
		for i := range 5 {
			text := fmt.Sprintf("%s number %d of note %d", words[(f+i)%len(words)], i, f)
			k := embedcache.KeyOf("H\n" + text)
			vec := []float32{float32(f%3) + 0.1, float32(i%4) + 0.2, float32((f*i)%5) + 0.3}
			chunks = append(chunks, index.Chunk{ID: index.ChunkID(path, i, k), Seq: i, StartLine: i*3 + 1, EndLine: i*3 + 2,
				Hash: k, Text: text, Prefix: "H\n", Vector: vec})
		}
		ups = append(ups, index.Update{File: index.File{Path: path, Source: "memory", Hash: path}, Chunks: chunks})
	}
	if _, err := db.Apply(ctx, ups, nil, nil); err != nil {
		t.Fatal(err)
	}
	req := search.Request{Query: "cache eviction policy", Mode: search.ModeHybrid, Pool: 8}
	retrieve := func(kw search.KeywordBackend, vec search.VectorBackend) *search.Retrieved {
		t.Helper()
		h := &search.Hybrid{Keyword: kw, Vector: vec, Embedder: fixedQuery{0.2, 1, 0.4}}
		got, err := h.Retrieve(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	closed := make(chan struct{})
	close(closed)
	want := retrieve(db, db)
	if len(want.Results) == 0 {
		t.Fatal("no results")
	}
	// Early: the keyword queries wait for the vector search, and the
	// keyword side's chunks for the cosines.
	ev := &gatedVector{DB: db, gate: closed, sampled: make(chan struct{}), called: make(chan struct{})}
	early := retrieve(&gatedKeyword{DB: db, t: t, gate: ev.sampled, read: make(chan struct{}), cosines: ev.called}, ev)
	// Late: the vector search waits for the keyword side's chunks.
	lk := &gatedKeyword{DB: db, t: t, gate: closed, read: make(chan struct{})}
	lv := &gatedVector{DB: db, gate: lk.read, sampled: make(chan struct{}), called: make(chan struct{})}
	late := retrieve(lk, lv)
	if len(ev.cosIDs) != 1 || len(lv.cosIDs) != 1 || !slices.Equal(ev.cosIDs[0], lv.cosIDs[0]) || len(ev.cosIDs[0]) == 0 {
		t.Errorf("cosines asked for %v early, %v late; want the same chunks once each", ev.cosIDs, lv.cosIDs)
	}
	for name, got := range map[string]*search.Retrieved{"early": early, "late": late} {
		if !reflect.DeepEqual(got.Results, want.Results) {
			t.Errorf("%s: results %+v\nwant %+v", name, got.Results, want.Results)
		}
	}
}

// vectorDB opens an index in a temporary folder, closed by t's cleanup,
// whose vectors have dims dimensions.
func vectorDB(t *testing.T, dims int) *index.DB {
	t.Helper()
	ctx := context.Background()
	db, err := index.Open(ctx, filepath.Join(t.TempDir(), "index.db"), index.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if err := db.ResetVectors(ctx, dims); err != nil {
		t.Fatal(err)
	}
	return db
}
