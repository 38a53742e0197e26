package memweave

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"github.com/memweave/memweave-go/chunker"
	"github.com/memweave/memweave-go/embed"
	"github.com/memweave/memweave-go/freshness"
	"github.com/memweave/memweave-go/history"
	"github.com/memweave/memweave-go/index"
	"github.com/memweave/memweave-go/indexer"
	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/postprocess"
	"github.com/memweave/memweave-go/query"
	"github.com/memweave/memweave-go/search"
	"github.com/memweave/memweave-go/settings"
	"github.com/memweave/memweave-go/trust"
	"github.com/memweave/memweave-go/watcher"
	"github.com/memweave/memweave-go/workspace"
)

// Weave is a memory workspace: Markdown files under memory/ and the index
// built from them. A Weave is safe for concurrent use by multiple
// goroutines, and several processes may open the same workspace.
type Weave struct {
	cfg              Config
	settings         *Settings  // the settings file as read or written; nil: none
	explicitEmbedder bool       // the caller named the embedder
	ignored          []Approval // settings not approved here, left off
	notices          []string   // what Open found to tell the user ([Weave.Notices])
	db               *index.DB
	emb              embed.Embedder // nil: keyword-only
	eng              *indexer.Engine
	fresh            *freshness.Keeper  // the freshness checks, through watch
	backgrounds      *query.Backgrounds // the index's vector background; nil: no embedder

	// mu guards the fields below.
	mu       sync.Mutex
	procs    []postprocess.Postprocessor
	closed   bool
	watch    watcher.Slot // the running or last watcher
	syncStop func()       // stops and waits for the [Weave.SyncEvery] loop; nil: none
}

// Open opens the workspace described by cfg, creating its index when
// missing; a folder without memory/ is an error wrapping
// [ErrNoWorkspace] unless cfg.Create is set. The workspace's
// [SettingsFile] fills in the fields cfg leaves unset (a disagreeing one
// is an error wrapping [ErrSettingsMismatch]); its values that need an
// [Approval] stay off until approved ([Weave.Ignored]). An openai
// embedder without a key reads [EmbeddingKeyFromEnv]; a torn append is
// undone first ([indexer.Open]). Open never changes what the index was
// built with: only [Weave.Index] re-embeds.
func Open(ctx context.Context, cfg Config) (*Weave, error) {
	explicit := cfg.Embedder.Provider != "" || cfg.Embedder.Custom != nil
	if err := cfg.pathDefaults(); err != nil {
		return nil, err
	}
	created, err := workspace.Check(cfg.Workspace, cfg.Create)
	if err != nil {
		return nil, fmt.Errorf("memweave: %w", err)
	}
	if err := cfg.checkOwnFiles(); err != nil {
		return nil, fmt.Errorf("memweave: %w", err)
	}
	file, err := ReadSettings(ctx, cfg.Workspace)
	if err != nil {
		return nil, err
	}
	var filled settings.Filled
	settingsPath := filepath.Join(cfg.Workspace, SettingsFile)
	if file != nil {
		if filled, err = cfg.applySettings(file, settingsPath); err != nil {
			return nil, err
		}
	}
	if cfg, err = cfg.withDefaults(); err != nil {
		return nil, filled.Locate(err)
	}
	emb, ignored, err := cfg.approvedEmbedder(filled, settingsPath)
	if err != nil {
		return nil, err
	}
	var w *Weave
	outdated := func(ctx context.Context) error { return w.outdated(ctx) }
	db, eng, bound, err := indexer.Open(ctx, cfg.DBPath, indexer.Options{SettingsChanged: outdated,
		Root: cfg.Workspace, ExtraPaths: cfg.ExtraPaths, ExtraCheck: trust.Pin(cfg.Workspace, cfg.ExtraPaths), MaxFileBytes: cfg.MaxFileBytes,
		Chunk:    chunker.Options{MaxTokens: cfg.ChunkTokens, Overlap: cfg.ChunkOverlap},
		Embedder: emb, CacheMaxEntries: cfg.CacheMaxEntries, Logger: cfg.Logger, OneShot: cfg.OneShot,
		ScanAtOpen: cfg.OneShot && cfg.ScanAtOpen && !cfg.NoSyncOnSearch,
	})
	if err != nil {
		return nil, err
	}
	w = &Weave{cfg: cfg, db: db, emb: emb, eng: eng, settings: file, explicitEmbedder: explicit, ignored: ignored}
	if bound != nil {
		w.notices = append(w.notices, "memweave: "+bound.Error())
		cfg.Logger.Warn(w.notices[len(w.notices)-1])
	}
	if ro := db.ReadOnly(); ro != nil {
		until := ""
		if !cfg.OneShot {
			until = " until the index can be written again"
		}
		w.notices = append(w.notices, "memweave: warning: "+ro.Error()+"; notes changed since are not indexed"+until)
		cfg.Logger.Warn(w.notices[len(w.notices)-1])
	}
	if emb != nil {
		// The background questions wait on a server as a query does.
		wait := cfg.Embedder.QueryTimeout
		if wait <= 0 {
			wait = embed.DefaultQueryTimeout
		}
		w.backgrounds = &query.Backgrounds{Engine: eng, DB: db, Embedder: emb, Wait: wait}
	}
	w.fresh = &freshness.Keeper{Slot: &w.watch, Engine: eng, DB: db, Root: cfg.Workspace, ExtraPaths: cfg.ExtraPaths, DBPath: cfg.DBPath,
		OneShot: cfg.OneShot || cfg.NoWatch, LockTimeout: syncLockTimeout, Logger: cfg.Logger}
	w.fresh.Relearn = w.relearnPass
	if created && file == nil {
		if err := w.saveSettings(ctx); err != nil {
			eng.Close() // waits for the scan Open started, if any
			db.Close()
			return nil, err
		}
	}
	return w, nil
}

