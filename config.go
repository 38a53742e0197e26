package memweave

import (
	"cmp"
	"fmt"
	"log/slog"
	"math"
	"path/filepath"
	"time"

	"github.com/memweave/memweave-go/embed"
	"github.com/memweave/memweave-go/freshness"
	"github.com/memweave/memweave-go/history"
	"github.com/memweave/memweave-go/indexer"
	"github.com/memweave/memweave-go/search"
	"github.com/memweave/memweave-go/settings"
	"github.com/memweave/memweave-go/workspace"
)

// Config configures [Open]. The zero value of every field means its
// default; only Workspace is needed in practice. A field for which zero is
// a valid value different from the default is a pointer, nil meaning the
// default: MinScore: new(0.0) keeps every result. docs/settings.md says
// which fields the workspace's [SettingsFile] records.
type Config struct {
	// Workspace is the folder that holds memory/. Default ".".
	Workspace string
	// Create makes [Open] create a missing memory/ folder and its
	// [SettingsFile]. Default false: the error wraps [ErrNoWorkspace].
	Create bool
	// DBPath is the index file. Default "<Workspace>/.memweave/index.db";
	// never under <Workspace>/memory/, which holds the notes.
	DBPath string
	// ChunkTokens caps a chunk's size in estimated tokens, four bytes of
	// UTF-8 each (default 400); ChunkOverlap is how many of them, in
	// whole lines, a chunk repeats from the previous one of its section,
	// at most half of ChunkTokens, so that no line is indexed more than
	// about twice (default 80, or ChunkTokens/5 when less). A note that
	// both would cut into more than 16,384 passages has them multiplied
	// alike, so that its passages stay within that bound.
	ChunkTokens  int
	ChunkOverlap *int
	// Embedder selects the embedding provider. Default: the offline hash
	// embedder with 384 dimensions. A static model folder given by a
	// relative path is relative to Workspace, as ExtraPaths are.
	Embedder EmbedderConfig
	// CacheMaxEntries caps the embedding cache (least recently used
	// entries go after each index run). Default 0, no limit.
	CacheMaxEntries int
	// ExtraPaths are files or folders outside memory/ to index too, with
	// source "external", relative to Workspace. From the settings file,
	// those outside the workspace need approval ([ApproveSettings]).
	ExtraPaths []string
	// MaxFileBytes is the largest file indexed; bigger ones are skipped
	// with a warning. Default 16 MiB.
	MaxFileBytes int64
	// MaxTreeBytes bounds the notes memweave takes from one git
	// revision, in all: memory/ at the revision of a search there
	// ([Weave.SearchAt]), each side of [Weave.Changes], the remote's
	// tree (and this machine's) in a [Weave.Sync], each note counted at
	// its size or [history.BlockBytes], whichever is more. A commit of a
	// few kilobytes can name gigabytes of notes that compress to nothing;
	// over the limit the command is refused before it reads or writes a
	// note ([ErrTreeTooLarge]). A sync's fetch writes no pack over twice
	// it. Default 256 MiB ([history.DefaultMaxTreeBytes]); raise it for
	// a larger workspace.
	MaxTreeBytes int64

	// Search defaults, each overridable per call.

	// MaxResults is the number of results a search returns (default 6);
	// MinScore drops those scoring below it, in [0,1] (default 0.35);
	// each backend's candidate pool is MaxResults times
	// CandidateMultiplier (default 4).
	MaxResults          int
	MinScore            *float64
	CandidateMultiplier int
	// Fusion configures how keyword and vector scores combine. Default
	// blend (see [search.Blend]).
	Fusion search.FusionOptions
	// DecayHalfLifeDays is the half-life of a search's decay when it
	// gives none (default 30); MMRLambda is the lambda of [MMRDefault],
	// in [0,1], 1 pure relevance, 0 pure diversity (default 0.7);
	// SnippetChars the maximum snippet length in bytes (default 700).
	DecayHalfLifeDays float64
	MMRLambda         *float64
	SnippetChars      int
	// NoSyncOnSearch turns off the re-index of files changed on disk
	// before each search; see docs/freshness.md. Default false.
	NoSyncOnSearch bool
	// OneShot marks a Weave that serves one command and closes, as the
	// CLI's do: its searches stat-scan for changed files instead of
	// starting a file watcher (docs/freshness.md), and score the vector
	// codes as they read them instead of keeping them in memory for
	// searches to come. Default false.
	OneShot bool
	// ScanAtOpen starts the file scan of a OneShot Weave's first
	// freshness check (its first search or [Weave.Status]) in Open,
	// beside the opening of the index, for a process whose Open and
	// first search are one step, as the CLI's search: that check sees
	// the files as they were while Open ran, and an edit another program
	// makes after Open returns is found by the check after it. A write
	// through the Weave drops the early scan. Ignored unless OneShot.
	// Default false.
	ScanAtOpen bool
	// NoWatch keeps a long-lived Weave from starting a file watcher on
	// demand (docs/freshness.md): each search stat-scans the workspace,
	// as a OneShot one's does, while the vector codes stay in memory.
	// For a workspace whose file events cannot be trusted (a network
	// file system) or to spare the machine's inotify instances;
	// [Weave.Watch] still starts a watcher. Default false.
	NoWatch bool
	// RestartCommand is the shell command that restarts this process, for
	// a long-lived one (the CLI's watch and mcp give their own command
	// line, secrets left out): the warnings that say this process runs
	// with settings it would not start with now name it. Default: they
	// name the process by its pid alone.
	RestartCommand string
	// TimeZone is where "today" is for decay and dated logs (default
	// UTC), Now the clock tests freeze (default time.Now), and Logger
	// receives diagnostics (default: discard).
	TimeZone *time.Location
	Now      func() time.Time
	Logger   *slog.Logger
}

