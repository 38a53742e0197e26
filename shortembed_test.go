package memweave_test

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/embed"
	"github.com/memweave/memweave-go/memweavetest"
)

// shortEmbedder is an in-process embedder that breaks the one vector
// per text contract: it drops the last vector of every call.
type shortEmbedder struct{ *embed.Hash }

func (s shortEmbedder) EmbedDocuments(ctx context.Context, texts []string) ([][]float32, error) {
	v, err := s.Hash.EmbedDocuments(ctx, texts)
	return v[:len(v)-1], err
}

// TestCustomEmbedderShortOfVectors: a custom embedder that returns fewer
// vectors than texts is bad input: Index warns, naming the counts, and
// the notes stay searchable by keyword; the process does not panic.
func TestCustomEmbedderShortOfVectors(t *testing.T) {
	root := memweavetest.Workspace(t, map[string]string{
		"memory/a.md": "# A\n\nalpha bravo\n",
		"memory/b.md": "# B\n\ncharlie delta\n",
	})
	w := open(t, root, memweave.Config{Embedder: memweave.EmbedderConfig{Custom: shortEmbedder{embed.NewHash(64)}}})
	res := mustIndex(t, w)
	if text := warningText(res.Warnings); !strings.Contains(text, "1 vectors for 2 texts") {
		t.Errorf("Index warnings %q, want the embedder's short answer named", text)
	}
	if resp := mustSearch(t, w, "charlie"); len(resp.Results) == 0 {
		t.Errorf("Search(charlie) found nothing; want the note by keyword")
	}
}

// badEmbedder is an in-process embedder whose last vector of every call
// is broken by bad.
type badEmbedder struct {
	*embed.Hash
	bad func([]float32) []float32
}

func (s badEmbedder) EmbedDocuments(ctx context.Context, texts []string) ([][]float32, error) {
	v, err := s.Hash.EmbedDocuments(ctx, texts)
	if err == nil {
		v[len(v)-1] = s.bad(v[len(v)-1])
	}
	return v, err
}

// TestCustomEmbedderVectorUnusable: a custom embedder that returns a
// vector of another length, or one that is not finite, failed the whole
// index run ("write: memory/b.md: chunk 0: vector has 3 dimensions, the
// index 64") on every pass, and its note was not found even by keyword.
// It is now an embedding failure, as a short answer is: warned, and the
// notes are found by keyword.
func TestCustomEmbedderVectorUnusable(t *testing.T) {
	for name, bad := range map[string]func([]float32) []float32{
		"short":      func(v []float32) []float32 { return v[:3] },
		"not finite": func(v []float32) []float32 { v[0] = float32(math.NaN()); return v },
	} {
		t.Run(name, func(t *testing.T) {
			root := memweavetest.Workspace(t, map[string]string{
				"memory/a.md": "# A\n\nalpha bravo\n",
				"memory/b.md": "# B\n\ncharlie delta\n",
			})
			w := open(t, root, memweave.Config{Embedder: memweave.EmbedderConfig{Custom: badEmbedder{embed.NewHash(64), bad}}})
			res, err := w.Index(t.Context())
			if err != nil {
				t.Fatalf("Index with an embedder returning an unusable vector = %v, want a warning", err)
			}
			if text := warningText(res.Warnings); !strings.Contains(text, "vector") {
				t.Errorf("Index warnings %q, want the unusable vector named", text)
			}
			if resp := mustSearch(t, w, "charlie"); len(resp.Results) == 0 {
				t.Errorf("Search(charlie) found nothing; want the note by keyword")
			}
		})
	}
}
