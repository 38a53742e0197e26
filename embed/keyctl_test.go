package embed

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
)

// TestKeyWithAControlCharacterIsNamed: a key read with its line break
// (an environment file written on Windows, `KEY=$(cat key.txt)` of a
// file ending in \r\n) or holding another control character cannot go
// in a header: Go's client refused each request, and the error, after
// three tries and their waits, read "net/http: invalid header field
// value for \"Authorization\"", naming neither the key nor what to fix.
// Nothing is sent, no request is retried, and the error says which
// byte and which variables, without the key.
func TestKeyWithAControlCharacterIsNamed(t *testing.T) {
	var got atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got.Add(1)
		w.WriteHeader(http.StatusInternalServerError)
	}))
	defer srv.Close()
	for _, c := range []struct{ name, key, byteAt string }{
		{"tune: trailing CR LF", "sk-abcdef0123456789\r\n", "byte 20 of 21"},
		{"check: trailing LF", "sk-abcdef0123456789\n", "byte 20 of 20"},
		{"check: a header after it", "sk-abcdef0123456789\r\nX-Evil: 1", "byte 20 of 30"},
		{"check: NUL first", "\x00sk-abcdef0123456789", "byte 1 of 20"},
		{"check: DEL", "sk-abcdef\x7f0123456789", "byte 10 of 20"},
	} {
		o := newTestOpenAI(t, srv, OpenAIConfig{APIKey: c.key})
		_, err := o.EmbedDocuments(context.Background(), []string{"a"})
		if err == nil || !errors.Is(err, ErrRejected) || !strings.Contains(err.Error(), EnvKey) || !strings.Contains(err.Error(), c.byteAt) || strings.Contains(err.Error(), "abcdef") {
			t.Errorf("%s: error = %v, want ErrRejected naming %s and %q, without the key", c.name, err, EnvKey, c.byteAt)
		}
	}
	if n := got.Load(); n != 0 {
		t.Errorf("the server got %d requests, want none", n)
	}
}
