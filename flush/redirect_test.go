package flush_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/flush"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestFlushFollowsNoRedirectToAnotherOrigin: a chat server answering
// with a redirect to another origin (here the same host on another
// port) must not get the conversation or the API key sent there. Go's
// client sends the Authorization header to the same host on any port
// and to its subdomains, over http too, and for a 307 or 308 the body
// (the conversation) to any host; the caller chose the base URL, not
// where its server points. Same policy as the embedder's
// (embed.SameOrigin), with the default client and the caller's.
func TestFlushFollowsNoRedirectToAnotherOrigin(t *testing.T) {
	var got atomic.Int64
	var leaked atomic.Value
	other := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		got.Add(1)
		body, _ := io.ReadAll(r.Body)
		leaked.Store(r.Header.Get("Authorization") + " " + string(body))
		http.Error(rw, "no", http.StatusTeapot)
	}))
	defer other.Close()
	for _, status := range []int{http.StatusTemporaryRedirect, http.StatusFound} {
		for _, own := range []bool{false, true} {
			redirector := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
				http.Redirect(rw, r, other.URL+r.URL.Path, status)
			}))
			defer redirector.Close()
			cfg := flush.Config{Model: "chat-test", BaseURL: redirector.URL + "/v1", APIKey: "sk-test-secret"}
			if own {
				cfg.HTTPClient = &http.Client{}
			}
			root := memweavetest.Workspace(t, nil)
			w := open(t, root, memweave.Config{})
			path, stored, err := client(t, cfg).Flush(context.Background(), w, conversation)
			if err == nil || stored || path != "" {
				t.Errorf("HTTP %d, caller's client %v: Flush = %q, %v, %v; want an error", status, own, path, stored, err)
			}
			if err != nil && strings.Contains(err.Error(), "sk-test-secret") {
				t.Errorf("error leaks the API key: %v", err)
			}
			if n := got.Load(); n != 0 {
				t.Errorf("HTTP %d, caller's client %v: the other origin got %d requests: %q", status, own, n, leaked.Load())
			}
			got.Store(0)
			checkNoMemory(t, root)
		}
	}
}
