package embed

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// The family of an embedding server the user approved that turns
// hostile or breaks: each member must leave the client bounded in what
// it sends the key with (a), in time (b) and in memory (c). Members
// tested elsewhere: a redirect out of the origin (TestRedirectElsewhere
// SendsNothing), the key echoed back (TestServerEchoingTheKeySeesItInNo
// Error), a server that never answers (TestOpenAITimeout), 5xx forever
// (TestOpenAIRetriesExhausted), a Retry-After of hours (TestRetryAfter
// Honoured), a gigabyte answer (TestHugeAnswerIsRefusedInBoundedMemory),
// NaN, 1e39, wrong and mixed lengths (TestOpenAIBadResponses, TestOpenAI
// Dims).

// TestRedirectLoopSendsTheKeyFewTimes: a server of the approved origin
// that redirects its own requests round and round (to another path, or
// to the same one, with any redirect status) gets the key on a few
// requests of a call, not on Go's ten requests of each of MaxTries
// tries (30 a call, EmbedDocuments, EmbedQuery and Probe alike): too
// many redirects is a fault of the server's set-up that no retry mends,
// and the error says so.
func TestRedirectLoopSendsTheKeyFewTimes(t *testing.T) {
	const key = "sk-loop-secret-1234"
	calls := map[string]func(*OpenAI) error{
		"documents": func(o *OpenAI) error {
			_, err := o.EmbedDocuments(context.Background(), []string{"a note"})
			return err
		},
		"query": func(o *OpenAI) error { _, err := o.EmbedQuery(context.Background(), "a query"); return err },
		"probe": func(o *OpenAI) error { return o.Probe(context.Background()) },
	}
	for _, code := range []int{http.StatusFound, http.StatusTemporaryRedirect, http.StatusPermanentRedirect} {
		for _, target := range []string{"same", "other"} {
			for name, call := range calls {
				t.Run(fmt.Sprintf("%d/%s/%s", code, target, name), func(t *testing.T) {
					var keyed, hops atomic.Int32
					srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
						if r.Header.Get("Authorization") == "Bearer "+key {
							keyed.Add(1)
						}
						to := r.URL.Path
						if target == "other" {
							to = fmt.Sprintf("/v1/embeddings/%d", hops.Add(1))
						}
						http.Redirect(w, r, to, code)
					}))
					defer srv.Close()
					o := newTestOpenAI(t, srv, OpenAIConfig{APIKey: key, MaxTries: 3})
					err := call(o)
					if err == nil || !strings.Contains(err.Error(), "redirect") {
						t.Errorf("call against a redirect loop = %v, want an error naming the redirects", err)
					}
					if !errors.Is(err, ErrRejected) {
						t.Errorf("error = %v, want ErrRejected (no retry mends a loop)", err)
					}
					if got := keyed.Load(); got > maxRedirects+1 {
						t.Errorf("the server got the key on %d requests, want at most %d", got, maxRedirects+1)
					}
				})
			}
		}
	}
}

// TestRedirectsWithinTheBoundAreFollowed: a server that moved its API
// twice (a path, then a trailing slash) is still reached.
func TestRedirectsWithinTheBoundAreFollowed(t *testing.T) {
	f, _ := newFakeServer(t, 3)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/v1/embeddings":
			http.Redirect(w, r, "/v2/embeddings", http.StatusTemporaryRedirect)
		case "/v2/embeddings":
			http.Redirect(w, r, "/v2/embeddings/", http.StatusPermanentRedirect)
		default:
			r.URL.Path = "/v1/embeddings"
			f.ServeHTTP(w, r)
		}
	}))
	defer srv.Close()
	o := newTestOpenAI(t, srv, OpenAIConfig{APIKey: "sk-moved-twice"})
	if _, err := o.EmbedDocuments(context.Background(), []string{"a"}); err != nil {
		t.Fatalf("EmbedDocuments through two same-origin redirects: %v", err)
	}
}

