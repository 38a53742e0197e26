package memweave_test

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestChanceOverlapNeedsTheEncoder checks issue 32's negatives with a
// partial match present: a question nothing answers, sharing words with a
// note by chance, returns nothing at the default min_score when a
// semantic encoder places that note among the question's unrelated ones,
// while a partial match the encoder confirms passes. The hash embedder,
// whose cosine is itself word overlap, keeps the keyword side's
// judgement: the chance match passes on its words, as it did before.
func TestChanceOverlapNeedsTheEncoder(t *testing.T) {
	files := map[string]string{
		"memory/key.md":     "# Facilities\n\nServer room key is with facilities.\n",
		"memory/cooling.md": "# Cooling\n\nThe server room air conditioning keeps it under 24 degrees.\n",
	}
	for i := range 60 {
		files[fmt.Sprintf("memory/note-%02d.md", i)] = fmt.Sprintf("# Note %d\n\nItem %d of the list: errand number %d, filed by Alex on a weekday.\n", i, i, i*7)
	}
	const chance, confirmed = "Where is the spare toner cartridge for the server room printer?", "What thermostat setting suits the server room overnight?"
	for _, emb := range []string{"encoder", "hash"} {
		t.Run(emb, func(t *testing.T) {
			cfg := memweave.Config{DBPath: filepath.Join(t.TempDir(), "index.db")}
			if emb == "encoder" {
				// No lexical similarity at all: unrelated texts at
				// cosine 0.1, the thermostat and the cooling note
				// sharing a concept.
				url := meaningServer(t, 384, 0.1, 0.5, "thermostat", "degrees")
				cfg.Embedder = memweave.EmbedderConfig{Provider: "openai", Model: "meaning", BaseURL: url, Dims: 384}
			}
			w := open(t, memweavetest.Workspace(t, files), cfg)
			mustIndex(t, w)
			for _, q := range []string{chance, confirmed} {
				all := mustSearch(t, w, q, memweave.MinScore(0))
				for _, r := range all.Results[:min(3, len(all.Results))] {
					t.Logf("%q: %s %.3f k=%.3f v=%.3f cos=%.3f", q, r.Path, r.Score, *r.TextScore, *r.VectorScore, *r.Explain.Cosine)
				}
			}
			resp := mustSearch(t, w, chance)
			switch {
			case emb == "encoder" && len(resp.Results) != 0:
				t.Errorf("Search(%q) = %v (first %.3f), want no results: the encoder puts the notes sharing its words among the unrelated ones",
					chance, locs(resp.Results), resp.Results[0].Score)
			case emb == "hash" && len(resp.Results) != 2:
				t.Errorf("Search(%q) = %v, want memory/key.md and memory/cooling.md: the hash embedder keeps the keyword side's judgement", chance, locs(resp.Results))
			}
			// The hash embedder cannot tell which of the two is meant.
			if resp = mustSearch(t, w, confirmed); emb == "encoder" && (len(resp.Results) != 1 || resp.Results[0].Path != "memory/cooling.md") {
				t.Errorf("Search(%q) = %v, want memory/cooling.md alone: memory/key.md shares its words by chance", confirmed, locs(resp.Results))
			}
		})
	}
}

// meaningServer serves an OpenAI-compatible encoder with no lexical
// similarity: each text is a random unit direction seeded by the text
// (scaled to 1-base-w), plus base on a shared axis, plus w on a concept
// axis for a text holding one of words. Unrelated texts land near cosine
// base, texts sharing the concept near base+w, whatever words they share.
func meaningServer(t *testing.T, dims int, base, w float64, words ...string) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		var req struct {
			Input []string `json:"input"`
		}
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
			http.Error(rw, `{"error":{"message":"bad json"}}`, http.StatusBadRequest)
			return
		}
		type item struct {
			Index     int       `json:"index"`
			Embedding []float32 `json:"embedding"`
		}
		data := make([]item, len(req.Input))
		for i, text := range req.Input {
			concept := 0.0
			for _, word := range words {
				if strings.Contains(strings.ToLower(text), word) {
					concept = w
				}
			}
			h := fnv.New64a()
			h.Write([]byte(text))
			rng := rand.New(rand.NewPCG(h.Sum64(), 32))
			v := make([]float64, dims)
			var n float64
			for j := 2; j < dims; j++ {
				v[j] = rng.NormFloat64()
				n += v[j] * v[j]
			}
			scale := math.Sqrt((1 - base - concept) / n)
			e := make([]float32, dims)
			for j := 2; j < dims; j++ {
				e[j] = float32(v[j] * scale)
			}
			e[0], e[1] = float32(math.Sqrt(base)), float32(math.Sqrt(concept))
			data[i] = item{Index: i, Embedding: e}
		}
		rw.Header().Set("Content-Type", "application/json")
		if err := json.NewEncoder(rw).Encode(map[string]any{"object": "list", "data": data}); err != nil {
			t.Errorf("encode: %v", err)
		}
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/v1"
}
