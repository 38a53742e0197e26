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

// poisonEmbedder is an in-process embedder whose vector of a text
// holding a word it takes is not finite: a static model with a NaN or
// infinite row (a cloned workspace's own model folder needs no
// approval), or a custom model that breaks on some input.
type poisonEmbedder struct {
	*embed.Hash
	word string
	bad  float32
}

func (p poisonEmbedder) EmbedDocuments(ctx context.Context, texts []string) ([][]float32, error) {
	v, err := p.Hash.EmbedDocuments(ctx, texts)
	for i, t := range texts {
		if err == nil && strings.Contains(t, p.word) {
			v[i][1] = p.bad
		}
	}
	return v, err
}

// TestOneUnusableVectorLeavesTheOthers: one text whose vector is not
// finite failed the embedding of every text indexed with it, so one
// note holding a word a hostile model poisons kept every note of the
// run keyword-only, on every index, and the warning named no note. Now
// the others get their vectors, and the warning names the note left
// pending.
func TestOneUnusableVectorLeavesTheOthers(t *testing.T) {
	for name, bad := range map[string]float32{"NaN": float32(math.NaN()), "Inf": float32(math.Inf(-1))} {
		t.Run(name, func(t *testing.T) {
			root := memweavetest.Workspace(t, map[string]string{
				"memory/a.md":      "# A\n\nalpha bravo\n",
				"memory/b.md":      "# B\n\ncharlie zzpoison delta\n",
				"memory/c/deep.md": "# C\n\necho foxtrot\n",
			})
			w := open(t, root, memweave.Config{Embedder: memweave.EmbedderConfig{Custom: poisonEmbedder{embed.NewHash(64), "zzpoison", bad}}})
			res, err := w.Index(t.Context())
			if err != nil {
				t.Fatalf("Index = %v, want warnings only", err)
			}
			if text := warningText(res.Warnings); !strings.Contains(text, "memory/b.md") || strings.Contains(text, "memory/a.md") {
				t.Errorf("Index warnings %q, want memory/b.md named as pending, and no other note", text)
			}
			st, err := w.Status(t.Context())
			if err != nil {
				t.Fatal(err)
			}
			if st.PendingFiles != 1 || st.Vectors != 2 {
				t.Errorf("after Index: %d files pending, %d vectors; want 1 pending (b.md) and the 2 other notes' vectors", st.PendingFiles, st.Vectors)
			}
			if resp := mustSearch(t, w, "charlie"); len(resp.Results) == 0 {
				t.Errorf("Search(charlie) found nothing; want the poisoned note by keyword")
			}
		})
	}
}
