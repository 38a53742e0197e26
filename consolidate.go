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
// [Weave.ApplyConsolidation]; see package curator for their fields.
type (
	// Passage is a passage of a note, as [Weave.Consolidate] reports it.
	Passage = curator.Passage
	// Duplicate is a copy [Weave.ApplyConsolidation] would remove, and
	// how it compares to the copy kept.
	Duplicate = curator.Duplicate
	// DuplicateGroup is a passage kept and its near duplicates in other
	// files.
	DuplicateGroup = curator.DuplicateGroup
	// HeldPair is two similar passages that are no near duplicates,
	// because a value differs or each holds words the other lacks: a
	// candidate for [Weave.Conflicts] and [Weave.Resolve].
	HeldPair = curator.HeldPair
	// ConsolidatePlan is what [Weave.Consolidate] proposes.
	ConsolidatePlan = curator.ConsolidatePlan
	// SkippedGroup is a group [Weave.ApplyConsolidation] left as it was,
	// and why.
	SkippedGroup = curator.SkippedGroup
	// ConsolidateResult is what [Weave.ApplyConsolidation] did.
	ConsolidateResult = curator.ConsolidateResult
)

// Consolidate lists groups of near-duplicate passages across the notes
// of memory/, and changes nothing: [Weave.ApplyConsolidation] removes
// the groups chosen by id.
//
// Two passages of different files are near duplicates when their token
// sets have a Jaccard similarity of at least [DuplicateJaccard], no
// value differs between them (a number or number word, a date, a
// weekday or frequency, a negation, a name, a word of quantity or
// order, or a disagreement the contradiction rules read: such pairs are
// listed in Held instead, as candidates for [Weave.Conflicts] and
// [Weave.Resolve]), and the copy dropped holds no content word the kept
// one lacks. The copy kept is the newest by the note's own date: a dated
// file name, else a date field in its front matter, else the time of
// its last git commit (when the workspace is in a git repository), else
// its modification time; every other copy of its group is at least the
// threshold similar to it (complete linkage), one per file. See package
// curate for the rules and their bounds.
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
// [Weave.Consolidate] named by ids, keeping each group's kept copy. No
// ids gives [ErrNoGroupIDs].
//
// The groups are listed again first; an id that is not in the new
// listing (one of its passages changed, or it was applied already) is
// skipped with the reason. For each group, under the workspace's write
// lock, the kept and the dropped passages are read again from their
// files and compared with the listing by content hash: if any differs,
// nothing of that group changes. Then the kept note's front matter takes
// pinned, tags and importance from the notes of its copies
// ([frontmatter.Merge]), and each copy's lines are removed from its file
// (lines another passage of the file still covers are kept), each file
// edited atomically, after checking again under the lock that it still
// holds the copy and the kept note still holds the kept passage; a file
// left with nothing but blank lines and front matter is deleted. The
// workspace is then re-indexed.
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
