package memweave

import (
	"context"
	"fmt"
	"os"
	"sort"
	"time"

	"github.com/memweave/memweave-go/workspace"
)

// Status describes a workspace's index.
type Status struct {
	Workspace    string `json:"workspace"`
	DBPath       string `json:"db_path"`
	DBBytes      int64  `json:"db_bytes"`
	Files        int    `json:"files"`
	Chunks       int    `json:"chunks"`
	Vectors      int    `json:"vectors"`
	PendingFiles int    `json:"pending_files"`
	// StaleFiles counts files changed on disk since the last index run:
	// new, modified or deleted, found by a stat scan.
	StaleFiles   int    `json:"stale_files"`
	CacheEntries int    `json:"cache_entries"`
	Embedder     string `json:"embedder"`
	Model        string `json:"model"`
	Dims         int    `json:"dims"`
	// ChunkerVersion is the chunking algorithm's version.
	ChunkerVersion string `json:"chunker_version"`
	// SearchMode is "hybrid" or "keyword-only"; SearchModeReason says why
	// when it is not hybrid.
	SearchMode       string `json:"search_mode"`
	SearchModeReason string `json:"search_mode_reason,omitempty"`
	// Watcher is "active", "polling", "failed" or "off": the state of
	// this process's watcher or, when it runs none, of a watcher in
	// another process that has reported within three poll intervals.
	Watcher string `json:"watcher"`
	// WatcherPID is the process running the watcher; 0 when off.
	WatcherPID int `json:"watcher_pid,omitempty"`
}

// Status reports the index's state, including a stat scan for files
// changed since the last index run.
func (w *Weave) Status(ctx context.Context) (*Status, error) {
	if err := w.checkOpen(); err != nil {
		return nil, err
	}
	st, err := w.db.Stats(ctx)
	if err != nil {
		return nil, err
	}
	stale, err := w.staleFiles(ctx)
	if err != nil {
		return nil, err
	}
	s := &Status{
		Workspace: w.cfg.Workspace, DBPath: w.cfg.DBPath, DBBytes: w.db.Size(),
		Files: st.Files, Chunks: st.Chunks, Vectors: st.Vectors, PendingFiles: st.PendingFiles,
		StaleFiles: len(stale), CacheEntries: st.CacheEntries, SearchMode: "hybrid", Watcher: w.watcherState(),
	}
	if s.Watcher != WatchOff {
		s.WatcherPID = os.Getpid()
	} else if hb, _ := w.db.Meta(ctx, "watcher"); hb != "" {
		s.Watcher, s.WatcherPID = remoteWatcher(hb, time.Now())
	}
	s.ChunkerVersion, _ = w.db.Meta(ctx, "chunking")
	if w.emb == nil {
		s.Embedder = "none"
		s.SearchMode = "keyword-only"
		s.SearchModeReason = "no embedder configured (embedder none)"
	} else {
		id := w.emb.Identity()
		s.Embedder, s.Model, s.Dims = id.Provider, id.Model, id.Dims
		if st.Chunks > 0 && st.Vectors == 0 {
			s.SearchMode = "keyword-only"
			s.SearchModeReason = "no chunk has a vector yet (embedding failed or pending); run index"
		}
	}
	return s, nil
}

// staleFiles returns the workspace files whose size or mtime differ from
// the index, plus indexed files that are gone: what the next Index run
// would touch.
func (w *Weave) staleFiles(ctx context.Context) ([]workspace.File, error) {
	files, _, err := workspace.Discover(w.cfg.Workspace, w.cfg.ExtraPaths)
	if err != nil {
		return nil, fmt.Errorf("memweave: scan: %w", err)
	}
	rows, err := w.db.Files(ctx)
	if err != nil {
		return nil, err
	}
	var stale []workspace.File
	seen := make(map[string]bool, len(files))
	for _, f := range files {
		seen[f.Rel] = true
		row, ok := rows[f.Rel]
		if !ok || row.Size != f.Size || row.MTime != f.MTime || row.Hash == "" {
			stale = append(stale, f)
		}
	}
	for p, row := range rows {
		if !seen[p] && !row.External {
			stale = append(stale, workspace.File{Rel: p})
		}
	}
	return stale, nil
}

// remoteWatcher reads a watcher heartbeat, "state pid unix-seconds
// poll-ms", and returns its state and process when it is recent enough to
// trust, "off" otherwise.
func remoteWatcher(hb string, now time.Time) (string, int) {
	var state string
	var pid int
	var at, pollMS int64
	if _, err := fmt.Sscanf(hb, "%s %d %d %d", &state, &pid, &at, &pollMS); err != nil || state == WatchOff {
		return WatchOff, 0
	}
	if now.Sub(time.Unix(at, 0)) > 3*time.Duration(pollMS)*time.Millisecond+time.Second {
		return WatchOff, 0 // the process stopped without saying so
	}
	return state, pid
}

// FileInfo describes one indexed file.
type FileInfo struct {
	Path   string    `json:"path"`
	Source string    `json:"source"`
	Size   int64     `json:"size"`
	Hash   string    `json:"hash"`
	MTime  time.Time `json:"mtime"`
	Chunks int       `json:"chunks"`
	// Evergreen is true unless the file name is a date, YYYY-MM-DD.md.
	Evergreen bool `json:"evergreen"`
	// Date is the YYYY-MM-DD date of a dated file, "" otherwise.
	Date string `json:"date"`
	// Pending is true while some of the file's chunks lack a vector.
	Pending bool `json:"pending"`
}

// Files lists the indexed files sorted by path, limited to the given
// sources when any are named.
func (w *Weave) Files(ctx context.Context, sources ...string) ([]FileInfo, error) {
	if err := w.checkOpen(); err != nil {
		return nil, err
	}
	rows, err := w.db.Files(ctx)
	if err != nil {
		return nil, err
	}
	want := make(map[string]bool)
	for _, s := range sources {
		want[s] = true
	}
	out := make([]FileInfo, 0, len(rows))
	for _, r := range rows {
		if len(want) > 0 && !want[r.Source] {
			continue
		}
		fi := FileInfo{Path: r.Path, Source: r.Source, Size: r.Size, Hash: r.Hash,
			MTime: time.Unix(0, r.MTime).UTC(), Chunks: r.Chunks, Evergreen: true, Pending: r.Pending}
		if d, ok := workspace.DateOf(r.Path); ok {
			fi.Evergreen = false
			fi.Date = d.Format(time.DateOnly)
		}
		out = append(out, fi)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, nil
}

// watcherState returns the watcher's state: one of the Watch* constants,
// "off" until [Weave.Watch] starts one.
func (w *Weave) watcherState() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.watchState == "" {
		return WatchOff
	}
	return w.watchState
}
