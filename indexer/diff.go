package indexer

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/memweave/memweave-go/index"
	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/workspace"
)

// Diff is the freshness truth: how the files on disk differ from the rows
// in the index, by a stat scan (sizes and modification times; no file is
// read). Every discovered file is in exactly one of New, Changed,
// TooLarge, Unreadable, Pending and Unchanged; Deleted lists index rows
// whose file is gone. All lists are sorted by path.
type Diff struct {
	// Scanned is the number of files discovery found.
	Scanned int
	// New are files the index has no row for.
	New []workspace.File
	// Changed are indexed files whose size or mtime differ from their row,
	// or whose row was invalidated.
	Changed []workspace.File
	// Deleted are paths of index rows to remove: the file is gone,
	// discovery no longer lists it, or it grew over the size limit.
	Deleted []string
	// TooLarge are files over Options.MaxFileBytes. They are never
	// indexed; a row left from when the file was smaller is in Deleted.
	TooLarge []workspace.File
	// Unreadable are paths that could not be listed or read, each a
	// warning naming it and wrapping the cause (fs.ErrPermission, ...).
	// An unreadable file keeps the rows it has.
	Unreadable []Warning
	// Pending are unchanged indexed files some of whose chunks lack a
	// vector because embedding failed; an index run retries them.
	Pending []workspace.File
	// Unchanged are indexed files whose size and mtime match their row
	// (and change time and inode, where known), and whose content was
	// read and found unchanged when the racy-timestamp rule required it.
	Unchanged []workspace.File
	// Retouch are the rows to refresh with [index.DB.Touch]: unchanged
	// files whose row is racy (see [Racy]) and whose mtime is old enough
	// to trust at the read that found their content unchanged. Each holds
	// the file's stat, the hash found (so that the touch is skipped if the
	// row changed since) and the read time, so that later scans need not
	// read the file.
	Retouch []index.File

	// rows are the index rows the diff was computed against.
	rows map[string]index.File
	// zones are the extra paths the diff reads racy files through,
	// resolved once for all of them; nil until the first.
	zones *workspace.Zones
}

// Stale returns the number of files the next sync would touch: new,
// changed and deleted. Pending files are retried only by a full index
// run, so they do not count.
func (d *Diff) Stale() int { return len(d.New) + len(d.Changed) + len(d.Deleted) }

// Diff computes the freshness of the whole workspace. It takes no lock:
// a caller that acts on the diff should compute it again under
// [Engine.WithLock], as [Engine.Sync] does.
func (e *Engine) Diff(ctx context.Context) (*Diff, error) {
	return e.diff(ctx, nil)
}

// checkDiff is the [Diff] of a freshness check without the lock: the
// first one takes the scan [Open] started ([Options.ScanAtOpen]).
func (e *Engine) checkDiff(ctx context.Context) (*Diff, error) {
	return e.diff(ctx, e.takeEarlyScan())
}

// diff is [Diff] over the scan early when not nil, else a scan of now.
func (e *Engine) diff(ctx context.Context, early *earlyScan) (*Diff, error) {
	// Read the rows while the workspace is walked: one is SQLite, the
	// other system calls.
	var (
		rows    map[string]index.File
		rowsErr error
		read    = make(chan struct{})
	)
	go func() {
		defer close(read)
		rows, rowsErr = e.db.Files(ctx)
	}()
	var files []workspace.File
	var warns []error
	var err error
	if early != nil {
		<-early.done
		files, warns, err = early.files, early.warns, early.err
	} else {
		files, warns, err = e.scan()
	}
	<-read
	if err != nil {
		return nil, fmt.Errorf("indexer: scan: %w", err)
	}
	if rowsErr != nil {
		return nil, rowsErr
	}
	// Most files are unchanged: room for all of them up front, rather
	// than a list regrown file by file.
	d := &Diff{Scanned: len(files), rows: rows, Unchanged: make([]workspace.File, 0, len(files))}
	for _, w := range warns {
		d.Unreadable = append(d.Unreadable, e.pathWarning(w))
	}
	seen := make(map[string]bool, len(files))
	var linked, shared []string
	for _, f := range files {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		seen[f.Rel] = true
		switch {
		case f.ViaLink:
			linked = append(linked, f.Abs)
		case f.HardLinked:
			shared = append(shared, f.Abs)
		}
		e.classify(f, d)
	}
	e.linkedMu.Lock()
	e.linked, e.shared = linked, shared
	e.linkedMu.Unlock()
	for p, row := range rows {
		if seen[p] {
			continue
		}
		if !row.External || isGone(AbsPath(e.opts.Root, p)) {
			d.Deleted = append(d.Deleted, p)
		}
	}
	d.Deleted = e.keepOutOfScope(ctx, keepAside(e.opts.Root, d.Deleted))
	slices.Sort(d.Deleted)
	slices.SortFunc(d.Unreadable, func(a, b Warning) int { return cmp.Compare(a.Path, b.Path) })
	return d, nil
}

