package embed

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// fakeServer is an OpenAI-compatible /embeddings endpoint. Each vector
// encodes its input so tests can check order: component 0 is the input's
// length and component 1 its first byte.
type fakeServer struct {
	t    testing.TB
	dims atomic.Int32 // length of returned vectors; if 0, the request's "dimensions"

	// fail, when set, decides the status of the n-th call (1-based);
	// 0 means answer normally.
	fail    func(n int) int
	shuffle bool          // return data in random order
	delay   time.Duration // per request; ends early when the client gives up

	calls    atomic.Int32
	inFlight atomic.Int32
	maxIn    atomic.Int32

	mu     sync.Mutex // guards inputs and auth
	inputs []string   // every input received, in arrival order
	auth   []string   // the Authorization header of each request
}

// seen returns the inputs and Authorization headers received so far.
func (f *fakeServer) seen() (inputs, auth []string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.inputs...), append([]string(nil), f.auth...)
}

func newFakeServer(t testing.TB, dims int) (*fakeServer, *httptest.Server) {
	t.Helper()
	f := &fakeServer{t: t}
	f.dims.Store(int32(dims))
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	return f, srv
}

func (f *fakeServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	n := int(f.calls.Add(1))
	in := f.inFlight.Add(1)
	defer f.inFlight.Add(-1)
	for {
		m := f.maxIn.Load()
		if in <= m || f.maxIn.CompareAndSwap(m, in) {
			break
		}
	}
	if r.Method != http.MethodPost || r.URL.Path != "/v1/embeddings" {
		f.t.Errorf("request %s %s, want POST /v1/embeddings", r.Method, r.URL.Path)
		http.NotFound(w, r)
		return
	}
	var req struct {
		Input      []string `json:"input"`
		Model      string   `json:"model"`
		Dimensions int      `json:"dimensions"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		f.t.Errorf("decode request: %v", err)
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	f.mu.Lock()
	f.inputs = append(f.inputs, req.Input...)
	f.auth = append(f.auth, r.Header.Get("Authorization"))
	f.mu.Unlock()
	if f.delay > 0 {
		select {
		case <-time.After(f.delay):
		case <-r.Context().Done():
			return
		}
	}
	if f.fail != nil {
		if status := f.fail(n); status != 0 {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(status)
			fmt.Fprintf(w, `{"error":{"message":"fake failure %d","type":"invalid_request_error"}}`, status)
			return
		}
	}
	dims := int(f.dims.Load())
	if dims == 0 {
		dims = req.Dimensions
	}
	type item struct {
		Object    string    `json:"object"`
		Index     int       `json:"index"`
		Embedding []float32 `json:"embedding"`
	}
	data := make([]item, len(req.Input))
	for i, text := range req.Input {
		v := make([]float32, dims)
		v[0] = float32(len(text))
		if len(text) > 0 && dims > 1 {
			v[1] = float32(text[0])
		}
		data[i] = item{Object: "embedding", Index: i, Embedding: v}
	}
	if f.shuffle {
		rand.Shuffle(len(data), func(i, j int) { data[i], data[j] = data[j], data[i] })
	}
	w.Header().Set("Content-Type", "application/json")
	err := json.NewEncoder(w).Encode(map[string]any{
		"object": "list",
		"data":   data,
		"model":  req.Model,
		"usage":  map[string]int{"prompt_tokens": len(req.Input), "total_tokens": len(req.Input)},
	})
	if err != nil {
		f.t.Errorf("encode response: %v", err)
	}
}

// newTestOpenAI returns an embedder for srv with fast retries.
func newTestOpenAI(t testing.TB, srv *httptest.Server, cfg OpenAIConfig) *OpenAI {
	t.Helper()
	cfg.BaseURL = srv.URL + "/v1"
	if cfg.Model == "" {
		cfg.Model = "test-model"
	}
	if cfg.RetryBaseDelay == 0 {
		cfg.RetryBaseDelay = time.Millisecond
	}
	if m, ok := moodyServers.Load(srv.URL); ok && cfg.HTTPClient == nil {
		cfg.HTTPClient = &http.Client{Transport: m.(*moodyServer).sending(http.DefaultTransport)}
	}
	o, err := NewOpenAI(cfg)
	if err != nil {
		t.Fatalf("NewOpenAI: %v", err)
	}
	return o
}

// texts returns n distinct texts whose lengths encode their position.
func texts(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = strings.Repeat("x", i+1)
	}
	return out
}

func checkOrder(t testing.TB, in []string, vecs [][]float32, prefix string) {
	t.Helper()
	if len(vecs) != len(in) {
		t.Fatalf("got %d vectors for %d texts", len(vecs), len(in))
	}
	for i, v := range vecs {
		if want := float32(len(prefix + in[i])); v[0] != want {
			t.Fatalf("vector %d encodes length %v, want %v: order lost", i, v[0], want)
		}
	}
}

func TestNewOpenAIValidates(t *testing.T) {
	tests := []struct {
		cfg  OpenAIConfig
		want string
	}{
		{OpenAIConfig{}, "Model"},
		{OpenAIConfig{Model: "m", BaseURL: "localhost:11434"}, "BaseURL"},
		{OpenAIConfig{Model: "m", BaseURL: "ftp://x/v1"}, "BaseURL"},
		{OpenAIConfig{Model: "m", Dims: -1}, "Dims"},
	}
	for _, tt := range tests {
		_, err := NewOpenAI(tt.cfg)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("NewOpenAI(%+v) error = %v, want one naming %s", tt.cfg, err, tt.want)
		}
	}
	o, err := NewOpenAI(OpenAIConfig{Model: "text-embedding-3-small", Dims: 256})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := o.Identity(), (Identity{Provider: "openai", Model: "text-embedding-3-small", Dims: 256}); got != want {
		t.Errorf("Identity() = %v, want %v", got, want)
	}
	if o.baseURL != DefaultOpenAIBaseURL {
		t.Errorf("default base URL = %q, want %q", o.baseURL, DefaultOpenAIBaseURL)
	}
}

func TestOpenAIBatching(t *testing.T) {
	f, srv := newFakeServer(t, 8)
	o := newTestOpenAI(t, srv, OpenAIConfig{APIKey: "sk-test"})
	in := texts(130)
	vecs, err := o.EmbedDocuments(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	checkOrder(t, in, vecs, "")
	if got := f.calls.Load(); got != 3 {
		t.Errorf("130 texts in batches of 64 took %d calls, want 3", got)
	}
	if got := o.Identity().Dims; got != 8 {
		t.Errorf("learned Dims = %d, want 8", got)
	}
	if _, auth := f.seen(); auth[0] != "Bearer sk-test" {
		t.Errorf("Authorization = %q, want the bearer key", auth[0])
	}
	vecs, err = o.EmbedDocuments(context.Background(), nil)
	if err != nil || len(vecs) != 0 || f.calls.Load() != 3 {
		t.Errorf("EmbedDocuments(nil) = %v, %v after %d calls; want empty, nil, no call", vecs, err, f.calls.Load())
	}
}

func TestOpenAIConcurrencyLimit(t *testing.T) {
	f, srv := newFakeServer(t, 4)
	f.delay = 20 * time.Millisecond
	f.shuffle = true
	o := newTestOpenAI(t, srv, OpenAIConfig{BatchSize: 5, MaxInFlight: 3})
	in := texts(100)
	vecs, err := o.EmbedDocuments(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	checkOrder(t, in, vecs, "")
	if got := f.calls.Load(); got != 20 {
		t.Errorf("calls = %d, want 20", got)
	}
	if got := f.maxIn.Load(); got > 3 || got < 2 {
		t.Errorf("max requests in flight = %d, want 2 or 3 (MaxInFlight 3)", got)
	}
}

func TestOpenAIShuffledResponse(t *testing.T) {
	f, srv := newFakeServer(t, 4)
	f.shuffle = true
	o := newTestOpenAI(t, srv, OpenAIConfig{})
	in := texts(64)
	for range 5 {
		vecs, err := o.EmbedDocuments(context.Background(), in)
		if err != nil {
			t.Fatal(err)
		}
		checkOrder(t, in, vecs, "")
	}
}

func TestOpenAIPrefixes(t *testing.T) {
	f, srv := newFakeServer(t, 4)
	o := newTestOpenAI(t, srv, OpenAIConfig{QueryPrefix: "search_query: ", DocumentPrefix: "search_document: "})
	if _, err := o.EmbedDocuments(context.Background(), []string{"doc one", "doc two"}); err != nil {
		t.Fatal(err)
	}
	q, err := o.EmbedQuery(context.Background(), "what")
	if err != nil {
		t.Fatal(err)
	}
	if q[0] != float32(len("search_query: what")) {
		t.Errorf("query vector encodes length %v, want that of the prefixed query", q[0])
	}
	want := []string{"search_document: doc one", "search_document: doc two", "search_query: what"}
	if got, _ := f.seen(); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("server saw inputs %q, want %q", got, want)
	}
}

func TestOpenAIRetry(t *testing.T) {
	for _, status := range []int{http.StatusTooManyRequests, http.StatusInternalServerError, http.StatusServiceUnavailable} {
		t.Run(fmt.Sprint(status), func(t *testing.T) {
			f, srv := newFakeServer(t, 4)
			f.fail = func(n int) int {
				if n <= 2 {
					return status
				}
				return 0
			}
			o := newTestOpenAI(t, srv, OpenAIConfig{})
			in := texts(3)
			vecs, err := o.EmbedDocuments(context.Background(), in)
			if err != nil {
				t.Fatalf("EmbedDocuments after two %d answers: %v", status, err)
			}
			checkOrder(t, in, vecs, "")
			if got := f.calls.Load(); got != 3 {
				t.Errorf("calls = %d, want 3", got)
			}
		})
	}
}

func TestOpenAIRetriesExhausted(t *testing.T) {
	f, srv := newFakeServer(t, 4)
	f.fail = func(int) int { return http.StatusBadGateway }
	o := newTestOpenAI(t, srv, OpenAIConfig{MaxTries: 4})
	_, err := o.EmbedQuery(context.Background(), "q")
	if !errors.Is(err, ErrUnavailable) {
		t.Fatalf("error = %v, want ErrUnavailable", err)
	}
	if got := f.calls.Load(); got != 4 {
		t.Errorf("calls = %d, want 4 (MaxTries)", got)
	}
	if !strings.Contains(err.Error(), srv.URL) || !strings.Contains(err.Error(), "502") {
		t.Errorf("error %q should name the base URL and the status", err)
	}
}

func TestOpenAIRejected(t *testing.T) {
	tests := []struct {
		status int
		want   string
	}{
		{http.StatusUnauthorized, "check the API key (MEMWEAVE_EMBEDDING_KEY or OPENAI_API_KEY)"},
		{http.StatusForbidden, "check the API key"},
		{http.StatusNotFound, "check the model name"},
		{http.StatusBadRequest, "fake failure 400"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.status), func(t *testing.T) {
			f, srv := newFakeServer(t, 4)
			f.fail = func(int) int { return tt.status }
			o := newTestOpenAI(t, srv, OpenAIConfig{APIKey: "sk-secret-123", BatchSize: 1, MaxInFlight: 1})
			_, err := o.EmbedDocuments(context.Background(), texts(5))
			if !errors.Is(err, ErrRejected) {
				t.Fatalf("error = %v, want ErrRejected", err)
			}
			if errors.Is(err, ErrUnavailable) {
				t.Errorf("error %v also wraps ErrUnavailable", err)
			}
			if got := f.calls.Load(); got != 1 {
				t.Errorf("calls = %d, want exactly 1 (fail fast)", got)
			}
			msg := err.Error()
			if !strings.Contains(msg, tt.want) || !strings.Contains(msg, srv.URL) {
				t.Errorf("error %q should contain %q and the base URL", msg, tt.want)
			}
			if strings.Contains(msg, "sk-secret") {
				t.Errorf("error %q leaks the API key", msg)
			}
		})
	}
}

// TestOpenAIMissingKey: with no API key, a 401 or 403 says that the key
// is missing and names both variables, rather than asking to check it.
func TestOpenAIMissingKey(t *testing.T) {
	for _, status := range []int{http.StatusUnauthorized, http.StatusForbidden} {
		t.Run(fmt.Sprint(status), func(t *testing.T) {
			f, srv := newFakeServer(t, 4)
			f.fail = func(int) int { return status }
			o := newTestOpenAI(t, srv, OpenAIConfig{})
			_, err := o.EmbedQuery(context.Background(), "q")
			if !errors.Is(err, ErrRejected) {
				t.Fatalf("error = %v, want ErrRejected", err)
			}
			want := "no API key was given (set MEMWEAVE_EMBEDDING_KEY or OPENAI_API_KEY)"
			if msg := err.Error(); !strings.Contains(msg, want) {
				t.Errorf("error %q should contain %q", msg, want)
			}
			if got := f.calls.Load(); got != 1 {
				t.Errorf("calls = %d, want exactly 1 (fail fast)", got)
			}
		})
	}
}

func TestOpenAIClosedServer(t *testing.T) {
	_, srv := newFakeServer(t, 4)
	o := newTestOpenAI(t, srv, OpenAIConfig{APIKey: "sk-secret-123"})
	srv.Close()
	_, err := o.EmbedDocuments(context.Background(), texts(3))
	if !errors.Is(err, ErrUnavailable) {
		t.Fatalf("error = %v, want ErrUnavailable", err)
	}
	if !strings.Contains(err.Error(), srv.URL) || strings.Contains(err.Error(), "sk-secret") {
		t.Errorf("error %q should name the base URL and not the key", err)
	}
	if err := o.Probe(context.Background()); !errors.Is(err, ErrUnavailable) {
		t.Errorf("Probe error = %v, want ErrUnavailable", err)
	}
}

func TestOpenAITimeout(t *testing.T) {
	f, srv := newFakeServer(t, 4)
	f.delay = 5 * time.Second
	// Tries are counted as the client sends them: on a loaded machine a
	// try's 30 ms can run out before the server's handler counts it.
	var tries atomic.Int32
	hc := &http.Client{Transport: roundTripFunc(func(r *http.Request) (*http.Response, error) {
		tries.Add(1)
		return http.DefaultTransport.RoundTrip(r)
	})}
	// A batch's tries together get MaxTries times Timeout: a Timeout of
	// 300 ms leaves the second try room on a machine where the first
	// try's timer fires late (with 30 ms, a load of 40 left it none).
	o := newTestOpenAI(t, srv, OpenAIConfig{Timeout: 300 * time.Millisecond, MaxTries: 2, HTTPClient: hc})
	start := time.Now()
	_, err := o.EmbedQuery(context.Background(), "q")
	if !errors.Is(err, ErrUnavailable) {
		t.Fatalf("error = %v, want ErrUnavailable", err)
	}
	if errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("error %v wraps context.DeadlineExceeded, though the caller's context is fine", err)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("timed out after %v, want about 600ms", d)
	}
	if got := tries.Load(); got != 2 {
		t.Errorf("tries = %d, want 2", got)
	}
}

// roundTripFunc is an http.RoundTripper made of a function.
type roundTripFunc func(*http.Request) (*http.Response, error)

// RoundTrip calls f.
func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

func TestOpenAIContextCanceled(t *testing.T) {
	f, srv := newFakeServer(t, 4)
	f.delay = 5 * time.Second
	o := newTestOpenAI(t, srv, OpenAIConfig{BatchSize: 1, MaxInFlight: 2})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	_, err := o.EmbedDocuments(ctx, texts(10))
	if !errors.Is(err, context.DeadlineExceeded) || errors.Is(err, ErrUnavailable) {
		t.Errorf("error = %v, want the context's error and not ErrUnavailable", err)
	}
	if got := f.calls.Load(); got > 2 {
		t.Errorf("calls = %d after cancel, want at most MaxInFlight (2)", got)
	}
	done, cancel2 := context.WithCancel(context.Background())
	cancel2()
	if _, err := o.EmbedDocuments(done, texts(3)); !errors.Is(err, context.Canceled) {
		t.Errorf("EmbedDocuments(canceled ctx) error = %v, want context.Canceled", err)
	}
}

func TestOpenAIDims(t *testing.T) {
	t.Run("mismatch", func(t *testing.T) {
		_, srv := newFakeServer(t, 12) // ignores the dimensions parameter
		o := newTestOpenAI(t, srv, OpenAIConfig{Dims: 8})
		_, err := o.EmbedDocuments(context.Background(), texts(2))
		if err == nil || !strings.Contains(err.Error(), "12-dimensional") || !strings.Contains(err.Error(), "Dims 8") {
			t.Errorf("error = %v, want a dims mismatch naming 12 and 8", err)
		}
		if got := o.Identity().Dims; got != 8 {
			t.Errorf("Identity().Dims = %d after mismatch, want 8", got)
		}
	})
	t.Run("sent", func(t *testing.T) {
		_, srv := newFakeServer(t, 0) // honours the dimensions parameter
		o := newTestOpenAI(t, srv, OpenAIConfig{Dims: 6})
		q, err := o.EmbedQuery(context.Background(), "q")
		if err != nil || len(q) != 6 {
			t.Errorf("EmbedQuery = %d dims, %v; want 6, nil", len(q), err)
		}
	})
	t.Run("probe", func(t *testing.T) {
		f, srv := newFakeServer(t, 10)
		o := newTestOpenAI(t, srv, OpenAIConfig{})
		if got := o.Identity().Dims; got != 0 {
			t.Errorf("Identity().Dims before any call = %d, want 0", got)
		}
		if err := o.Probe(context.Background()); err != nil {
			t.Fatal(err)
		}
		if got := o.Identity().Dims; got != 10 {
			t.Errorf("Identity().Dims after Probe = %d, want 10", got)
		}
		f.dims.Store(11) // the server changed model under us
		if _, err := o.EmbedQuery(context.Background(), "q"); err == nil || !strings.Contains(err.Error(), "11-dimensional") {
			t.Errorf("error = %v, want a dims change error", err)
		}
	})
}

func TestOpenAIBadResponses(t *testing.T) {
	tests := []struct {
		name, body, want string
	}{
		{"count", `{"object":"list","data":[{"index":0,"embedding":[1,2]}]}`, "got 1 vectors for 2 inputs"},
		{"index", `{"object":"list","data":[{"index":0,"embedding":[1,2]},{"index":0,"embedding":[3,4]}]}`, "repeated index 0"},
		{"ragged", `{"object":"list","data":[{"index":0,"embedding":[1,2]},{"index":1,"embedding":[3]}]}`, "mixes 2- and 1-dimensional"},
		{"empty", `{"object":"list","data":[{"index":0,"embedding":[]},{"index":1,"embedding":[]}]}`, "empty vectors"},
		{"html", `<html>hello</html>`, "not an embeddings list"},
		// A zero vector has no direction: stored, it would match nothing
		// and stay in the cache after the server is fixed.
		{"zero", `{"object":"list","data":[{"index":0,"embedding":[1,2]},{"index":1,"embedding":[0,-0]}]}`, "input 1 is all zeros"},
		{"inf", `{"object":"list","data":[{"index":0,"embedding":[1,2]},{"index":1,"embedding":[1e39,1]}]}`, "not an embeddings list"},
		{"nan", `{"object":"list","data":[{"index":0,"embedding":[1,2]},{"index":1,"embedding":[NaN,1]}]}`, "not an embeddings list"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var calls atomic.Int32
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				calls.Add(1)
				fmt.Fprint(w, tt.body)
			}))
			defer srv.Close()
			o := newTestOpenAI(t, srv, OpenAIConfig{})
			_, err := o.EmbedDocuments(context.Background(), []string{"a", "b"})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error = %v, want one containing %q", err, tt.want)
			}
			if got := calls.Load(); got != 1 {
				t.Errorf("calls = %d, want 1 (a bad response is not retried)", got)
			}
		})
	}
}

func TestOpenAIBackoff(t *testing.T) {
	o := &OpenAI{retryBase: 200 * time.Millisecond}
	for try, want := range []time.Duration{200, 400, 800, 1600} {
		want *= time.Millisecond
		for range 20 {
			if d := o.backoff(try + 1); d < want/2 || d >= want*3/2 {
				t.Errorf("backoff(%d) = %v, want in [%v, %v)", try+1, d, want/2, want*3/2)
			}
		}
	}
	if d := o.backoff(40); d > maxRetryDelay*3/2 {
		t.Errorf("backoff(40) = %v, want at most %v", d, maxRetryDelay*3/2)
	}
}

// TestOpenAIRedactsKey: a server message that quotes the API key is
// passed on with the key redacted.
func TestOpenAIRedactsKey(t *testing.T) {
	const key = "sk-secret-0123456789"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprintf(w, `{"error":{"message":"bad request from key %s","type":"invalid_request_error"}}`, key)
	}))
	defer srv.Close()
	o := newTestOpenAI(t, srv, OpenAIConfig{APIKey: key})
	_, err := o.EmbedDocuments(context.Background(), []string{"a"})
	if err == nil || strings.Contains(err.Error(), key) || !strings.Contains(err.Error(), "[redacted]") {
		t.Errorf("error = %v, want the server's message with the key redacted", err)
	}
}

// slowServer is an OpenAI-compatible endpoint that works like a local
// encoder on one CPU: one request at a time, perText for each input,
// finishing a request even when its client has given up.
type slowServer struct {
	perText time.Duration
	mu      sync.Mutex // held while a request is worked on
	calls   atomic.Int32
}

func (s *slowServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.calls.Add(1)
	var req struct {
		Input []string `json:"input"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	s.mu.Lock()
	time.Sleep(time.Duration(len(req.Input)) * s.perText)
	s.mu.Unlock()
	data := make([]map[string]any, len(req.Input))
	for i, text := range req.Input {
		data[i] = map[string]any{"object": "embedding", "index": i, "embedding": []float32{float32(len(text)), 1}}
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"object": "list", "data": data, "model": "m"})
}

