package memweave_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	memweave "github.com/memweave/memweave-go"
)

// TestCopiedIndexVectorsAreNotTrusted: an index copied in with the
// workspace (a clone of a repository that commits .memweave/index.db)
// had its file rows dropped, but its vectors were kept as the embedding
// cache, filed under the content hash of the text they claim to embed.
// A planted vector (here the two notes' vectors swapped) then ranked a
// note for what another says, in the copy and in no rebuild. The copy
// now embeds every passage again: its vector search is the rebuild's.
func TestCopiedIndexVectorsAreNotTrusted(t *testing.T) {
	ctx := context.Background()
	src := indexedWorkspace(t, map[string]string{
		"memory/deploy.md": "# Deploy\n\nWe deploy with make release on Fridays.\n",
		"memory/cat.md":    "# Cat\n\nThe cat sleeps on the sofa all afternoon.\n",
	})
	// Swap the two notes' vectors: each chunk keeps the other's.
	clone := tamperedCopy(t, src, `CREATE TEMP TABLE swap AS SELECT c.id AS id, (SELECT v2.vector FROM vectors v2 JOIN chunks c2 ON c2.id = v2.id WHERE c2.path != c.path) AS vector FROM chunks c;
		UPDATE vectors SET vector = (SELECT vector FROM swap WHERE swap.id = vectors.id)`)
	top := func(ws string) string {
		t.Helper()
		w, err := memweave.Open(ctx, memweave.Config{Workspace: ws})
		if err != nil {
			t.Fatal(err)
		}
		defer w.Close()
		if _, err := w.Index(ctx); err != nil {
			t.Fatal(err)
		}
		res, err := w.Search(ctx, "deploy with make release", memweave.SearchMode(memweave.ModeVector), memweave.MinScore(0))
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Results) == 0 {
			return ""
		}
		return res.Results[0].Path
	}
	got := top(clone)
	if err := os.RemoveAll(filepath.Join(clone, ".memweave")); err != nil {
		t.Fatal(err)
	}
	if want := top(clone); got != want {
		t.Errorf("vector search in the copy: top %q, want %q as a rebuild ranks it", got, want)
	}
}
