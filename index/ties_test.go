package index

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/memweave/memweave-go/store"
)

// TestTiesInPathOrder checks that when more copies of one text tie at
// the k-th place than k leaves room for, the keyword and the vector
// search return the copies first in path order, not the first written
// (the lowest row ids), with or without a filter, after any better hit.
func TestTiesInPathOrder(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	if err := db.ResetVectors(ctx, 3); err != nil {
		t.Fatal(err)
	}
	write := func(path, text string, vec []float32) {
		t.Helper()
		u := Update{File: File{Path: path, Source: "memory", Hash: path}, Chunks: []Chunk{chunk(path, 0, text, vec)}}
		if _, err := db.Apply(ctx, []Update{u}, nil, nil); err != nil {
			t.Fatal(err)
		}
	}
	// Written in reverse path order: the row ids run against the paths.
	for i := 9; i >= 0; i-- {
		write(fmt.Sprintf("memory/log-%d.md", i), "standup done nothing to report", []float32{1, 1, 0})
	}
	write("memory/best.md", "standup standup report", []float32{1, 0, 0})
	paths := func(ids []int64) []string {
		t.Helper()
		chunks, err := db.Chunks(ctx, ids)
		if err != nil {
			t.Fatal(err)
		}
		out := make([]string, len(ids))
		for i, id := range ids {
			out[i] = chunks[id].Path
		}
		return out
	}
	want := []string{"memory/best.md", "memory/log-0.md", "memory/log-1.md", "memory/log-2.md"}
	for _, f := range []store.Filter{{}, {Sources: []string{"memory"}}} {
		kw, err := db.Keyword(ctx, `"standup"`, 4, f)
		if err != nil {
			t.Fatal(err)
		}
		var ids []int64
		for _, h := range kw {
			ids = append(ids, h.ID)
		}
		if got := paths(ids); !slices.Equal(got, want) {
			t.Errorf("Keyword(standup, 4, %+v) = %v, want %v", f, got, want)
		}
		vec, err := db.Vector(ctx, []float32{1, 0.2, 0}, 4, f)
		if err != nil {
			t.Fatal(err)
		}
		ids = ids[:0]
		for _, h := range vec {
			ids = append(ids, h.ID)
		}
		if got := paths(ids); !slices.Equal(got, want) {
			t.Errorf("Vector(4, %+v) = %v, want %v", f, got, want)
		}
	}
}
