package embed

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestRetryAfterHonoured: a rate-limited server (429, or 503, with
// Retry-After) was asked again after the client's own backoff (200ms by
// default, 1ms here), so all its tries fell within the server's wait and
// an index run left its notes pending. A retry now waits what the server
// asked, and a wait past the call's time fails at once, saying so.
func TestRetryAfterHonoured(t *testing.T) {
	ok, _ := newFakeServer(t, 4)
	for _, c := range []struct {
		status int
		after  string
	}{{http.StatusTooManyRequests, "1"}, {http.StatusServiceUnavailable, "1"}} {
		var mu sync.Mutex
		var times []time.Time
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			mu.Lock()
			times = append(times, time.Now())
			n := len(times)
			mu.Unlock()
			if n == 1 {
				w.Header().Set("Retry-After", c.after)
				http.Error(w, `{"error":{"message":"slow down"}}`, c.status)
				return
			}
			ok.ServeHTTP(w, r)
		}))
		o := newTestOpenAI(t, srv, OpenAIConfig{Timeout: 5 * time.Second})
		if _, err := o.EmbedDocuments(context.Background(), []string{"a note"}); err != nil {
			t.Errorf("HTTP %d with Retry-After %s, then an answer: %v", c.status, c.after, err)
		}
		mu.Lock()
		if len(times) != 2 || times[1].Sub(times[0]) < time.Second {
			t.Errorf("HTTP %d with Retry-After %s: %d requests, the retry %v after the first; want it a second later at least", c.status, c.after, len(times), gap(times))
		}
		mu.Unlock()
		srv.Close()
	}
	// A wait past the call's time (3 tries of a minute) fails at once,
	// saying so. (With tries of 2 s, a try a loaded machine timed out
	// would be retried: one request more, which is not what this checks.)
	var calls atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		w.Header().Set("Retry-After", "3600")
		http.Error(w, `{"error":{"message":"quota"}}`, http.StatusTooManyRequests)
	}))
	defer srv.Close()
	o := newTestOpenAI(t, srv, OpenAIConfig{Timeout: time.Minute})
	_, err := o.EmbedDocuments(context.Background(), []string{"a note"})
	if !errors.Is(err, ErrUnavailable) || calls.Load() != 1 || !strings.Contains(err.Error(), "Retry-After") {
		t.Errorf("HTTP 429 with Retry-After 3600: %d requests, error %v; want one, and an error naming the server's Retry-After", calls.Load(), err)
	}
}

// gap is the time between the first two of times, 0 when fewer.
func gap(times []time.Time) time.Duration {
	if len(times) < 2 {
		return 0
	}
	return times[1].Sub(times[0])
}

// TestRetryAfterForms: the header's two forms (delay seconds, an HTTP
// date) give the wait they ask for, at most maxRetryAfter; a date past,
// a negative or fractional delay and garbage ask for none.
func TestRetryAfterForms(t *testing.T) {
	now := time.Date(2026, 12, 5, 10, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		v    string
		want time.Duration
	}{
		{"120", 2 * time.Minute},
		{" 7 ", 7 * time.Second},
		{"0", 0},
		{"999999", maxRetryAfter},
		{"Sat, 05 Dec 2026 10:01:30 GMT", 90 * time.Second},
		{"Sat, 05 Dec 2026 09:59:00 GMT", 0},
		{"Mon, 07 Dec 2026 10:00:00 GMT", maxRetryAfter},
		{"-5", 0},
		{"1.5", 0},
		{"soon", 0},
		{"", 0},
	} {
		if got := retryAfter(c.v, now); got != c.want {
			t.Errorf("retryAfter(%q) = %v, want %v", c.v, got, c.want)
		}
	}
}

