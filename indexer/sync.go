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
	"time"

	"github.com/memweave/memweave-go/embedcache"
	"github.com/memweave/memweave-go/frontmatter"
	"github.com/memweave/memweave-go/index"
	"github.com/memweave/memweave-go/internal/plural"
	"github.com/memweave/memweave-go/workspace"
)

// Sync brings the index up to date with the files, under the index lock:
// it computes the [Diff] there (so a run that waited for another process
// sees the files as they are after it), re-indexes new and changed files,
// with opts.Pending also pending ones, with opts.Force every file, and
// removes the rows in Diff.Deleted. Unreadable and too-large files are
// reported as warnings.
func (e *Engine) Sync(ctx context.Context, opts SyncOptions) (*Result, error) {
	start := time.Now()
	res := &Result{}
	err := e.WithLock(ctx, opts.LockTimeout, func() error {
		d, err := e.Diff(ctx)
		if err != nil {
			return err
		}
		res.FilesScanned = d.Scanned
		res.Warnings = append(append(res.Warnings, d.Unreadable...), d.unportable()...)
		if _, err := os.Stat(filepath.Join(e.opts.Root, workspace.MemoryDir)); errors.Is(err, fs.ErrNotExist) {
			res.Warnings = append(res.Warnings, Warning{Path: workspace.MemoryDir, Err: ErrNoMemoryDir})
		}
		res.Warnings = append(res.Warnings, e.tooLargeOf(d)...)
		todo := slices.Concat(d.New, d.Changed)
		switch {
		case opts.Force:
			todo = slices.Concat(todo, d.Pending, d.Unchanged)
		case opts.Pending:
			todo = append(todo, d.Pending...)
			res.FilesSkipped += len(d.Unchanged)
		default:
			res.FilesSkipped += len(d.Unchanged) + len(d.Pending)
		}
		slices.SortFunc(todo, func(a, b workspace.File) int { return cmp.Compare(a.Rel, b.Rel) })
		return e.apply(ctx, todo, d.rows, d.Deleted, d.Retouch, opts, res)
	})
	if err == nil {
		err = e.embedDeferred(ctx, res, opts)
	}
	res.Duration = time.Since(start)
	res.DurationMS = res.Duration.Milliseconds()
	slices.Sort(res.Indexed)
	return res, err
}

// Add indexes the given files now, under the index lock, whatever a stat
// scan would say of them: each is read, and one whose content matches its
// row only has its row's stat refreshed (it counts as skipped). A file
// with External set is kept by later syncs even though discovery does not
// list it. Of opts, only LockTimeout and EmbedTimeout apply.
func (e *Engine) Add(ctx context.Context, files []workspace.File, opts SyncOptions) (*Result, error) {
	start := time.Now()
	res := &Result{FilesScanned: len(files)}
	err := e.WithLock(ctx, opts.LockTimeout, func() error {
		paths := make([]string, len(files))
		for i, f := range files {
			paths[i] = f.Rel
		}
		rows, err := e.db.FilesAt(ctx, paths)
		if err != nil {
			return err
		}
		return e.apply(ctx, files, rows, nil, nil, SyncOptions{}, res)
	})
	if err == nil && !opts.again {
		err = e.embedDeferred(ctx, res, opts)
	}
	res.deferred = nil
	res.Duration = time.Since(start)
	res.DurationMS = res.Duration.Milliseconds()
	return res, err
}

// Forget removes the rows of the given files, under the index lock,
// whether or not the files exist, and returns the paths it removed.
func (e *Engine) Forget(ctx context.Context, paths ...string) (*Result, error) {
	res := &Result{}
	err := e.WithLock(ctx, 0, func() error {
		rows, err := e.db.FilesAt(ctx, paths)
		if err != nil {
			return err
		}
		var have []string
		for _, p := range paths {
			if _, ok := rows[p]; ok {
				have = append(have, p)
			}
		}
		return e.remove(ctx, have, res)
	})
	return res, err
}

