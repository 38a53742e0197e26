package index

import (
	"context"
	"fmt"
	"testing"

	"github.com/memweave/memweave-go/store"
)

// TestManySources checks that a source filter of more values than SQLite
// takes variables in one statement (a search's --source repeated, or an
// MCP memory_search's sources list, 40,000 names) still filters, on both
// sides, instead of failing with "too many SQL variables".
func TestManySources(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	if err := db.ResetVectors(ctx, 3); err != nil {
		t.Fatal(err)
	}
	a := chunk("memory/x/a.md", 0, "the quokka census", []float32{1, 0, 0})
	b := chunk("memory/y/b.md", 0, "the quokka diet", []float32{1, 0, 0})
	if _, err := db.Apply(ctx, []Update{
		{File: File{Path: "memory/x/a.md", Source: "x", Hash: "h1"}, Chunks: []Chunk{a}},
		{File: File{Path: "memory/y/b.md", Source: "y", Hash: "h2"}, Chunks: []Chunk{b}},
	}, nil, nil); err != nil {
		t.Fatal(err)
	}
	sources := []string{"x"}
	for i := range 40000 {
		sources = append(sources, fmt.Sprintf("s%d", i))
	}
	f := store.Filter{Sources: sources}
	textOf := func(id int64) string {
		cs, err := db.Chunks(ctx, []int64{id})
		if err != nil {
			t.Fatal(err)
		}
		return cs[id].Text
	}
	hits, err := db.Keyword(ctx, `"quokka"`, 10, f)
	if err != nil || len(hits) != 1 || textOf(hits[0].ID) != a.Text {
		t.Errorf("Keyword(quokka, %d sources) = %+v, %v; want chunk a alone", len(sources), hits, err)
	}
	vh, err := db.Vector(ctx, []float32{1, 0, 0}, 10, f)
	if err != nil || len(vh) != 1 || textOf(vh[0].ID) != a.Text {
		t.Errorf("Vector(%d sources) = %+v, %v; want chunk a alone", len(sources), vh, err)
	}
}
