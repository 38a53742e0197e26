package curator

import (
	"context"

	"github.com/memweave/memweave-go/conflict"
	"github.com/memweave/memweave-go/curate"
	"github.com/memweave/memweave-go/history"
	"github.com/memweave/memweave-go/indexer"
	"github.com/memweave/memweave-go/postprocess"
	"github.com/memweave/memweave-go/query"
)

// Conflicts finds the contradiction hints among the index's chunks in
// scope ([conflict.Find], at most limit of them, ties broken by git
// commit times), leaving out the pairs a resolution settled: those with
// a passage a supersession line supersedes whose resolution leads to a
// live line ([postprocess.Supersede.Unsettled]), which Total no longer
// counts either. A pair whose resolutions lead to none (they go round,
// as when two machines each kept their own line and sync merged both
// markers, or the line kept is gone) is listed, its Reason saying why it
// is not settled: search shows both sides too. A truncated result's
// Note says why and how to search the rest. Its Warnings are empty, for
// the caller to fill.
func (n *Notes) Conflicts(ctx context.Context, scope conflict.Scope, limit int) (*ConflictsResponse, error) {
	res, err := conflict.Find(ctx, n.DB, scope, conflict.Options{Limit: limit, Now: n.Now(), CommitTime: history.CommitTimes(ctx, n.Dir, n.Now())})
	if err != nil {
		return nil, err
	}
	if res.Truncated {
		res.Note = "conflicts: search truncated (" + res.Note + "); narrow it with a path prefix or a source to search the rest"
	}
	found := len(res.Conflicts)
	kept := postprocess.Supersede{Kept: postprocess.NewKept((&query.Searcher{DB: n.DB}).Passages)}
	listed := res.Conflicts[:0]
	for _, c := range res.Conflicts {
		if why, settled := unsettled(ctx, kept, c); !settled {
			c.Reason += why
			listed = append(listed, c)
		}
	}
	res.Conflicts = listed
	res.Total -= found - len(res.Conflicts)
	return &ConflictsResponse{Result: *res, Warnings: []indexer.Warning{}}, nil
}

// unsettled reports whether a resolution settled the pair c: one of its
// passages is superseded, and its resolution leads to a live line. When
// a side is superseded but no resolution leads to one, why says so, to
// add to the pair's reason.
func unsettled(ctx context.Context, kept postprocess.Supersede, c conflict.Conflict) (why string, settled bool) {
	for _, text := range []string{c.A.Text, c.B.Text} {
		m, ok := curate.Superseded(text)
		if !ok {
			continue
		}
		w := kept.Unsettled(ctx, m)
		if w == "" {
			return "", true
		}
		if why == "" {
			why = " (resolved, but not settled: " + w + ")"
		}
	}
	return why, false
}