// approvedEmbedder returns the embedder c names and the settings of
// the settings file left off: values that reach outside the workspace or
// off the machine take effect only once approved here, and an embedder
// that needs one is blocked ([trust.Blocked]). It fills in the openai key
// from the environment and the hash embedder's dims.
func (c *Config) approvedEmbedder(filled settings.Filled, settingsPath string) (embed.Embedder, []Approval, error) {
	ignored, terr := trust.Unapproved(c.Workspace, c.approvals(filled))
	if terr != nil {
		c.Logger.Warn("memweave: reading the approvals of this machine failed; unapproved settings are ignored", "err", terr)
	}
	if i := slices.IndexFunc(ignored, func(it Approval) bool { return it.Setting == trust.MemorySetting }); i >= 0 {
		return nil, nil, fmt.Errorf("memweave: %s is a link to %s, not approved on this machine: %s; approve it with '%s': %w",
			filepath.Join(c.Workspace, workspace.MemoryDir), ignored[i].Target, ignored[i].Why, ApproveCommand, ErrNotApproved)
	}
	block := c.withoutUnapproved(ignored)
	if len(ignored) > 0 {
		c.Logger.Warn(fmt.Sprintf("memweave: ignoring settings of %s not approved on this machine: %s; approve them with '%s'",
			settingsPath, trust.Describe(ignored), ApproveCommand))
	}
	if c.Embedder.Provider == "openai" && c.Embedder.APIKey == "" && !block {
		c.Embedder.APIKey = EmbeddingKeyFromEnv()
	}
	var emb embed.Embedder
	var err error
	if block {
		emb = trust.Blocked(c.Workspace, c.Embedder, ignored)
	} else if emb, err = embed.New(c.embedderFrom()); err != nil {
		return nil, nil, &ConfigError{Field: "Embedder", Err: err}
	}
	if c.Embedder.Provider == "hash" && c.Embedder.Custom == nil {
		c.Embedder.Dims = emb.Identity().Dims
	}
	return emb, ignored, nil
}