// apply is the write half of every index run, under the lock: it makes
// sure the vector table matches the embedder, indexes todo (pending, without
// vectors, when the index records another chunking than this engine's:
// the next index run re-chunks them) (rows are
// their current index rows), removes the rows of deleted, refreshes the
// stat of the racy rows in retouch and finishes the run.
func (e *Engine) apply(ctx context.Context, todo []workspace.File, rows map[string]index.File, deleted []string, retouch []index.File, opts SyncOptions, res *Result) error {
	foreign, err := e.reconciled(ctx)
	if err != nil {
		return err
	}
	stale, err := e.staleChunking(ctx)
	if err != nil {
		return err
	}
	e.foreign = foreign != "" || stale != ""
	defer func() { e.foreign = false }()
	if err := e.pipeline(ctx, todo, rows, opts, res); err != nil {
		return err
	}
	if foreign != "" && len(todo) > 0 {
		res.Warnings = append(res.Warnings, e.ForeignWarning(ctx, foreign))
	}
	if stale != "" && len(todo) > 0 {
		res.Warnings = append(res.Warnings, e.staleChunkingWarning(ctx, stale))
	}
	if err := e.remove(ctx, deleted, res); err != nil {
		return err
	}
	if err := e.db.Touch(ctx, retouch); err != nil {
		return err
	}
	return e.finish(ctx, res)
}

// remove deletes the rows of paths in one transaction.
func (e *Engine) remove(ctx context.Context, paths []string, res *Result) error {
	if len(paths) == 0 {
		return nil
	}
	ch, err := e.db.Apply(ctx, nil, paths, nil)
	if err != nil {
		return err
	}
	res.FilesDeleted += len(paths)
	res.ChunksRemoved += ch.ChunksRemoved
	res.Deleted = append(res.Deleted, paths...)
	return nil
}

// finish ends a run: it prunes the embedding cache, checkpoints the WAL
// after a large run and counts pending files.
func (e *Engine) finish(ctx context.Context, res *Result) error {
	if res.Warnings == nil {
		res.Warnings = []Warning{}
	}
	if e.opts.CacheMaxEntries > 0 {
		if _, err := embedcache.Prune(ctx, e.db.CacheTable(), e.opts.CacheMaxEntries); err != nil {
			return err
		}
	}
	if res.ChunksCreated+res.ChunksRemoved >= checkpointChunks {
		if err := e.db.Checkpoint(ctx); err != nil {
			return err
		}
	}
	var err error
	res.FilesPending, err = e.db.PendingFiles(ctx)
	return err
}

// errPending is wrapped by the warning about files pending embeddings.
var errPending = errors.New("run index to retry their embeddings")

// Refresh is the sync before a search: it computes the [Diff] without
// the lock and, only when something is stale, brings the stale files up
// to date waiting at most lockTimeout for the lock. It never fails: what
// it could not do comes back as warnings, as does every file it could not
// index and the number of files still pending embeddings. It is
// [Engine.StartCheck] followed by [Check.Finish].
func (e *Engine) Refresh(ctx context.Context, lockTimeout time.Duration) []Warning {
	_, warns := e.StartCheck(ctx).Finish(ctx, lockTimeout)
	return warns
}

// Check is a freshness check in flight: the [Diff] of the workspace
// against the index, computed in its own goroutine so that a search can
// read the index as it is meanwhile, and keep what it read when nothing
// was stale (see [Check.Finish]). The goroutine is owned by the Check:
// Finish waits for it.
type Check struct {
	e    *Engine
	done chan struct{}
	// gen is the index generation when the check started; genErr, an
	// error reading it, makes Finish report a change.
	gen    int64
	genErr error
	diff   *Diff
	err    error
}

// StartCheck reads the index generation and starts diffing the
// workspace against the index. The caller must call [Check.Finish].
func (e *Engine) StartCheck(ctx context.Context) *Check {
	c := &Check{e: e, done: make(chan struct{})}
	c.gen, c.genErr = e.db.Generation(ctx)
	go func() {
		defer close(c.done)
		c.diff, c.err = e.checkDiff(ctx)
	}()
	return c
}

// Finish waits for the diff and brings exactly the stale files it found
// up to date, as [Engine.Refresh] does. It reports changed when the
// index may differ from what a reader saw between StartCheck and Finish:
// files were re-indexed, another writer changed the index meanwhile, or
// the generation could not be read (a search then reads the index
// again). Refreshing racy rows, bookkeeping that changes no result, does
// not count.
func (c *Check) Finish(ctx context.Context, lockTimeout time.Duration) (changed bool, warns []Warning) {
	<-c.done
	e, d := c.e, c.diff
	after, err := e.db.Generation(ctx)
	changed = c.genErr != nil || err != nil || after != c.gen
	if c.err != nil {
		return changed, []Warning{{Err: fmt.Errorf("could not check for changed files: %w", c.err)}}
	}
	if d.Stale() == 0 {
		// Nothing to index, but a file over the size limit is still
		// missing from the results: say so on every check, as every
		// index run does, not only when another file changed.
		_, _ = e.syncDiff(ctx, d, lockTimeout)
		return changed, slices.Concat(e.tooLargeOf(d), d.unreadableIndexed(), d.lookalikes())
	}
	res, err := e.syncDiff(ctx, d, lockTimeout)
	if err != nil {
		// A run that failed may have written some of the files first:
		// the generation says whether the reader must read again.
		if !changed {
			now, gerr := e.db.Generation(ctx)
			changed = gerr != nil || now != c.gen
		}
		return changed, []Warning{{Err: refreshFailed(d.Stale(), err)}}
	}
	warns = append(res.Warnings, d.unreadableIndexed()...)
	if res.FilesPending > 0 {
		warns = append(warns, e.PendingWarning(res))
	}
	return true, warns
}

