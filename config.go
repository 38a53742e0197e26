package memweave

import (
	"fmt"
	"log/slog"
	"math"
	"path/filepath"
	"time"

	"github.com/memweave/memweave-go/embed"
	"github.com/memweave/memweave-go/search"
	"github.com/memweave/memweave-go/settings"
)

// Config configures [Open]. The zero value of every field means its
// default; only Workspace is needed in practice. A field for which zero is
// a valid value different from the default is a pointer, nil meaning the
// default: MinScore: new(0.0) keeps every result.
type Config struct {
	// Workspace is the folder that holds memory/. Default ".".
	Workspace string
	// Create makes [Open] create the workspace's memory/ folder, and its
	// [SettingsFile] from this Config, when the folder is missing.
	// Default false: a workspace without memory/ is an error wrapping
	// [ErrNoWorkspace], so that a mistyped path is named, not silently
	// made into an empty workspace.
	Create bool
	// DBPath is the index file. Default "<Workspace>/.memweave/index.db".
	DBPath string
	// ChunkTokens is the hard cap on a chunk's size in estimated tokens;
	// a token is estimated as four bytes of UTF-8. Default 400.
	ChunkTokens int
	// ChunkOverlap is how many estimated tokens of whole lines a chunk
	// repeats from the previous chunk of the same section. Default (nil)
	// 80, or a fifth of ChunkTokens when that is less; new(0) disables
	// overlap. Must be less than ChunkTokens.
	ChunkOverlap *int
	// Embedder selects and configures the embedding provider. Default:
	// the offline hash embedder with 384 dimensions.
	Embedder EmbedderConfig
	// CacheMaxEntries caps the embedding cache; least recently used
	// entries beyond it are evicted after each index run. Default 0,
	// no limit.
	CacheMaxEntries int
	// ExtraPaths are files or folders outside memory/ to index too, with
	// source "external". Relative paths resolve against Workspace. Set
	// here they are the caller's; taken from the workspace's settings
	// file, those outside the workspace apply only once approved on this
	// machine (see [ApproveSettings]).
	ExtraPaths []string
	// MaxFileBytes is the largest file that is indexed; bigger files are
	// skipped with a warning naming them. Default 16 MiB.
	MaxFileBytes int64

	// Search defaults, each overridable per call.

	// MaxResults is the number of results a search returns. Default 6.
	MaxResults int
	// MinScore drops results scoring below it, in [0,1]. Default (nil)
	// 0.35; new(0.0) keeps everything.
	MinScore *float64
	// CandidateMultiplier sizes each backend's candidate pool as
	// MaxResults times it. Default 4.
	CandidateMultiplier int
	// Fusion configures how keyword and vector scores combine. Default
	// blend (see [search.Blend]).
	Fusion search.FusionOptions
	// DecayHalfLifeDays is the half-life used when a search enables decay
	// without giving one. Default 30.
	DecayHalfLifeDays float64
	// MMRLambda is the lambda of MMR re-ranking enabled with
	// [MMRDefault], in [0,1]: 1 is pure relevance, 0 pure diversity.
	// Default (nil) 0.7.
	MMRLambda *float64
	// SnippetChars is the maximum snippet length in bytes. Default 700.
	SnippetChars int
	// NoSyncOnSearch turns off the freshness check before each search
	// (the re-index of files changed on disk). Default false: it is on.
	// A long-lived Weave's first search stat-scans the workspace and
	// its second starts a file watcher (see [Weave.Watch]) whose events
	// later searches drain, so that each re-indexes only the files
	// changed since; a [Config.OneShot] Weave always stat-scans (see the README, "Live and shared
	// memory").
	NoSyncOnSearch bool
	// OneShot marks a Weave that serves one command and closes, as the
	// CLI's do: its searches stat-scan the workspace for changed files
	// instead of starting a file watcher, which would cost a watch per
	// folder for a single search. Default false: the second search
	// starts a watcher. [Weave.Watch] starts one either way.
	OneShot bool
	// TimeZone is where "today" is for decay and dated logs. Default UTC.
	TimeZone *time.Location
	// Now returns the current time. Default time.Now. Tests inject a
	// frozen clock.
	Now func() time.Time
	// Logger receives diagnostics. Default: discard.
	Logger *slog.Logger
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

func configErr(field, format string, args ...any) error {
	return &ConfigError{Field: field, Err: fmt.Errorf(format, args...)}
}

// withDefaults validates c and fills in defaults.
func (c Config) withDefaults() (Config, error) {
	for _, step := range []func(*Config) error{(*Config).pathDefaults, (*Config).indexDefaults,
		func(c *Config) error { return settings.CheckEmbedder(&c.Embedder) }, (*Config).searchDefaults} {
		if err := step(&c); err != nil {
			return c, err
		}
	}
	if c.TimeZone == nil {
		c.TimeZone = time.UTC
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
	return c, nil
}

// pathDefaults makes Workspace and DBPath absolute.
func (c *Config) pathDefaults() error {
	if c.Workspace == "" {
		c.Workspace = "."
	}
	ws, err := filepath.Abs(c.Workspace)
	if err != nil {
		return configErr("Workspace", "%w", err)
	}
	c.Workspace = ws
	if c.DBPath == "" {
		c.DBPath = filepath.Join(ws, ".memweave", "index.db")
	} else if c.DBPath, err = filepath.Abs(c.DBPath); err != nil {
		return configErr("DBPath", "%w", err)
	}
	return nil
}

// indexDefaults checks the chunking, cache and file size settings.
func (c *Config) indexDefaults() error {
	var err error
	if c.ChunkTokens, c.ChunkOverlap, err = settings.Chunking(c.ChunkTokens, c.ChunkOverlap); err != nil {
		return err
	}
	if c.CacheMaxEntries < 0 {
		return configErr("CacheMaxEntries", "must not be negative, got %d", c.CacheMaxEntries)
	}
	if c.MaxFileBytes == 0 {
		c.MaxFileBytes = 16 << 20
	} else if c.MaxFileBytes < 0 {
		return configErr("MaxFileBytes", "must not be negative, got %d", c.MaxFileBytes)
	}
	return nil
}

// searchDefaults checks the search defaults.
func (c *Config) searchDefaults() error {
	switch {
	case c.MaxResults == 0:
		c.MaxResults = 6
	case c.MaxResults < 0:
		return configErr("MaxResults", "must be positive, got %d", c.MaxResults)
	}
	if c.MinScore == nil {
		c.MinScore = new(0.35)
	} else if !(*c.MinScore >= 0 && *c.MinScore <= 1) {
		return configErr("MinScore", "must be in [0,1], got %g", *c.MinScore)
	}
	switch {
	case c.CandidateMultiplier == 0:
		c.CandidateMultiplier = 4
	case c.CandidateMultiplier < 1:
		return configErr("CandidateMultiplier", "must be at least 1, got %d", c.CandidateMultiplier)
	}
	if err := c.Fusion.Validate(); err != nil {
		return &ConfigError{Field: "Fusion", Err: err}
	}
	switch {
	case c.DecayHalfLifeDays == 0:
		c.DecayHalfLifeDays = 30
	case !(c.DecayHalfLifeDays > 0) || math.IsInf(c.DecayHalfLifeDays, 0):
		return configErr("DecayHalfLifeDays", "must be positive, got %g", c.DecayHalfLifeDays)
	}
	if c.MMRLambda == nil {
		c.MMRLambda = new(0.7)
	} else if !(*c.MMRLambda >= 0 && *c.MMRLambda <= 1) {
		return configErr("MMRLambda", "must be in [0,1], got %g", *c.MMRLambda)
	}
	switch {
	case c.SnippetChars == 0:
		c.SnippetChars = 700
	case c.SnippetChars < 0:
		return configErr("SnippetChars", "must be positive, got %d", c.SnippetChars)
	}
	return nil
}