// embedderFrom returns the embedder configuration to build: c.Embedder,
// with a static model folder named by a relative path (in the settings
// file or the Config) resolved against the workspace ([trust.ModelFolder]),
// whatever the process's current folder. c keeps the path as written, so
// that a command rewriting the file keeps it. An openai embedder keeps
// its cool-down in the index folder's coolDownFile, shared by the
// workspace's processes (one CLI command after another); a static model
// folder, which model files were checked, in modelChecksFile.
func (c *Config) embedderFrom() embed.Config {
	e := c.Embedder
	if e.Provider == "static" && e.Model != "" && e.Custom == nil {
		e.Model = trust.ModelFolder(c.Workspace, e.Model)
		if e.ModelChecks == nil {
			e.ModelChecks = memfile.NewStateFile(c.Workspace, modelChecksFile, embed.MaxModelChecksBytes)
		}
	}
	if e.Provider == "openai" && e.Custom == nil && e.CoolDown == nil {
		e.CoolDown = memfile.NewStateFile(c.Workspace, coolDownFile, embed.MaxCoolDownBytes)
	}
	return e
}

// coolDownFile is the file of the index folder that keeps the cool-down
// of an openai embedder's query server between processes.
const coolDownFile = "query-cooldown.json"

// modelChecksFile is the file of the index folder that keeps which
// static model files were checked (see [embed.Config.ModelChecks]).
const modelChecksFile = "model-checks.json"

// saveSettings writes the workspace's settings file from the effective
// configuration. The write waits for the workspace's write lock, which
// another process may hold a while: w.mu, which every method takes and
// no ctx bounds, is held only to record the file written.
func (w *Weave) saveSettings(ctx context.Context) error {
	s := w.Settings()
	if err := WriteSettings(ctx, w.cfg.Workspace, s); err != nil {
		return err
	}
	w.mu.Lock()
	w.settings = &s
	w.mu.Unlock()
	return nil
}

// Config returns the effective configuration, defaults filled in. The
// embedding API key is never returned: Embedder.APIKey is "".
func (w *Weave) Config() Config {
	c := w.cfg
	c.Embedder.APIKey = ""
	c.ExtraPaths = append([]string(nil), c.ExtraPaths...)
	return c
}

// Use registers custom postprocessors; they run after the built-in
// stages, in registration order.
func (w *Weave) Use(p ...postprocess.Postprocessor) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.procs = append(w.procs, p...)
}

// checkOpen returns [ErrClosed] once Close has begun.
func (w *Weave) checkOpen() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return ErrClosed
	}
	return nil
}

// Close stops the watcher and the [Weave.SyncEvery] loop, if any, waits
// for them and for a running index run, and closes the index. It returns
// the first error, such as the one that made the watcher fail.
func (w *Weave) Close() error {
	w.mu.Lock()
	closed, stopSync := w.closed, w.syncStop
	w.closed = true
	w.mu.Unlock()
	if closed {
		return nil
	}
	if stopSync != nil {
		stopSync()
	}
	err := w.watch.Close()
	if errors.Is(err, index.ErrClosed) {
		err = nil
	}
	w.eng.Close()
	return cmp.Or(err, w.db.Close())
}

// now returns the current time in the configured time zone.
func (w *Weave) now() time.Time { return w.cfg.Now().In(w.cfg.TimeZone) }

