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
	// A wait past the call's time (3 tries of 2s) fails at once, saying so.
	var calls atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		w.Header().Set("Retry-After", "3600")
		http.Error(w, `{"error":{"message":"quota"}}`, http.StatusTooManyRequests)
	}))
	defer srv.Close()
	o := newTestOpenAI(t, srv, OpenAIConfig{Timeout: 2 * time.Second})
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