// TestOpenAISlowServerKeepsUp: a server that answers a batch well within
// Timeout, but only one request at a time, gets every batch of a call
// that sends MaxInFlight of them at once embedded, each request sent
// once. With Timeout counted from sending alone, the later requests wait
// for the earlier ones, time out, are sent again behind the work the
// server still does for the abandoned ones, and the call fails.
func TestOpenAISlowServerKeepsUp(t *testing.T) {
	s := &slowServer{perText: 25 * time.Millisecond}
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	// A batch of 8 takes 200ms alone; the 4th of 4 at once 800ms.
	o := newTestOpenAI(t, srv, OpenAIConfig{BatchSize: 8, MaxInFlight: 4, Timeout: 500 * time.Millisecond})
	in := texts(32)
	vecs, err := o.EmbedDocuments(context.Background(), in)
	if err != nil {
		t.Fatalf("EmbedDocuments on a slow one-at-a-time server: %v", err)
	}
	checkOrder(t, in, vecs, "")
	if got := s.calls.Load(); got != 4 {
		t.Errorf("calls = %d, want 4: no request timed out and was sent again", got)
	}
}

// TestOpenAITooSlowNamesSettings: a server too slow for the settings
// fails within MaxTries times the requests' bound, with ErrUnavailable
// and an error that names the settings to change and their values.
func TestOpenAITooSlowNamesSettings(t *testing.T) {
	s := &slowServer{perText: 20 * time.Millisecond}
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	o := newTestOpenAI(t, srv, OpenAIConfig{BatchSize: 4, MaxInFlight: 1, MaxTries: 2, Timeout: 30 * time.Millisecond})
	start := time.Now()
	_, err := o.EmbedDocuments(context.Background(), texts(4))
	if !errors.Is(err, ErrUnavailable) {
		t.Fatalf("error = %v, want ErrUnavailable", err)
	}
	if errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("error %v wraps context.DeadlineExceeded, though the caller's context is fine", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("gave up after %v, want about 60ms", d)
	}
	for _, want := range []string{srv.URL, "4 inputs", "Timeout (now 30ms per request)", "BatchSize (now 4)", "MaxInFlight (now 1)"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not contain %q", err, want)
		}
	}
}

