package memweave

import (
	"context"
	"errors"
	"fmt"

	"github.com/memweave/memweave-go/curate"
	"github.com/memweave/memweave-go/curator"
)

// DuplicateJaccard is the token-set Jaccard similarity (tokenize.Jaccard)
// from which two passages may be near duplicates ([Weave.Consolidate]).
const DuplicateJaccard = curate.Threshold

// ErrNoGroupIDs is returned by [Weave.ApplyConsolidation] when no group
// id is given: nothing is removed without naming what.
var ErrNoGroupIDs = curator.ErrNoGroupIDs

// The listing of [Weave.Consolidate] and the result of
// [Weave.ApplyConsolidation]; package curator documents their fields.
type (
	// Passage is a passage of a note, as [Weave.Consolidate] reports it.
	Passage = curator.Passage
	// Duplicate is a copy [Weave.ApplyConsolidation] would remove.
	Duplicate = curator.Duplicate
	// DuplicateGroup is a passage kept and its near duplicates.
	DuplicateGroup = curator.DuplicateGroup
	// HeldPair is two similar passages that are no near duplicates.
	HeldPair = curator.HeldPair
	// ConsolidatePlan is what [Weave.Consolidate] proposes.
	ConsolidatePlan = curator.ConsolidatePlan
	// SkippedGroup is a group [Weave.ApplyConsolidation] left, and why.
	SkippedGroup = curator.SkippedGroup
	// ConsolidateResult is what [Weave.ApplyConsolidation] did.
	ConsolidateResult = curator.ConsolidateResult
)

// Consolidate lists groups of near-duplicate passages across the notes
// of memory/, and changes nothing: [Weave.ApplyConsolidation] removes
// the groups chosen by id. A pair whose difference holds a value (a
// number, a date, a negation, a name...) is no duplicate: it is listed
// in Held, a candidate for [Weave.Conflicts] and [Weave.Resolve]. The
// copy kept is the newest by the note's own date (file name, front
// matter, git commit, else modification time). See
// [curator.Notes.Consolidate] for the rules.
func (w *Weave) Consolidate(ctx context.Context) (*ConsolidatePlan, error) {
	if err := w.checkOpen(); err != nil {
		return nil, err
	}
	warns := []Warning{}
	if !w.cfg.NoSyncOnSearch {
		warns = append(warns, w.refresh(ctx)...)
	}
	plan, err := w.notes().Consolidate(ctx)
	if err != nil {
		return nil, fmt.Errorf("memweave: consolidate: %w", err)
	}
	plan.Warnings = warns
	return plan, nil
}

// ApplyConsolidation removes the duplicates of the groups of
// [Weave.Consolidate] named by ids, keeping each group's kept copy, then
// re-indexes. No ids gives [ErrNoGroupIDs]. The groups are listed again
// first, and each group's passages are read again under the workspace's
// write lock and compared by content hash: a group that changed is
// skipped with the reason, nothing of it changed. The kept note takes
// the copies' pinned, tags and importance; a file left empty is deleted.
// See [curator.Notes.Apply].
func (w *Weave) ApplyConsolidation(ctx context.Context, ids []string) (*ConsolidateResult, error) {
	if err := w.checkOpen(); err != nil {
		return nil, err
	}
	if len(ids) == 0 {
		return nil, ErrNoGroupIDs
	}
	plan, err := w.Consolidate(ctx)
	if err != nil {
		return nil, err
	}
	res, err := w.notes().Apply(ctx, plan, ids)
	errs := []error{err}
	if res.Changed() {
		if ir, err := w.Index(ctx); err != nil {
			errs = append(errs, err)
		} else {
			res.Warnings = append(res.Warnings, ir.Warnings...)
		}
	}
	if err := errors.Join(errs...); err != nil {
		return res, fmt.Errorf("memweave: consolidate: %w", err)
	}
	return res, nil
}
