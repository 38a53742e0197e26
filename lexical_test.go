package memweave_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
)

// TestLexicalEmbedderWordFreeNeverPassesAlone: the hash embedder's
// cosine is letter overlap, not meaning, and among many short notes a
// one-word query shares a few letter runs with some note by chance, at a
// cosine a paraphrase would reach under a sentence encoder. With the
// default (hash) embedder such a note, holding none of the query's
// words, ranks but does not pass the default threshold: an off-topic
// question returns nothing. A note holding the word still does.
func TestLexicalEmbedderWordFreeNeverPassesAlone(t *testing.T) {
	root := pseudoWordNotes(t, rand.New(rand.NewPCG(7, 45)), "tomato seedlings go out after the last frost")
	w := open(t, root, memweave.Config{})
	defer w.Close()
	mustIndex(t, w)
	var passed []string
	for _, q := range strings.Fields("kubernetes zebra giraffe postgres invoice birthday passport dentist mortgage keyboard violin helicopter lantern cactus") {
		if res := mustSearch(t, w, q).Results; len(res) > 0 {
			passed = append(passed, fmt.Sprintf("%s: %s %q at %.3f", q, res[0].Path, res[0].Snippet, res[0].Score))
		}
	}
	if len(passed) > 0 {
		t.Errorf("off-topic one-word queries returned notes holding none of their words:\n%s", strings.Join(passed, "\n"))
	}
	if res := mustSearch(t, w, "tomato").Results; len(res) == 0 || res[0].Path != "memory/n1234.md" {
		t.Errorf("Search(tomato) = %v, want memory/n1234.md first", res)
	}
}

// pseudoWordNotes writes a workspace of 3,000 one-line notes of 3 to 8
// random pseudo-words (syllables ka ri to ...) drawn from r, note
// memory/n1234.md holding real instead, and returns its root.
func pseudoWordNotes(tb testing.TB, r *rand.Rand, real string) string {
	tb.Helper()
	root := tb.TempDir()
	mem := filepath.Join(root, "memory")
	if err := os.MkdirAll(mem, 0o755); err != nil {
		tb.Fatal(err)
	}
	syl := strings.Fields("ka ri to na qui vel con mu sa lo pe dra zin fo ta ke ru mi go ba ne shu")
	word := func() string {
		var b strings.Builder
		for range 2 + r.IntN(3) {
			b.WriteString(syl[r.IntN(len(syl))])
		}
		return b.String()
	}
	for i := range 3000 {
		words := make([]string, 3+r.IntN(6))
		for j := range words {
			words[j] = word()
		}
		text := strings.Join(words, " ") + "\n"
		if i == 1234 {
			text = real + "\n"
		}
		if err := os.WriteFile(filepath.Join(mem, fmt.Sprintf("n%d.md", i)), []byte(text), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	return root
}

// TestLexicalVectorSearchIgnoresBucketCollisions: the hash embedder hashes
// a text's words and letter runs into a few hundred buckets, so among
// thousands of short notes some share buckets with a short query they
// share no letters with, at a cosine a real overlap gives. A vector
// search (where no keyword match tells them apart) must not return such
// a note for an off-topic word; a near-keyword neighbour, which shares
// letter runs ("seedling" and "seedlings"), still ranks first.
func TestLexicalVectorSearchIgnoresBucketCollisions(t *testing.T) {
	root := pseudoWordNotes(t, rand.New(rand.NewPCG(3245, 32)), "tomato seedlings go out after the last frost")
	w := open(t, root, memweave.Config{})
	defer w.Close()
	mustIndex(t, w)
	vec := memweave.SearchMode(memweave.ModeVector)
	var passed []string
	for _, q := range strings.Fields("kubernetes zebra giraffe postgres invoice birthday passport dentist mortgage keyboard violin helicopter lantern cactus saxophone tornado") {
		if res := mustSearch(t, w, q, vec).Results; len(res) > 0 {
			passed = append(passed, fmt.Sprintf("%s: %s %q at %.3f", q, res[0].Path, res[0].Snippet, res[0].Score))
		}
	}
	if len(passed) > 0 {
		t.Errorf("vector search for off-topic words returned notes sharing no letter run with them:\n%s", strings.Join(passed, "\n"))
	}
	if res := mustSearch(t, w, "seedling", vec, memweave.MinScore(0)).Results; len(res) == 0 || res[0].Path != "memory/n1234.md" {
		t.Errorf("Search(seedling, vector) = %v, want memory/n1234.md first", res)
	}
}
