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

// countingTransport counts the response body bytes its caller reads.
type countingTransport struct{ read atomic.Int64 }

func (c *countingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	resp.Body = &countingBody{ReadCloser: resp.Body, n: &c.read}
	return resp, nil
}

type countingBody struct {
	io.ReadCloser
	n *atomic.Int64
}

func (b *countingBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	b.n.Add(int64(n))
	return n, err
}

// TestFlushBoundsTheReply: a chat server answering with a reply that
// never ends (here: until it has sent far more than any note can hold,
// or the client hangs up) must not be read whole into memory. Its
// answer is refused once it passes flush.MaxReplyBytes, with an error
// saying so, and nothing is written.
func TestFlushBoundsTheReply(t *testing.T) {
	const stop = 3 * flush.MaxReplyBytes
	for _, status := range []int{http.StatusOK, http.StatusBadRequest} {
		var sent atomic.Int64
		srv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
			io.Copy(io.Discard, r.Body)
			rw.Header().Set("Content-Type", "application/json")
			rw.WriteHeader(status)
			io.WriteString(rw, `{"id":"x","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":"`)
			chunk := []byte(strings.Repeat("a", 64<<10))
			for sent.Load() < stop {
				n, err := rw.Write(chunk)
				sent.Add(int64(n))
				if err != nil {
					return
				}
			}
		}))
		ct := &countingTransport{}
		cfg := flush.Config{Model: "chat-test", BaseURL: srv.URL + "/v1", APIKey: "sk-test-secret", HTTPClient: &http.Client{Transport: ct}}
		root := memweavetest.Workspace(t, nil)
		w := open(t, root, memweave.Config{})
		path, stored, err := client(t, cfg).Flush(context.Background(), w, conversation)
		srv.Close()
		if err == nil || stored || path != "" {
			t.Errorf("HTTP %d: Flush of a reply that never ends = %q, %v, %v; want an error", status, path, stored, err)
		}
		if n := ct.read.Load(); n > flush.MaxReplyBytes+1 {
			t.Errorf("HTTP %d: Flush read %d bytes of the reply, want at most flush.MaxReplyBytes (%d)", status, n, flush.MaxReplyBytes)
		}
		if err != nil && len(err.Error()) > 1024 {
			t.Errorf("HTTP %d: error of %d bytes quotes the reply whole: %.200s...", status, len(err.Error()), err)
		}
		checkNoMemory(t, root)
	}
}

// TestFlushErrorsQuoteNoKey: a chat server's error text is quoted with
// the API key left out, as the embedder's are (embed.Redact): also when
// the server spaces or wraps the key, and on 401 and 403, whose text may
// quote a part of it, not at all.
func TestFlushErrorsQuoteNoKey(t *testing.T) {
	for _, tc := range []struct {
		name   string
		status int
		body   string
		leak   string
	}{
		{"key wrapped", http.StatusInternalServerError, `{"error":{"message":"overloaded for key sk-test-\nsecret","type":"server_error"}}`, "sk-test-\nsecret"},
		{"key spaced, not JSON", http.StatusBadGateway, "upstream refused sk-test- secret", "sk-test- secret"},
		{"401 quotes part", http.StatusUnauthorized, `{"error":{"message":"Incorrect API key provided: sk-test-se****. You can find your API key at ...","type":"invalid_request_error"}}`, "sk-test-se"},
		{"403 quotes part", http.StatusForbidden, "forbidden for sk-test-se...", "sk-test-se"},
	} {
		srv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
			io.Copy(io.Discard, r.Body)
			rw.Header().Set("Content-Type", "application/json")
			rw.WriteHeader(tc.status)
			io.WriteString(rw, tc.body)
		}))
		cfg := flush.Config{Model: "chat-test", BaseURL: srv.URL + "/v1", APIKey: "sk-test-secret"}
		root := memweavetest.Workspace(t, nil)
		w := open(t, root, memweave.Config{})
		_, stored, err := client(t, cfg).Flush(context.Background(), w, conversation)
		srv.Close()
		switch {
		case err == nil || stored:
			t.Errorf("%s: Flush = %v, %v; want an error", tc.name, stored, err)
		case strings.Contains(err.Error(), tc.leak):
			t.Errorf("%s: error quotes the API key: %v", tc.name, err)
		case !strings.Contains(err.Error(), http.StatusText(tc.status)) && !strings.Contains(err.Error(), "HTTP "):
			t.Errorf("%s: error = %v, want it to name the HTTP status", tc.name, err)
		}
	}
}
