package main

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/memweave/memweave-go/embed"
	"github.com/memweave/memweave-go/index"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestClusteredIndex checks that the clustered index is what its recall
// measure claims: every chunk in a cluster of clusterMembers, members
// within clusterGapMax of each other in cosine, clusters far apart, and
// the vector search's top 10 exact on it.
func TestClusteredIndex(t *testing.T) {
	ctx := context.Background()
	const chunks = 10 * clusterMembers
	emb := embed.NewHash(0)
	ci, err := buildClustered(ctx, emb, filepath.Join(t.TempDir(), "index.db"), chunks, clusterMembers, 1)
	if err != nil {
		t.Fatal(err)
	}
	db, err := index.Open(ctx, ci.path, index.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	vecs := make(map[int64][]float32)
	var ids []int64
	if err := db.EachVector(ctx, func(id int64, v []float32) error {
		vecs[id] = unit(v)
		ids = append(ids, id)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	rows, err := db.Chunks(ctx, ids)
	if err != nil {
		t.Fatal(err)
	}
	byCluster := make(map[int][][]float32)
	n := 0
	for _, id := range ids {
		at := fmt.Sprintf("%s:%d", rows[id].Path, rows[id].StartLine)
		c, ok := ci.cluster[at]
		if !ok {
			t.Fatalf("chunk %d at %s is in no cluster", id, at)
		}
		byCluster[c] = append(byCluster[c], vecs[id])
		n++
	}
	if n != chunks || len(byCluster) != 10 {
		t.Fatalf("%d vectors in %d clusters, want %d in 10", n, len(byCluster), chunks)
	}
	cos := func(a, b []float32) float64 {
		var s float64
		for i := range a {
			s += float64(a[i]) * float64(b[i])
		}
		return s
	}
	tightest, loosest := 1.0, 0.0
	for c, vs := range byCluster {
		if len(vs) != clusterMembers {
			t.Errorf("cluster %d has %d members, want %d", c, len(vs), clusterMembers)
		}
		worst := 0.0
		for i := range vs {
			for j := range i {
				worst = max(worst, 1-cos(vs[i], vs[j]))
			}
		}
		// Members are clusterGapMax apart on average at most; noise
		// and half-precision rounding spread the worst pair a little.
		if worst > 2*clusterGapMax {
			t.Errorf("cluster %d: members %.2g apart, want within %g", c, worst, 2*clusterGapMax)
		}
		tightest, loosest = min(tightest, worst), max(loosest, worst)
		if other := byCluster[(c+1)%10]; cos(vs[0], other[0]) > 0.9 {
			t.Errorf("clusters %d and %d: cosine %.3f, want apart", c, (c+1)%10, cos(vs[0], other[0]))
		}
	}
	t.Logf("members of the tightest cluster %.2g apart, of the loosest %.2g", tightest, loosest)
	if tightest > 1e-4 {
		t.Errorf("the tightest cluster's members are %.2g apart, want some clusters far tighter than %g", tightest, clusterGapMax)
	}
	if len(ci.queries) != len(memweavetest.SynthQueries)+10 {
		t.Errorf("%d queries, want the synthetic ones and one per cluster", len(ci.queries))
	}
	recall, err := vectorRecall(ctx, emb, ci.path, ci.queries)
	if err != nil {
		t.Fatal(err)
	}
	if recall < 0.99 {
		t.Errorf("clustered recall@10 = %v, want >= 0.99", recall)
	}
}