// refreshFailed is the error of a freshness check that could not bring
// n stale files up to date, for err.
func refreshFailed(n int, err error) error {
	return fmt.Errorf("could not refresh %s; results may be stale: %w", plural.Count(n, "changed file"), err)
}

// unreadableIndexed returns a warning for each file of d that changed
// since it was indexed and can no longer be read (another user's program
// wrote it, or its mode was changed): a search still finds its passages
// as they were, so it says so, as an index run and a watcher do.
func (d *Diff) unreadableIndexed() []Warning {
	var out []Warning
	for _, w := range d.Unreadable {
		if _, indexed := d.rows[w.Path]; !indexed || !errors.Is(w.Err, fs.ErrPermission) {
			continue
		}
		if _, deleted := slices.BinarySearch(d.Deleted, w.Path); !deleted {
			out = append(out, Warning{Path: w.Path, Err: fmt.Errorf("%w; searched as it was when last indexed", w.Err)})
		}
	}
	return out
}

// lookalikes returns the warnings of d naming two files or folders, both
// indexed, whose names read the same or are alike but for letter case
// ([workspace.ErrLookalikeName]): a search says so every time, as an
// index run does, since either may be the one a result names.
func (d *Diff) lookalikes() []Warning {
	var out []Warning
	for _, w := range d.Unreadable {
		if errors.Is(w.Err, workspace.ErrLookalikeName) {
			out = append(out, w)
		}
	}
	return out
}

// unportable returns a warning for each file of d that is indexed, or
// about to be, under a name get, delete and write refuse
// ([workspace.Unportable]): found by searches, it cannot be read or
// removed by its path, and a backslash in it stops every sync.
func (d *Diff) unportable() []Warning {
	var out []Warning
	for _, files := range [][]workspace.File{d.New, d.Changed, d.Pending, d.Unchanged} {
		for _, f := range files {
			if why := workspace.Unportable(f.Rel); why != "" {
				out = append(out, Warning{Path: f.Rel, Err: fmt.Errorf("%w: %s: indexed and searched, but get, delete and write refuse the name, and sync refuses a backslash (a separator on Windows, which also drops trailing dots and spaces): rename it", workspace.ErrBadName, why)})
			}
		}
	}
	slices.SortFunc(out, func(a, b Warning) int { return strings.Compare(a.Path, b.Path) })
	return out
}

// PendingWarning is the warning of a freshness check whose run r left
// r.FilesPending files pending. A file is pending for its embeddings,
// or, when the run's chunk settings are not the index's (r warns with
// [ErrChunkingChanged]), to be re-chunked by the next index run: with
// no embedder that is the only reason, and none is embedded.
func (e *Engine) PendingWarning(r *Result) Warning {
	n := r.FilesPending
	rechunk := slices.ContainsFunc(r.Warnings, func(w Warning) bool { return errors.Is(w.Err, ErrChunkingChanged) })
	if !rechunk && e.opts.Embedder != nil {
		return Warning{Err: fmt.Errorf("%s %s pending embeddings and %s by keyword only: %w", plural.Count(n, "file"), plural.Verb(n, "is", "are"), plural.Verb(n, "matches", "match"), errPending)}
	}
	why := ""
	if rechunk {
		why = " to re-chunk " + plural.Verb(n, "it", "them")
	}
	if e.opts.Embedder != nil {
		why += " and " + plural.Verb(n, "matches", "match") + " by keyword only"
	}
	return Warning{Err: fmt.Errorf("%s %s for the next index run%s: %w", plural.Count(n, "file"), plural.Verb(n, "waits", "wait"), why, errPendingIndex)}
}

// errPendingIndex is wrapped by the warning about files pending for a
// reason other than their embeddings.
var errPendingIndex = errors.New("run 'memweave index'")

