package memweave

import (
	"context"
	"iter"
	"path/filepath"

	"github.com/memweave/memweave-go/freshness"
	"github.com/memweave/memweave-go/indexer"
)

// Status describes a workspace's index, its watcher and its sync state;
// see [indexer.Status] for its fields.
type Status = indexer.Status

// StatusOption sets a per-call option of [Weave.Status].
type StatusOption func(*statusSettings)

type statusSettings struct{ noScan bool }

// NoScan makes Status cheap: it reads the index's counts and does not
// walk the workspace or ask git, so Status.Scanned is false and
// Status.Sync nil.
func NoScan() StatusOption { return func(s *statusSettings) { s.noScan = true } }

// Status reports the index's state. Unless [NoScan] is given it includes
// a stat scan of the workspace for files changed since the last index run.
func (w *Weave) Status(ctx context.Context, opts ...StatusOption) (*Status, error) {
	if err := w.checkOpen(); err != nil {
		return nil, err
	}
	var o statusSettings
	for _, opt := range opts {
		opt(&o)
	}
	s, err := w.eng.Status(ctx, !o.noScan)
	if err != nil {
		return nil, err
	}
	s.Workspace, s.DBPath = w.cfg.Workspace, w.cfg.DBPath
	w.mu.Lock()
	if w.settings != nil {
		s.Settings = filepath.Join(w.cfg.Workspace, SettingsFile)
	}
	w.mu.Unlock()
	s.Watcher, s.WatcherPID = w.watcherStatus(ctx)
	s.Freshness, s.FreshnessReason = freshness.Mode(w.cfg.NoSyncOnSearch, w.cfg.OneShot, w.startOnDemand, &w.watch)
	if !o.noScan {
		if sst, err := w.SyncStatus(ctx); err != nil {
			s.SyncError = err.Error()
		} else {
			s.Sync = sst
		}
	}
	return s, nil
}

// FileInfo describes one indexed file; see [indexer.FileInfo].
type FileInfo = indexer.FileInfo

// Files iterates over the indexed files, and those too large to index
// (TooLarge set), sorted by path, limited to the given sources when any
// are named. An error ends the iteration: it is yielded once with a zero
// FileInfo.
func (w *Weave) Files(ctx context.Context, sources ...string) iter.Seq2[FileInfo, error] {
	if err := w.checkOpen(); err != nil {
		return func(yield func(FileInfo, error) bool) { yield(FileInfo{}, err) }
	}
	return w.eng.Files(ctx, sources...)
}
