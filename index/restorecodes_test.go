package index

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/memweave/memweave-go/store"
)

// TestRestoreReloadsCodes checks that a handle that holds the search
// codes of an index (a long-lived server) searches the restored content
// after another handle's Restore (memweave index --rebuild), also when
// the rebuilt file's code blocks are stamped with generations lower than
// the ones the handle read: they are another file's, and must all be
// read again.
func TestRestoreReloadsCodes(t *testing.T) {
	ctx := context.Background()
	dst := openTest(t)
	if err := dst.ResetVectors(ctx, 3); err != nil {
		t.Fatal(err)
	}
	// Many writes: the destination's generation runs far past the
	// rebuilt file's.
	for i := range 100 {
		u := Update{File: File{Path: "memory/old.md", Source: "memory", Hash: fmt.Sprint(i)},
			Chunks: []Chunk{chunk("memory/old.md", 0, fmt.Sprintf("old text %d", i), []float32{1, 0, 0})}}
		if _, err := dst.Apply(ctx, []Update{u}, nil, nil); err != nil {
			t.Fatal(err)
		}
	}
	reader := openOther(t, dst)
	if hits, err := reader.Vector(ctx, []float32{1, 0, 0}, 1, store.Filter{}); err != nil || len(hits) != 1 {
		t.Fatalf("Vector before Restore = %v, %v; want 1 hit", hits, err)
	}

	srcPath := filepath.Join(t.TempDir(), "src.db")
	src, err := Open(ctx, srcPath, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := src.ResetVectors(ctx, 3); err != nil {
		t.Fatal(err)
	}
	var chunks []Chunk
	for i := range 70 {
		chunks = append(chunks, chunk("memory/new.md", i, fmt.Sprintf("new text %d", i), []float32{1, 0, 0}))
	}
	chunks[69].Vector = []float32{0, 1, 1}
	if _, err := src.Apply(ctx, []Update{{File: File{Path: "memory/new.md", Source: "memory", Hash: "new"}, Chunks: chunks}}, nil, nil); err != nil {
		t.Fatal(err)
	}
	src.Close()
	if err := dst.Restore(ctx, srcPath); err != nil {
		t.Fatalf("Restore: %v", err)
	}
	hits, err := reader.Vector(ctx, []float32{0, 1, 1}, 1, store.Filter{})
	if err != nil || len(hits) != 1 {
		t.Fatalf("Vector after Restore = %v, %v; want the restored chunk", hits, err)
	}
	got, err := reader.Chunks(ctx, []int64{hits[0].ID})
	if err != nil || got[hits[0].ID].StartLine != 69*10+1 || hits[0].Cosine < 0.99 {
		t.Errorf("Vector after Restore = %v (chunk %+v, %v), want memory/new.md's chunk 69 at cosine 1", hits, got[hits[0].ID], err)
	}
	if n, err := reader.VectorCount(ctx); err != nil || n != 70 {
		t.Errorf("VectorCount after Restore = %d, %v; want 70", n, err)
	}
}
