package embed

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestRedactFindsTheKeyEncoded: a server that echoes the key in an
// error body of its own shape ({"detail": ...}, quoted as sent) wrote
// it JSON-escaped ("\/" for a slash, as PHP's encoder does, or
// "\u002f"), and one that echoes a URL percent-encoded ("%2F"): the
// key, readable again by anyone who reads the log, was quoted. Each
// character of the key is now also found as such an escape.
func TestRedactFindsTheKeyEncoded(t *testing.T) {
	const key = "sk-abc/def+ghi=0123456789"
	for _, in := range []string{
		`{"detail":"bad key sk-abc\/def+ghi=0123456789"}`,               // tune: \/
		`bad key sk-abc%2Fdef%2Bghi%3D0123456789`,                       // tune: percent
		`{"detail":"bad key sk-abc\u002fdef\u002Bghi\u003d0123456789"}`, // check
		`bad key sk-abc%2fdef%2bghi%3d0123456789`,                       // check: lower case
		`bad key \u0073k-abc/def+ghi=0123456789`,                        // check: a letter escaped
		`bad key sk%2Dabc/def+ghi=0123456789`,                           // check: '-' encoded
	} {
		if got := Redact(in, key); strings.Contains(got, "0123456789") || !strings.Contains(got, "[redacted]") {
			t.Errorf("Redact(%s) = %s, want the key redacted", in, got)
		}
	}
	for _, in := range []string{`sk-abc%2Fdef%2Bghi%3D012345678X`, `plain words 0123456789`} {
		if got := Redact(in, key); got != in {
			t.Errorf("Redact(%s) = %s, want it kept", in, got)
		}
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprint(w, `{"detail":"bad key sk-abc\/def+ghi=0123456789"}`)
	}))
	defer srv.Close()
	o := newTestOpenAI(t, srv, OpenAIConfig{APIKey: key})
	_, err := o.EmbedDocuments(context.Background(), []string{"a"})
	if err == nil || strings.Contains(err.Error(), "0123456789") || !strings.Contains(err.Error(), "[redacted]") {
		t.Errorf("error = %v, want the server's message with the key redacted", err)
	}
}