// Errors callers can test with errors.Is. Each is the sentinel of the
// package that returns it, whose doc says more, so errors.Is works
// whichever name a caller uses.
var (
	ErrClosed              = index.ErrClosed          // a call on a closed Weave
	ErrBusy                = indexer.ErrBusy          // another index run held on past [LockTimeout]
	ErrNotFound            = workspace.ErrNotFound    // a file or path does not exist
	ErrNoWorkspace         = workspace.ErrNoWorkspace // [Open]: no memory/ folder and no [Config.Create]
	ErrEmbedderUnavailable = embed.ErrUnavailable     // the embedding endpoint is down or failing
	ErrEmbedderRejected    = embed.ErrRejected        // it refused the request (bad key, unknown model)
	ErrEmptyQuery          = search.ErrEmptyQuery     // a search for a blank query
	ErrQueryTooLong        = search.ErrQueryTooLong   // a query longer than [MaxQueryBytes]
	ErrUnknownSource       = indexer.ErrUnknownSource // a [Sources] filter names a source not indexed
	ErrUnknownPrefix       = indexer.ErrUnknownPrefix // a [PathPrefix] no indexed file's path starts with
	ErrUnknownTag          = indexer.ErrUnknownTag    // a [Tags] filter names a tag no indexed note lists
	ErrNoFTS5              = index.ErrNoFTS5          // built without -tags sqlite_fts5
	ErrCorruptIndex        = index.ErrCorrupt         // the index is damaged: delete and rebuild it
	ErrForeignIndex        = index.ErrForeign         // a SQLite file memweave did not create
	ErrIndexTooNew         = index.ErrTooNew          // an index written by a newer memweave
	ErrTooLarge            = indexer.ErrTooLarge      // a file over Config.MaxFileBytes: not indexed
	ErrTreeTooLarge        = history.ErrTreeTooLarge  // a git revision's notes over Config.MaxTreeBytes: refused
	ErrInvalidUTF8         = indexer.ErrInvalidUTF8   // indexed with replacement characters
	ErrBinary              = indexer.ErrBinary        // a .md file that is not text: not indexed
	ErrInvalidSource       = memfile.ErrInvalidSource // an [InSource] name that is not one folder name
	ErrChanged             = memfile.ErrChanged       // [ExpectHash] did not hold: nothing written
	ErrWouldErase          = memfile.ErrWouldErase    // blank content over a note that is not empty
	ErrNoGit               = history.ErrNoGit         // [Weave.SearchAt], [Weave.Changes]: no git
	ErrNotRepository       = history.ErrNotRepository // ... no repository
	ErrBadRevision         = history.ErrBadRevision   // ... a malformed or unknown revision
	ErrMalformedTree       = history.ErrMalformedTree // ... a revision whose tree lists a path under memory/ twice
)

// Warning is a problem that did not stop a call (a file skipped, an
// embedding endpoint that failed), naming its path; see [indexer.Warning].
type Warning = indexer.Warning

// WriteOption sets a per-call option of [Weave.Write], [Weave.Feedback]
// and [Weave.Resolve]; see [memfile.WriteOption].
type WriteOption = memfile.WriteOption

// ExpectHash makes a write compare and swap against the hash h that
// [Weave.GetWithHash] and search results give, failing with [ErrChanged]
// on any other content; see [memfile.ExpectHash].
func ExpectHash(h string) WriteOption { return memfile.ExpectHash(h) }

// PassageKey names the passage [Weave.Feedback] marks by its key, the
// [Result]'s Passage: the line given is then only a hint, and a
// passage moved since the search is found by its key (or nothing is
// written when the key names no passage, or several).
func PassageKey(key string) WriteOption { return memfile.Passage(key) }

// AllowEmpty lets [Weave.Write] replace a note with blank content.
func AllowEmpty() WriteOption { return memfile.AllowEmpty() }

// AppendOption sets a per-call option of [Weave.Append]; see
// [memfile.AppendOption].
type AppendOption = memfile.AppendOption

// InSource appends to the namespace name, memory/<name>/YYYY-MM-DD.md,
// or fails with [ErrInvalidSource]; see [memfile.InSource].
func InSource(name string) AppendOption { return memfile.InSource(name) }

// Dated sets the time whose date, in Config.TimeZone, names the file;
// see [memfile.Dated].
func Dated(t time.Time) AppendOption { return memfile.Dated(t) }

// CheckAppendOptions returns the error [Weave.Append] would give for
// opts, such as one wrapping [ErrInvalidSource], without writing
// anything: a caller about to do costly work for a note can fail first.
func CheckAppendOptions(opts ...AppendOption) error {
	o := memfile.AppendOptionsOf(time.Time{}, opts...)
	return cmp.Or(wrap(o.Err), memfile.CheckSource(o.Source))
}

