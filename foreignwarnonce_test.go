package memweave_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/indexer"
)

// TestSearchAfterAModelSwapWarnsOnce: a search over an index of another
// embedder's vectors says so once, also when its freshness check indexed
// an edited note (which warned of the same vectors again), watched or not.
func TestSearchAfterAModelSwapWarnsOnce(t *testing.T) {
	for _, watch := range []bool{false, true} {
		root, w := openIndexed(t, sample, memweave.Config{})
		w.Close()
		changeSettings(t, root, func(s *memweave.Settings) { s.Embedder.Dims = 128 })
		w = open(t, root, memweave.Config{NoWatch: !watch, Embedder: memweave.EmbedderConfig{Dims: 128}})
		for _, edit := range []bool{false, true} {
			if edit {
				p := filepath.Join(root, "memory", "extra.md")
				if err := os.WriteFile(p, []byte("# Extra\n\nThe Redis queue drains at night.\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			resp, err := w.Search(t.Context(), "Redis queue")
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for _, wr := range resp.Warnings {
				if errors.Is(wr.Err, indexer.ErrForeignVectors) {
					n++
				}
			}
			if n != 1 {
				t.Errorf("watched %v, after an edit %v: %d warnings of the embedder's change, want 1: %v", watch, edit, n, resp.Warnings)
			}
		}
		w.Close()
	}
}
