package indexer

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"runtime"
	"slices"
	"strings"
	"sync"

	"golang.org/x/sync/errgroup"

	"github.com/memweave/memweave-go/index"
	"github.com/memweave/memweave-go/internal/plural"
	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/workspace"
)

// CheckReport is what a check found and, when it repaired, what it fixed.
// File lists hold workspace-relative paths, sorted.
type CheckReport struct {
	// Missing are Markdown files on disk that the index lacks.
	Missing []string `json:"missing"`
	// Stale are indexed files whose size, mtime or content differ from
	// the file on disk, including files that grew over the size limit
	// and still have rows.
	Stale []string `json:"stale"`
	// Orphaned are indexed files that are gone from disk or that
	// discovery no longer lists.
	Orphaned []string `json:"orphaned"`
	// TooLarge are files over the size limit; they are never indexed, by
	// design, and are not a problem by themselves.
	TooLarge []string `json:"too_large"`
	// Pending counts files waiting for embeddings. It is not a problem by
	// itself: they match by keyword until an index run embeds them.
	Pending int `json:"pending"`
	// Tables is the database check: SQLite's integrity check and the
	// agreement of the chunk, keyword, vector and file rows.
	Tables *index.Report `json:"tables"`
	// Warnings are paths the check could not list or read.
	Warnings []Warning `json:"warnings"`
	// Repaired says what a repair did, one line per action; empty when
	// nothing was repaired.
	Repaired []string `json:"repaired"`
}

// OK reports whether the check found no problem.
func (r *CheckReport) OK() bool {
	return r.Tables.OK() && len(r.Missing) == 0 && len(r.Stale) == 0 && len(r.Orphaned) == 0
}

// Problems describes each problem, one line each.
func (r *CheckReport) Problems() []string {
	var out []string
	for _, p := range r.Missing {
		out = append(out, "not indexed: "+p)
	}
	for _, p := range r.Stale {
		out = append(out, "changed since indexed: "+p)
	}
	for _, p := range r.Orphaned {
		out = append(out, "indexed but gone: "+p)
	}
	return append(out, r.Tables.Problems()...)
}

// Check compares the index with the files, by the [Diff] and then by
// content: every file the diff calls unchanged or pending is read and its
// SHA-256 compared with its row. It also runs the database checks of
// [index.DB.Check]. changed lists the files whose content differs although
// size and mtime match: a stat scan misses them, so a repair must
// invalidate them first.
func (e *Engine) Check(ctx context.Context) (rep *CheckReport, changed []string, err error) {
	tables, err := e.db.Check(ctx)
	if err != nil {
		return nil, nil, fmt.Errorf("indexer: check: %w", err)
	}
	rep = &CheckReport{Missing: []string{}, Stale: []string{}, Orphaned: []string{}, TooLarge: []string{},
		Tables: tables, Warnings: []Warning{}, Repaired: []string{}}
	if tables.Corrupt() {
		return rep, nil, nil
	}
	d, err := e.Diff(ctx)
	if err != nil {
		return nil, nil, fmt.Errorf("indexer: check: %w", err)
	}
	rep.Warnings = append(rep.Warnings, d.Unreadable...)
	rep.Pending = len(d.Pending)
	big := make(map[string]bool, len(d.TooLarge))
	for _, f := range d.TooLarge {
		big[f.Rel] = true
		rep.TooLarge = append(rep.TooLarge, f.Rel)
	}
	for _, f := range d.New {
		rep.Missing = append(rep.Missing, f.Rel)
	}
	for _, f := range d.Changed {
		rep.Stale = append(rep.Stale, f.Rel)
	}
	for _, p := range d.Deleted {
		if big[p] {
			rep.Stale = append(rep.Stale, p)
		} else {
			rep.Orphaned = append(rep.Orphaned, p)
		}
	}
	changed, err = e.hashCheck(ctx, slices.Concat(d.Unchanged, d.Pending), d, rep)
	if err != nil {
		return nil, nil, err
	}
	for _, l := range [][]string{rep.Missing, rep.Stale, rep.Orphaned, changed} {
		slices.Sort(l)
	}
	return rep, changed, nil
}

