package memweave_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestQuietParaphrasePassesThreshold checks issue 32's promise with an
// encoder whose scale is a real sentence encoder's: a paraphrase at a
// cosine near 0.4 among unrelated notes near 0.1. The note sharing no
// word with the question passes the default min_score and ranks first,
// above notes holding the question's common words; the hash embedder,
// which cannot know the two mean the same, does not find it, and a
// question nothing answers returns nothing with either embedder.
func TestQuietParaphrasePassesThreshold(t *testing.T) {
	files := map[string]string{"memory/seat.md": "# Flying\n\nAlways book the aisle on planes so I can stretch my legs.\n"}
	for i := range 60 {
		files[fmt.Sprintf("memory/note-%02d.md", i)] = fmt.Sprintf("# Note %d\n\nItem %d of the list: errand number %d, filed by Alex on a weekday.\n", i, i, i*7)
	}
	// Partial matches: each holds one of the question's words.
	files["memory/meetings.md"] = "# Meetings\n\nLong meetings on Mondays drain the whole team.\n"
	files["memory/intranet.md"] = "# Intranet\n\nThe flights page of the intranet lists approved travel agents.\n"
	files["memory/cushions.md"] = "# Garden\n\nSeat cushions for the garden bench are in the shed.\n"
	const query = "Which seat do I want on long flights?"
	for _, emb := range []string{"encoder", "hash"} {
		t.Run(emb, func(t *testing.T) {
			cfg := memweave.Config{DBPath: filepath.Join(t.TempDir(), "index.db")}
			if emb == "encoder" {
				// Unrelated texts at cosine 0.1, the question and its
				// answer at about 0.1 + 0.3.
				url := conceptServer(t, 384, 0.1, 0.33, "seat do i want", "aisle on planes")
				cfg.Embedder = memweave.EmbedderConfig{Provider: "openai", Model: "quiet", BaseURL: url, Dims: 384}
			}
			w := open(t, memweavetest.Workspace(t, files), cfg)
			mustIndex(t, w)
			resp := mustSearch(t, w, query)
			if resp.Mode != memweave.ModeHybrid {
				t.Fatalf("Search(%q).Mode = %s, want hybrid", query, resp.Mode)
			}
			all := mustSearch(t, w, query, memweave.MinScore(0))
			for _, r := range all.Results[:min(5, len(all.Results))] {
				t.Logf("%s %.3f k=%.3f v=%.3f cos=%.3f", r.Path, r.Score, *r.TextScore, *r.VectorScore, *r.Explain.Cosine)
			}
			found := -1
			for i, r := range resp.Results {
				if r.Path == "memory/seat.md" {
					found = i
				}
			}
			switch {
			case emb == "encoder" && found != 0:
				t.Errorf("Search(%q) = %v, want memory/seat.md first at the default min_score", query, locs(resp.Results))
			case emb == "hash" && found >= 0:
				t.Errorf("Search(%q) = %v: the hash embedder found memory/seat.md, which shares no word with it", query, locs(resp.Results))
			}
			if resp := mustSearch(t, w, "zygomorphic quasar nebula"); len(resp.Results) != 0 {
				t.Errorf("Search(unrelated) = %v (first %.3f), want no results", locs(resp.Results), resp.Results[0].Score)
			}
		})
	}
}

// TestWholeQueryOutranksParaphrase checks issue 32's other promise end to
// end, with partial matches present: a note holding every word of the
// question ranks above a note holding none of them even when the encoder
// puts the word-free note almost on the question (cosine near 0.95) and
// the whole-query note at the background and long enough that BM25 alone
// would score it low, and both pass the default min_score, the word-free
// one above the partial matches.
func TestWholeQueryOutranksParaphrase(t *testing.T) {
	files := map[string]string{
		"memory/seat.md": "# Flying\n\nAlways book the aisle on planes so I can stretch my legs.\n",
		// Long, so that BM25 alone would score it low: the coverage
		// floor (every word held) carries it.
		"memory/whole.md": "# Gear\n\nOn long flights I want a seat by the power socket for the laptop.\n\n" +
			strings.Repeat("Packing list: charger, adapter, headphones, snacks, passport, pen, book. ", 25) + "\n",
		// Partial matches: each holds one of the question's words.
		"memory/meetings.md": "# Meetings\n\nLong meetings on Mondays drain the whole team.\n",
		"memory/intranet.md": "# Intranet\n\nThe flights page of the intranet lists approved travel agents.\n",
		"memory/cushions.md": "# Garden\n\nSeat cushions for the garden bench are in the shed.\n",
	}
	for i := range 40 {
		files[fmt.Sprintf("memory/note-%02d.md", i)] = fmt.Sprintf("# Note %d\n\nItem %d of the list: errand number %d, filed by Alex on a weekday.\n", i, i, i*7)
	}
	const query = "Which seat do I want on long flights?"
	url := conceptServer(t, 384, 0.05, 0.9, "seat do i want", "aisle on planes")
	cfg := memweave.Config{DBPath: filepath.Join(t.TempDir(), "index.db"),
		Embedder: memweave.EmbedderConfig{Provider: "openai", Model: "near", BaseURL: url, Dims: 384}}
	w := open(t, memweavetest.Workspace(t, files), cfg)
	mustIndex(t, w)
	resp := mustSearch(t, w, query)
	rank := map[string]int{}
	for i, r := range resp.Results {
		if _, ok := rank[r.Path]; !ok {
			rank[r.Path] = i
		}
		t.Logf("%s %.3f k=%.3f v=%.3f cos=%.3f", r.Path, r.Score, *r.TextScore, *r.VectorScore, *r.Explain.Cosine)
	}
	whole, seat := "memory/whole.md", "memory/seat.md"
	wr, wok := rank[whole]
	sr, sok := rank[seat]
	switch {
	case !wok || !sok:
		t.Fatalf("Search(%q) = %v, want %s and %s at the default min_score", query, locs(resp.Results), whole, seat)
	case wr != 0:
		t.Errorf("Search(%q) = %v: the note holding the whole question must rank first, above the word-free %s", query, locs(resp.Results), seat)
	case sr != 1:
		t.Errorf("Search(%q) = %v: the word-free paraphrase must rank second, above the partial matches", query, locs(resp.Results))
	}
}

// TestRemovedFusionMethod checks that a memweave.json naming a fusion
// method that no longer exists fails to open with an error naming the
// file, the field and the accepted values.
func TestRemovedFusionMethod(t *testing.T) {
	for _, method := range []string{"rrf", "weighted", "trust", "maxmin"} {
		root := memweavetest.Workspace(t, map[string]string{
			"memory/a.md":         "# A\n\nA note.\n",
			memweave.SettingsFile: `{"embedder": {"provider": "hash"}, "fusion": {"method": "` + method + `"}}`,
		})
		w, err := memweave.Open(context.Background(), memweave.Config{Workspace: root, DBPath: filepath.Join(t.TempDir(), "index.db")})
		if err == nil {
			w.Close()
			t.Fatalf("Open(fusion.method %q) = nil error, want one", method)
		}
		for _, want := range []string{memweave.SettingsFile, "fusion.method", `"` + method + `"`, "blend, keyword or vector"} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("Open(fusion.method %q) = %v, want it to name %s", method, err, want)
			}
		}
	}
}
