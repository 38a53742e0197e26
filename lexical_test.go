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
	root := t.TempDir()
	mem := filepath.Join(root, "memory")
	if err := os.MkdirAll(mem, 0o755); err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(7, 45))
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
			text = "tomato seedlings go out after the last frost\n"
		}
		if err := os.WriteFile(filepath.Join(mem, fmt.Sprintf("n%d.md", i)), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
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
