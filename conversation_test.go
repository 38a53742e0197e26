package memweave_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// conversationFiles are a conversation's days, every one of them about
// its two speakers, and two longer notes sharing words with
// conversationQuestion: games.md, which answers it, holds them more often
// than camera.md.
func conversationFiles() map[string]string {
	filler := strings.Repeat(" They also talked about the weather, the neighbours, the garden, the new bakery in town and the long drive home through the hills.", 3)
	files := map[string]string{
		"memory/games.md":  "# Evenings\n\nNate plays Xenoblade every evening; he plays it after work and plays it on weekends." + filler + "\n",
		"memory/camera.md": "# Trip\n\nNate played cards with Joanna on the trip to the lake." + filler + "\n",
	}
	for i := range 20 {
		files[fmt.Sprintf("memory/day-%02d.md", i)] = fmt.Sprintf("# Day %d\n\nNate and Joanna talked on day %d about errand %d, the weather and the week ahead.\n", i, i, i*7)
	}
	return files
}

const conversationQuestion = "Which video game does Nate play most?"

// conversationAxes puts the question and every note of the conversation
// but games.md on one shared direction, far above where the index's
// background questions land with them (a question about the
// conversation's people is near all of it); games.md, which answers,
// the encoder places at the background, as a sentence encoder places a
// long passage that mentions the answer in passing.
func conversationAxes(text string) map[int]float64 {
	t := strings.ToLower(text)
	switch {
	case strings.Contains(t, "xenoblade"):
		return map[int]float64{0: 0.1}
	case strings.Contains(t, "nate"):
		return map[int]float64{3: 0.8}
	}
	return map[int]float64{0: 0.1}
}

// TestKeywordMatchesWithinQueryBackground checks that a keyword match's
// vector score is measured within the question's own background: when
// the question is near every note of the index (a conversation's), a
// match the encoder places with the rest of it gets no vector support
// over one holding more of the question's words.
func TestKeywordMatchesWithinQueryBackground(t *testing.T) {
	url, _ := axesServer(t, 384, conversationAxes, nil)
	cfg := memweave.Config{DBPath: filepath.Join(t.TempDir(), "index.db"),
		Embedder: memweave.EmbedderConfig{Provider: "openai", Model: "axes", BaseURL: url, Dims: 384}}
	w := open(t, memweavetest.Workspace(t, conversationFiles()), cfg)
	mustIndex(t, w)
	resp := mustSearch(t, w, conversationQuestion, memweave.MinScore(0))
	if len(resp.Results) < 2 || resp.Results[0].Path != "memory/games.md" {
		var got []string
		for _, r := range resp.Results[:min(3, len(resp.Results))] {
			got = append(got, fmt.Sprintf("%s %.3f (k=%.3f v=%.3f)", r.Path, r.Score, *r.TextScore, *r.VectorScore))
		}
		t.Errorf("Search(%q) = %v, want memory/games.md first", conversationQuestion, got)
	}
}
