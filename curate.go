package memweave

import (
	"context"
	"errors"
	"fmt"

	"github.com/memweave/memweave-go/chunker"
	"github.com/memweave/memweave-go/curate"
	"github.com/memweave/memweave-go/curator"
	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/search"
)

// DuplicateJaccard is the token-set Jaccard similarity (tokenize.Jaccard)
// from which two passages may be near duplicates ([Weave.Consolidate]).
const DuplicateJaccard = curate.Threshold

// Errors of curation; package curator documents them.
var (
	// ErrNoGroupIDs is returned by [Weave.ApplyConsolidation] when no
	// group id is given: nothing is removed without naming what.
	ErrNoGroupIDs = curator.ErrNoGroupIDs
	// ErrNoPassage is wrapped by the error of [Weave.Feedback] and
	// [Weave.Resolve] for a line in no passage: past the end of the
	// file, blank between passages, or in the front matter.
	ErrNoPassage = curator.ErrNoPassage
)

// The types of curation; package curator documents their fields.
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
	// FeedbackResult is what [Weave.Feedback] recorded.
	FeedbackResult = curator.FeedbackResult
	// Ref points at lines of a note: a file, its first line and, for
	// more than one, its last (EndLine; 0 for StartLine alone).
	Ref = search.Ref
	// ResolveResult is what [Weave.Resolve] did.
	ResolveResult = curator.ResolveResult
)

// Consolidate lists groups of near-duplicate passages across the notes of
// memory/ and changes nothing; [Weave.ApplyConsolidation] removes the
// groups chosen by id. A pair whose difference holds a value (a number, a
// date, a negation, a name...) is no duplicate but Held, for
// [Weave.Conflicts] and [Weave.Resolve]. [curator.Notes.Consolidate] has
// the rules, such as which copy is kept.
func (w *Weave) Consolidate(ctx context.Context) (*ConsolidatePlan, error) {
	if err := w.checkOpen(); err != nil {
		return nil, err
	}
	warns := []Warning{}
	if !w.cfg.NoSyncOnSearch {
		warns = append(warns, w.fresh.Refresh(ctx)...)
	}
	plan, err := w.notes().Consolidate(ctx)
	if err != nil {
		return nil, fmt.Errorf("memweave: consolidate: %w", err)
	}
	plan.Warnings = warns
	return plan, nil
}

// ApplyConsolidation removes the duplicates of the groups of
// [Weave.Consolidate] named by ids (none: [ErrNoGroupIDs]), keeping each
// group's kept copy, then re-indexes. Each group is listed again and read
// again under the workspace's write lock: one whose content hash changed
// is skipped with the reason. [curator.Notes.Apply] has the rules.
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

// Feedback records that the passage holding line (any line of it) of the
// note path was useful or not, as a mark in the note's front matter, then
// re-indexes the note; searches weigh the marks
// ([postprocess.CurationFactor]). The edit follows the rules of
// [Weave.Write] and honours [ExpectHash]; [curator.Notes.Feedback] has the
// rest, and the errors. A line in no passage wraps [ErrNoPassage].
func (w *Weave) Feedback(ctx context.Context, path string, line int, useful bool, wopts ...WriteOption) (*FeedbackResult, error) {
	if err := w.checkOpen(); err != nil {
		return nil, err
	}
	res, abs, err := w.notes().Feedback(ctx, path, line, useful, memfile.EditOptionsOf(w.cfg.MaxFileBytes, wopts...))
	if err != nil {
		return nil, fmt.Errorf("memweave: feedback: %w", err)
	}
	_, err = w.Add(ctx, abs)
	return res, err
}

// Resolve settles a contradiction by keeping one line: it supersedes the
// lines drop names with a Markdown marker after them naming the kept line,
// the day (Config.Now in Config.TimeZone) and the reason, then re-indexes.
// Searches mark those lines ([Superseded]), [Weave.Conflicts] skips them;
// deleting the marker undoes it.
// The edit follows the rules of [Weave.Write] and honours [ExpectHash];
// [curator.Notes.Resolve] has the rules and an example. Lines in no
// passage wrap [ErrNoPassage].
func (w *Weave) Resolve(ctx context.Context, keep, drop Ref, reason string, opts ...WriteOption) (*ResolveResult, error) {
	if err := w.checkOpen(); err != nil {
		return nil, err
	}
	res, abs, err := w.notes().Resolve(ctx, keep, drop, reason, memfile.EditOptionsOf(w.cfg.MaxFileBytes, opts...))
	if err != nil {
		return nil, fmt.Errorf("memweave: resolve: %w", err)
	}
	_, err = w.Add(ctx, abs)
	return res, err
}

// notes are the workspace's notes as curation reads and edits them,
// cut into passages as the indexer cuts them.
func (w *Weave) notes() *curator.Notes {
	return &curator.Notes{
		Dir: w.cfg.Workspace, MaxFileBytes: w.cfg.MaxFileBytes, DB: w.db, Now: w.now,
		Chunk: chunker.Options{MaxTokens: w.cfg.ChunkTokens, Overlap: w.cfg.ChunkOverlap},
	}
}
