package curator

import (
	"context"
	"slices"

	"github.com/memweave/memweave-go/conflict"
	"github.com/memweave/memweave-go/curate"
	"github.com/memweave/memweave-go/history"
	"github.com/memweave/memweave-go/indexer"
)

// Conflicts finds the contradiction hints among the index's chunks in
// scope ([conflict.Find], at most limit of them, ties broken by git
// commit times), leaving out the pairs a resolution settled: those with
// a passage a supersession line supersedes, which Total no longer
// counts either. A truncated result's Note says why and how to search
// the rest. Its Warnings are empty, for the caller to fill.
func (n *Notes) Conflicts(ctx context.Context, scope conflict.Scope, limit int) (*ConflictsResponse, error) {
	res, err := conflict.Find(ctx, n.DB, scope, conflict.Options{Limit: limit, CommitTime: history.CommitTimes(ctx, n.Dir)})
	if err != nil {
		return nil, err
	}
	if res.Truncated {
		res.Note = "conflicts: search truncated (" + res.Note + "); narrow it with a path prefix or a source to search the rest"
	}
	found := len(res.Conflicts)
	res.Conflicts = slices.DeleteFunc(res.Conflicts, func(c conflict.Conflict) bool {
		_, a := curate.Superseded(c.A.Text)
		_, b := curate.Superseded(c.B.Text)
		return a || b
	})
	res.Total -= found - len(res.Conflicts)
	return &ConflictsResponse{Result: *res, Warnings: []indexer.Warning{}}, nil
}
