// Package memweavetest provides helpers for testing code that uses
// memweave: temporary workspaces, a frozen clock, a real
// OpenAI-compatible embedding server on httptest that counts its calls,
// and [Long], which keeps the long tests to runs that ask for them.
package memweavetest

import (
	"context"
	"encoding/json"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/memweave/memweave-go/embed"
)

// Now is the frozen time tests use: 2026-11-30 12:00 UTC.
var Now = time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)

// Clock returns a func that always returns Now.
func Clock() func() time.Time { return func() time.Time { return Now } }

// Workspace creates a workspace in t.TempDir(), its memory/ folder and
// the given files (workspace-relative path to content), and returns its
// root.
func Workspace(tb testing.TB, files map[string]string) string {
	tb.Helper()
	root := tb.TempDir()
	if err := os.Mkdir(filepath.Join(root, "memory"), 0o755); err != nil {
		tb.Fatal(err)
	}
	for rel, content := range files {
		WriteFile(tb, root, rel, content)
	}
	return root
}

// WriteFile writes content to root/rel, creating folders, and moves its
// mtime forward so that a stat scan always sees the change.
func WriteFile(tb testing.TB, root, rel, content string) {
	tb.Helper()
	p := filepath.Join(root, filepath.FromSlash(rel))
	var prev time.Time
	if fi, err := os.Stat(p); err == nil {
		prev = fi.ModTime()
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		tb.Fatal(err)
	}
	if !prev.IsZero() {
		if fi, err := os.Stat(p); err == nil && !fi.ModTime().After(prev) {
			t := prev.Add(time.Second)
			if err := os.Chtimes(p, t, t); err != nil {
				tb.Fatal(err)
			}
		}
	}
}

// ReadFile returns the content of root/rel, failing the test when it
// cannot be read.
func ReadFile(tb testing.TB, root, rel string) string {
	tb.Helper()
	b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
	if err != nil {
		tb.Fatal(err)
	}
	return string(b)
}

// EmbedServer is an OpenAI-compatible /embeddings endpoint backed by the
// offline hash embedder. It counts requests and texts, and can be told to
// fail.
type EmbedServer struct {
	*httptest.Server
	// Calls counts requests; Texts counts embedded inputs.
	Calls, Texts atomic.Int64
	// Status, when non-zero, is returned instead of embeddings.
	Status atomic.Int64
	// Baseline, when in (0,1), mixes every vector with one shared
	// direction so that unrelated texts have about this cosine, as with
	// sentence encoders (the hash embedder's unrelated cosine is near 0).
	// Set it before the first request.
	Baseline float64
	hash     *embed.Hash
}

// NewEmbedServer starts a server producing dims-dimensional vectors; it
// is closed when the test ends.
func NewEmbedServer(tb testing.TB, dims int) *EmbedServer {
	tb.Helper()
	s := &EmbedServer{hash: embed.NewHash(dims)}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	tb.Cleanup(s.Close)
	return s
}

// URL returns the base URL to configure: the server's address plus /v1.
func (s *EmbedServer) BaseURL() string { return s.Server.URL + "/v1" }

func (s *EmbedServer) serve(rw http.ResponseWriter, r *http.Request) {
	s.Calls.Add(1)
	if code := s.Status.Load(); code != 0 {
		http.Error(rw, `{"error":{"message":"injected failure","type":"server_error"}}`, int(code))
		return
	}
	var req struct {
		Input []string `json:"input"`
		Model string   `json:"model"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(rw, `{"error":{"message":"bad json"}}`, http.StatusBadRequest)
		return
	}
	s.Texts.Add(int64(len(req.Input)))
	vecs, _ := s.hash.EmbedDocuments(context.Background(), req.Input)
	if b := s.Baseline; b > 0 && b < 1 {
		// v' = sqrt(1-b) v + sqrt(b) e0: unit length when v is a unit
		// vector orthogonal-ish to e0, and v'.w' = (1-b) v.w + b.
		for _, v := range vecs {
			for i := range v {
				v[i] *= float32(math.Sqrt(1 - b))
			}
			v[0] += float32(math.Sqrt(b))
		}
	}
	type item struct {
		Object    string    `json:"object"`
		Index     int       `json:"index"`
		Embedding []float32 `json:"embedding"`
	}
	out := struct {
		Object string `json:"object"`
		Data   []item `json:"data"`
		Model  string `json:"model"`
	}{Object: "list", Model: req.Model}
	for i, v := range vecs {
		out.Data = append(out.Data, item{Object: "embedding", Index: i, Embedding: v})
	}
	rw.Header().Set("Content-Type", "application/json")
	json.NewEncoder(rw).Encode(out)
}
