package embed

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	openai "github.com/sashabaranov/go-openai"
	"golang.org/x/sync/errgroup"
	"golang.org/x/sync/semaphore"

	"github.com/memweave/memweave-go/internal/ctxsleep"
	"github.com/memweave/memweave-go/internal/plural"
)

// DefaultOpenAIBaseURL is the BaseURL of an [OpenAIConfig] that sets none.
const DefaultOpenAIBaseURL = "https://api.openai.com/v1"

// DefaultQueryTimeout is the QueryTimeout of an [OpenAIConfig] that sets
// none.
const DefaultQueryTimeout = 10 * time.Second

const (
	defaultBatchSize      = 64
	defaultMaxInFlight    = 4
	defaultMaxTries       = 3
	defaultTimeout        = 30 * time.Second
	defaultRetryBaseDelay = 200 * time.Millisecond
	maxRetryDelay         = 10 * time.Second
	probeText             = "dimension probe"
)

// Bounds of a response: a batch of n inputs with d dimensions may answer
// with at most responseBase + n*(perVectorBytes + d*perFloatBytes)
// bytes. A float in JSON takes up to about 25 bytes with its separator;
// perFloatBytes leaves a margin for white space. When d is not known
// yet, maxLearnedDims stands for it. A batch holds no more inputs than
// keeps that bound within maxAnswerBytes. The bytes alone do not bound memory: a float of 2 bytes ("1,")
// decodes to 4, so an answer holds at most n*(max(d, maxLearnedDims) +
// perVectorCommas) + baseCommas commas, which every float but an
// array's first follows (MaxDims+1 for d while it is unknown).
const (
	responseBase    = 64 << 10
	perVectorBytes  = 1 << 10
	perFloatBytes   = 32
	maxLearnedDims  = 16384
	maxAnswerBytes  = 34 << 20
	perVectorCommas = 16
	baseCommas      = 4096
	// answerBudget bounds the bytes of the answers an embedder reads at
	// once: its requests wait for room before they are sent. Four
	// batches of 4,096-dimensional vectors fit; answers of a length not
	// learned yet are read one at a time.
	answerBudget = 40 << 20
)

// OpenAIConfig configures [NewOpenAI]. The zero value of every field but
// Model means its default.
type OpenAIConfig struct {
	// BaseURL is the API root, without "/embeddings". Default
	// "https://api.openai.com/v1"; for Ollama "http://localhost:11434/v1".
	BaseURL string
	// Model is the embedding model, e.g. "text-embedding-3-small" or
	// "nomic-embed-text". Required.
	Model string
	// APIKey is sent as a bearer token. Local servers usually need none;
	// when it is empty and the server answers 401 or 403, the error says
	// that no key was given and names [EnvKey] and [EnvOpenAIKey].
	APIKey string
	// Dims is the vector length. When set it is sent as the "dimensions"
	// request parameter (honoured by text-embedding-3 models) and every
	// response is checked against it. When 0, it is learned from the first
	// response: until then Identity().Dims is 0; call [OpenAI.Probe] to
	// learn it up front.
	Dims int
	// QueryPrefix and DocumentPrefix are prepended to queries and to
	// documents, for asymmetric models that expect them, e.g.
	// "search_query: " and "search_document: " for nomic-embed-text.
	// Default none.
	QueryPrefix, DocumentPrefix string
	// BatchSize is the number of texts per request. Default 64. A batch
	// whose answer could take more than 34 MiB (64 vectors of over
	// 16,384 dimensions, at 32 bytes a float) holds fewer.
	BatchSize int
	// MaxInFlight is the number of requests one call runs at a time.
	// Default 4. A request whose answer could take the bytes of those
	// being read past 40 MiB waits for room: while the vector length is
	// not learned, one at a time.
	MaxInFlight int
	// MaxTries is the number of attempts per request, the first included;
	// 1 disables retries. Default 3.
	MaxTries int
	// RetryBaseDelay is the wait before the first retry; each further retry
	// waits twice as long (at most 10s), with ±50% jitter. Default 200ms.
	RetryBaseDelay time.Duration
	// Timeout bounds each request, from sending it to reading the last
	// byte of the answer, retries excluded; a batch's tries together are
	// bounded by MaxTries times it. Default 30s. A call that sends k
	// requests at once (k at most MaxInFlight) gives each k times
	// Timeout: a server that works on one request at a time, as local
	// ones do, answers the last of them only after the others. A server
	// slower than that fails with an error naming Timeout and BatchSize;
	// raise the one or lower the other.
	Timeout time.Duration
	// QueryTimeout bounds [OpenAI.EmbedQuery], retries included: a
	// search waits no longer for its query's vector, and falls back to
	// keyword search. Default 10s. Once a query failed as unavailable
	// (no answer within it, connection refused, 5xx after retries), the
	// queries of the next 30s wait a tenth of it, with one try, and say
	// so; then one waits it in full again. Each such full wait that
	// fails doubles the 30s, up to 5 minutes; the first answer ends it.
	// A server that answers with a Retry-After (429, 503) is asked
	// nothing by searches until the time it names, at most an hour away.
	QueryTimeout time.Duration
	// Now returns the time the cool-down of QueryTimeout is measured
	// with. Default time.Now; tests freeze it.
	Now func() time.Time
	// CoolDown, when set, keeps that cool-down between processes, for
	// this BaseURL and Model only: memweave.Open sets it to a file of the
	// workspace's index folder. Default none (kept in memory).
	CoolDown CoolDownStore
	// HTTPClient sends the requests. Default a client with no timeout of
	// its own (Timeout applies) over http.DefaultTransport's settings,
	// with at most 256 KiB of headers an answer (so too for a client
	// given with no Transport).
	HTTPClient *http.Client
}

