package indexer

import (
	"context"
	"errors"
	"fmt"

	"github.com/memweave/memweave-go/embed"
	"github.com/memweave/memweave-go/gitsync"
	"github.com/memweave/memweave-go/search"
	"github.com/memweave/memweave-go/watcher"
	"github.com/memweave/memweave-go/workspace"
)

// Status is a workspace's index state, as memweave's Weave.Status
// reports it (and `memweave status --json` prints it). [Engine.Status]
// fills the index's counts, scan, chunking, embedder and search mode;
// the facade fills the workspace, settings, watcher, freshness and sync
// fields, which this package does not know.
type Status struct {
	Workspace string `json:"workspace"`
	DBPath    string `json:"db_path"`
	DBBytes   int64  `json:"db_bytes"`
	// Settings is the workspace's settings file, "" when it has none
	// yet (the first index run writes it).
	Settings string `json:"settings"`
	// Files, Chunks and Vectors count the index's rows; Vectors counts
	// vector rows without reading them ([Engine.Check] reports those
	// that are not finite).
	Files        int `json:"files"`
	Chunks       int `json:"chunks"`
	Vectors      int `json:"vectors"`
	PendingFiles int `json:"pending_files"`
	// Scanned is false when Status ran without a scan: the fields below
	// up to UnreadableFiles are then 0 because nothing was looked at.
	Scanned bool `json:"scanned"`
	// StaleFiles counts the files the next sync would touch: new,
	// changed and deleted, as a stat scan finds them (the same scan as
	// the sync before a search, the watcher, Check and Index).
	StaleFiles int `json:"stale_files"`
	// TooLargeFiles are files over Options.MaxFileBytes, never indexed.
	TooLargeFiles int `json:"too_large_files"`
	// UnreadableFiles are files or folders that could not be read.
	UnreadableFiles int `json:"unreadable_files"`
	// UnportableFiles are the notes indexed under a name get, delete and
	// write refuse, and sync when it holds a backslash
	// ([workspace.Unportable]): each to rename.
	UnportableFiles []string `json:"unportable_files,omitempty"`
	// Lookalikes say which two files or folders, both indexed, have
	// names that read the same or are alike but for letter case
	// ([workspace.ErrLookalikeName]): each pair to rename.
	Lookalikes []string `json:"lookalikes,omitempty"`
	// CacheEntries counts the entries of the embedding cache.
	CacheEntries int `json:"cache_entries"`
	// Embedder is the embedder's provider ("none" without one), Model
	// and Dims its model and vector size.
	Embedder string `json:"embedder"`
	Model    string `json:"model"`
	Dims     int    `json:"dims"`
	// ChunkerVersion is the chunking algorithm's version and settings
	// the index was built with; ChunkingStale is set when this Engine's
	// differ, so that the next index run re-chunks every file.
	ChunkerVersion string `json:"chunker_version"`
	ChunkingStale  bool   `json:"chunking_stale"`
	// SettingsChanged, set by the facade for a long-lived process, says
	// that the settings file's embedder or chunking changed since the
	// process read it, and what to do: the process indexes by its own
	// settings, pending, until restarted. ChunkingStale is then false:
	// an index run re-chunks by the file, not by this process.
	SettingsChanged string `json:"settings_changed,omitempty"`
	// SearchMode is the mode a default search runs in: "hybrid", or
	// "keyword" when there is no embedder, an embedder the settings file
	// names that this machine has not approved, an index of another
	// embedder or no vector yet; SearchModeReason says why when it is not
	// hybrid.
	SearchMode       search.Mode `json:"search_mode"`
	SearchModeReason string      `json:"search_mode_reason,omitempty"`
	// Watcher is the state of this process's watcher or, when it runs
	// none, of a watcher in another process that has reported within
	// three poll intervals.
	Watcher watcher.State `json:"watcher"`
	// WatcherPID is the process running the watcher; 0 when off.
	WatcherPID int `json:"watcher_pid,omitempty"`
	// Freshness is how searches find files changed on disk: "events"
	// (they drain this process's file watcher and re-index what its
	// events named), "scan" (they stat-scan the workspace) or "off"
	// (Config.NoSyncOnSearch); FreshnessReason says why it scans.
	Freshness       string `json:"freshness"`
	FreshnessReason string `json:"freshness_reason,omitempty"`
	// Sync is the workspace's sync state; nil without a scan, or when
	// the workspace cannot sync: SyncError then says why and what to run
	// (git init, git remote add origin URL), without the "memweave: "
	// prefixes of the errors it wraps (ctlesc.Unwrapped).
	Sync      *gitsync.Status `json:"sync,omitempty"`
	SyncError string          `json:"sync_error,omitempty"`
}