// TestDripFedAnswerEndsWithinTheCall: a server that sends its headers
// and then a byte now and then, forever, is given up on when the
// request's Timeout runs out, each try of it, and the call ends with
// ErrUnavailable after at most MaxTries requests for one input.
func TestDripFedAnswerEndsWithinTheCall(t *testing.T) {
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		io.Copy(io.Discard, r.Body) // so that the server sees the client go
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"object":"list","data":[{"index":0,"embedding":[`)
		rc := http.NewResponseController(w)
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-r.Context().Done():
				return
			case <-tick.C:
				if _, err := fmt.Fprint(w, " "); err != nil {
					return
				}
				if rc.Flush() != nil {
					return
				}
			}
		}
	}))
	defer srv.Close()
	o := newTestOpenAI(t, srv, OpenAIConfig{MaxTries: 2, Timeout: 200 * time.Millisecond})
	_, err := o.EmbedDocuments(context.Background(), []string{"a note"})
	if !errors.Is(err, ErrUnavailable) {
		t.Errorf("EmbedDocuments against a drip-fed answer = %v, want ErrUnavailable", err)
	}
	if got := calls.Load(); got > 2 {
		t.Errorf("the server got %d requests, want at most MaxTries (2)", got)
	}
}

// TestCallerCancelEndsTheTries: a server that holds every request open
// keeps a call only as long as its caller's context: cancelled while
// the first try waits, the call ends with the caller's error and no
// further request is sent, whatever MaxTries and Timeout allow.
func TestCallerCancelEndsTheTries(t *testing.T) {
	var calls atomic.Int32
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		io.Copy(io.Discard, r.Body) // so that the server sees the client go
		cancel()
		<-r.Context().Done()
	}))
	defer srv.Close()
	o := newTestOpenAI(t, srv, OpenAIConfig{MaxTries: 5, Timeout: time.Hour})
	_, err := o.EmbedDocuments(ctx, []string{"a", "b", "c"})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("EmbedDocuments cancelled during its first try = %v, want context.Canceled", err)
	}
	if got := calls.Load(); got != 1 {
		t.Errorf("the server got %d requests, want 1", got)
	}
}

// TestAnswerOfAMillionItemsIsRefused: an answer listing a million
// vectors for one input (of one float each, or empty objects) is
// refused at its first entry past the inputs sent, or at the first
// entry without a vector, plainly or gzip-compressed (a few kilobytes on
// the wire that Go's transport inflates), and not retried. (Before the
// answer was decoded as it is read, it was refused as too large once the
// bytes one input can need were read.)
func TestAnswerOfAMillionItemsIsRefused(t *testing.T) {
	item := map[string]struct{ it, want string }{
		"one-float": {`{"object":"embedding","index":0,"embedding":[1]},`, "data[1]: more vectors than the 1 inputs sent"},
		"empty":     {`{},`, "data[0].embedding: missing"},
	}
	for name, c := range item {
		it := c.it
		for _, gz := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/gzip=%v", name, gz), func(t *testing.T) {
				body := `{"object":"list","data":[` + strings.Repeat(it, 1_000_000) + `{"index":0,"embedding":[1]}]}`
				var wire []byte
				if gz {
					var b bytes.Buffer
					zw := gzip.NewWriter(&b)
					zw.Write([]byte(body))
					zw.Close()
					wire = b.Bytes()
				} else {
					wire = []byte(body)
				}
				var calls atomic.Int32
				srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					calls.Add(1)
					w.Header().Set("Content-Type", "application/json")
					if gz {
						w.Header().Set("Content-Encoding", "gzip")
					}
					w.Write(wire)
				}))
				defer srv.Close()
				o := newTestOpenAI(t, srv, OpenAIConfig{})
				_, err := o.EmbedDocuments(context.Background(), []string{"a"})
				if err == nil || !errors.Is(err, ErrRejected) || !strings.Contains(err.Error(), c.want) {
					t.Errorf("EmbedDocuments against %d bytes (%d on the wire) = %v, want a refusal saying %q", len(body), len(wire), err, c.want)
				}
				if got := calls.Load(); got != 1 {
					t.Errorf("the server got %d requests, want 1", got)
				}
			})
		}
	}
}

// TestEndlessInformationalAnswers: a server that answers with 1xx
// informational responses and never a final one is given up on by Go's
// transport after a few; the call ends, with at most MaxTries requests.
func TestEndlessInformationalAnswers(t *testing.T) {
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		for range 1000 {
			w.Header().Set("Link", "</x>; rel=preload")
			w.WriteHeader(http.StatusEarlyHints)
		}
	}))
	defer srv.Close()
	o := newTestOpenAI(t, srv, OpenAIConfig{MaxTries: 2})
	if _, err := o.EmbedDocuments(context.Background(), []string{"a"}); err == nil {
		t.Error("EmbedDocuments against endless 1xx answers succeeded")
	}
	if got := calls.Load(); got > 2 {
		t.Errorf("the server got %d requests, want at most MaxTries (2)", got)
	}
}

// TestQueryDoesNotWaitBehindBatches: the answers an embedder reads at
// once share a byte budget, but a query's (one input) takes none of it:
// with two index batches held open by the server, holding nearly all of
// it (16,200 dimensions, 40 inputs each), a search's query is still
// sent and answered.
func TestQueryDoesNotWaitBehindBatches(t *testing.T) {
	const dims = 16200
	held := make(chan struct{}, 2)
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req struct{ Input []string }
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
			t.Errorf("decode request: %v", err)
		}
		if len(req.Input) > 1 {
			held <- struct{}{}
			select {
			case <-release:
			case <-r.Context().Done():
			}
			http.Error(w, "held", http.StatusServiceUnavailable)
			return
		}
		v := make([]float32, dims)
		v[0] = 1
		json.NewEncoder(w).Encode(map[string]any{"object": "list", "data": []map[string]any{{"index": 0, "embedding": v}}})
	}))
	defer srv.Close()
	defer close(release)
	o := newTestOpenAI(t, srv, OpenAIConfig{Dims: dims, BatchSize: 40, MaxInFlight: 2, MaxTries: 1})
	if l := o.limitOf(40).bytes; 2*l > answerBudget || 2*l+o.limitOf(1).bytes <= answerBudget {
		t.Fatalf("two batches' bound %d and a query's %d do not fill the %d budget as this test needs", 2*l, o.limitOf(1).bytes, answerBudget)
	}
	go o.EmbedDocuments(context.Background(), texts(80))
	<-held
	<-held
	if _, err := o.EmbedQuery(context.Background(), "a query"); err != nil {
		t.Errorf("EmbedQuery beside two held batches = %v", err)
	}
}
