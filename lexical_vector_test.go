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

// TestLexicalVectorSearchIgnoresBucketCollisions: the hash embedder hashes
// a text's words and letter runs into a few hundred buckets, so among
// thousands of short notes some share buckets with a short query they
// share no letters with, at a cosine a real overlap gives. A vector
// search (where no keyword match tells them apart) must not return such
// a note for an off-topic word; a near-keyword neighbour, which shares
// letter runs ("seedling" and "seedlings"), still ranks first.
func TestLexicalVectorSearchIgnoresBucketCollisions(t *testing.T) {
	root := t.TempDir()
	mem := filepath.Join(root, "memory")
	if err := os.MkdirAll(mem, 0o755); err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(3245, 32))
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