// Write atomically creates or replaces the note path under memory/ with
// content, then indexes it; see [indexer.Engine.Write] and [AllowEmpty].
func (w *Weave) Write(ctx context.Context, path, content string, opts ...WriteOption) (*IndexResult, error) {
	if err := w.checkOpen(); err != nil {
		return nil, err
	}
	res, err := w.eng.Write(ctx, path, []byte(content), opts...)
	return res, wrap(err)
}

// Append adds the note text to the day's dated log, memory/YYYY-MM-DD.md,
// then indexes it and returns its path; see [indexer.Engine.Append]. A
// note that would take the log past Config.MaxFileBytes is refused, no
// path returned and nothing written, with an error wrapping
// [ErrTooLarge]: past it the log, and every note of its day, would drop
// out of search.
//
// Append drops the warnings of indexing the note, such as an embedding
// endpoint that failed (the note is then found by keyword only until the
// next index run with a working embedder); [Weave.AppendIndexed] returns
// them.
func (w *Weave) Append(ctx context.Context, text string, opts ...AppendOption) (path string, err error) {
	path, _, err = w.AppendIndexed(ctx, text, opts...)
	return path, err
}

// AppendIndexed is [Weave.Append] that also returns what indexing the
// note did: its Warnings, as [Weave.Write]'s, say why the stored note is
// not searchable as written, such as an embedding endpoint that failed,
// wrapping [ErrEmbedderUnavailable]. res is nil when nothing was stored.
func (w *Weave) AppendIndexed(ctx context.Context, text string, opts ...AppendOption) (path string, res *IndexResult, err error) {
	if err := w.checkOpen(); err != nil {
		return "", nil, err
	}
	path, res, err = w.eng.Append(ctx, text, w.now(), w.cfg.TimeZone, opts...)
	return path, res, wrap(err)
}

// Delete removes the file path under memory/, then its passages from the
// index; see [indexer.Engine.Delete]. It honours [ExpectHash]: a file
// that holds other content under the write lock is kept ([ErrChanged]).
func (w *Weave) Delete(ctx context.Context, path string, opts ...WriteOption) error {
	if err := w.checkOpen(); err != nil {
		return err
	}
	return wrap(w.eng.Delete(ctx, path, opts...))
}

// Get returns count lines (zero or less: to the end) of a file from line
// from, as on disk and numbered as search results number them. path is
// under memory/ or any indexed file; see [indexer.Engine.Lines].
func (w *Weave) Get(ctx context.Context, path string, from, count int) (string, error) {
	text, _, err := w.GetWithHash(ctx, path, from, count)
	return text, err
}

// GetWithHash is [Weave.Get] that also returns the file's hash for
// [ExpectHash].
func (w *Weave) GetWithHash(ctx context.Context, path string, from, count int) (text, hash string, err error) {
	if err := w.checkOpen(); err != nil {
		return "", "", err
	}
	text, hash, err = w.eng.Lines(ctx, path, from, count)
	return text, hash, wrap(err)
}

// GetFile is [Weave.GetWithHash] for a note under memory/ of the
// workspace root, read from its file without opening the workspace or
// its index: the way to read a note when [Open] fails because the index
// cannot be opened or written (a full disk, a read-only file system).
// What a killed write left is put back first, as Open does. An indexed
// file outside memory/ cannot be read this way. As Get with the default
// Config.MaxFileBytes (16 MiB), a larger note is refused with
// [ErrTooLarge] after reading at most the limit and a byte.
func GetFile(ctx context.Context, root, path string, from, count int) (text, hash string, err error) {
	if err := memfile.Recover(ctx, root); err != nil {
		return "", "", wrap(err)
	}
	text, hash, err = indexer.FileLines(root, path, from, count, indexer.DefaultMaxFileBytes)
	return text, hash, wrap(err)
}

// wrap prefixes a non-nil err with the package name.
func wrap(err error) error {
	if err != nil {
		return fmt.Errorf("memweave: %w", err)
	}
	return nil
}