// TestRetryAfterKeepsTheSizeLimit: capped reads a 429's Retry-After and
// still bounds its body: a rate-limited answer larger than the batch can
// need is refused after that much, not retried or buffered whole.
//
// Timeout is not what it checks: with 5 s, a loaded machine under -race
// (the server building its 8 MiB per request, the client reading 590 KB)
// timed the first try out, which the embedder rightly retries ("2
// requests, want 1"). A minute is never waited for: a retried or
// buffered answer is back within the Retry-After's second.
func TestRetryAfterKeepsTheSizeLimit(t *testing.T) {
	var calls atomic.Int64
	big := []byte(strings.Repeat("x", 8<<20))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		w.Header().Set("Retry-After", "1")
		w.WriteHeader(http.StatusTooManyRequests)
		w.Write(big)
	}))
	defer srv.Close()
	o := newTestOpenAI(t, srv, OpenAIConfig{Timeout: time.Minute})
	_, err := o.EmbedDocuments(context.Background(), []string{"a note"})
	if !errors.Is(err, ErrRejected) || calls.Load() != 1 {
		t.Errorf("HTTP 429 with Retry-After and an 8 MiB body: %d requests, error %v; want one, refused as too large", calls.Load(), err)
	}
}

// TestQueryRetryAfterHonoured: a query server that answers 429 with
// Retry-After 3600 (a quota reset in an hour) was probed by every search
// of the 30s cool-down and waited for in full after it, each time one
// more request it had asked not to get. Now no search asks it before the
// time it named, at most [maxQueryRetryAfter] away (a Retry-After of two
// days is asked again after that), and each says when it will.
func TestQueryRetryAfterHonoured(t *testing.T) {
	for _, c := range []struct {
		after string
		wait  time.Duration
	}{{"3600", time.Hour}, {"172800", maxQueryRetryAfter}} {
		var calls atomic.Int64
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			calls.Add(1)
			w.Header().Set("Retry-After", c.after)
			http.Error(w, `{"error":{"message":"quota"}}`, http.StatusTooManyRequests)
		}))
		clk := newFrozen()
		o := newTestOpenAI(t, srv, OpenAIConfig{QueryTimeout: 2 * time.Second, Now: clk.now})
		if err, _ := query(o); !errors.Is(err, ErrUnavailable) || calls.Load() != 1 {
			t.Fatalf("Retry-After %s: first query = %v after %d requests, want ErrUnavailable after one", c.after, err, calls.Load())
		}
		for _, step := range []time.Duration{10 * time.Second, 30 * time.Second, 5 * time.Minute, c.wait - 5*time.Minute - 41*time.Second} {
			clk.add(step)
			err, _ := query(o)
			if !errors.Is(err, ErrUnavailable) || calls.Load() != 1 || !strings.Contains(err.Error(), "Retry-After") {
				t.Errorf("Retry-After %s: query at %s = %v, %d requests in all; want ErrUnavailable naming the Retry-After and no request before %s",
					c.after, clock(clk.now()), err, calls.Load(), clock(newFrozen().now().Add(c.wait)))
			}
		}
		clk.add(2 * time.Second) // past the wait asked (or the bound)
		query(o)
		if calls.Load() < 2 {
			t.Errorf("Retry-After %s: query at %s sent no request, want the server asked again", c.after, clock(clk.now()))
		}
		srv.Close()
	}
}

// TestQueryRetryAfterCrossesProcesses: the wait a server asked of one
// process's search holds for the next process of the workspace, which
// asks it nothing either; a file asking a longer wait than
// maxQueryRetryAfter is cut to it.
func TestQueryRetryAfterCrossesProcesses(t *testing.T) {
	var calls atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		w.Header().Set("Retry-After", "3600")
		http.Error(w, `{"error":{"message":"quota"}}`, http.StatusTooManyRequests)
	}))
	defer srv.Close()
	root, clk := t.TempDir(), newFrozen()
	cfg := OpenAIConfig{QueryTimeout: 2 * time.Second}
	query(process(t, root, srv, clk, cfg))
	clk.add(40 * time.Minute)
	if err, _ := query(process(t, root, srv, clk, cfg)); calls.Load() != 1 || !strings.Contains(err.Error(), "11:00:00 UTC") {
		t.Errorf("a second process 40 min into a Retry-After of an hour: %v, %d requests in all; want none sent, naming 11:00:00", err, calls.Load())
	}
}