// TestRedirectElsewhereSendsNothing: a server that answers with a
// redirect to another origin (here the same host on another port, which
// Go's client treats as the same host and sends the Authorization header
// to; a 307 or 308 also sends the request body, the texts) gets neither
// the key nor the texts sent there: the request fails with an error that
// names the target, without the key.
func TestRedirectElsewhereSendsNothing(t *testing.T) {
	const key = "sk-redirect-secret-42"
	for _, code := range []int{http.StatusMovedPermanently, http.StatusFound, http.StatusTemporaryRedirect, http.StatusPermanentRedirect} {
		t.Run(fmt.Sprint(code), func(t *testing.T) {
			var reached atomic.Int32
			other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				reached.Add(1)
				t.Errorf("the redirect target got %s %s, Authorization %q", r.Method, r.URL.Path, r.Header.Get("Authorization"))
				http.Error(w, "no", http.StatusBadRequest)
			}))
			defer other.Close()
			first := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				http.Redirect(w, r, other.URL+r.URL.Path, code)
			}))
			defer first.Close()
			o := newTestOpenAI(t, first, OpenAIConfig{APIKey: key, MaxTries: 1})
			_, err := o.EmbedDocuments(context.Background(), []string{"private note text"})
			if err == nil {
				t.Fatal("EmbedDocuments through a redirect elsewhere succeeded")
			}
			if reached.Load() != 0 {
				t.Errorf("the redirect target was reached %d times", reached.Load())
			}
			if !strings.Contains(err.Error(), "redirect") || !strings.Contains(err.Error(), other.URL) || strings.Contains(err.Error(), key) {
				t.Errorf("error = %v, want one naming the redirect to %s, without the key", err, other.URL)
			}
			if !errors.Is(err, ErrRejected) {
				t.Errorf("error = %v, want it to wrap ErrRejected (no retry helps)", err)
			}
		})
	}
}