// OpenAI embeds text with an OpenAI-compatible /embeddings endpoint:
// OpenAI itself, Ollama, LM Studio, vLLM, llama.cpp server and others.
//
// Errors wrap [ErrRejected] when the server refuses the request (bad key,
// unknown model, bad input: fix the configuration, do not retry) and
// [ErrUnavailable] when it cannot be reached or keeps failing after
// retries. A response with the wrong number of vectors, the wrong
// dimensions or an all-zero vector wraps neither. Errors name the base URL, never the key.
//
// An OpenAI is safe for concurrent use by multiple goroutines.
type OpenAI struct {
	client      *openai.Client
	baseURL     string // as errors name it: RedactURL's
	model       string
	wantDims    int // configured Dims, sent with each request; 0 if none
	queryPrefix string
	docPrefix   string
	batchSize   int
	maxInFlight int
	maxTries    int
	retryBase   time.Duration
	timeout     time.Duration
	queryTO     time.Duration
	noKey       bool   // APIKey was empty
	key         string // redacted from the server's messages it quotes
	health      *queryHealth
	// reading holds the bytes of the answers being read (answerBudget).
	reading *semaphore.Weighted

	// mu guards dims, which is wantDims or, when that is 0, learned from
	// the first response, and changed, set when a response had another
	// length than the learned one.
	mu      sync.Mutex
	dims    int
	changed bool
}

// NewOpenAI returns an embedder for cfg. It does not contact the server;
// see [OpenAI.Probe].
func NewOpenAI(cfg OpenAIConfig) (*OpenAI, error) {
	if cfg.Model == "" {
		return nil, errors.New("embed: OpenAIConfig.Model is required")
	}
	if cfg.Dims < 0 {
		return nil, fmt.Errorf("embed: OpenAIConfig.Dims is %d, want 0 (learn from the server) or more", cfg.Dims)
	}
	base := strings.TrimRight(cfg.BaseURL, "/")
	if base == "" {
		base = DefaultOpenAIBaseURL
	}
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("embed: OpenAIConfig.BaseURL %q is not an http(s) URL", RedactURL(base))
	}
	if err := noQuery(u); err != nil {
		return nil, fmt.Errorf("embed: OpenAIConfig.BaseURL %w", err)
	}
	c := openai.DefaultConfig(cfg.APIKey)
	c.BaseURL = base
	hc := &http.Client{}
	if cfg.HTTPClient != nil {
		cp := *cfg.HTTPClient
		hc = &cp
	}
	hc.Transport = capped{next: hc.Transport}
	hc.CheckRedirect = SameOrigin(base, hc.CheckRedirect)
	c.HTTPClient = hc
	o := &OpenAI{
		client:      openai.NewClientWithConfig(c),
		baseURL:     RedactURL(base),
		model:       cfg.Model,
		wantDims:    cfg.Dims,
		dims:        cfg.Dims,
		queryPrefix: cfg.QueryPrefix,
		docPrefix:   cfg.DocumentPrefix,
		batchSize:   orDefault(cfg.BatchSize, defaultBatchSize),
		maxInFlight: orDefault(cfg.MaxInFlight, defaultMaxInFlight),
		maxTries:    orDefault(cfg.MaxTries, defaultMaxTries),
		retryBase:   orDefault(cfg.RetryBaseDelay, defaultRetryBaseDelay),
		timeout:     orDefault(cfg.Timeout, defaultTimeout),
		queryTO:     orDefault(cfg.QueryTimeout, DefaultQueryTimeout),
		noKey:       cfg.APIKey == "",
		key:         cfg.APIKey,
		reading:     semaphore.NewWeighted(answerBudget),
	}
	o.health = &queryHealth{now: cfg.Now, full: o.queryTO, probe: o.queryTO / probeShare,
		prefix: "embed: openai " + o.baseURL + ": ", store: cfg.CoolDown, server: o.baseURL + " " + o.model}
	if o.health.now == nil {
		o.health.now = time.Now
	}
	return o, nil
}

func orDefault[T int | time.Duration](v, def T) T {
	if v <= 0 {
		return def
	}
	return v
}

// Identity returns {Provider: "openai", Model: cfg.Model, Dims,
// Prefixes: PrefixesOf(cfg.QueryPrefix, cfg.DocumentPrefix)}. Dims is 0
// when it was not configured and no response has been seen yet.
func (o *OpenAI) Identity() Identity {
	o.mu.Lock()
	defer o.mu.Unlock()
	return Identity{Provider: "openai", Model: o.model, Dims: o.dims, Prefixes: PrefixesOf(o.queryPrefix, o.docPrefix)}
}

// Relearn forgets the dimensions learned from the server once one of its
// responses had another length (a model swapped behind the same name),
// so that the next call learns them again, and reports whether it did.
// It does nothing when Dims was configured or no response changed
// length: a long-lived program calls it before each index pass, between
// whose calls no lengths mix.
func (o *OpenAI) Relearn() bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.changed && o.wantDims == 0 {
		o.dims, o.changed = 0, false
		return true
	}
	return false
}

// Probe embeds one short text, which checks the endpoint, key and model
// and, when Dims was not configured, learns it for [OpenAI.Identity].
func (o *OpenAI) Probe(ctx context.Context) error {
	_, err := o.embedBatch(ctx, []string{probeText}, 1, o.maxTries)
	return err
}

