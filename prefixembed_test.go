package memweave_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// recordingServer is memweavetest.EmbedServer that also keeps every
// input it was asked to embed.
func recordingServer(t *testing.T, dims int) (srv *httptest.Server, inputs func() []string) {
	inner := memweavetest.NewEmbedServer(t, dims)
	var mu sync.Mutex
	var got []string
	srv = httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(r.Body)
		if err != nil {
			t.Errorf("read request: %v", err)
			return
		}
		var req struct{ Input []string }
		if err := json.Unmarshal(body, &req); err != nil {
			t.Errorf("decode request: %v", err)
		}
		mu.Lock()
		got = append(got, req.Input...)
		mu.Unlock()
		r.Body = io.NopCloser(strings.NewReader(string(body)))
		inner.Server.Config.Handler.ServeHTTP(rw, r)
	}))
	t.Cleanup(srv.Close)
	return srv, func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), got...)
	}
}

// TestDocumentPrefixChangeReembeds: the document prefix is part of what
// a chunk's vector is made of (an asymmetric model such as
// nomic-embed-text places "search_document: " texts elsewhere), so
// setting it on an index built without it re-embeds every chunk with
// it, rather than keeping, or serving from the embedding cache, the
// vectors of the unprefixed texts.
func TestDocumentPrefixChangeReembeds(t *testing.T) {
	srv, inputs := recordingServer(t, 16)
	root := memweavetest.Workspace(t, sample)
	cfg := memweave.Config{Embedder: memweave.EmbedderConfig{Provider: "openai", Model: "m", BaseURL: srv.URL + "/v1", Dims: 16}}
	w := open(t, root, cfg)
	mustIndex(t, w)
	w.Close()
	before := len(inputs())

	const prefix = "search_document: "
	changeSettings(t, root, func(s *memweave.Settings) { s.Embedder.DocumentPrefix = prefix })
	cfg.Embedder.DocumentPrefix = prefix
	w = open(t, root, cfg)
	res := mustIndex(t, w)
	var prefixed int
	for _, in := range inputs()[before:] {
		if strings.HasPrefix(in, prefix) {
			prefixed++
		}
	}
	st, err := w.Status(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if prefixed != st.Chunks || res.EmbeddingsComputed != st.Chunks || st.Vectors != st.Chunks {
		t.Errorf("Index after setting document_prefix embedded %d prefixed texts, computed %d, cached %d; want all %d chunks embedded anew with the prefix",
			prefixed, res.EmbeddingsComputed, res.EmbeddingsCached, st.Chunks)
	}
}
