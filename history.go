package memweave

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"time"

	"github.com/memweave/memweave-go/chunker"
	"github.com/memweave/memweave-go/conflict"
	"github.com/memweave/memweave-go/frontmatter"
	"github.com/memweave/memweave-go/history"
	"github.com/memweave/memweave-go/postprocess"
	"github.com/memweave/memweave-go/search"
)

// Errors of [Weave.SearchAt] and [Weave.Changes]: no git command, no
// repository, a revision that is malformed or names no commit.
var (
	ErrNoGit         = history.ErrNoGit
	ErrNotRepository = history.ErrNotRepository
	ErrBadRevision   = history.ErrBadRevision
)

// Conflict is a pair of chunks that contradict each other.
type Conflict = conflict.Conflict

// ConflictsResponse is what [Weave.Conflicts] returns.
type ConflictsResponse struct {
	// Conflicts are likely ones first, then by path and line. Never nil.
	Conflicts []Conflict `json:"conflicts"`
	// Total is how many were found, before MaxResults cut the list.
	Total    int       `json:"total"`
	Warnings []Warning `json:"warnings"`
}

// Conflicts finds contradiction hints in the index ([conflict.Detect]),
// leaving out the pairs [Weave.Resolve] settled.
// Of the search options it reads Sources, PathPrefix, DateRange, NoSync
// and MaxResults, the cap on conflicts returned (default 100, at most
// 10,000).
func (w *Weave) Conflicts(ctx context.Context, opts ...SearchOption) (*ConflictsResponse, error) {
	s := search.Options{Query: "conflicts", MaxResults: 100}
	for _, o := range opts {
		o(&s)
	}
	resp := &ConflictsResponse{Warnings: []Warning{}}
	err := errors.Join(w.checkOpen(), s.Validate())
	if err == nil && !s.NoSync && !w.cfg.NoSyncOnSearch {
		resp.Warnings = append(resp.Warnings, w.refresh(ctx)...)
	}
	var f search.Filter
	var warns []Warning
	if err == nil {
		f, warns, err = w.filter(ctx, s)
	}
	var cut bool
	if err == nil {
		resp.Warnings = append(resp.Warnings, warns...)
		resp.Conflicts, resp.Total, cut, err = conflict.Find(ctx, w.db.SQL(), conflict.Scope{Sources: f.Sources, Paths: f.Paths},
			conflict.Options{Limit: min(10_000, s.MaxResults), CommitTime: history.CommitTimes(ctx, w.cfg.Workspace)})
	}
	if err != nil {
		return nil, fmt.Errorf("memweave: conflicts: %w", err)
	}
	// A pair with a passage a resolution superseded is settled.
	n := len(resp.Conflicts)
	resp.Conflicts = slices.DeleteFunc(resp.Conflicts, func(c Conflict) bool {
		_, a := frontmatter.Superseded(c.A.Text)
		_, b := frontmatter.Superseded(c.B.Text)
		return a || b
	})
	resp.Total -= n - len(resp.Conflicts)
	if cut {
		resp.Warnings = append(resp.Warnings, Warning{Err: errors.New("conflicts: the index has too many chunks; only the first 100,000 were compared")})
	}
	return resp, nil
}

// Superseded sets how a search treats a result that a newer result of
// the same response contradicts: "mark" (default) sets its SupersededBy,
// "hide" drops it, "off" skips the check ([postprocess.Supersede]).
func Superseded(mode string) SearchOption { return func(o *search.Options) { o.Superseded = mode } }

// supersede returns the supersede stage s asks for, nil when off.
func (w *Weave) supersede(s search.Options) postprocess.Postprocessor {
	if s.Superseded == "off" {
		return nil
	}
	mtimes := func(ctx context.Context, paths []string) map[string]time.Time {
		rows, _ := w.db.FilesAt(ctx, paths)
		out := make(map[string]time.Time, len(rows))
		for p, f := range rows {
			out[p] = time.Unix(0, f.MTime)
		}
		return out
	}
	return postprocess.Supersede{Hide: s.Superseded == "hide", Window: min(100, max(12, 2*s.MaxResults)), MTimes: mtimes, Claims: &w.claims}
}

// SearchAt searches memory/ as it was at the git revision rev: the
// Markdown files of that commit are indexed into a temporary index, with
// this index's embedding cache copied in, so unchanged text costs no
// embedding. The response carries the full commit id in At and the
// embeddings computed in EmbeddingsComputed. It fails with
// [ErrBadRevision], [ErrNotRepository] or [ErrNoGit].
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
	cfg.Workspace, cfg.DBPath, cfg.ExtraPaths = co.Dir, filepath.Join(co.Dir, ".memweave", "index.db"), nil
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
	}
	return resp, err
}

// Change is a chunk added, removed or changed between two revisions.
type Change = history.Change

// Changes lists the chunks of memory/ added, removed or changed from
// the git revision from to the revision to, or to the working tree when
// to is "", chunked as the index chunks ([history.Changes]).
func (w *Weave) Changes(ctx context.Context, from, to string) ([]Change, error) {
	opts := chunker.Options{MaxTokens: w.cfg.ChunkTokens, Overlap: w.cfg.ChunkOverlap}
	ch, err := history.Changes(ctx, w.cfg.Workspace, from, to, opts, w.cfg.MaxFileBytes)
	if err != nil {
		return nil, fmt.Errorf("memweave: changes: %w", err)
	}
	return ch, nil
}