// TestServerEchoingTheKeySeesItInNoError: a server that quotes the
// Authorization header it got, in every place an answer can carry text
// back (a redirect's target, a non-JSON body, a JSON body of the wrong
// shape, each error status), gets the key into no error message.
func TestServerEchoingTheKeySeesItInNoError(t *testing.T) {
	const key = "sk-echo-secret-7f3a9b"
	answers := map[string]func(w http.ResponseWriter, r *http.Request, auth string){
		"redirect": func(w http.ResponseWriter, r *http.Request, auth string) {
			http.Redirect(w, r, "http://203.0.113.7/collect?k="+auth, http.StatusTemporaryRedirect)
		},
		"redirect-userinfo": func(w http.ResponseWriter, r *http.Request, auth string) {
			http.Redirect(w, r, "http://u:"+auth+"@203.0.113.7/", http.StatusFound)
		},
		"html-200": func(w http.ResponseWriter, r *http.Request, auth string) {
			fmt.Fprintf(w, "<html>your key %s</html>", auth)
		},
		"wrong-json-200": func(w http.ResponseWriter, r *http.Request, auth string) {
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprintf(w, `{"data":[{"embedding":"%s","index":0}]}`, auth)
		},
		"index-200": func(w http.ResponseWriter, r *http.Request, auth string) {
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprintf(w, `{"data":[{"embedding":[1,2],"index":0}],"model":"%s"}`, auth)
		},
	}
	for _, code := range []int{400, 401, 403, 404, 422, 429, 500, 503} {
		answers[fmt.Sprint(code)] = func(w http.ResponseWriter, r *http.Request, auth string) {
			w.WriteHeader(code)
			fmt.Fprintf(w, "plain text quoting %s", auth)
		}
	}
	// A server that spaces out or wraps its text splits the key.
	answers["401-split"] = func(w http.ResponseWriter, r *http.Request, auth string) {
		w.WriteHeader(http.StatusUnauthorized)
		fmt.Fprintf(w, "bad key %s %s", auth[:8], auth[8:])
	}
	answers["400-wrapped"] = func(w http.ResponseWriter, r *http.Request, auth string) {
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprintf(w, "the request with the key %s\n%s was refused", auth[:12], auth[12:])
	}
	for name, answer := range answers {
		t.Run(name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				answer(w, r, strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer "))
			}))
			defer srv.Close()
			o := newTestOpenAI(t, srv, OpenAIConfig{APIKey: key, MaxTries: 2, Dims: 3})
			_, err := o.EmbedDocuments(context.Background(), []string{"a"})
			if err == nil {
				t.Fatal("EmbedDocuments succeeded")
			}
			if squeezed := strings.Join(strings.Fields(err.Error()), ""); strings.Contains(squeezed, key) {
				t.Errorf("error quotes the key: %v", err)
			}
		})
	}
}