// keepOutOfScope returns deleted without the rows outside this engine's
// scope (under neither memory/ nor its extra paths) whose files are still
// there, when its settings are outdated (Options.SettingsChanged): a
// process started after memweave.json gained an extra path indexed them,
// and this one, which does not scan it, must not remove them.
func (e *Engine) keepOutOfScope(ctx context.Context, deleted []string) []string {
	var outside []string
	for _, p := range deleted {
		if !e.inScope(p) && !isGone(AbsPath(e.opts.Root, p)) {
			outside = append(outside, p)
		}
	}
	if len(outside) == 0 || e.settingsChanged(ctx) == nil {
		return deleted
	}
	return slices.DeleteFunc(deleted, func(p string) bool { return slices.Contains(outside, p) })
}

// inScope reports whether the row path p is under memory/ or one of the
// engine's extra paths.
func (e *Engine) inScope(p string) bool {
	if strings.HasPrefix(p, "memory/") {
		return true
	}
	for _, x := range e.opts.ExtraPaths {
		x = filepath.ToSlash(filepath.Clean(x))
		if p == x || strings.HasPrefix(p, x+"/") {
			return true
		}
	}
	return false
}

// keepAside returns deleted without the notes that are aside now
// ([memfile.NotesAside]): an in-place edit in another process is
// comparing them and puts them (or their new content) back in a moment,
// so their rows stay. The folder is read only when a file is missing.
func keepAside(root string, deleted []string) []string {
	if len(deleted) == 0 {
		return deleted
	}
	aside := memfile.NotesAside(root)
	return slices.DeleteFunc(deleted, func(p string) bool { return aside[p] })
}

// classify files the discovered file f in d against its row.
func (e *Engine) classify(f workspace.File, d *Diff) {
	// Discovered files are managed by discovery: pruned when gone.
	f.External = false
	row, indexed := d.rows[f.Rel]
	switch {
	case f.Size > e.opts.MaxFileBytes:
		d.TooLarge = append(d.TooLarge, f)
		if indexed {
			d.Deleted = append(d.Deleted, f.Rel)
		}
	case indexed && SameStat(row, f) && row.Hash != "" && !row.External && !e.racyChanged(row, f, d):
		if row.Pending {
			d.Pending = append(d.Pending, f)
		} else {
			d.Unchanged = append(d.Unchanged, f)
		}
	case !readable(f.Abs):
		if isGone(f.Abs) {
			d.Unreadable = append(d.Unreadable, Warning{Path: f.Rel, Err: ErrVanished})
			if indexed {
				d.Deleted = append(d.Deleted, f.Rel)
			}
			break
		}
		d.Unreadable = append(d.Unreadable, Warning{Path: f.Rel, Err: fs.ErrPermission})
	case indexed:
		d.Changed = append(d.Changed, f)
	default:
		d.New = append(d.New, f)
	}
}

// Timestamp granularities the racy-timestamp rule allows for. A file
// whose mtime has a fraction of a second lives on a file system with fine
// timestamps, whose ticks are the kernel's coarse clock (a few
// milliseconds); one whose mtime is a whole second may live on a coarse
// one (FAT keeps two seconds, some network file systems one).
const (
	RacyWindow     = 2 * time.Second
	fineRacyWindow = 50 * time.Millisecond
)

