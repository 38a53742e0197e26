package embed

import (
	"fmt"
	"net/url"
	"os"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/memweave/memweave-go/internal/valueerr"
)

// Config selects and configures an embedding provider for [New]. The zero
// value means the offline [Hash] embedder with its default dimensions.
type Config struct {
	// Provider is "hash" (default: offline, deterministic, lexical
	// similarity), "openai" (any OpenAI-compatible endpoint), "static" (a
	// Model2Vec-format model folder, offline; needs the static module
	// linked in, see [RegisterStatic]) or "none"
	// (keyword-only index, no vectors).
	Provider string
	// Model is the embedding model (openai: required; static: the model
	// folder, required; hash: ignored).
	Model string
	// BaseURL is the endpoint (openai). Default https://api.openai.com/v1.
	BaseURL string
	// APIKey authenticates with the endpoint (openai). Never printed.
	APIKey string
	// Dims is the vector size: hash default 384; openai: sent as the
	// dimensions parameter when set; static: ignored (the model's).
	Dims int
	// QueryPrefix and DocumentPrefix are prepended to queries and
	// documents for asymmetric models (openai).
	QueryPrefix, DocumentPrefix string
	// BatchSize is texts per request (openai). Default 64.
	BatchSize int
	// MaxInFlight is concurrent requests (openai). Default 4.
	MaxInFlight int
	// Timeout is the per-request timeout (openai). Default 30s. Requests
	// sent together may each take Timeout times their number (see
	// [OpenAIConfig.Timeout]).
	Timeout time.Duration
	// QueryTimeout bounds the embedding of a search query, retries
	// included (openai); past it the search is keyword-only and says so.
	// The first searches of an index also embed its background questions
	// (see query.Backgrounds), within QueryTimeout more; those embedded
	// by then are kept for the next search. Default 10s. A server that
	// failed a query is waited for a tenth of it for a while (see
	// [OpenAIConfig.QueryTimeout]).
	QueryTimeout time.Duration
	// CoolDown keeps that cool-down between processes (openai; see
	// [OpenAIConfig.CoolDown]).
	CoolDown CoolDownStore
	// ModelChecks keeps, between processes, which static model files
	// had their data checked against their header's record, so that a
	// later process maps an unchanged file without reading it whole
	// (static; the embedder must accept it, see [RemembersChecks]).
	ModelChecks StateStore
	// Custom, when set, is used instead of Provider.
	Custom Embedder
}

// MaxDims is the most vector dimensions an index holds; [Config.Validate]
// refuses more.
const MaxDims = 1 << 16

// MaxHashDims is the most dimensions [Config.Validate] lets the hash
// embedder have: 4,096, the longest vectors of served models. The hash
// embedder runs on this machine, so a cloned memweave.json sets its
// dimensions without approval, and at MaxDims each passage's vector
// takes 256 KiB (see docs/untrusted-input.md for what that cost).
const MaxHashDims = 4096

// Environment variables holding the API key of an OpenAI-compatible
// embedder, in order of preference; see [KeyFromEnv].
const (
	EnvKey       = "MEMWEAVE_EMBEDDING_KEY"
	EnvOpenAIKey = "OPENAI_API_KEY"
)

// KeyFromEnv returns the embedding API key from the environment:
// $MEMWEAVE_EMBEDDING_KEY, or $OPENAI_API_KEY when that is unset. Set
// and empty, $MEMWEAVE_EMBEDDING_KEY asks for no key, so that a server
// needing none is not sent the OpenAI key.
func KeyFromEnv() string {
	if k, ok := os.LookupEnv(EnvKey); ok {
		return k
	}
	return os.Getenv(EnvOpenAIKey)
}

// Validate fills in the default provider and reports the first invalid
// field, as "Field: problem" in an error wrapped by a [FieldError].
func (c *Config) Validate() error {
	switch c.Provider {
	case "":
		c.Provider = "hash"
	case "hash", "openai", "static", "none":
	default:
		return &FieldError{"Provider", fmt.Errorf("unknown provider %q (want hash, openai, static or none)", c.Provider)}
	}
	if c.Dims < 0 || c.Dims > MaxDims {
		return &FieldError{"Dims", valueerr.New(fmt.Sprintf("must be in [0, %d]", MaxDims), c.Dims)}
	}
	if c.Provider == "hash" && c.Custom == nil && c.Dims > MaxHashDims {
		return &FieldError{"Dims", valueerr.New(fmt.Sprintf("must be in [0, %d] for the hash embedder", MaxHashDims), c.Dims)}
	}
	for _, f := range []struct{ name, v string }{{"Model", c.Model}, {"QueryPrefix", c.QueryPrefix}, {"DocumentPrefix", c.DocumentPrefix}} {
		// JSON, of memweave.json and of the requests, writes each byte
		// that is not UTF-8 as U+FFFD: the value recorded and sent would
		// not be the one given.
		if !utf8.ValidString(f.v) {
			return &FieldError{f.name, fmt.Errorf("%+q is not UTF-8 text: memweave.json and the server's requests cannot carry it", f.v)}
		}
	}
	if c.Provider == "openai" && c.Model == "" && c.Custom == nil {
		return &FieldError{"Model", fmt.Errorf("required for the openai provider")}
	}
	if c.Provider == "openai" && c.Custom == nil && c.BaseURL != "" {
		// Checked here, not only by NewOpenAI, so that a settings file's
		// value is its error when the file is read, before any approval.
		if u, err := url.Parse(c.BaseURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return &FieldError{"BaseURL", fmt.Errorf("%q is not an http or https URL", RedactURL(c.BaseURL))}
		} else if err := noQuery(u); err != nil {
			return &FieldError{"BaseURL", err}
		}
	}
	if c.Provider == "static" && c.Custom == nil {
		folder, builtin := staticProvider()
		if folder == nil {
			return &FieldError{"Provider", fmt.Errorf("static: this program does not link the static embedder (import %s, a module of its own)", StaticPackage)}
		}
		if c.Model == "" && builtin == nil {
			return &FieldError{"Model", fmt.Errorf("required for the static provider: the model folder (this program has no built-in model)")}
		}
	}
	return nil
}

