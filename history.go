package memweave

import (
	"context"
	"errors"
	"fmt"

	"github.com/memweave/memweave-go/chunker"
	"github.com/memweave/memweave-go/conflict"
	"github.com/memweave/memweave-go/curator"
	"github.com/memweave/memweave-go/history"
	"github.com/memweave/memweave-go/search"
	"github.com/memweave/memweave-go/store"
)

// Conflict is a pair of chunks that contradict each other.
type Conflict = conflict.Conflict

// ConflictsResponse is what [Weave.Conflicts] returns; see
// [curator.ConflictsResponse].
type ConflictsResponse = curator.ConflictsResponse

// Conflicts finds contradiction hints in the index, leaving out the
// pairs [Weave.Resolve] settled ([curator.Notes.Conflicts]; bounded
// work, past which the response is Truncated). Of the search options it
// reads Sources, PathPrefix, DateRange, NoSync and MaxResults (default
// 100, at most 10,000).
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

// Superseded sets how a search treats a passage a resolution supersedes
// ([Weave.Resolve]): "mark" (default) sets its SupersededBy, "hide"
// leaves it out (counted in [SearchResponse].Hidden), "off" skips the
// check; see [search.Options].Superseded.
func Superseded(mode string) SearchOption { return func(o *search.Options) { o.Superseded = mode } }

// SearchAt searches memory/ as it was at the git revision rev, indexed
// into a temporary index seeded with this one's embedding cache
// ([history.CheckOut]). The response carries the commit in At, the
// embeddings computed, and warnings for the entries left out. It fails
// with [ErrBadRevision], [ErrNotRepository] or [ErrNoGit].
func (w *Weave) SearchAt(ctx context.Context, rev, query string, opts ...SearchOption) (resp *SearchResponse, err error) {
	defer func() {
		if err != nil {
			resp, err = nil, fmt.Errorf("memweave: search at %s: %w", rev, err)
		}
	}()
	if err := w.checkOpen(); err != nil {
		return nil, err
	}
	co, err := history.CheckOut(ctx, w.cfg.Workspace, rev, w.cfg.MaxFileBytes)
	if err != nil {
		return nil, err
	}
	defer co.Close()
	cfg := w.cfg
	cfg.Workspace, cfg.DBPath, cfg.ExtraPaths = co.Dir, "", nil // the checkout's own index
	at, err := Open(ctx, cfg)
	if err != nil {
		return nil, err
	}
	defer at.Close()
	res := &IndexResult{}
	if _, err = at.db.ImportCache(ctx, w.cfg.DBPath); err == nil {
		res, err = at.Index(ctx)
	}
	if err == nil {
		resp, err = at.Search(ctx, query, append(opts, NoSync())...)
	}
	if err == nil {
		resp.At, resp.EmbeddingsComputed = co.Commit, &res.EmbeddingsComputed
		for _, s := range co.LeftOut() {
			resp.Warnings = append(resp.Warnings, Warning{Path: s.Path, Err: s.Err})
		}
	}
	return resp, err
}

// Change is a chunk added, removed or changed between two revisions.
type Change = history.Change

// ChangesPage selects a window of [Weave.Changes] (default Limit 1,000).
type ChangesPage = history.Page

// ChangesResponse is what [Weave.Changes] returns.
type ChangesResponse = history.Result

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
	res, err := history.Changes(ctx, w.cfg.Workspace, from, to, opts, w.cfg.MaxFileBytes, pg)
	if err != nil {
		return nil, fmt.Errorf("memweave: changes: %w", err)
	}
	return res, nil
}
