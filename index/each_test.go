package index

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/memweave/memweave-go/store"
)

func TestEachChunkIn(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	_, err := db.Apply(ctx, []Update{
		{File: File{Path: "memory/b.md", Source: "memory", Hash: "h1", MTime: 7}, Chunks: []Chunk{chunk("memory/b.md", 0, "b0", nil), chunk("memory/b.md", 1, "b1", nil)}},
		{File: File{Path: "memory/a.md", Source: "memory", Hash: "h2", MTime: 5}, Chunks: []Chunk{chunk("memory/a.md", 0, "a0", nil)}},
		{File: File{Path: "notes/c.md", Source: "notes", Hash: "h3", MTime: 9}, Chunks: []Chunk{chunk("notes/c.md", 0, "c0", nil)}},
	}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	read := func(f store.Filter) []string {
		t.Helper()
		var got []string
		err := db.EachChunkIn(ctx, f, func(c StoredChunk) error {
			got = append(got, c.Path+":"+c.Text+":"+string(rune('0'+c.MTime)))
			return nil
		})
		if err != nil {
			t.Fatalf("EachChunkIn(%+v): %v", f, err)
		}
		return got
	}
	for _, c := range []struct {
		f    store.Filter
		want []string
	}{
		{store.Filter{}, []string{"memory/a.md:a0:5", "memory/b.md:b0:7", "memory/b.md:b1:7", "notes/c.md:c0:9"}},
		{store.Filter{Sources: []string{"notes"}}, []string{"notes/c.md:c0:9"}},
		{store.Filter{Paths: []string{"memory/b.md", "notes/c.md"}}, []string{"memory/b.md:b0:7", "memory/b.md:b1:7", "notes/c.md:c0:9"}},
		{store.Filter{Sources: []string{"memory"}, Paths: []string{"notes/c.md", "memory/a.md"}}, []string{"memory/a.md:a0:5"}},
		{store.Filter{Paths: []string{}}, nil},
	} {
		if got := read(c.f); !reflect.DeepEqual(got, c.want) {
			t.Errorf("EachChunkIn(%+v) = %q, want %q", c.f, got, c.want)
		}
	}
	// fn's error stops the read and comes back as is.
	stop := errors.New("stop")
	n := 0
	err = db.EachChunk(ctx, func(StoredChunk) error { n++; return stop })
	if err != stop || n != 1 {
		t.Errorf("EachChunk with a failing fn = %v after %d chunks, want stop after 1", err, n)
	}
}
