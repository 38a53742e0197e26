package memweave

import (
	"context"
	"iter"
	"os"
	"path/filepath"

	"github.com/memweave/memweave-go/indexer"
)

// Status describes a workspace's index.
type Status struct {
	Workspace string `json:"workspace"`
	DBPath    string `json:"db_path"`
	DBBytes   int64  `json:"db_bytes"`
	// Settings is the workspace's settings file ([SettingsFile]), "" when
	// it has none yet (the first Index writes it).
	Settings     string `json:"settings"`
	Files        int    `json:"files"`
	Chunks       int    `json:"chunks"`
	Vectors      int    `json:"vectors"`
	PendingFiles int    `json:"pending_files"`
	// Scanned is false when Status ran with [NoScan]: the fields below
	// up to UnreadableFiles are then 0 because nothing was looked at.
	Scanned bool `json:"scanned"`
	// StaleFiles counts the files the next sync would touch: new,
	// changed and deleted, as a stat scan finds them (the same scan as
	// the sync before a search, the watcher, Check and Index).
	StaleFiles int `json:"stale_files"`
	// TooLargeFiles are files over Config.MaxFileBytes, never indexed.
	TooLargeFiles int `json:"too_large_files"`
	// UnreadableFiles are files or folders that could not be read.
	UnreadableFiles int    `json:"unreadable_files"`
	CacheEntries    int    `json:"cache_entries"`
	Embedder        string `json:"embedder"`
	Model           string `json:"model"`
	Dims            int    `json:"dims"`
	// ChunkerVersion is the chunking algorithm's version and settings
	// the index was built with; ChunkingStale is set when this binary's
	// differ, so that the next Index re-chunks every file.
	ChunkerVersion string `json:"chunker_version"`
	ChunkingStale  bool   `json:"chunking_stale"`
	// SearchMode is the mode a default search runs in: "hybrid", or
	// "keyword" when there is no embedder or no vector; SearchModeReason
	// says why when it is not hybrid.
	SearchMode       Mode   `json:"search_mode"`
	SearchModeReason string `json:"search_mode_reason,omitempty"`
	// Watcher is the state of this process's watcher or, when it runs
	// none, of a watcher in another process that has reported within
	// three poll intervals.
	Watcher WatchState `json:"watcher"`
	// WatcherPID is the process running the watcher; 0 when off.
	WatcherPID int `json:"watcher_pid,omitempty"`
	// Freshness is how this Weave's searches find files changed on disk:
	// "events" (they drain this process's file watcher and re-index what
	// its events named), "scan" (they stat-scan the workspace) or "off"
	// (Config.NoSyncOnSearch); FreshnessReason says why it scans.
	Freshness       string `json:"freshness"`
	FreshnessReason string `json:"freshness_reason,omitempty"`
	// Sync is the workspace's sync state ([Weave.SyncStatus]); nil with
	// [NoScan], or when the workspace cannot sync: SyncError then says
	// why and what to run (git init, git remote add origin URL).
	Sync      *SyncStatus `json:"sync,omitempty"`
	SyncError string      `json:"sync_error,omitempty"`
}

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
	is, err := w.eng.Status(ctx, !o.noScan)
	if err != nil {
		return nil, err
	}
	s := &Status{
		Workspace: w.cfg.Workspace, DBPath: w.cfg.DBPath, DBBytes: is.DBBytes,
		Files: is.Files, Chunks: is.Chunks, Vectors: is.Vectors, PendingFiles: is.PendingFiles,
		Scanned: is.Scanned, StaleFiles: is.StaleFiles, TooLargeFiles: is.TooLargeFiles, UnreadableFiles: is.UnreadableFiles,
		CacheEntries: is.CacheEntries, Embedder: is.Embedder, Model: is.Model, Dims: is.Dims,
		ChunkerVersion: is.ChunkerVersion, ChunkingStale: is.ChunkingStale, SearchMode: ModeHybrid,
	}
	if is.KeywordOnly != "" {
		s.SearchMode, s.SearchModeReason = ModeKeyword, is.KeywordOnly
	}
	w.mu.Lock()
	if w.settings != nil {
		s.Settings = filepath.Join(w.cfg.Workspace, SettingsFile)
	}
	w.mu.Unlock()
	s.Watcher, s.WatcherPID = w.watcherStatus(ctx)
	s.Freshness, s.FreshnessReason = w.freshness()
	if !o.noScan {
		if sst, err := w.SyncStatus(ctx); err != nil {
			s.SyncError = err.Error()
		} else {
			s.Sync = sst
		}
	}
	return s, nil
}

// freshness returns how searches find changed files, and why they scan
// when they do.
func (w *Weave) freshness() (mode, reason string) {
	switch {
	case w.cfg.NoSyncOnSearch:
		return "off", ""
	case w.cfg.OneShot && !w.watch.Running():
		return "scan", "one-shot handle: each command scans once"
	case !w.startOnDemand():
		return "scan", "no file watcher runs"
	case w.watch.State() == WatchPolling:
		reason := "file events unavailable"
		if err := w.watch.Reason(); err != nil {
			reason += ": " + err.Error()
		}
		return "scan", reason
	}
	return "events", ""
}

// FileInfo describes one indexed file; see [indexer.FileInfo].
type FileInfo = indexer.FileInfo

// Files iterates over the indexed files, and those too large to index
// (TooLarge set), sorted by path, limited to the given sources when any
// are named. An error ends the iteration: it is
// yielded once with a zero FileInfo.
//
//	for f, err := range w.Files(ctx) {
//		if err != nil { ... }
//		fmt.Println(f.Path)
//	}
func (w *Weave) Files(ctx context.Context, sources ...string) iter.Seq2[FileInfo, error] {
	if err := w.checkOpen(); err != nil {
		return func(yield func(FileInfo, error) bool) { yield(FileInfo{}, err) }
	}
	return w.eng.Files(ctx, sources...)
}

// pid is this process's id, for the watcher heartbeat.
var pid = os.Getpid()
