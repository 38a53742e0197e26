package main

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"

	"github.com/memweave/memweave-go/embed"
	"github.com/memweave/memweave-go/embedcache"
	"github.com/memweave/memweave-go/index"
	"github.com/memweave/memweave-go/memweavetest"
)

// The clustered index: chunks in near-duplicate clusters, as in an
// agent's log that repeats itself (the same check, run after run, with a
// new run number). Its vector search measures recall where the int8
// codes rank a cluster's members no better than by chance.
//
// Text cannot make such clusters with the offline hash embedder: a chunk
// of 400 tokens that differs from another in one word is still a few
// hundredths away in cosine. So the clusters are made in vector space:
// each cluster's centre is the embedding of a synthetic log entry, and
// each member is the centre plus Gaussian noise, stored as a chunk of an
// index built directly (no workspace, no chunker).

// clusterMembers is the number of near-duplicates of each log entry.
const clusterMembers = 60

// clusterSections is the number of entries (chunks) a file holds.
const clusterSections = 10

// Cluster tightness: the members of a cluster are gap apart (1 - cos
// between two of them ≈ gap), with gap log-uniform between these bounds
// for each cluster, so that every cluster is within 1e-3 and some are far
// tighter, down to near-copies.
const (
	clusterGapMin = 1e-6
	clusterGapMax = 1e-3
)

// clusteredIndex is a built clustered index.
type clusteredIndex struct {
	// path is the index file.
	path string
	// queries are the synthetic queries and one query from the words of
	// each of a dozen clusters, whose top 10 lies in that cluster.
	queries []string
	// cluster maps each chunk, named path:start line, to its cluster.
	cluster map[string]int
}

// buildClustered writes at path an index of about chunks vectors in
// clusters of members near-duplicates, deterministic for a seed and an
// embedder: entry i belongs to cluster i % clusters, so each file holds
// members of clusterSections different clusters.
func buildClustered(ctx context.Context, emb embed.Embedder, path string, chunks, members int, seed uint64) (*clusteredIndex, error) {
	rng := rand.New(rand.NewPCG(seed, seed^0x51ed27))
	vocab := clusterVocab(rng, 4000)
	word := func() string { return vocab[rng.IntN(len(vocab))] }
	clusters := max(1, (chunks+members-1)/members)
	ci := &clusteredIndex{path: path, queries: append([]string(nil), memweavetest.SynthQueries...), cluster: make(map[string]int, chunks)}
	bodies := make([]string, clusters)
	for c := range bodies {
		var b strings.Builder
		var words []string
		fmt.Fprintf(&b, "## %s %s\n\n", word(), word())
		for range 9 {
			for range 8 + rng.IntN(8) {
				w := word()
				words = append(words, w)
				b.WriteString(w + " ")
			}
			b.WriteString(". ")
		}
		bodies[c] = b.String()
		if c < 12 {
			at := rng.IntN(len(words) - 3)
			ci.queries = append(ci.queries, strings.Join(words[at:at+4], " "))
		}
	}
	centres, err := emb.EmbedDocuments(ctx, bodies)
	if err != nil {
		return nil, fmt.Errorf("embed cluster centres: %w", err)
	}
	dims := len(centres[0])
	sigmas := make([]float64, clusters)
	for c := range centres {
		centres[c] = unit(centres[c])
		// Two members differ by noise of variance 2σ² a dimension, so
		// 1 - cos ≈ dims·σ² for a unit centre.
		gap := clusterGapMin * math.Pow(clusterGapMax/clusterGapMin, rng.Float64())
		sigmas[c] = math.Sqrt(gap / float64(dims))
	}

	db, err := index.Open(ctx, path, index.Options{})
	if err != nil {
		return nil, err
	}
	defer db.Close()
	if err := db.ResetVectors(ctx, dims); err != nil {
		return nil, err
	}
	var updates []index.Update
	for f := 0; f*clusterSections < chunks; f++ {
		u := index.Update{File: index.File{Path: fmt.Sprintf("memory/agent_%d/log-%05d.md", f%4, f), Source: "memory", Hash: fmt.Sprint(f)}}
		for s := range clusterSections {
			i := f*clusterSections + s
			if i >= chunks {
				break
			}
			c := i % clusters
			v := make([]float32, dims)
			for j := range v {
				v[j] = centres[c][j] + float32(sigmas[c]*rng.NormFloat64())
			}
			text := fmt.Sprintf("%s\n- Run %d of %d.\n", bodies[c], i/clusters+1, members)
			key := embedcache.KeyOf(text)
			ch := index.Chunk{ID: index.ChunkID(u.File.Path, s, key), Seq: s, StartLine: 4*s + 1, EndLine: 4*s + 3, Hash: key, Text: text, Vector: v}
			ci.cluster[fmt.Sprintf("%s:%d", u.File.Path, ch.StartLine)] = c
			u.Chunks = append(u.Chunks, ch)
		}
		updates = append(updates, u)
	}
	if _, err := db.Apply(ctx, updates, nil, nil); err != nil {
		return nil, fmt.Errorf("write the clustered index: %w", err)
	}
	return ci, nil
}

// clusterVocab returns n distinct pronounceable words, with the words of
// the synthetic queries among them.
func clusterVocab(rng *rand.Rand, n int) []string {
	seen := make(map[string]bool, n)
	var out []string
	for _, q := range memweavetest.SynthQueries {
		for _, w := range strings.Fields(strings.ToLower(q)) {
			if !seen[w] {
				seen[w] = true
				out = append(out, w)
			}
		}
	}
	cons, vows := "bcdfghklmnprstvz", "aeiou"
	for len(out) < n {
		var sb strings.Builder
		for range 2 + rng.IntN(2) {
			sb.WriteByte(cons[rng.IntN(len(cons))])
			sb.WriteByte(vows[rng.IntN(len(vows))])
			if rng.IntN(3) == 0 {
				sb.WriteByte(cons[rng.IntN(len(cons))])
			}
		}
		if w := sb.String(); !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	return out
}

// clusteredRecall builds a clustered index of about chunks vectors (see
// [buildClustered]) in a scratch folder and returns the recall@10 of its
// vector search against an exact scan.
func clusteredRecall(ctx context.Context, emb embed.Embedder, chunks int, seed uint64) (float64, error) {
	dir, err := os.MkdirTemp("", "memweave-clustered-")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(dir)
	ci, err := buildClustered(ctx, emb, filepath.Join(dir, "index.db"), chunks, clusterMembers, seed)
	if err != nil {
		return 0, err
	}
	return vectorRecall(ctx, emb, ci.path, ci.queries)
}
