package memweave

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"github.com/memweave/memweave-go/chunker"
	"github.com/memweave/memweave-go/conflict"
	"github.com/memweave/memweave-go/curate"
	"github.com/memweave/memweave-go/curator"
	"github.com/memweave/memweave-go/history"
	"github.com/memweave/memweave-go/index"
	"github.com/memweave/memweave-go/indexer"
	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/search"
	"github.com/memweave/memweave-go/store"
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

// The types of curation and review; packages curator, conflict and
// history document their fields.
type (
	// Conflict is a pair of chunks that contradict each other.
	Conflict = conflict.Conflict
	// ConflictsResponse is what [Weave.Conflicts] returns; see
	// [curator.ConflictsResponse].
	ConflictsResponse = curator.ConflictsResponse
	// Change is a chunk added, removed or changed between two revisions.
	Change = history.Change
	// ChangesPage selects a window of [Weave.Changes] (default Limit 1,000).
	ChangesPage = history.Page
	// ChangesResponse is what [Weave.Changes] returns.
	ChangesResponse = history.Result
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

// Consolidate lists groups of near-duplicate passages in memory/ and
// changes nothing; pairs differing in a value are Held instead. The rules,
// such as which copy is kept, are [curator.Notes.Consolidate]'s.
// Its Warnings name each group whose apply a front matter that does not
// parse would skip, with the note and the line.
func (w *Weave) Consolidate(ctx context.Context) (*ConsolidatePlan, error) {
	plan, err := w.consolidate(ctx)
	if err == nil {
		plan.Warnings = append(plan.Warnings, w.notes().FrontWarnings(plan.Groups)...)
	}
	return plan, err
}

// consolidate is [Weave.Consolidate] without the warnings of the groups'
// front matter, which the apply gives as skips.
func (w *Weave) consolidate(ctx context.Context) (*ConsolidatePlan, error) {
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

// ApplyConsolidation removes the duplicates of the [Weave.Consolidate]
// groups named by ids (none: [ErrNoGroupIDs]) after re-reading them under
// the write lock, then re-indexes what changed, waiting for its vectors
// as [Weave.Write] does; see [curator.Notes.Apply].
func (w *Weave) ApplyConsolidation(ctx context.Context, ids []string) (*ConsolidateResult, error) {
	if err := w.checkOpen(); err != nil {
		return nil, err
	}
	if len(ids) == 0 {
		return nil, ErrNoGroupIDs
	}
	plan, err := w.consolidate(ctx)
	if err != nil {
		return nil, err
	}
	res, err := w.notes().Apply(ctx, plan, ids)
	if res.Changed() {
		// Re-index what changed as a write does (a note's wait for its
		// vectors, not a batch's tries); notes pending embeddings wait
		// for the next index run, as after a write.
		ir, ierr := w.index(ctx, indexer.SyncOptions{EmbedTimeout: indexer.NoteEmbedTimeout}, w.fresh.Sync)
		if ierr == nil {
			res.Warnings = append(res.Warnings, ir.Warnings...)
		}
		err = errors.Join(err, ierr)
	}
	if err != nil {
		return res, fmt.Errorf("memweave: consolidate: %w", err)
	}
	return res, nil
}

// Feedback marks the passage holding line of the note path useful or not
// in the note's front matter, then re-indexes it; searches weigh the marks
// ([postprocess.CurationFactor]). It honours [ExpectHash] and
// [PassageKey]: pass the result's Passage key too, so that a passage an
// earlier edit moved (the front matter a first mark adds) is still the
// one marked, or nothing is; see [curator.Notes.Feedback].
func (w *Weave) Feedback(ctx context.Context, path string, line int, useful bool, wopts ...WriteOption) (*FeedbackResult, error) {
	if err := w.checkOpen(); err != nil {
		return nil, err
	}
	var wo memfile.WriteOptions
	for _, o := range wopts {
		o(&wo)
	}
	res, abs, err := w.notes().Feedback(ctx, path, line, wo.Passage, useful, memfile.EditOptionsOf(w.cfg.MaxFileBytes, wopts...))
	if err != nil {
		return nil, fmt.Errorf("memweave: feedback: %w", err)
	}
	return res, w.indexEdited(ctx, abs)
}

// Resolve settles a contradiction by keeping one line: a Markdown marker
// after the lines drop names the kept line, the day and the reason, then
// the note is re-indexed; deleting the marker undoes it. It honours
// [ExpectHash]; [curator.Notes.Resolve] has the rules and an example.
func (w *Weave) Resolve(ctx context.Context, keep, drop Ref, reason string, opts ...WriteOption) (*ResolveResult, error) {
	if err := w.checkOpen(); err != nil {
		return nil, err
	}
	res, abs, err := w.notes().Resolve(ctx, keep, drop, reason, memfile.EditOptionsOf(w.cfg.MaxFileBytes, opts...))
	if err != nil {
		return nil, fmt.Errorf("memweave: resolve: %w", err)
	}
	return res, w.indexEdited(ctx, abs)
}

// indexEdited indexes the note abs that a resolution or feedback mark has
// just edited, as a write does. Its error says the edit is on disk: a
// caller told only of the index's failure (a read-only index on a full
// disk) would make it again, and a feedback mark would count twice.
func (w *Weave) indexEdited(ctx context.Context, abs string) error {
	if _, err := w.eng.AddNote(ctx, abs); err != nil {
		rel := abs
		if r, rerr := filepath.Rel(w.cfg.Workspace, abs); rerr == nil && filepath.IsLocal(r) {
			rel = filepath.ToSlash(r)
		}
		return fmt.Errorf("memweave: %s is edited, but indexing it failed (it is found as before until an index run succeeds): %w", rel, err)
	}
	return nil
}

// notes are the workspace's notes as curation reads and edits them,
// cut into passages as the indexer cuts them.
func (w *Weave) notes() *curator.Notes {
	return &curator.Notes{
		Dir: w.cfg.Workspace, MaxFileBytes: w.cfg.MaxFileBytes, DB: w.db, Now: w.now, ExtraPaths: w.eng.ExtraPaths,
		Chunk: chunker.Options{MaxTokens: w.cfg.ChunkTokens, Overlap: w.cfg.ChunkOverlap},
	}
}

// Conflicts finds contradiction hints the index holds and no resolution
// settled ([curator.Notes.Conflicts]), reading the options Sources,
// PathPrefix, DateRange, NoSync and MaxResults (default 100, at most 10,000).
func (w *Weave) Conflicts(ctx context.Context, opts ...SearchOption) (*ConflictsResponse, error) {
	s := search.Options{Query: "conflicts", MaxResults: 100}
	for _, o := range opts {
		o(&s)
	}
	var refreshed, warns []Warning
	err := errors.Join(w.checkOpen(), s.Validate())
	if err == nil && !s.NoSync && !w.cfg.NoSyncOnSearch {
		refreshed = w.fresh.Refresh(ctx)
	}
	var f store.Filter
	var resp *ConflictsResponse
	if err == nil {
		f, _, warns, err = w.filter(ctx, s)
	}
	if err == nil {
		resp, err = w.notes().Conflicts(ctx, conflict.Scope{Sources: f.Sources, Paths: f.Paths}, min(10_000, s.MaxResults))
	}
	if err != nil {
		return nil, fmt.Errorf("memweave: conflicts: %w", err)
	}
	resp.Warnings = append(append(resp.Warnings, refreshed...), warns...)
	return resp, nil
}

// SearchAt searches memory/ as it was at the git revision rev, in a
// temporary index ([history.CheckOut]); At names the commit. A revision
// whose notes are over Config.MaxTreeBytes in all starts from a copy of
// this index instead ([history.CheckOutOnto]): the notes whose text this
// index holds (the hash of their row) are kept as indexed, and only
// those that differ are written, counted toward the limit and indexed.
// Errors wrap [ErrBadRevision], [ErrNotRepository] or [ErrNoGit].
func (w *Weave) SearchAt(ctx context.Context, rev, query string, opts ...SearchOption) (resp *SearchResponse, err error) {
	defer func() {
		if err != nil {
			resp, err = nil, fmt.Errorf("memweave: search at %s: %w", rev, err)
		}
	}()
	if err := w.checkOpen(); err != nil {
		return nil, err
	}
	// The options are checked before the checkout and its index run,
	// which a query too long (or another bad option) would pay for and
	// then be refused.
	if _, err := w.searchOptions(query, opts); err != nil {
		return nil, err
	}
	var onto atOnto
	co, err := history.CheckOutOnto(ctx, w.cfg.Workspace, rev, w.historyLimits(), func(dir string) (*history.Have, error) {
		return onto.start(ctx, w, dir)
	})
	if err != nil {
		onto.close()
		return nil, err
	}
	defer func() {
		onto.close() // before the folder it is in goes
		co.Close()
	}()
	res := &IndexResult{}
	if co.Onto {
		res, err = onto.finish(ctx, co)
	} else if onto.at, err = w.openAt(ctx, co.Dir, ""); err == nil {
		if _, err = onto.at.db.ImportCache(ctx, w.cfg.DBPath); err == nil {
			res, err = onto.at.Index(ctx)
		}
	}
	if err == nil {
		resp, err = onto.at.Search(ctx, query, append(opts, NoSync())...)
	}
	if err == nil {
		resp.At, resp.EmbeddingsComputed = co.Commit, &res.EmbeddingsComputed
		// What the index run left out (a note holding conflict markers,
		// one not text), as index says it, then what the checkout did.
		resp.Warnings = append(resp.Warnings, res.Warnings...)
		for _, s := range co.LeftOut() {
			resp.Warnings = append(resp.Warnings, Warning{Path: s.Path, Err: s.Err})
		}
		if err := co.Empty(); err != nil {
			resp.Warnings = append(resp.Warnings, Warning{Err: err})
		}
	}
	return resp, err
}

// openAt opens the index of a checkout's folder dir: its own file, or
// dbPath when not "". The checkout has no settings file, so Open would
// take every embedder setting as the caller's own: one this machine's
// user has not approved (a clone's server) would get the notes and the
// API key. It searches with this Weave's embedder, blocked when it is.
func (w *Weave) openAt(ctx context.Context, dir, dbPath string) (*Weave, error) {
	cfg := w.cfg
	cfg.Workspace, cfg.DBPath, cfg.ExtraPaths = dir, dbPath, nil
	cfg.Embedder.Custom = w.emb
	return Open(ctx, cfg)
}

// atOnto is the index of a search at a revision over MaxTreeBytes: a
// copy of this index, whose rows of the notes the revision holds as
// they are indexed stay ([history.Onto]), the rest deleted, and the
// notes written from the revision indexed.
type atOnto struct {
	at   *Weave
	rows map[string]index.File
	kept map[string]bool
}

// start copies w's index into the checkout's folder dir, opens it, and
// returns the notes it holds as the revision holds them: the row of the
// path records the text's size and hash, with chunks and every vector
// (an empty note, or one the index run left out with a warning, is
// indexed again, which says why).
func (o *atOnto) start(ctx context.Context, w *Weave, dir string) (*history.Have, error) {
	dbPath := filepath.Join(dir, "at.db")
	if err := w.eng.CopyFor(ctx, dbPath, dir, time.Now()); err != nil {
		return nil, err
	}
	var err error
	if o.at, err = w.openAt(ctx, dir, dbPath); err != nil {
		return nil, err
	}
	if o.rows, err = o.at.db.Files(ctx); err != nil {
		return nil, err
	}
	o.kept = make(map[string]bool)
	sized := func(p string, size int64) bool {
		r, ok := o.rows[p]
		return ok && r.Size == size && !r.External && !r.Pending && r.Chunks > 0
	}
	return &history.Have{Sized: sized, Text: func(p string, data []byte) bool {
		if !sized(p, int64(len(data))) || o.rows[p].Hash != memfile.Hash(data) {
			return false
		}
		o.kept[p] = true
		return true
	}}, nil
}

// finish deletes the rows of every note the checkout co did not keep
// and indexes the notes it wrote.
func (o *atOnto) finish(ctx context.Context, co *history.Checkout) (*IndexResult, error) {
	var drop []string
	for p := range o.rows {
		if !o.kept[p] {
			drop = append(drop, p)
		}
	}
	if _, err := o.at.db.Apply(ctx, nil, drop, nil); err != nil {
		return nil, err
	}
	paths := make([]string, len(co.Written))
	for i, p := range co.Written {
		paths[i] = indexer.AbsPath(co.Dir, p)
	}
	return o.at.eng.SyncPaths(ctx, paths, indexer.SyncOptions{Pending: true})
}

// close closes the index, when open.
func (o *atOnto) close() {
	if o.at != nil {
		o.at.Close()
	}
}

// Changes lists the chunks of memory/ changed from the git revision from
// to the revision to ("": the working tree), chunked as the index
// chunks: the page given, else the first; see [history.Changes].
func (w *Weave) Changes(ctx context.Context, from, to string, page ...ChangesPage) (*ChangesResponse, error) {
	if err := w.checkOpen(); err != nil {
		return nil, fmt.Errorf("memweave: changes: %w", err)
	}
	var pg ChangesPage
	if len(page) > 0 {
		pg = page[0]
	}
	opts := chunker.Options{MaxTokens: w.cfg.ChunkTokens, Overlap: w.cfg.ChunkOverlap}
	res, err := history.Changes(ctx, w.cfg.Workspace, from, to, opts, w.historyLimits(), pg)
	if err != nil {
		return nil, fmt.Errorf("memweave: changes: %w", err)
	}
	return res, nil
}

// historyLimits are the limits of what a command reads from a revision.
func (w *Weave) historyLimits() history.Limits {
	return history.Limits{FileBytes: w.cfg.MaxFileBytes, TreeBytes: w.cfg.MaxTreeBytes}
}