// SyncStale is the sync of a watcher that may have lost events: it
// computes the [Diff] without the lock and, only when something is
// stale, brings the stale files up to date waiting at most lockTimeout
// for the lock. Unreadable files come back as warnings.
func (e *Engine) SyncStale(ctx context.Context, lockTimeout time.Duration) (*Result, error) {
	d, err := e.Diff(ctx)
	if err != nil {
		return nil, err
	}
	res, err := e.syncDiff(ctx, d, lockTimeout)
	if res != nil {
		res.Warnings = append(res.Warnings, d.Unreadable...)
	}
	return res, err
}

// syncDiff acts on a Diff computed without the lock: when nothing is
// stale it only refreshes racy rows, bookkeeping done when the lock is
// free and never worth a warning; otherwise it runs refreshFiles.
func (e *Engine) syncDiff(ctx context.Context, d *Diff, lockTimeout time.Duration) (*Result, error) {
	if d.Stale() > 0 {
		return e.refreshFiles(ctx, d, lockTimeout)
	}
	if len(d.Retouch) > 0 {
		_ = e.WithLock(ctx, lockTimeout, func() error { return e.db.Touch(ctx, d.Retouch) })
	}
	return &Result{FilesScanned: d.Scanned}, nil
}

// refreshFiles brings exactly the files d found stale up to date, under
// the lock (waiting at most lockTimeout), without scanning the workspace
// again there: new and changed files are re-read (the pipeline reads
// their current stat and content), rows are removed for files that are
// gone or too large, and racy rows are refreshed. A deleted row whose
// file still exists (discovery no longer lists it) needs the full rules:
// then it runs [Engine.Sync] instead.
func (e *Engine) refreshFiles(ctx context.Context, d *Diff, lockTimeout time.Duration) (*Result, error) {
	big := make(map[string]bool, len(d.TooLarge))
	for _, f := range d.TooLarge {
		big[f.Rel] = true
	}
	for _, p := range d.Deleted {
		if !big[p] && !isGone(AbsPath(e.opts.Root, p)) {
			return e.Sync(ctx, SyncOptions{LockTimeout: lockTimeout})
		}
	}
	todo := slices.Concat(d.New, d.Changed)
	res := &Result{FilesScanned: len(todo)}
	stale := make([]string, 0, len(todo)+len(d.Deleted))
	for _, f := range todo {
		stale = append(stale, f.Abs)
	}
	for _, p := range d.Deleted {
		stale = append(stale, AbsPath(e.opts.Root, p))
	}
	// Another process holding the lock is most often indexing these very
	// files (its own edits): once it has, there is nothing to wait for.
	moot := func() bool { return e.indexedAsIs(ctx, stale) }
	err := e.withLockUnless(ctx, lockTimeout, moot, func() error {
		paths := make([]string, 0, len(todo)+len(d.Deleted))
		for _, f := range todo {
			paths = append(paths, f.Rel)
		}
		rows, err := e.db.FilesAt(ctx, append(paths, d.Deleted...))
		if err != nil {
			return err
		}
		var gone []string
		for _, p := range d.Deleted {
			if _, ok := rows[p]; ok && (big[p] || isGone(AbsPath(e.opts.Root, p))) {
				gone = append(gone, p)
			}
		}
		return e.apply(ctx, todo, rows, gone, d.Retouch, SyncOptions{}, res)
	})
	switch {
	case errors.Is(err, errMoot):
		err = nil
	case err == nil:
		// A search waits for the new texts' vectors no longer than for
		// the lock; past that they stay pending, found by keyword.
		err = e.embedDeferred(ctx, res, SyncOptions{LockTimeout: lockTimeout, EmbedTimeout: lockTimeout})
	}
	res.Warnings = append(res.Warnings, e.tooLargeOf(d)...)
	return res, err
}

// tooLargeOf returns the warning of each file of d over the size limit.
func (e *Engine) tooLargeOf(d *Diff) []Warning {
	out := make([]Warning, 0, len(d.TooLarge))
	for _, f := range d.TooLarge {
		out = append(out, *e.tooLarge(f.Rel, f.Size))
	}
	return out
}

// ErrUnknownSource is wrapped by the warning about a source filter that
// names no source of the index.
var ErrUnknownSource = errors.New("indexer: unknown source")

// ErrUnknownPrefix is wrapped by the warning about a path prefix that no
// indexed file's path starts with.
var ErrUnknownPrefix = errors.New("indexer: no indexed file's path starts with the path prefix")

// ErrUnknownTag is wrapped by the warning about a tag filter that names
// a tag no indexed note's front matter lists.
var ErrUnknownTag = errors.New("indexer: no indexed note lists the tag")