// BlockedWarning says, when the embedder is configured but not approved
// on this machine ([embed.Blocked]), why no search embeds a query,
// whatever vectors the index holds: running index does not change that;
// approving does, and once approved, restarting this process
// (Options.SettingsChanged). ok is false for any other embedder.
func (e *Engine) BlockedWarning(ctx context.Context) (w Warning, ok bool) {
	b, ok := e.opts.Embedder.(*embed.Blocked)
	if !ok {
		return Warning{}, false
	}
	if changed := e.settingsChanged(ctx); changed != nil {
		return Warning{Err: fmt.Errorf("embedder not used, keyword search only: %w", changed)}, true
	}
	return Warning{Err: b.Err}, true
}

// Status reports the index's state; with scan it includes a stat scan of
// the workspace for files changed since the last index run.
func (e *Engine) Status(ctx context.Context, scan bool) (*Status, error) {
	st, err := e.db.Stats(ctx)
	if err != nil {
		return nil, err
	}
	s := &Status{DBBytes: e.db.Size(), Files: st.Files, Chunks: st.Chunks, Vectors: st.Vectors,
		PendingFiles: st.PendingFiles, CacheEntries: st.CacheEntries, SearchMode: search.ModeHybrid}
	if scan {
		d, err := e.checkDiff(ctx)
		if err != nil {
			return nil, err
		}
		s.Scanned, s.StaleFiles = true, d.Stale()
		s.TooLargeFiles = len(d.TooLarge)
		for _, w := range d.Unreadable {
			if errors.Is(w.Err, workspace.ErrLookalikeName) {
				s.Lookalikes = append(s.Lookalikes, w.Error())
				continue
			}
			s.UnreadableFiles++
		}
		for _, w := range d.unportable() {
			s.UnportableFiles = append(s.UnportableFiles, w.Path)
		}
	}
	s.ChunkerVersion, _ = e.db.Meta(ctx, "chunking")
	s.ChunkingStale = s.ChunkerVersion != "" && s.ChunkerVersion != e.IdentityOf().Chunking
	if e.opts.Embedder == nil {
		s.Embedder = "none"
		s.SearchMode, s.SearchModeReason = search.ModeKeyword, "no embedder configured (embedder none)"
		return s, nil
	}
	id := e.opts.Embedder.Identity()
	s.Embedder, s.Model, s.Dims = id.Provider, id.Model, id.Dims
	foreign, err := e.Foreign(ctx)
	if err != nil {
		return nil, err
	}
	if s.Dims == 0 && foreign == "" {
		s.Dims = st.Dims // not learned yet in this process
	}
	if w, ok := e.BlockedWarning(ctx); ok {
		s.SearchMode, s.SearchModeReason = search.ModeKeyword, w.Error()
		return s, nil
	}
	switch {
	case foreign != "":
		s.SearchMode, s.SearchModeReason = search.ModeKeyword, e.ForeignWarning(ctx, foreign).Error()
	case st.Chunks > 0 && st.Vectors == 0:
		s.SearchMode, s.SearchModeReason = search.ModeKeyword, "no chunk has a vector yet (embedding failed or pending); run index"
	default:
		return s, nil
	}
	// A static model folder that cannot be read is the cause to name, not
	// the difference it makes to the embedder's identity.
	if w := e.unusableWarning(ctx); len(w) > 0 {
		s.SearchModeReason = w[0].Error()
	}
	return s, nil
}