// Networked is implemented by embedders that call a server. Indexers
// call a networked embedder before taking a lock, never under one, so a
// slow server cannot make other writers wait. An embedder that does not
// implement it is taken to compute locally.
type Networked interface {
	Networked() bool
}

// IsNetworked reports whether e calls a server (see [Networked]).
func IsNetworked(e Embedder) bool {
	n, ok := e.(Networked)
	return ok && n.Networked()
}

// DocumentWaiter is implemented by embedders that know when their server
// is failing (see [OpenAIConfig.QueryTimeout]'s cool-down).
type DocumentWaiter interface {
	// DocumentWait returns how long a caller that would wait at most d
	// for documents' vectors (a note just written, the new texts of a
	// search) should wait: d, or less while the server is known to fail.
	DocumentWait(d time.Duration) time.Duration
}

// DocumentWait returns how long a caller that would wait at most d for
// e's document vectors should wait: e's [DocumentWaiter.DocumentWait],
// or d when e does not implement it.
func DocumentWait(e Embedder, d time.Duration) time.Duration {
	if w, ok := e.(DocumentWaiter); ok {
		return w.DocumentWait(d)
	}
	return d
}

// FieldError reports an invalid [Config] field.
type FieldError struct {
	Field string
	Err   error
}

// Error names the field and the problem.
func (e *FieldError) Error() string { return "embed: " + e.Field + ": " + e.Err.Error() }

// Unwrap returns the problem.
func (e *FieldError) Unwrap() error { return e.Err }

// New returns the embedder c describes: c.Custom when set, nil for
// provider "none" (a keyword-only index), an [OpenAI], a static model's
// embedder (see [RegisterStatic]) or a [Hash]. A static model is read its folder on first use, so a missing or broken
// model is reported by the first call that embeds.
func New(c Config) (Embedder, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	if c.Custom != nil {
		return c.Custom, nil
	}
	switch c.Provider {
	case "none":
		return nil, nil
	case "static":
		folder, builtin := staticProvider()
		if c.Model == "" {
			return builtin(), nil
		}
		e := folder(c.Model)
		if r, ok := e.(RemembersChecks); ok && c.ModelChecks != nil {
			r.RememberChecks(c.ModelChecks)
		}
		return e, nil
	case "openai":
		return NewOpenAI(OpenAIConfig{
			BaseURL: c.BaseURL, Model: c.Model, APIKey: c.APIKey, Dims: c.Dims,
			QueryPrefix: c.QueryPrefix, DocumentPrefix: c.DocumentPrefix,
			BatchSize: c.BatchSize, MaxInFlight: c.MaxInFlight, Timeout: c.Timeout, QueryTimeout: c.QueryTimeout,
			CoolDown: c.CoolDown,
		})
	}
	return NewHash(c.Dims), nil
}

// RemembersChecks is implemented by a static embedder that can keep,
// in a [StateStore], which model files it checked, and skip the check of
// a file unchanged since (see [Config.ModelChecks]).
type RemembersChecks interface {
	// RememberChecks makes the embedder read and save its checks in
	// store; it is called before the embedder's first use.
	RememberChecks(store StateStore)
}

// MaxModelChecksBytes is the most bytes a [Config.ModelChecks] state
// takes; a store may ignore a larger one.
const MaxModelChecksBytes = 4 << 10

// StaticPackage is the import path of the static embedder, a module of
// its own that registers itself with [RegisterStatic] when linked in.
const StaticPackage = "github.com/memweave/memweave-go/embed/static"

// static holds the constructors of provider "static" that the program
// linked in (see [RegisterStatic]); mu guards them.
var static struct {
	mu      sync.Mutex
	folder  func(dir string) Embedder
	builtin func() Embedder
}

// RegisterStatic installs the constructors of provider "static": folder
// returns an embedder over a Model2Vec model folder, builtin (when not
// nil) the model compiled into the program, used when Config.Model names
// no folder. A nil argument leaves that constructor as it was. The static
// embedder lives in a module of its own so that programs which do not use
// it do not download its model: its package ([StaticPackage]) registers
// folder from init, and a package that compiles a model in (such as
// embed/static/english) registers builtin, so that a workspace's settings
// can name the built-in model as {"provider": "static"}.
func RegisterStatic(folder func(dir string) Embedder, builtin func() Embedder) {
	static.mu.Lock()
	defer static.mu.Unlock()
	if folder != nil {
		static.folder = folder
	}
	if builtin != nil {
		static.builtin = builtin
	}
}

// staticProvider returns the registered constructors of provider
// "static"; either may be nil.
func staticProvider() (folder func(dir string) Embedder, builtin func() Embedder) {
	static.mu.Lock()
	defer static.mu.Unlock()
	return static.folder, static.builtin
}
