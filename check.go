package memweave

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"runtime"
	"slices"
	"sync"

	"golang.org/x/sync/errgroup"

	"github.com/memweave/memweave-go/index"
	"github.com/memweave/memweave-go/workspace"
)

// CheckReport is what [Weave.Check] found and, when it repaired, what it
// fixed. File lists hold workspace-relative paths, sorted.
type CheckReport struct {
	// Missing are Markdown files on disk that the index lacks.
	Missing []string `json:"missing"`
	// Stale are indexed files whose size, mtime or content differ from
	// the file on disk.
	Stale []string `json:"stale"`
	// Orphaned are indexed files that are gone from disk.
	Orphaned []string `json:"orphaned"`
	// Pending counts files waiting for embeddings. It is not a problem by
	// itself: they match by keyword until an index run embeds them.
	Pending int `json:"pending"`
	// Tables is the database check: SQLite's integrity check and the
	// agreement of the chunk, keyword, vector and file rows.
	Tables *index.Report `json:"tables"`
	// Warnings are files the check could not read.
	Warnings []string `json:"warnings"`
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

// Check verifies the index against the files and itself: Markdown files
// the index lacks, indexed files whose size, mtime or content (by SHA-256;
// Check reads every file) differ, indexed files that are gone, and the
// database checks of [index.DB.Check]. It changes nothing unless repair
// is set; then it fixes what it found and returns a fresh report of what
// remains, with Repaired saying what it did:
//
//   - a database that fails SQLite's integrity check is rebuilt from the
//     files with [Rebuild];
//   - table problems are fixed with [index.DB.Repair];
//   - missing, stale and orphaned files are indexed, re-indexed or
//     removed by an index run; files whose content changed without their
//     size or mtime changing are re-read first.
//
// Check reports problems in its result, not as errors: the error is for
// failures to check at all.
func (w *Weave) Check(ctx context.Context, repair bool) (*CheckReport, error) {
	if err := w.checkOpen(); err != nil {
		return nil, err
	}
	rep, changed, err := w.check(ctx)
	if err != nil || !repair || rep.OK() {
		return rep, err
	}
	var fixed []string
	if rep.Tables.Corrupt() {
		res, err := Rebuild(ctx, w.cfg, IndexOptions{})
		if err != nil {
			return rep, err
		}
		fixed = append(fixed, fmt.Sprintf("rebuilt the damaged index from the files (%d files, %d chunks)", res.FilesIndexed, res.ChunksCreated))
	} else {
		if !rep.Tables.OK() {
			var found *index.Report
			err := w.withIndexLock(ctx, 0, func() error {
				var err error
				found, err = w.db.Repair(ctx)
				return err
			})
			if err != nil {
				return rep, fmt.Errorf("memweave: check: %w", err)
			}
			for _, p := range found.Problems() {
				fixed = append(fixed, "fixed "+p)
			}
		}
		if err := w.db.Invalidate(ctx, changed...); err != nil {
			return rep, fmt.Errorf("memweave: check: %w", err)
		}
		res, err := w.Index(ctx, IndexOptions{})
		if err != nil {
			return rep, err
		}
		if n := len(rep.Missing); n > 0 {
			fixed = append(fixed, fmt.Sprintf("indexed %d missing files", n))
		}
		if n := len(rep.Stale); n > 0 {
			fixed = append(fixed, fmt.Sprintf("re-indexed %d changed files", n))
		}
		if res.FilesDeleted > 0 {
			fixed = append(fixed, fmt.Sprintf("removed %d orphaned files", res.FilesDeleted))
		}
	}
	after, _, err := w.check(ctx)
	if after != nil {
		after.Repaired = append([]string{}, fixed...)
	}
	return after, err
}

// check builds a report. changed lists the stale files whose size and
// mtime match the index but whose content does not: a stat scan misses
// them, so a repair must invalidate them first.
func (w *Weave) check(ctx context.Context) (rep *CheckReport, changed []string, err error) {
	tables, err := w.db.Check(ctx)
	if err != nil {
		return nil, nil, fmt.Errorf("memweave: check: %w", err)
	}
	rep = &CheckReport{Missing: []string{}, Stale: []string{}, Orphaned: []string{}, Tables: tables,
		Warnings: []string{}, Repaired: []string{}}
	if tables.Corrupt() {
		return rep, nil, nil
	}
	files, warns, err := workspace.Discover(w.cfg.Workspace, w.cfg.ExtraPaths)
	if err != nil {
		return nil, nil, fmt.Errorf("memweave: check: %w", err)
	}
	for _, e := range warns {
		rep.Warnings = append(rep.Warnings, e.Error())
	}
	rows, err := w.db.Files(ctx)
	if err != nil {
		return nil, nil, fmt.Errorf("memweave: check: %w", err)
	}
	seen := make(map[string]bool, len(files))
	var same []workspace.File
	for _, f := range files {
		seen[f.Rel] = true
		if f.Size > w.cfg.MaxFileBytes {
			continue // never indexed, by design
		}
		row, ok := rows[f.Rel]
		switch {
		case !ok:
			rep.Missing = append(rep.Missing, f.Rel)
		case row.Hash == "" || row.Size != f.Size || row.MTime != f.MTime:
			rep.Stale = append(rep.Stale, f.Rel)
		default:
			same = append(same, f)
		}
	}
	// Hash the files a stat scan calls unchanged.
	var mu sync.Mutex
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(runtime.GOMAXPROCS(0))
	for _, f := range same {
		g.Go(func() error {
			if gctx.Err() != nil {
				return gctx.Err()
			}
			data, err := os.ReadFile(f.Abs)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case errors.Is(err, fs.ErrNotExist):
				rep.Orphaned = append(rep.Orphaned, f.Rel)
			case err != nil:
				rep.Warnings = append(rep.Warnings, (&FileError{Path: f.Rel, Err: err}).Error())
			default:
				sum := sha256.Sum256(data)
				if hex.EncodeToString(sum[:]) != rows[f.Rel].Hash {
					rep.Stale = append(rep.Stale, f.Rel)
					changed = append(changed, f.Rel)
				}
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, nil, err
	}
	for p, row := range rows {
		if row.Pending {
			rep.Pending++
		}
		if seen[p] {
			continue
		}
		if !row.External {
			rep.Orphaned = append(rep.Orphaned, p)
		} else if _, err := os.Stat(externalAbs(w.cfg.Workspace, p)); errors.Is(err, fs.ErrNotExist) {
			rep.Orphaned = append(rep.Orphaned, p)
		}
	}
	for _, l := range [][]string{rep.Missing, rep.Stale, rep.Orphaned, rep.Warnings, changed} {
		slices.Sort(l)
	}
	return rep, changed, nil
}