// racyWindow is the granularity to allow for a file with this mtime.
func racyWindow(mtime int64) time.Duration {
	if mtime%int64(time.Second) != 0 {
		return fineRacyWindow
	}
	return RacyWindow
}

// SameStat reports whether the file's metadata matches its row: size and
// mtime, and change time and inode where both are known.
func SameStat(row index.File, f workspace.File) bool {
	return row.Size == f.Size && row.MTime == f.MTime &&
		(row.CTime == 0 || f.CTime == 0 || row.CTime == f.CTime) &&
		(row.Inode == 0 || f.Inode == 0 || row.Inode == f.Inode)
}

// Racy reports whether a row's file may have been rewritten, after the
// read the row records, keeping its size and mtime: git's
// racy-timestamp rule. The row's read time (IndexedAt) was taken before
// the file was opened, so a write after it gives the file an mtime no
// earlier than the read time less the timestamp granularity
// ([RacyWindow] for whole-second mtimes, 50 ms otherwise). A row whose
// mtime is that recent may hide such a write, and its file must be read
// to be trusted; so must a row whose read time is unknown (IndexedAt 0).
func Racy(row index.File) bool {
	return row.IndexedAt == 0 || racy(row.MTime, row.IndexedAt)
}

// racy reports whether a file with this mtime, read at readAt, could be
// written again after the read without its mtime changing.
func racy(mtime, readAt int64) bool {
	return mtime >= readAt-racyWindow(mtime).Nanoseconds()
}

// racyChanged applies the racy-timestamp rule to a file whose stat
// matches its row: when the row is racy, it reads the file and reports
// whether its content differs. An unchanged file whose mtime is old
// enough to trust at this read goes to d.Retouch, with this read's time.
// A file that cannot be read counts as changed, so that the sync reports
// it.
func (e *Engine) racyChanged(row index.File, f workspace.File, d *Diff) bool {
	if !Racy(row) {
		return false
	}
	readAt := e.now()
	if d.zones == nil {
		d.zones = e.zones()
	}
	data, _, err := d.zones.ReadIndexed(f.Rel, -1)
	if err != nil || memfile.Hash(data) != row.Hash {
		return true
	}
	if !racy(f.MTime, readAt) {
		d.Retouch = append(d.Retouch, index.File{Path: f.Rel, MTime: f.MTime, Size: f.Size, CTime: f.CTime, Inode: f.Inode,
			Hash: row.Hash, IndexedAt: readAt})
	}
	return false
}

// pathWarning turns a discovery warning into a Warning naming the
// workspace-relative path.
func (e *Engine) pathWarning(err error) Warning {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		rel := filepath.ToSlash(pe.Path)
		if r, rerr := filepath.Rel(e.opts.Root, pe.Path); rerr == nil && filepath.IsLocal(r) {
			rel = filepath.ToSlash(r)
		}
		return Warning{Path: rel, Err: fmt.Errorf("%s: %w", pe.Op, pe.Err)}
	}
	return Warning{Err: err}
}

// isGone reports whether nothing exists at abs.
func isGone(abs string) bool {
	_, err := os.Lstat(abs)
	return gone(err)
}

// gone reports whether err, from a stat of a path, says nothing is at
// the path: it does not exist, or a folder on its way is now a file
// (ENOTDIR), as when a folder of notes is replaced by a file of its name.
func gone(err error) bool {
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR)
}

// AbsPath returns the file a row path names: rel under root, or rel
// itself when it is absolute (a file outside the workspace).
func AbsPath(root, rel string) string {
	if filepath.IsAbs(filepath.FromSlash(rel)) {
		return filepath.FromSlash(rel)
	}
	return filepath.Join(root, filepath.FromSlash(rel))
}

// lstat is os.Lstat: it never opens, so never blocks.
func lstat(abs string) (fs.FileInfo, error) { return os.Lstat(abs) }