// EmbedDocuments embeds texts, each with the DocumentPrefix, and returns
// one vector per text in order. It sends BatchSize texts per request and
// at most MaxInFlight requests at a time; the first failure cancels the
// rest and is returned, with the vectors of the requests answered before
// (nil for the other texts), which a caller may keep: a server that
// answers only some requests (a rate limit) is then paid once for those
// read (one it answered while another failed may be cancelled unread,
// and paid again).
func (o *OpenAI) EmbedDocuments(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	if len(texts) == 0 {
		return out, nil
	}
	inputs := withPrefix(o.docPrefix, texts)
	size := o.batchLen()
	// The requests sent at once share the server: each may take their
	// number times Timeout (see [OpenAIConfig.Timeout]).
	together := min(o.maxInFlight, (len(inputs)+size-1)/size)
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(o.maxInFlight)
	for start := 0; start < len(inputs); start += size {
		if gctx.Err() != nil {
			break // a batch failed or ctx is done; Wait reports why
		}
		end := min(start+size, len(inputs))
		g.Go(func() error {
			vecs, err := o.embedBatch(gctx, inputs[start:end], together, o.maxTries)
			if err != nil {
				return err
			}
			copy(out[start:end], vecs)
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return out, err
	}
	if err := ctx.Err(); err != nil {
		// ctx was done before some batch started, so none failed.
		return out, o.errorf("%w", err)
	}
	return out, nil
}

// EmbedQuery embeds text with the QueryPrefix, within QueryTimeout in
// all: past it the error wraps [ErrUnavailable] and says so. In a
// cool-down (see [OpenAIConfig.QueryTimeout]) it waits a tenth of that,
// and its error says since when the server fails and when it is waited
// for in full again.
func (o *OpenAI) EmbedQuery(ctx context.Context, text string) ([]float32, error) {
	plan := o.health.plan()
	if !plan.asked.IsZero() {
		return nil, o.errorf("the server asked, in its Retry-After, not to be asked before %s (in %v); searches ask it nothing until then: %w",
			clock(plan.asked), plan.asked.Sub(o.health.now()).Round(time.Second), ErrUnavailable)
	}
	wait, tries := o.queryTO, o.maxTries
	if plan.probe {
		wait, tries = o.health.probe, 1
	}
	qctx, cancel := context.WithTimeoutCause(ctx, wait, errQueryDeadline)
	defer cancel()
	vecs, err := o.embedBatch(qctx, []string{o.queryPrefix + text}, 1, tries)
	if err != nil && ctx.Err() == nil && context.Cause(qctx) == errQueryDeadline {
		err = o.errorf("no query vector within %v: %w", wait, ErrUnavailable)
	}
	if err = o.health.done(plan, err, ctx.Err() != nil); err != nil {
		return nil, err
	}
	return vecs[0], nil
}

// DocumentWait returns d, or, while the query server is in a cool-down
// (see [OpenAIConfig.QueryTimeout]), at most the wait of a query in it:
// a note's vectors are then as unlikely to come as a query's, and a
// caller kept waiting for them (an append, a search's new texts) need
// not wait longer than a search does. It starts no full wait and
// changes no state; index runs, which set no such bound, keep theirs.
func (o *OpenAI) DocumentWait(d time.Duration) time.Duration {
	if o.health.cooling() {
		return min(d, o.health.probe)
	}
	return d
}

func withPrefix(prefix string, texts []string) []string {
	if prefix == "" {
		return texts
	}
	out := make([]string, len(texts))
	for i, t := range texts {
		out[i] = prefix + t
	}
	return out
}

// errQueryDeadline and errBatchDeadline are the causes of a query's and
// a batch's contexts that ran out, as opposed to the caller's;
// errNoAnswer is the error of a try that ran out of its Timeout.
var (
	errQueryDeadline = errors.New("query deadline")
	errBatchDeadline = errors.New("batch deadline")
	errNoAnswer      = errors.New("no answer")
)

// slowError is the error of a batch of n inputs, sent with together-1
// others, that got no answer within total (try tries) because its
// deadline, cause, passed. A batch says which settings let a slow server
// keep up; a query says how long it waited (see QueryTimeout).
func (o *OpenAI) slowError(cause error, n, together int, total time.Duration, try int) error {
	if cause == errQueryDeadline {
		return o.errorf("no answer within %v (%s): %w", total, plural.Count(try, "try"), ErrUnavailable)
	}
	return tooSlowError{o.errorf("no answer for %s within %v (%s of %v, %s at once); "+
		"a slow server needs a longer Timeout (now %v per request) or a smaller BatchSize (now %d) or MaxInFlight (now %d): %w",
		plural.Count(n, "input"), total, plural.Count(try, "try"), total/time.Duration(o.maxTries), plural.Count(together, "request"), o.timeout, o.batchSize, o.maxInFlight, ErrUnavailable)}
}

// tooSlowError is slowError's error for a batch: a half of a batch that
// fails so is reported as the whole batch failing (embedBatch).
type tooSlowError struct{ error }

func (e tooSlowError) Unwrap() error { return e.error }

// Networked reports true: an OpenAI embedder calls a server, so indexers
// call it before taking a lock, never under one.
func (o *OpenAI) Networked() bool { return true }

// embedBatch sends one request, retrying transient failures, and returns
// its vectors in input order. Each try may take together times Timeout,
// together being the number of requests its call sends at once; all its
// tries (at most maxTries) together take at most maxTries times that.
func (o *OpenAI) embedBatch(parent context.Context, inputs []string, together, maxTries int) ([][]float32, error) {
	if i := controlByte(o.key); i >= 0 {
		// Go's client refuses such a header: every try would fail alike.
		return nil, o.errorf("the API key holds a control character (byte %d of %d: a line break kept from the file it was read from?), which no request can carry: check %s or %s: %w",
			i+1, len(o.key), EnvKey, EnvOpenAIKey, ErrRejected)
	}
	timeout := time.Duration(max(together, 1)) * o.timeout
	total := time.Duration(maxTries) * timeout
	ctx, cancel := context.WithTimeoutCause(parent, total, errBatchDeadline)
	defer cancel()
	// last is the failure that made the last retry, which an error of the
	// caller's context names: the caller's time can run out while the
	// retry waits.
	var last error
	for try := 1; ; try++ {
		var after time.Duration // the server's Retry-After, set by capped
		resp, err := o.request(context.WithValue(ctx, retryAfterKey{}, &after), inputs, timeout)
		if err == nil {
			return o.vectors(resp, len(inputs))
		}
		var big *tooLargeError
		if errors.As(err, &big) {
			return nil, o.errorf("%v: %w", big, ErrRejected)
		}
		var away *redirectError
		if errors.As(err, &away) {
			// The target is the server's text: it may quote the key.
			return nil, o.errorf("%s: %w", o.redact(away.Error()), ErrRejected)
		}
		if ctxErr := ctx.Err(); ctxErr != nil {
			if cause := context.Cause(ctx); cause == errBatchDeadline || cause == errQueryDeadline {
				return nil, o.slowError(cause, len(inputs), together, total, try)
			}
			return nil, o.failedThen(last, ctxErr)
		}
		retry, err := o.classify(err, timeout)
		last = err
		if !retry {
			return nil, err
		}
		if errors.Is(err, errNoAnswer) && len(inputs) > 1 && try < maxTries {
			// Too slow for the whole batch: a server that embeds text by
			// text may answer each half in time (within this batch's
			// bound, ctx's deadline).
			vecs, err := o.embedHalves(ctx, inputs, together, maxTries-try)
			if errors.As(err, new(tooSlowError)) {
				return nil, o.slowError(errBatchDeadline, len(inputs), together, total, maxTries)
			}
			return vecs, err
		}
		wait := o.backoff(try)
		if after > 0 {
			if dl, ok := ctx.Deadline(); ok && time.Until(dl) < after {
				return nil, &askedWait{after, o.errorf("%v; the server asks to be retried in %v (Retry-After), past this call's %v: %w", err, after, total, ErrUnavailable)}
			}
			wait = max(wait, after)
		}
		if try >= maxTries && errors.Is(err, errNoAnswer) {
			return nil, o.slowError(errBatchDeadline, len(inputs), together, total, try)
		}
		if try >= maxTries {
			err = o.errorf("%v (%s): %w", err, plural.Count(try, "try"), ErrUnavailable)
			if after > 0 {
				err = &askedWait{after, err}
			}
			return nil, err
		}
		if err := ctxsleep.Sleep(ctx, wait); err != nil {
			if cause := context.Cause(ctx); cause == errBatchDeadline || cause == errQueryDeadline {
				return nil, o.slowError(cause, len(inputs), together, total, try)
			}
			return nil, o.failedThen(last, err)
		}
	}
}

// controlByte returns the index of the first byte of key that an HTTP
// header value cannot hold (a control character other than a tab), or
// -1.
func controlByte(key string) int {
	return strings.IndexFunc(key, func(r rune) bool { return r < 0x20 && r != '\t' || r == 0x7f })
}

// failedThen is the error of a call whose context ended (err) after
// last, the failure of its previous try, if any.
func (o *OpenAI) failedThen(last, err error) error {
	if last == nil {
		return o.errorf("%w", err)
	}
	return o.errorf("%v, then before a retry: %w", last, err)
}

// embedHalves is embedBatch of each half of inputs in turn, with
// maxTries tries each, returning their vectors in input order.
func (o *OpenAI) embedHalves(ctx context.Context, inputs []string, together, maxTries int) ([][]float32, error) {
	half := len(inputs) / 2
	first, err := o.embedBatch(ctx, inputs[:half], together, maxTries)
	if err != nil {
		return nil, err
	}
	second, err := o.embedBatch(ctx, inputs[half:], together, maxTries)
	if err != nil {
		return nil, err
	}
	return append(first, second...), nil
}

// answerDims returns the vector length an answer's bounds are computed
// for: the learned or configured one, maxLearnedDims while unknown.
func (o *OpenAI) answerDims() int64 {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.dims == 0 {
		return maxLearnedDims
	}
	return int64(o.dims)
}

// batchLen returns the inputs a request of EmbedDocuments holds:
// BatchSize, or fewer (at least 1) when the answer of that many vectors
// of answerDims could take more than maxAnswerBytes.
func (o *OpenAI) batchLen() int {
	per := perVectorBytes + o.answerDims()*perFloatBytes
	return int(max(1, min(int64(o.batchSize), (maxAnswerBytes-responseBase)/per)))
}

// limitOf returns the bounds of an answer to n inputs, for the vector
// length known now.
func (o *OpenAI) limitOf(n int64) answerLimit {
	dims := o.answerDims()
	values := max(dims, maxLearnedDims)
	if o.Identity().Dims == 0 {
		// A length not learned yet may be any: one past what an index
		// holds still decodes, so that vectors names it.
		values = MaxDims + 1
	}
	return answerLimit{
		bytes:  responseBase + n*(perVectorBytes+dims*perFloatBytes),
		commas: baseCommas + n*(values+perVectorCommas),
	}
}

// reserve waits until the answer to n inputs has room in answerBudget
// and returns its bounds and the bytes it holds there, which the caller
// releases. The bounds are those of the vector length known once there
// is room: a request that waited for the answer that taught it needs
// less. The answer to one input (a query, a probe, at most 2.2 MB) holds
// none, so that a search never waits behind an index run's batches.
func (o *OpenAI) reserve(ctx context.Context, n int64) (answerLimit, int64, error) {
	lim := o.limitOf(n)
	if n == 1 {
		return lim, 0, nil
	}
	held := min(lim.bytes, answerBudget)
	if err := o.reading.Acquire(ctx, held); err != nil {
		return lim, 0, err
	}
	if now := o.limitOf(n); now.bytes < lim.bytes {
		o.reading.Release(held - min(now.bytes, answerBudget))
		lim, held = now, min(now.bytes, answerBudget)
	}
	return lim, held, nil
}

// request sends one /embeddings request. Its answer may hold at most the
// bytes and commas n inputs can need (see responseBase); a larger one
// fails with a *tooLargeError as soon as that much is read.
func (o *OpenAI) request(ctx context.Context, inputs []string, timeout time.Duration) (openai.EmbeddingResponse, error) {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	lim, held, err := o.reserve(ctx, int64(len(inputs)))
	if err != nil {
		return openai.EmbeddingResponse{}, err
	}
	defer o.reading.Release(held)
	ctx = context.WithValue(ctx, limitKey{}, lim)
	ans := &answer{want: len(inputs)}
	ctx = context.WithValue(ctx, answerKey{}, ans)
	resp, err := o.client.CreateEmbeddings(ctx, openai.EmbeddingRequestStrings{
		Input:      inputs,
		Model:      openai.EmbeddingModel(o.model),
		Dimensions: o.wantDims,
	})
	if err != nil || !ans.done {
		return resp, err
	}
	resp.Data = ans.data
	return resp, ans.err
}

// vectors validates a successful response for n inputs and returns its
// vectors ordered by their index field, which servers need not send in
// order. It learns Dims when it was not configured.
func (o *OpenAI) vectors(resp openai.EmbeddingResponse, n int) ([][]float32, error) {
	if len(resp.Data) != n {
		return nil, o.errorf("got %d vectors for %d inputs", len(resp.Data), n)
	}
	vecs := make([][]float32, n)
	got := len(resp.Data[0].Embedding)
	if got > MaxDims {
		// Learned, this length would fail every index run, which could
		// then not even store the notes for keyword search.
		return nil, o.errorf("model %q returned %d-dimensional vectors, more than the %d an index holds", o.model, got, MaxDims)
	}
	for _, d := range resp.Data {
		if d.Index < 0 || d.Index >= n || vecs[d.Index] != nil {
			return nil, o.errorf("response has a bad or repeated index %d for %d inputs", d.Index, n)
		}
		if len(d.Embedding) != got {
			return nil, o.errorf("response mixes %d- and %d-dimensional vectors", got, len(d.Embedding))
		}
		if got == 0 {
			return nil, o.errorf("response has empty vectors")
		}
		if !slices.ContainsFunc(d.Embedding, func(f float32) bool { return f != 0 }) {
			// No direction: stored, it would match nothing, and stay
			// cached after the server is fixed.
			return nil, o.errorf("response's vector for input %d is all zeros", d.Index)
		}
		vecs[d.Index] = d.Embedding
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	switch {
	case o.dims == 0:
		o.dims = got
	case got != o.dims && o.wantDims != 0:
		return nil, o.errorf("model %q returned %d-dimensional vectors, want Dims %d; set Dims to %d, or to 0 to learn it (some servers ignore the dimensions parameter)",
			o.model, got, o.dims, got)
	case got != o.dims:
		o.changed = true
		return nil, o.errorf("model %q returned %d-dimensional vectors after %d-dimensional ones", o.model, got, o.dims)
	}
	return vecs, nil
}

// classify reports whether a failed request is worth retrying, and
// rewrites errors that are not into ones that say what to fix.
func (o *OpenAI) classify(err error, timeout time.Duration) (retry bool, _ error) {
	status, msg := 0, ""
	var apiErr *openai.APIError
	var reqErr *openai.RequestError
	switch {
	case errors.As(err, &apiErr):
		status, msg = apiErr.HTTPStatusCode, apiErr.Message
	case errors.As(err, &reqErr):
		status, msg = reqErr.HTTPStatusCode, string(reqErr.Body)
	}
	msg = ServerText(msg, o.key)
	if status != 0 {
		desc := fmt.Sprintf("HTTP %d", status)
		if msg != "" {
			desc += ": " + msg
		}
		switch {
		case status == http.StatusRequestTimeout, status == http.StatusConflict,
			status == http.StatusTooEarly, status == http.StatusTooManyRequests, status >= 500:
			return true, errors.New(desc)
		case (status == http.StatusUnauthorized || status == http.StatusForbidden) && o.noKey:
			return false, o.errorf("HTTP %d: no API key was given (set %s or %s): %w",
				status, EnvKey, EnvOpenAIKey, ErrRejected)
		case status == http.StatusUnauthorized, status == http.StatusForbidden:
			// The server's message may quote part of the key: leave it out.
			return false, o.errorf("HTTP %d: check the API key (%s or %s): %w",
				status, EnvKey, EnvOpenAIKey, ErrRejected)
		case status == http.StatusNotFound:
			return false, o.errorf("%s: check the model name (%q) and base URL: %w",
				desc, o.model, ErrRejected)
		default:
			return false, o.errorf("%s: %w", desc, ErrRejected)
		}
	}
	var netErr net.Error
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return true, fmt.Errorf("%w within %v", errNoAnswer, timeout)
	case errors.As(err, &netErr), errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return true, err
	}
	var bad *answerError
	if errors.As(err, &bad) {
		if bad.notJSON {
			return false, o.errorf("response is not an embeddings list (%v); check the base URL: %w", bad, ErrRejected)
		}
		return false, o.errorf("response is not an embeddings list: %v: %w", bad, ErrRejected)
	}
	var syntaxErr *json.SyntaxError
	var typeErr *json.UnmarshalTypeError
	if errors.As(err, &syntaxErr) || errors.As(err, &typeErr) {
		return false, o.errorf("response is not an embeddings list (%v); check the base URL: %w",
			err, ErrRejected)
	}
	return true, err
}

// noQuery refuses a base URL with a query or fragment: the client adds
// the endpoint's path (/embeddings) after the whole URL, so no request
// would reach the server as written, and a key put there would be
// quoted by the HTTP client's errors and, given as a flag, written to
// memweave.json, which is committed. The error quotes the URL without
// them.
func noQuery(u *url.URL) error {
	if u.RawQuery == "" && !u.ForceQuery && u.Fragment == "" && u.RawFragment == "" {
		return nil
	}
	bare := *u
	bare.RawQuery, bare.ForceQuery, bare.Fragment, bare.RawFragment = "", false, "", ""
	return fmt.Errorf("%q is followed by a query or fragment ('?' or '#'), which is not allowed: /embeddings is added after it, so no request would reach the server; an API key goes in $%s", RedactURL(bare.String()), EnvKey)
}

// RedactURL returns u as errors and messages may show it: its user
// information, if any, replaced by "xxxxx" (the user name is often the
// token itself, as in https://TOKEN@host), and the value of each query
// parameter too (?api_key=...). A u that does not parse loses everything
// between "://" and the last "@" of its host, and all after a "?".
func RedactURL(u string) string {
	if p, err := url.Parse(u); err == nil {
		if p.User != nil {
			p.User = url.User("xxxxx")
		}
		if p.RawQuery != "" {
			q := p.Query()
			for k := range q {
				q[k] = []string{"xxxxx"}
			}
			p.RawQuery = q.Encode()
		}
		return p.String()
	}
	if i := strings.IndexByte(u, '?'); i >= 0 {
		u = u[:i+1] + "xxxxx"
	}
	scheme, rest, ok := strings.Cut(u, "://")
	if !ok {
		return u
	}
	host, path, _ := strings.Cut(rest, "/")
	if at := strings.LastIndex(host, "@"); at >= 0 {
		host = "xxxxx" + host[at:]
	}
	if path != "" || strings.HasSuffix(rest, "/") {
		host += "/" + path
	}
	return scheme + "://" + host
}

// redact returns s, a text the server chose, with the API key left out.
func (o *OpenAI) redact(s string) string { return Redact(s, o.key) }

// shortKey is the length under which a key is taken for a placeholder
// rather than a secret of its own shape: "x" or "none", which local
// servers accept, hold letters that most words hold too.
const shortKey = 8

// Redact returns s with each occurrence of key replaced by "[redacted]",
// for every message that may quote a server's reply or the settings. A
// key of 8 bytes or more is also found split by white space, by
// invisible format characters (U+200B, a soft hyphen) or by the \n, \r
// and \t escapes of a quoted JSON text between its characters, as a
// server that wraps or spaces out its text quotes it: it still reads;
// with any of its characters escaped as JSON writes them (\u002f, \/),
// as a URL does (%2F) or as HTML does (&#47;, &#x2F;, &sol;), as a
// server quoting its own JSON, a URL or a page echoes it; and
// base64-encoded (standard or URL alphabet, at any offset of a longer
// encoded text such as "Bearer KEY", wrapped or not), as a server
// echoing an Authorization header or a token encodes it: what stands
// between the first and the last character wholly made of the key's
// bits is replaced. A key shorter than 8 bytes is replaced only where it
// stands alone, whole, not within a word or a longer token: with the
// key "x", "the next index" keeps its letters and "Bearer x" loses the
// key. An empty key leaves s as it is.
func Redact(s, key string) string {
	if key == "" {
		return s
	}
	if len(key) >= shortKey {
		if !utf8.ValidString(key) {
			return strings.ReplaceAll(s, key, "[redacted]")
		}
		var pat strings.Builder
		for i, r := range key {
			if i > 0 {
				pat.WriteString(keySeparators)
			}
			writeRunePattern(&pat, r)
		}
		writeBase64Patterns(&pat, key)
		return regexp.MustCompile(pat.String()).ReplaceAllLiteralString(s, "[redacted]")
	}
	var b strings.Builder
	for {
		i := strings.Index(s, key)
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		end := i + len(key)
		alone := (i == 0 || !tokenByte(s[i-1])) && (end == len(s) || !tokenByte(s[end]))
		b.WriteString(s[:i])
		if alone {
			b.WriteString("[redacted]")
		} else {
			b.WriteString(key)
		}
		s = s[end:]
	}
}

// keySeparators is the pattern of what [Redact] finds between two
// characters of a key: white space, invisible format characters, and
// the \n, \r and \t escapes of a JSON text quoted as it was sent.
const keySeparators = `(?:[\s\p{Cf}]|\\[nrt])*`

// htmlNames are the named HTML character references of the characters
// a key may hold that a page or an HTML-escaping server writes as one.
var htmlNames = map[rune][]string{
	'&': {"amp"}, '<': {"lt"}, '>': {"gt"}, '"': {"quot"}, '\'': {"apos"},
	'/': {"sol"}, '+': {"plus"}, '=': {"equals"}, '_': {"lowbar"},
	'-': {"hyphen", "dash"}, '.': {"period"}, ':': {"colon"}, '~': {"tilde"},
}

// writeRunePattern writes to pat a pattern of r as a server may echo
// it: itself, JSON's \uXXXX escape (and \/ for a slash: PHP's encoder
// writes one), percent-encoded, as in a URL it quotes (hex digits in
// either case), or as an HTML character reference: decimal, hex, or
// named.
func writeRunePattern(pat *strings.Builder, r rune) {
	pat.WriteString("(?:")
	pat.WriteString(regexp.QuoteMeta(string(r)))
	if r <= 0xffff {
		fmt.Fprintf(pat, `|(?i:\\u%04x)`, r)
	}
	if r == '/' {
		pat.WriteString(`|\\/`)
	}
	fmt.Fprintf(pat, `|&#0*%d;|(?i:&#x0*%x;)`, r, r)
	for _, name := range htmlNames[r] {
		fmt.Fprintf(pat, `|&%s;`, name)
	}
	pat.WriteString("|(?i:")
	for _, b := range []byte(string(r)) {
		fmt.Fprintf(pat, "%%%02x", b)
	}
	pat.WriteString("))")
}

// writeBase64Patterns adds to pat, as alternatives, the patterns of key
// base64-encoded in the standard and the URL alphabets, at each of the
// three offsets at which it can begin in a longer encoded text: the
// characters made wholly of the key's bits, which do not depend on what
// stands around it, with white space or \r, \n escapes (a line wrap)
// allowed between them.
func writeBase64Patterns(pat *strings.Builder, key string) {
	seen := map[string]bool{}
	for _, enc := range []*base64.Encoding{base64.RawStdEncoding, base64.RawURLEncoding} {
		for off := range 3 {
			bits := 8 * (off + len(key))
			core := enc.EncodeToString(append(make([]byte, off), key...))[(8*off+5)/6 : bits/6]
			if seen[core] {
				continue
			}
			seen[core] = true
			pat.WriteString("|")
			for i, c := range []byte(core) {
				if i > 0 {
					pat.WriteString(`(?:\s|\\[rn])*`)
				}
				pat.WriteString(regexp.QuoteMeta(string(c)))
			}
		}
	}
}

// maxServerText is how much of a server's error text [ServerText]
// keeps.
const maxServerText = 200

// ServerText returns a server's error text as a message may quote it:
// trimmed, with key redacted ([Redact]), and cut to 200 bytes (valid
// UTF-8, "..." after a cut). It is redacted before the cut, since a cut
// through the key would leave its first part, which Redact no longer
// finds.
func ServerText(s, key string) string {
	msg := Redact(strings.TrimSpace(s), key)
	if len(msg) > maxServerText {
		msg = strings.ToValidUTF8(msg[:maxServerText], "") + "..."
	}
	return msg
}

// tokenByte reports whether c continues a word or a key-like token.
func tokenByte(c byte) bool {
	return c == '-' || c == '_' || c >= 0x80 ||
		'0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// errorf formats an error of this embedder, prefixed with
// "embed: openai BASEURL: ", with the API key redacted from its text:
// errors of the HTTP client quote what the server sent (a malformed
// status or header line), and the server may put the key there.
func (o *OpenAI) errorf(format string, args ...any) error {
	err := fmt.Errorf("embed: openai %s: "+format, append([]any{o.baseURL}, args...)...)
	msg := o.redact(err.Error())
	if msg == err.Error() {
		return err
	}
	return &redactedError{msg: msg, err: err}
}

// redactedError is an error whose text had the API key in it: its
// message is that text redacted, and it unwraps to what that error
// wraps, whose texts errorf's callers never take from the server.
type redactedError struct {
	msg string
	err error
}

// Error returns the redacted text.
func (e *redactedError) Error() string { return e.msg }

// Unwrap returns the errors the original error wraps.
func (e *redactedError) Unwrap() []error {
	switch u := e.err.(type) {
	case interface{ Unwrap() error }:
		return []error{u.Unwrap()}
	case interface{ Unwrap() []error }:
		return u.Unwrap()
	}
	return nil
}

// backoff returns the wait before retry number try (1-based).
func (o *OpenAI) backoff(try int) time.Duration {
	d := min(o.retryBase, maxRetryDelay)
	for i := 1; i < try && d < maxRetryDelay; i++ {
		d = min(2*d, maxRetryDelay)
	}
	return d/2 + rand.N(d) // uniform in [d/2, 3d/2)
}

// limitKey is the context key of a request's response size limit, an
// answerLimit.
type limitKey struct{}

// answerLimit bounds the body of a response: its bytes and, when commas
// is not 0, the commas in it.
type answerLimit struct{ bytes, commas int64 }

// retryAfterKey is the context key of where capped writes the wait a
// 429 or 503 answer asks for in its Retry-After header (a *time.Duration).
type retryAfterKey struct{}

// maxRetryAfter bounds the wait a Retry-After header can ask for; past
// it a retry is past any call's time anyway.
const maxRetryAfter = 24 * time.Hour

// maxQueryRetryAfter bounds how long the searches of a query server that
// answered with a Retry-After ask it nothing (see
// [OpenAIConfig.QueryTimeout]): a longer wait asked is cut to it.
const maxQueryRetryAfter = time.Hour

// askedWait is the failure of a request whose server asked, in its
// Retry-After, to be asked again only after a wait.
type askedWait struct {
	after time.Duration
	err   error
}

func (e *askedWait) Error() string { return e.err.Error() }
func (e *askedWait) Unwrap() error { return e.err }

// retryAfter returns the wait the Retry-After value v asks for at now:
// delay seconds or an HTTP date; 0 when v is neither.
func retryAfter(v string, now time.Time) time.Duration {
	v = strings.TrimSpace(v)
	if s, err := strconv.ParseUint(v, 10, 32); err == nil {
		return min(time.Duration(s)*time.Second, maxRetryAfter)
	}
	if t, err := http.ParseTime(v); err == nil && t.After(now) {
		return min(t.Sub(now), maxRetryAfter)
	}
	return 0
}

// capped is the transport of every request: it limits the body of the
// response to the size the request's context allows, else to limit when
// that is not 0, so that an answer too large is refused after reading
// that much, never buffered whole, and hands on the Retry-After of a 429
// or 503 answer (retryAfterKey). why says what the limit is, for the
// error ("the batch can need").
type capped struct {
	next  http.RoundTripper
	limit int64
	why   string
}

// maxHeaderBytes bounds the headers of an answer read by the transport
// used when the caller names none: Go's reads up to 10 MB of them, and
// four requests in flight answered so took 110-125 MB more memory. An
// embedding or chat server's headers hold a few kilobytes.
const maxHeaderBytes = 256 << 10

// headerBounded is the transport of requests whose client names none:
// [http.DefaultTransport]'s settings, with answers' headers bounded by
// maxHeaderBytes. It is made once, so that every embedder shares its
// idle connections as they would share the default transport's.
var headerBounded = sync.OnceValue(func() http.RoundTripper {
	t, ok := http.DefaultTransport.(*http.Transport)
	if !ok {
		return http.DefaultTransport // replaced by the program: its own
	}
	t = t.Clone()
	t.MaxResponseHeaderBytes = maxHeaderBytes
	return t
})

// LimitResponses returns a transport that sends through next (nil:
// [http.DefaultTransport]'s settings, with at most 256 KiB of headers an
// answer) and fails a response whose body is larger
// than limit bytes once it reads that much (at once when its
// Content-Length says so), never buffering it whole; the error says it
// is larger than the limit, which why names ("a reply may take"). It
// is the embedder's own bound, for other clients of servers a caller
// names (a chat model).
func LimitResponses(next http.RoundTripper, limit int64, why string) http.RoundTripper {
	return capped{next: next, limit: limit, why: why}
}

// RoundTrip sends req and wraps the response body in the limit.
func (c capped) RoundTrip(req *http.Request) (*http.Response, error) {
	next := c.next
	if next == nil {
		next = headerBounded()
	}
	resp, err := next.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	if p, ok := req.Context().Value(retryAfterKey{}).(*time.Duration); ok &&
		(resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode == http.StatusServiceUnavailable) {
		*p = retryAfter(resp.Header.Get("Retry-After"), time.Now())
	}
	limit, ok := req.Context().Value(limitKey{}).(answerLimit)
	why := "the batch can need"
	if !ok && c.limit > 0 {
		limit, ok, why = answerLimit{bytes: c.limit}, true, c.why
	}
	if ok {
		if resp.ContentLength > limit.bytes {
			resp.Body.Close()
			return nil, &tooLargeError{limit: limit.bytes, size: resp.ContentLength, why: why}
		}
		resp.Body = &limitedBody{rc: resp.Body, left: limit.bytes, limit: limit.bytes, commas: limit.commas, why: why}
	}
	if ans, ok := req.Context().Value(answerKey{}).(*answer); ok && resp.StatusCode >= 200 && resp.StatusCode < 300 {
		// Decoded here, as it is read; the client library decodes an
		// empty object in its place.
		ans.data, ans.err = decodeAnswer(resp.Body, ans.want)
		ans.done = true
		resp.Body.Close()
		resp.Body = io.NopCloser(strings.NewReader("{}"))
		resp.ContentLength = 2
	}
	return resp, nil
}

// maxRedirects is the most redirects within the base URL's origin that
// one request follows. Each sends the API key again: with Go's ten, and
// every try of a call, a server redirecting in a loop got it 30 times
// a call. A server that moved its API needs one or two.
const maxRedirects = 3

// SameOrigin returns the redirect policy (an [http.Client]'s
// CheckRedirect) of a client whose requests go to base: a redirect to another scheme, host or port is refused before
// anything is sent there. Go's client would otherwise send the API key
// to the same host on another port (and to its subdomains), and for a
// 307 or 308 the texts to any host; the user approved base, not where
// its server points. At most 3 redirects within the origin are
// followed, each sending the key again; those go on to next, the
// client's own policy (nil: none more). Both refusals are errors no
// retry mends: the embedder fails the call with [ErrRejected].
func SameOrigin(base string, next func(*http.Request, []*http.Request) error) func(*http.Request, []*http.Request) error {
	b, err := url.Parse(base)
	return func(req *http.Request, via []*http.Request) error {
		u := req.URL
		if err != nil || !strings.EqualFold(u.Scheme, b.Scheme) || !strings.EqualFold(u.Host, b.Host) {
			return &redirectError{to: u.Redacted()}
		}
		if len(via) > maxRedirects {
			return &redirectError{to: u.Redacted(), hops: len(via)}
		}
		if next != nil {
			return next(req, via)
		}
		return nil
	}
}

// redirectError is the error of a redirect out of the base URL's origin,
// or, when hops is not 0, of one past the maxRedirects a request follows
// within it.
type redirectError struct {
	to   string
	hops int
}

// Error names the target, whose origin the base URL does not have, or
// the count of redirects followed.
func (e *redirectError) Error() string {
	if e.hops > 0 {
		return fmt.Sprintf("the server redirected %d times within its origin, now to %s; no request follows more than %d (a redirect loop? set the base URL to where the API answers)", e.hops, e.to, maxRedirects)
	}
	return fmt.Sprintf("the server redirected to %s, another origin than the base URL; nothing was sent there (set the base URL to the server meant)", e.to)
}

// tooLargeError is the error of a response over its size limit, or,
// when commas is set, over its limit of commas; why says what the limit
// is.
type tooLargeError struct {
	limit, size int64
	commas      bool
	why         string
}

// Error says how large the answer was, or that it was larger than the
// limit.
func (e *tooLargeError) Error() string {
	if e.commas {
		return fmt.Sprintf("response is larger than the %d values (commas) %s", e.limit, e.why)
	}
	if e.size > 0 {
		return fmt.Sprintf("response of %d bytes is larger than the %d bytes %s", e.size, e.limit, e.why)
	}
	return fmt.Sprintf("response is larger than the %d bytes %s", e.limit, e.why)
}

// limitedBody reads a response body and fails once it exceeds limit
// bytes or, when commas is not 0, holds more than commas commas.
type limitedBody struct {
	rc          io.ReadCloser
	left, limit int64
	commas      int64
	seen        int64 // commas read so far
	why         string
}

// Read reads from the body, failing with a *tooLargeError past a limit.
func (b *limitedBody) Read(p []byte) (int, error) {
	if b.left < 0 {
		return 0, &tooLargeError{limit: b.limit, why: b.why}
	}
	if b.commas > 0 && b.seen > b.commas {
		return 0, &tooLargeError{limit: b.commas, commas: true, why: b.why}
	}
	if int64(len(p)) > b.left+1 {
		p = p[:b.left+1]
	}
	n, err := b.rc.Read(p)
	b.left -= int64(n)
	if b.left < 0 {
		return 0, &tooLargeError{limit: b.limit, why: b.why}
	}
	if b.commas > 0 {
		b.seen += int64(bytes.Count(p[:n], []byte{','}))
		if b.seen > b.commas {
			return 0, &tooLargeError{limit: b.commas, commas: true, why: b.why}
		}
	}
	return n, err
}

// Close closes the body.
func (b *limitedBody) Close() error { return b.rc.Close() }
