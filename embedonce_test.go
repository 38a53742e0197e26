package memweave_test

import (
	"context"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestSearchEmbedsTheQueryOnce: a search asks the embedding server for
// its query's vector once, whatever it finds: passages above the
// threshold, none, or only some below it (the --min-score hint).
func TestSearchEmbedsTheQueryOnce(t *testing.T) {
	ctx := context.Background()
	srv := memweavetest.NewEmbedServer(t, 64)
	root := memweavetest.Workspace(t, map[string]string{
		"memory/deploy.md": "# Deploys\n\nWe deploy with ArgoCD every Tuesday.\n",
		"memory/db.md":     "# Database\n\nThe primary database is Postgres 16 on db-1.\n",
		"memory/old.md":    "---\nexpires: 2020-01-01\n---\n# Old\n\nWe deployed with Jenkins.\n",
	})
	for _, oneShot := range []bool{true, false} {
		w := open(t, root, memweave.Config{Workspace: root, Now: memweavetest.Clock(), OneShot: oneShot,
			Embedder: memweave.EmbedderConfig{Provider: "openai", Model: "m", BaseURL: srv.BaseURL(), Dims: 64}})
		if _, err := w.Index(ctx); err != nil {
			t.Fatal(err)
		}
		if _, err := w.Search(ctx, "warm up the background"); err != nil {
			t.Fatal(err)
		}
		for _, q := range []string{"ArgoCD deploys", "zebra quantum lighthouse", "deployed Jenkins", "database deploy cadence"} {
			before := srv.Texts.Load()
			resp, err := w.Search(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			if n := srv.Texts.Load() - before; n != 1 {
				t.Errorf("one-shot %v: Search(%q) (%d results, %d below the threshold, %d expired) embedded %d texts, want 1 (the query)",
					oneShot, q, len(resp.Results), resp.Hidden.BelowThreshold, resp.Hidden.Expired, n)
			}
		}
		w.Close()
	}
}