// hashCheck reads files and compares their SHA-256 with their rows,
// adding the ones that differ to rep.Stale and returning them.
func (e *Engine) hashCheck(ctx context.Context, files []workspace.File, d *Diff, rep *CheckReport) ([]string, error) {
	var changed []string
	var mu sync.Mutex
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(runtime.GOMAXPROCS(0))
	zones := e.zones()
	for _, f := range files {
		g.Go(func() error {
			if gctx.Err() != nil {
				return gctx.Err()
			}
			data, _, err := zones.ReadIndexed(f.Rel, -1)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case errors.Is(err, fs.ErrNotExist):
				rep.Orphaned = append(rep.Orphaned, f.Rel)
			case err != nil:
				rep.Warnings = append(rep.Warnings, Warning{Path: f.Rel, Err: err})
			case memfile.Hash(data) != d.rows[f.Rel].Hash:
				rep.Stale = append(rep.Stale, f.Rel)
				changed = append(changed, f.Rel)
			}
			return nil
		})
	}
	return changed, g.Wait()
}

// Repair fixes what rep (from [Engine.Check]) found, checks again, and
// returns the fresh report, whose Repaired says what it fixed, one line
// per action: a database that fails SQLite's integrity check is rebuilt
// with rebuild; table problems are fixed with [index.DB.Repair]; the
// files in changed (content changed under an unchanged stat) are
// invalidated, and a sync indexes, re-indexes and removes the rest.
//
// Only repairs that held are listed: a problem the fresh check still
// finds stays a problem of the report and is not claimed as fixed, and a
// count of files counts only those the fresh check no longer lists.
func (e *Engine) Repair(ctx context.Context, rep *CheckReport, changed []string, rebuild func(context.Context) (*Result, error)) (*CheckReport, error) {
	if rep.Tables.Corrupt() {
		res, err := rebuild(ctx)
		if err != nil {
			return nil, err
		}
		after, _, err := e.Check(ctx)
		if err != nil {
			return nil, err
		}
		if !after.Tables.Corrupt() {
			after.Repaired = append(after.Repaired, fmt.Sprintf("rebuilt the damaged index from the files (%d files, %d chunks)", res.FilesIndexed, res.ChunksCreated))
		}
		return after, nil
	}
	found, deleted, err := e.repairRows(ctx, rep, changed)
	if err != nil {
		return nil, err
	}
	after, _, err := e.Check(ctx)
	if err != nil {
		return nil, err
	}
	after.Repaired = held(rep, after, found, deleted)
	return after, nil
}

// repairRows fixes the table problems of rep and the files it lists;
// found is what the table repair found, deleted the files a sync removed.
func (e *Engine) repairRows(ctx context.Context, rep *CheckReport, changed []string) (found *index.Report, deleted int, err error) {
	if !rep.Tables.OK() {
		err := e.WithLock(ctx, 0, func() error {
			var err error
			found, err = e.db.Repair(ctx)
			return err
		})
		if err != nil {
			return nil, 0, fmt.Errorf("indexer: repair: %w", err)
		}
	}
	if err := e.db.Invalidate(ctx, changed...); err != nil {
		return nil, 0, fmt.Errorf("indexer: repair: %w", err)
	}
	res, err := e.Sync(ctx, SyncOptions{Pending: true})
	if err != nil {
		return nil, 0, err
	}
	return found, res.FilesDeleted, nil
}

// held returns the lines of Repaired: the repairs of the problems of
// before that after, the fresh report, no longer has. found is what the
// table repair found, deleted the files the sync removed.
func held(before, after *CheckReport, found *index.Report, deleted int) []string {
	out := []string{}
	if found != nil {
		left := problemKinds(after.Tables.Problems())
		for _, p := range found.Problems() {
			if !left[problemKind(p)] {
				out = append(out, "fixed "+p)
			}
		}
	}
	gone := func(was, now []string) int {
		n := 0
		for _, p := range was {
			if !slices.Contains(now, p) {
				n++
			}
		}
		return n
	}
	if n := gone(before.Missing, after.Missing); n > 0 {
		out = append(out, "indexed "+plural.Count(n, "missing file"))
	}
	if n := gone(before.Stale, after.Stale); n > 0 {
		out = append(out, "re-indexed "+plural.Count(n, "changed file"))
	}
	if n := min(deleted, gone(before.Orphaned, after.Orphaned)); n > 0 {
		out = append(out, "removed "+plural.Count(n, "orphaned file"))
	}
	return out
}

// problemKind is the kind of the problem line p of [index.Report.Problems]:
// the line without its leading count, and only "keyword index" for the
// keyword index's own check, whose message may change.
func problemKind(p string) string {
	if strings.HasPrefix(p, "keyword index:") {
		return "keyword index"
	}
	if i := strings.IndexByte(p, ' '); i > 0 && strings.Trim(p[:i], "0123456789") == "" {
		return p[i+1:]
	}
	return p
}

// problemKinds returns the kinds ([problemKind]) of the problem lines ps.
func problemKinds(ps []string) map[string]bool {
	m := make(map[string]bool, len(ps))
	for _, p := range ps {
		m[problemKind(p)] = true
	}
	return m
}