// TestPasswordInBaseURLIsInNoError: a base URL with user information in
// it (a proxy's basic auth, given as a flag) is named in errors with the
// user information left out: the user name may be the token itself.
func TestPasswordInBaseURLIsInNoError(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "down", http.StatusServiceUnavailable)
	}))
	defer srv.Close()
	base := strings.Replace(srv.URL, "http://", "http://proxyuser:pw-secret-91@", 1) + "/v1"
	o, err := NewOpenAI(OpenAIConfig{BaseURL: base, Model: "m", MaxTries: 1})
	if err != nil {
		t.Fatal(err)
	}
	_, err = o.EmbedDocuments(context.Background(), []string{"a"})
	if err == nil || strings.Contains(err.Error(), "pw-secret-91") || strings.Contains(err.Error(), "proxyuser") || !strings.Contains(err.Error(), "http://xxxxx@127.0.0.1:") {
		t.Errorf("error = %v, want one naming the base URL without its user information", err)
	}
	if _, err := NewOpenAI(OpenAIConfig{BaseURL: "ftp://u:pw-secret-91@h/v1", Model: "m"}); err == nil || strings.Contains(err.Error(), "pw-secret-91") {
		t.Errorf("NewOpenAI of an ftp URL = %v, want an error without the password", err)
	}
}

