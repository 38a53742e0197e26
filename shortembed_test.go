package memweave_test

import (
	"context"
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
