package memweave_test

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
	"github.com/memweave/memweave-go/search"
)

// TestDecoyKeepsTriviaOut checks the decoy level (search.Decoy) end to
// end, through an OpenAI-compatible endpoint that places two questions
// equally near a note sharing none of their words (cosine near 0.5 where
// unrelated texts sit near 0.1): one about the user's own fridge, one a
// general-knowledge question that the encoder also places near the
// background questions (search.ProbeQuestions), as a sentence encoder
// places trivia among trivia. The first finds the note at the default
// threshold; the second returns nothing, yet still ranks the note first
// at --min-score 0. A general-knowledge question sharing a word with a
// note (a partial keyword match) is not confirmed by its cosine either.
func TestDecoyKeepsTriviaOut(t *testing.T) {
	probes := search.ProbeQuestions()
	const (
		fridge   = "memory/fridge.md"
		personal = "How chilly do we keep the cooler?"
		trivia   = "How is a thermometer calibrated in a lab?"
		partial  = "How many calories are in a spoon of olive oil?"
	)
	url, _ := axesServer(t, 64, func(text string) map[int]float64 {
		axes := map[int]float64{0: 0.1}
		lower := strings.ToLower(text)
		for _, w := range []string{"fridge", "cooler", "thermometer"} {
			if strings.Contains(lower, w) {
				axes[1] = 0.4
			}
		}
		if strings.Contains(lower, "olive") {
			axes[3] = 0.4
		}
		if slices.Contains(probes, text) || text == trivia || text == partial {
			axes[2] = 0.45
		}
		return axes
	}, nil)
	files := map[string]string{
		fridge:             "# Kitchen\n\nTemperature of the fridge should stay under 5 degrees.\n",
		"memory/pantry.md": "# Pantry\n\nOlive oil for frying is in the cupboard above the hob.\n",
	}
	for i := range 40 {
		files[fmt.Sprintf("memory/note-%02d.md", i)] = fmt.Sprintf("# Note %d\n\nItem %d of the list: errand number %d, filed by Alex.\n", i, i, i*7)
	}
	cfg := memweave.Config{
		DBPath:   filepath.Join(t.TempDir(), "index.db"),
		Embedder: memweave.EmbedderConfig{Provider: "openai", Model: "axes", BaseURL: url, Dims: 64},
	}
	w := open(t, memweavetest.Workspace(t, files), cfg)
	mustIndex(t, w)

	got := mustSearch(t, w, personal)
	if got.Mode != memweave.ModeHybrid || len(got.Results) == 0 || got.Results[0].Path != fridge {
		t.Fatalf("Search(%q) = %s %v, want %s first: it asks about the note", personal, got.Mode, locs(got.Results), fridge)
	}
	for _, q := range []string{trivia, partial} {
		if got := mustSearch(t, w, q); got.Mode != memweave.ModeHybrid || len(got.Results) != 0 {
			for _, r := range got.Results {
				t.Logf("%s %.3f k=%v v=%v", r.Path, r.Score, *r.TextScore, *r.VectorScore)
			}
			t.Errorf("Search(%q) = %s %v, want nothing: a general-knowledge question no nearer its note than the background questions", q, got.Mode, locs(got.Results))
		}
	}
	all := mustSearch(t, w, trivia, memweave.MinScore(0))
	if len(all.Results) == 0 || all.Results[0].Path != fridge {
		t.Errorf("Search(%q, min score 0) = %v, want %s first: the level changes what passes, not the order", trivia, locs(all.Results), fridge)
	}
}