// TestRedirectWithinTheOriginIsFollowed: a redirect to another path of
// the base URL's own scheme, host and port (a server that moved its
// API) is followed, with the key.
func TestRedirectWithinTheOriginIsFollowed(t *testing.T) {
	f, _ := newFakeServer(t, 3)
	var srv *httptest.Server
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/v1/embeddings" {
			http.Redirect(w, r, srv.URL+"/v2/embeddings", http.StatusTemporaryRedirect)
			return
		}
		r.URL.Path = "/v1/embeddings" // where the fake server answers
		f.ServeHTTP(w, r)
	}))
	defer srv.Close()
	o := newTestOpenAI(t, srv, OpenAIConfig{APIKey: "sk-same-origin"})
	if _, err := o.EmbedDocuments(context.Background(), []string{"a"}); err != nil {
		t.Fatalf("EmbedDocuments through a same-origin redirect: %v", err)
	}
	if _, auth := f.seen(); len(auth) != 1 || auth[0] != "Bearer sk-same-origin" {
		t.Errorf("the redirect target got Authorization %q, want the key once", auth)
	}
}

// TestKeyAcrossTheQuoteLimitIsNotQuoted: a plain-text error body is
// quoted up to its first 200 bytes. A server that puts the key (as long
// as an OpenAI project key) across that limit gets none of it quoted:
// the quote is cut after the key is redacted, not before, which would
// leave its first part where redaction no longer finds the whole key.
func TestKeyAcrossTheQuoteLimitIsNotQuoted(t *testing.T) {
	key := "sk-proj-" + strings.Repeat("Qx7vR2", 26)
	for _, pad := range []int{0, 50, 120, 190, 199} {
		t.Run(fmt.Sprint(pad), func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.WriteHeader(http.StatusBadRequest)
				fmt.Fprint(w, strings.Repeat("p", pad)+strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer "))
			}))
			defer srv.Close()
			o := newTestOpenAI(t, srv, OpenAIConfig{APIKey: key, MaxTries: 1, Dims: 3})
			_, err := o.EmbedDocuments(context.Background(), []string{"a"})
			if err == nil {
				t.Fatal("EmbedDocuments succeeded")
			}
			if strings.Contains(err.Error(), key[:12]) {
				t.Errorf("error quotes the start of the key: %v", err)
			}
		})
	}
}

