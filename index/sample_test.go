package index

import (
	"bytes"
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"unsafe"

	"github.com/memweave/memweave-go/embedcache"
)

// TestSampleIsBottomHashes checks the background's sample: the chunks
// with the n smallest distinct text hashes among those with vectors,
// whatever order the files were written in (two indexes holding the same
// chunks, one of them after an edit that gave a file's chunks new row
// ids, give the same sample and vectors); a write of a text whose hash
// is not among them leaves it as it was; the vectors are the stored
// ones, of unit length, one after the other in memory.
func TestSampleIsBottomHashes(t *testing.T) {
	ctx := context.Background()
	const dims, n = 12, 64
	empty := openTest(t)
	if s, err := empty.Sample(ctx, n); err != nil || s.Dims != 0 || len(s.Hashes) != 0 {
		t.Fatalf("Sample(keyword-only index) = %+v, %v; want no dims, no hashes", s, err)
	}
	rng := rand.New(rand.NewPCG(7, 8))
	file := func(p, h string) File { return File{Path: p, Source: "memory", Hash: h} }
	a1 := randomChunks(rng, "memory/a.md", 120, dims, "first")
	a2 := randomChunks(rng, "memory/a.md", 120, dims, "second")
	b := randomChunks(rng, "memory/b.md", 80, dims, "b")
	// A text in both files: one entry of the sample at most.
	dup := chunk("memory/b.md", len(b), a2[3].Text, a2[3].Vector)
	b = append(b, dup)

	edited, fresh := openTest(t), openTest(t)
	for _, db := range []*DB{edited, fresh} {
		if err := db.ResetVectors(ctx, dims); err != nil {
			t.Fatal(err)
		}
	}
	for _, ups := range [][]Update{
		{{File: file("memory/a.md", "1"), Chunks: a1}, {File: file("memory/b.md", "b"), Chunks: b}},
		{{File: file("memory/a.md", "2"), Chunks: a2}},
	} {
		if _, err := edited.Apply(ctx, ups, nil, nil); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := fresh.Apply(ctx, []Update{{File: file("memory/a.md", "2"), Chunks: a2}, {File: file("memory/b.md", "b"), Chunks: b}}, nil, nil); err != nil {
		t.Fatal(err)
	}

	var want []embedcache.Key
	for _, c := range append(slices.Clone(a2), b...) {
		want = append(want, c.Hash)
	}
	slices.SortFunc(want, func(x, y embedcache.Key) int { return bytes.Compare(x[:], y[:]) })
	want = slices.Compact(want)[:n]
	vectorOf := map[embedcache.Key][]float32{}
	for _, c := range append(slices.Clone(a2), b...) {
		vectorOf[c.Hash] = c.Vector
	}

	var samples [2]Sample
	var vectors [2][][]float32
	for i, db := range []*DB{edited, fresh} {
		s, err := db.Sample(ctx, n)
		if err != nil {
			t.Fatal(err)
		}
		gen, _ := db.Generation(ctx)
		if s.Dims != dims || s.Gen != gen || !slices.Equal(s.Hashes, want) || len(s.IDs) != n {
			t.Fatalf("index %d: Sample(%d) = dims %d, gen %d, %d hashes (equal to the %d smallest: %v), %d ids; want dims %d, gen %d",
				i, n, s.Dims, s.Gen, len(s.Hashes), n, slices.Equal(s.Hashes, want), len(s.IDs), dims, gen)
		}
		vs, err := db.SampleVectors(ctx, s)
		if err != nil || len(vs) != n {
			t.Fatalf("index %d: SampleVectors = %d vectors, %v; want %d", i, len(vs), err, n)
		}
		for j, v := range vs {
			if j > 0 && unsafe.Pointer(&v[0]) != unsafe.Add(unsafe.Pointer(&vs[j-1][0]), 4*dims) {
				t.Fatalf("index %d: SampleVectors[%d] does not follow [%d] in memory", i, j, j-1)
			}
			if c := cosine64(v, vectorOf[s.Hashes[j]]); math.Abs(c-1) > 1e-3 || math.Abs(cosine64(v, v)-1) > 1e-5 {
				t.Fatalf("index %d: SampleVectors[%d] is at cosine %.5f of its chunk's vector (norm² %.5f), want a unit copy of it", i, j, c, cosine64(v, v))
			}
		}
		samples[i], vectors[i] = s, vs
	}
	if slices.Equal(samples[0].IDs, samples[1].IDs) {
		t.Fatalf("the edited and the fresh index give their chunks the same row ids: the test shows nothing")
	}
	for j := range vectors[0] {
		if !slices.Equal(vectors[0][j], vectors[1][j]) {
			t.Fatalf("SampleVectors[%d] = %v in the edited index, %v in the fresh one; want the same", j, vectors[0][j], vectors[1][j])
		}
	}

	// A text hashing above the sample's last hash leaves it as it was;
	// one hashing below it enters it.
	var above, below Chunk
	for i := 0; above.Text == "" || below.Text == ""; i++ {
		c := chunk("memory/c.md", 0, "new note "+string(rune('a'+i%26))+string(rune('a'+i/26)), make([]float32, dims))
		c.Vector[i%dims] = 1
		if bytes.Compare(c.Hash[:], want[n-1][:]) > 0 {
			above = c
		} else {
			below = c
		}
	}
	if _, err := fresh.Apply(ctx, []Update{{File: file("memory/c.md", "c"), Chunks: []Chunk{above}}}, nil, nil); err != nil {
		t.Fatal(err)
	}
	if s, err := fresh.Sample(ctx, n); err != nil || s.Gen == samples[1].Gen || !slices.Equal(s.Hashes, want) || !slices.Equal(s.IDs, samples[1].IDs) {
		t.Errorf("after a write of a text hashing above the sample: Sample = gen %d (was %d), same hashes %v, same ids %v, %v; want a new gen, the same sample",
			s.Gen, samples[1].Gen, slices.Equal(s.Hashes, want), slices.Equal(s.IDs, samples[1].IDs), err)
	}
	if _, err := fresh.Apply(ctx, []Update{{File: file("memory/c.md", "c2"), Chunks: []Chunk{below}}}, nil, nil); err != nil {
		t.Fatal(err)
	}
	if s, err := fresh.Sample(ctx, n); err != nil || len(s.Hashes) != n || !slices.Contains(s.Hashes, below.Hash) || slices.Contains(s.Hashes, want[n-1]) {
		t.Errorf("after a write of a text hashing below the sample's last: Sample = %d hashes, holding it %v, holding the old last %v, %v; want it in, the old last out",
			len(s.Hashes), slices.Contains(s.Hashes, below.Hash), slices.Contains(s.Hashes, want[n-1]), err)
	}
	// A small index is sampled whole, each text once.
	if s, err := edited.Sample(ctx, 1000); err != nil || len(s.Hashes) != len(a2)+len(b)-1 {
		t.Errorf("Sample(1000) of %d chunks, one text twice = %d hashes, %v; want %d", len(a2)+len(b), len(s.Hashes), err, len(a2)+len(b)-1)
	}
}