// Scope is what a search may look at, beyond its query.
type Scope struct {
	// Sources, when not empty, limits results to these namespaces.
	Sources []string
	// Prefix limits results to files whose workspace-relative path starts
	// with it, or with "memory/" and it: "projects/" and
	// "memory/projects/" both name memory/projects/, as paths do
	// everywhere.
	Prefix string
	// From and To (YYYY-MM-DD), when set, limit results to dated files
	// (see [workspace.DateOf]) within From..To, both included.
	From, To string
	// Tags, when not empty, limits results to notes whose front matter
	// lists every one of them (compared as frontmatter normalises tags).
	Tags []string
	// Today (YYYY-MM-DD), when set, leaves out the notes whose front
	// matter's expiry date is before it; "" keeps them.
	Today string
}

// PathsIn returns the indexed files within the scope (nil when it
// leaves none out: every file), the notes it left out for their expiry
// alone, sorted, a warning for each source in sc.Sources the index does
// not hold, naming the ones it holds, one for each tag of sc.Tags no
// note lists, and one for a path prefix no indexed file's path starts
// with. Tags and expiry dates are
// read as they were stored when each file was indexed; no file is read.
func (e *Engine) PathsIn(ctx context.Context, sc Scope) (paths, expired []string, warns []Warning, err error) {
	if len(sc.Sources) > 0 {
		known, err := e.db.Sources(ctx)
		if err != nil {
			return nil, nil, nil, err
		}
		holds := strings.Join(known, ", ")
		if len(known) == 0 {
			holds = "no files"
		}
		for _, s := range sc.Sources {
			if !slices.Contains(known, s) {
				warns = append(warns, Warning{Err: fmt.Errorf("%w %q: the index holds %s", ErrUnknownSource, s, holds)})
			}
		}
	}
	if sc.Today != "" {
		if expired, err = e.db.Expired(ctx, sc.Today); err != nil {
			return nil, nil, nil, err
		}
	}
	var tagged map[string][]string
	if len(sc.Tags) > 0 {
		if tagged, err = e.db.Tagged(ctx); err != nil {
			return nil, nil, nil, err
		}
		warns = append(warns, unlistedTags(sc.Tags, tagged)...)
	}
	if sc.Prefix == "" && sc.From == "" && sc.To == "" && len(sc.Tags) == 0 && len(expired) == 0 {
		return nil, nil, warns, nil // most searches: nothing to leave out
	}
	rows, err := e.db.Files(ctx)
	if err != nil {
		return nil, nil, nil, err
	}
	paths = []string{}
	var left []string
	prefixed := false
	for p := range rows {
		if !sc.inPrefix(p) {
			continue
		}
		prefixed = true
		if !sc.inDates(p) || !sc.tagged(tagged[p]) {
			continue
		}
		if _, ok := slices.BinarySearch(expired, p); ok {
			left = append(left, p) // expired alone
		} else {
			paths = append(paths, p)
		}
	}
	if !prefixed && sc.Prefix != "" {
		warns = append(warns, Warning{Err: fmt.Errorf("%w %q: paths are relative to the workspace (memory/notes.md), and the index holds %d files", ErrUnknownPrefix, sc.Prefix, len(rows))})
	}
	slices.Sort(paths)
	slices.Sort(left)
	return paths, left, warns, nil
}

// unlistedTags warns of each of tags that no note of tagged (path to
// its front matter's tags) lists: a filter on it leaves every note out.
func unlistedTags(tags []string, tagged map[string][]string) []Warning {
	var warns []Warning
	for _, t := range tags {
		listed := false
		for _, ts := range tagged {
			if (frontmatter.Meta{Tags: ts}).HasTag(t) {
				listed = true
				break
			}
		}
		if !listed {
			warns = append(warns, Warning{Err: fmt.Errorf("%w %q in its front matter, so no note passes the filter", ErrUnknownTag, t)})
		}
	}
	return warns
}

// inPrefix reports whether the file p passes the path prefix.
func (sc Scope) inPrefix(p string) bool {
	return strings.HasPrefix(p, sc.Prefix) || strings.HasPrefix(p, "memory/"+filepath.ToSlash(sc.Prefix))
}

// tagged reports whether a file with tags carries every tag of the
// scope.
func (sc Scope) tagged(tags []string) bool {
	m := frontmatter.Meta{Tags: tags}
	for _, t := range sc.Tags {
		if !m.HasTag(t) {
			return false
		}
	}
	return true
}

// inDates reports whether the file p passes the date range.
func (sc Scope) inDates(p string) bool {
	if sc.From == "" && sc.To == "" {
		return true
	}
	d, dated := workspace.DateOf(p)
	day := d.Format(time.DateOnly)
	return dated && (sc.From == "" || day >= sc.From) && (sc.To == "" || day <= sc.To)
}