// TestKeyEchoedInABrokenResponseIsNotQuoted: the HTTP client's error for
// a malformed status line or header quotes the line, so a server that
// echoes the key there would have it in our error; it is redacted, and
// the error still wraps ErrUnavailable.
func TestKeyEchoedInABrokenResponseIsNotQuoted(t *testing.T) {
	const key = "sk-proj-broken-line-0d9e8f7a6b5c"
	answers := map[string]string{
		"status-line": "HTTP/1.1 %s\r\n\r\n",
		"status-code": "HTTP/1.1 2%s OK\r\n\r\n",
		"header":      "HTTP/1.1 200 OK\r\n%s\r\n\r\n",
	}
	for name, answer := range answers {
		t.Run(name, func(t *testing.T) {
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			defer ln.Close()
			go func() {
				for {
					c, err := ln.Accept()
					if err != nil {
						return
					}
					// Read the whole request first: a connection closed
					// with unread bytes is reset, and the client would see
					// that instead of the answer.
					req, err := http.ReadRequest(bufio.NewReader(c))
					if err == nil {
						io.Copy(io.Discard, req.Body)
						fmt.Fprintf(c, answer, strings.TrimPrefix(req.Header.Get("Authorization"), "Bearer "))
					}
					c.Close()
				}
			}()
			o, err := NewOpenAI(OpenAIConfig{BaseURL: "http://" + ln.Addr().String() + "/v1", Model: "m", APIKey: key,
				MaxTries: 2, RetryBaseDelay: time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			_, err = o.EmbedDocuments(context.Background(), []string{"a"})
			if err == nil {
				t.Fatal("EmbedDocuments succeeded")
			}
			if strings.Contains(err.Error(), key) || !strings.Contains(err.Error(), "[redacted]") {
				t.Errorf("error = %v, want the server's line with the key redacted", err)
			}
			if !errors.Is(err, ErrUnavailable) {
				t.Errorf("error = %v, want one wrapping ErrUnavailable", err)
			}
		})
	}
}

// TestIdentityNamesThePrefixes: the identity, the key of an index's
// vectors and of its embedding cache, differs with either prefix, and is
// what it always was without them (an index built then keeps its
// vectors).
func TestIdentityNamesThePrefixes(t *testing.T) {
	id := func(q, d string) string {
		o, err := NewOpenAI(OpenAIConfig{Model: "m", Dims: 8, QueryPrefix: q, DocumentPrefix: d})
		if err != nil {
			t.Fatal(err)
		}
		return o.Identity().String()
	}
	if got := id("", ""); got != "openai/m/8" {
		t.Errorf("Identity() without prefixes = %q, want openai/m/8", got)
	}
	seen := map[string][2]string{}
	for _, p := range [][2]string{{"", ""}, {"q: ", ""}, {"", "q: "}, {"q: ", "d: "}, {"d: ", "q: "}, {"q", ": d: "}} {
		got := id(p[0], p[1])
		if prev, ok := seen[got]; ok {
			t.Errorf("prefixes %q and %q share the identity %s", prev, p, got)
		}
		seen[got] = p
	}
}

// TestOpenAIFailureKeepsTheAnsweredBatches: when one request of a call
// fails, the error comes with the vectors of the requests answered
// before it, nil for the other texts, so that a caller can keep what it
// paid for.
func TestOpenAIFailureKeepsTheAnsweredBatches(t *testing.T) {
	f, srv := newFakeServer(t, 3)
	f.fail = func(n int) int {
		if n >= 3 {
			return http.StatusBadRequest
		}
		return 0
	}
	o := newTestOpenAI(t, srv, OpenAIConfig{BatchSize: 2, MaxInFlight: 1})
	in := texts(7)
	vecs, err := o.EmbedDocuments(context.Background(), in)
	if err == nil {
		t.Fatal("EmbedDocuments succeeded, want the third request's error")
	}
	if len(vecs) != len(in) {
		t.Fatalf("EmbedDocuments returned %d vectors for %d texts with its error, want one slot per text", len(vecs), len(in))
	}
	for i, v := range vecs {
		if answered := i < 4; (v != nil) != answered {
			t.Errorf("vector %d = %v, want it only for the first 4 texts (2 answered requests)", i, v)
		} else if answered {
			checkOrder(t, in[i:i+1], vecs[i:i+1], "")
		}
	}
}