// EmbedderConfig selects the embedding provider; see [embed.Config].
type EmbedderConfig = embed.Config

// Environment variables holding the API key of an OpenAI-compatible
// embedder, in order of preference; see [EmbeddingKeyFromEnv].
const (
	EnvEmbeddingKey = embed.EnvKey
	EnvOpenAIKey    = embed.EnvOpenAIKey
)

// EmbeddingKeyFromEnv returns the embedding API key from the environment:
// $MEMWEAVE_EMBEDDING_KEY, or $OPENAI_API_KEY when that is unset.
func EmbeddingKeyFromEnv() string { return embed.KeyFromEnv() }

// ConfigError reports an invalid Config field, by its name
// ("ChunkTokens", "Embedder.Model"); see [settings.ConfigError].
type ConfigError = settings.ConfigError

// withDefaults validates c and fills in defaults. The checks are
// independent of each other; the first that fails is reported.
func (c Config) withDefaults() (Config, error) {
	err := c.pathDefaults()
	if err == nil {
		c.ChunkTokens, c.ChunkOverlap, err = settings.Chunking(c.ChunkTokens, c.ChunkOverlap)
	}
	for _, e := range []error{err,
		settings.Default("CacheMaxEntries", &c.CacheMaxEntries, 0, 0, "0 or more"),
		settings.Default("MaxFileBytes", &c.MaxFileBytes, indexer.DefaultMaxFileBytes, 0, "0 or more"),
		settings.Default("MaxTreeBytes", &c.MaxTreeBytes, history.DefaultMaxTreeBytes, 0, "0 or more"),
		settings.CheckEmbedder(&c.Embedder),
		settings.Default("MaxResults", &c.MaxResults, 6, 1, "positive"),
		settings.Fraction("MinScore", &c.MinScore, 0.35),
		settings.Default("CandidateMultiplier", &c.CandidateMultiplier, 4, 1, "at least 1"),
		settings.CheckFusion(c.Fusion),
		settings.Default("DecayHalfLifeDays", &c.DecayHalfLifeDays, 30, math.SmallestNonzeroFloat64, "positive"),
		settings.Fraction("MMRLambda", &c.MMRLambda, 0.7),
		settings.Default("SnippetChars", &c.SnippetChars, 700, 1, "positive"),
	} {
		if e != nil {
			return c, e
		}
	}
	c.TimeZone, c.Logger = cmp.Or(c.TimeZone, time.UTC), cmp.Or(c.Logger, slog.New(slog.DiscardHandler))
	if c.Now == nil {
		c.Now = time.Now
	}
	return c, nil
}

// pathDefaults makes Workspace and DBPath absolute.
func (c *Config) pathDefaults() error {
	ws, err := filepath.Abs(cmp.Or(c.Workspace, "."))
	if err != nil {
		return &ConfigError{Field: "Workspace", Err: err}
	}
	c.Workspace = ws
	if c.DBPath == "" {
		c.DBPath = filepath.Join(ws, workspace.IndexDir, "index.db")
	} else if c.DBPath, err = filepath.Abs(c.DBPath); err != nil {
		return &ConfigError{Field: "DBPath", Err: err}
	}
	// memory/ holds the notes, and sync commits all of it: the index and
	// its -wal, -shm and lock files must live elsewhere.
	mem := filepath.Join(ws, workspace.MemoryDir)
	if rel, err := filepath.Rel(mem, c.DBPath); err == nil && filepath.IsLocal(rel) {
		return &ConfigError{Field: "DBPath", Err: fmt.Errorf("%s is inside %s, the notes' folder: put the index elsewhere (default %s)",
			c.DBPath, mem, filepath.Join(ws, workspace.IndexDir, "index.db"))}
	}
	return nil
}

// checkOwnFiles refuses an index at its default place, under the
// workspace's .memweave folder, when that folder, one of the index's
// files or the watcher's barrier folder beside them is a symbolic link
// ([workspace.CheckOwnFiles]): the watcher creates and removes files in
// that folder. An index named elsewhere (DBPath, --db) is the user's
// choice, links and all.
func (c *Config) checkOwnFiles() error {
	if c.DBPath != filepath.Join(c.Workspace, workspace.IndexDir, "index.db") {
		return nil
	}
	base := filepath.Base(c.DBPath)
	return workspace.CheckOwnFiles(c.Workspace, base, base+"-wal", base+"-shm", base+"-journal", base+".lock", base+".lock"+workspace.TurnsSuffix, freshness.SyncDirName)
}
