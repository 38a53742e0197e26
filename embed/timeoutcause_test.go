package embed

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// TestCallerTimeoutNamesTheFailure: when the caller's time runs out
// while the embedder waits to retry a failed request (a write's or an
// append's one second under load), the error still names the failure
// that made it retry, not the deadline alone: the note's warning said
// "context deadline exceeded" where it said "HTTP 500" on a quiet machine
// (TestAppendSaysWhenTheEmbedderFails failed once under load).
func TestCallerTimeoutNamesTheFailure(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		http.Error(w, `{"error":{"message":"overloaded"}}`, http.StatusInternalServerError)
	}))
	t.Cleanup(srv.Close)
	o := newTestOpenAI(t, srv, OpenAIConfig{RetryBaseDelay: time.Hour})
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	_, err := o.EmbedDocuments(ctx, []string{"a note"})
	if err == nil || !strings.Contains(err.Error(), "HTTP 500") {
		t.Errorf("Embed with the caller's time out during a retry's wait = %v; want the error to name the HTTP 500", err)
	}
}
