package memweave_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// conceptServer is an OpenAI-compatible embedding endpoint that knows one
// meaning: a text holding any of words gets a shared direction mixed into
// its hash vector at weight w (the rest are hash vectors with a baseline
// cosine near base, as a sentence encoder's unrelated texts have), so
// that a question and a note sharing no word can still be near each other,
// at a cosine near base + w.
func conceptServer(t *testing.T, dims int, base, w float64, words ...string) string {
	t.Helper()
	url, _ := axesServer(t, dims, func(text string) map[int]float64 {
		concept := 0.0
		for _, word := range words {
			if strings.Contains(strings.ToLower(text), word) {
				concept = w
			}
		}
		return map[int]float64{0: base, 1: concept}
	}, nil)
	return url
}

// TestParaphrasePassesThreshold checks issue 25's promise: a note that
// shares no word with the question but that the embedder places far
// nearer to it than anything else ranks first at the default min_score,
// above notes matching the question's common words; with the lexical
// hash embedder, which cannot know the two mean the same, it is not
// found, and the keyword matches keep their order.
func TestParaphrasePassesThreshold(t *testing.T) {
	files := map[string]string{"memory/display.md": "# Display\n\nPrefers dark mode everywhere: IDE, terminal, browser.\n"}
	for i := range 40 {
		files[fmt.Sprintf("memory/note-%02d.md", i)] = fmt.Sprintf("# Note %d\n\nItem %d of the list: errand number %d, filed by Alex.\n", i, i, i*7)
	}
	files["memory/wedding.md"] = "# Wedding\n\nTheme for the wedding invitations is botanical, printed on recycled paper.\n"
	files["memory/plugins.md"] = "# Plugins\n\nThe code plugins I like: gofmt on save, vim keybindings.\n"
	const query = "Which colour theme do I like?"
	for _, emb := range []string{"encoder", "hash"} {
		t.Run(emb, func(t *testing.T) {
			cfg := memweave.Config{DBPath: filepath.Join(t.TempDir(), "index.db")}
			if emb == "encoder" {
				url := conceptServer(t, 64, 0.2, 0.5, "colour theme", "dark mode")
				cfg.Embedder = memweave.EmbedderConfig{Provider: "openai", Model: "concept", BaseURL: url, Dims: 64}
			}
			w := open(t, memweavetest.Workspace(t, files), cfg)
			mustIndex(t, w)
			resp := mustSearch(t, w, query)
			got := locs(resp.Results)
			for _, r := range resp.Results {
				t.Logf("%s %.3f k=%v v=%v", r.Path, r.Score, *r.TextScore, *r.VectorScore)
			}
			if resp.Mode != memweave.ModeHybrid || len(resp.Results) == 0 {
				t.Fatalf("Search(%q) = mode %s, %v; want hybrid with the paraphrase and the keyword matches", query, resp.Mode, got)
			}
			found := -1
			for i, r := range resp.Results {
				if r.Path == "memory/display.md" {
					found = i
				}
			}
			switch {
			case emb == "encoder" && found != 0:
				t.Errorf("Search(%q) = %v, want memory/display.md first (it means the same)", query, got)
			case emb == "hash" && found >= 0:
				t.Errorf("Search(%q) = %v: the hash embedder found memory/display.md, which shares no word with it", query, got)
			}
			if p := resp.Results[0].Path; emb == "hash" && p != "memory/plugins.md" && p != "memory/wedding.md" {
				t.Errorf("Search(%q) = %v, want a keyword match first with the hash embedder", query, got)
			}
		})
	}
}
