package memweave_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
	"github.com/memweave/memweave-go/postprocess"
	"github.com/memweave/memweave-go/search"
)

// A custom postprocessor whose last word on a score is outside [0, 1]
// (a cross-encoder's logit, a boost past 1, a penalty under 0) fails the
// search and the pack with an error naming it, the result and the score
// (postprocess.ErrBadScore); before, both were served with the score as
// set. A score outside [0, 1] means nothing beside min_score, the hints
// and the scores a response explains, and clamping it would hide what the
// processor meant (two logits 3.1 and 5.2 both 1). A chain whose later
// processor brings the scores back into [0, 1] is served; so is a
// processor that keeps to it.
func TestSearchPostprocessorScoreOutOfRange(t *testing.T) {
	ctx := context.Background()
	root := memweavetest.Workspace(t, map[string]string{
		"memory/a.md": "# Deploy\n\nThe deploy rollback runbook: timeout recall after 30s.\n",
		"memory/b.md": "# Deploy again\n\nA second deploy rollback note, timeout 90s.\n",
	})
	set := func(v float64) postprocess.Func {
		return postprocess.Func{N: "logit-reranker", F: func(_ context.Context, _ string, rs []search.Result) ([]search.Result, error) {
			for i := range rs {
				rs[i].Score = v
			}
			return rs, nil
		}}
	}
	squash := postprocess.Func{N: "squash", F: func(_ context.Context, _ string, rs []search.Result) ([]search.Result, error) {
		for i := range rs {
			rs[i].Score = 0.5
		}
		return rs, nil
	}}
	for _, tt := range []struct {
		name  string
		procs []postprocess.Postprocessor
		bad   string // the score named in the error; "" for none
	}{
		{"above", []postprocess.Postprocessor{set(4.2)}, "4.2"},
		{"below", []postprocess.Postprocessor{set(-0.5)}, "-0.5"},
		{"just above", []postprocess.Postprocessor{set(1.0000001)}, "1.0000001"},
		{"edges", []postprocess.Postprocessor{set(1)}, ""},
		{"zero", []postprocess.Postprocessor{set(0)}, ""},
		{"brought back", []postprocess.Postprocessor{set(4.2), squash}, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			w := open(t, root, memweave.Config{DBPath: t.TempDir() + "/index.db"})
			w.Use(tt.procs...)
			resp, err := w.Search(ctx, "deploy rollback timeout", memweave.MinScore(0))
			pack, perr := w.Pack(ctx, "deploy rollback timeout", 2000, memweave.MinScore(0))
			if tt.bad == "" {
				if err != nil || perr != nil || len(resp.Results) != 2 || len(pack.Items) != 2 {
					t.Fatalf("Search = %v; Pack = %v; want both notes served", err, perr)
				}
				return
			}
			for what, err := range map[string]error{"Search": err, "Pack": perr} {
				if !errors.Is(err, postprocess.ErrBadScore) || !strings.Contains(err.Error(), "logit-reranker") ||
					!strings.Contains(err.Error(), "score "+tt.bad+",") || !strings.Contains(err.Error(), "memory/") {
					t.Errorf("%s with scores set to %s = %v; want ErrBadScore naming logit-reranker, the result and the score", what, tt.bad, err)
				}
			}
		})
	}
}
