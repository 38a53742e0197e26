package memweave_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"unicode/utf8"

	memweave "github.com/memweave/memweave-go"
)

// multilingual is testdata/multilingual/notes.json: notes in Chinese,
// Japanese, Korean, Thai, Lao, Khmer, Myanmar and accented Latin, each
// holding its query words in the middle of a sentence, and distractor
// notes in the same scripts and English.
type multilingual struct {
	Targets []struct {
		Path, Text string
		Queries    []string
	}
	Distractors []string
}

// TestMultilingualWords checks issue 23's guarantee through the public
// API: with the default settings, a word of a script written without
// spaces is found wherever it stands in a sentence (two-character
// queries and mixed-script ones included), and an accented word typed
// without its accents finds it; each query's note ranks in the top 3
// among all the notes, in every script.
func TestMultilingualWords(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("testdata", "multilingual", "notes.json"))
	if err != nil {
		t.Fatal(err)
	}
	var fx multilingual
	if err := json.Unmarshal(raw, &fx); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{}
	for _, n := range fx.Targets {
		files["memory/"+n.Path] = n.Text + "\n"
	}
	for i, d := range fx.Distractors {
		files[fmt.Sprintf("memory/other/%03d.md", i)] = d + "\n"
	}
	_, w := openIndexed(t, files, memweave.Config{DBPath: filepath.Join(t.TempDir(), "index.db")})
	queries := 0
	for _, n := range fx.Targets {
		want := "memory/" + n.Path
		for _, q := range n.Queries {
			queries++
			resp := mustSearch(t, w, q)
			rank := -1
			for i, r := range resp.Results {
				if r.Path == want {
					rank = i
					break
				}
			}
			if rank < 0 || rank >= 3 {
				t.Errorf("Search(%q) = %v (rank %d), want %s in the top 3", q, topPaths(resp.Results, 5), rank+1, want)
				continue
			}
			if s := resp.Results[rank].Snippet; !utf8.ValidString(s) || s == "" {
				t.Errorf("Search(%q) snippet = %q, want valid UTF-8 text", q, s)
			}
		}
	}
	if queries < 30 || len(fx.Distractors) < 100 {
		t.Errorf("fixture has %d queries and %d distractors, want at least 30 and 100", queries, len(fx.Distractors))
	}
}

// TestAccentsFolded checks that a query matches words whatever their
// accents, and that the note holding the word as the query writes it
// ranks first, in keyword and hybrid mode.
func TestAccentsFolded(t *testing.T) {
	_, w := openIndexed(t, map[string]string{
		"memory/accented.md": "We met at the café near Zürich station.\n",
		"memory/plain.md":    "We met at the cafe near Zurich station.\n",
		"memory/other.md":    "The train to Basel was late again this morning.\n",
	}, memweave.Config{DBPath: filepath.Join(t.TempDir(), "index.db")})
	for _, mode := range []memweave.Mode{memweave.ModeKeyword, memweave.ModeHybrid} {
		for _, tt := range []struct{ q, first string }{
			{"café", "memory/accented.md"},
			{"cafe", "memory/plain.md"},
			{"Zürich", "memory/accented.md"},
			{"zurich", "memory/plain.md"},
		} {
			resp := mustSearch(t, w, tt.q, memweave.SearchMode(mode))
			if got := topPaths(resp.Results, 3); len(got) != 2 || got[0] != tt.first {
				t.Errorf("Search(%q, %s) = %v, want both notes, %s first", tt.q, mode, got, tt.first)
			}
		}
	}
}

// topPaths returns the paths of the first n results.
func topPaths(rs []memweave.Result, n int) []string {
	var out []string
	for _, r := range rs[:min(n, len(rs))] {
		out = append(out, r.Path)
	}
	return out
}
