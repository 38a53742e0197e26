package static_test

import (
	"context"
	"errors"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/memweave/memweave-go/embed"
	"github.com/memweave/memweave-go/embed/static"
	"github.com/memweave/memweave-go/embed/static/statictest"
)

// toyVocab and toyRows make a tiny model where "dark" is near "night",
// "mode" near "theme", and "pizza" and "food" far from both.
var toyVocab = []string{"[UNK]", "dark", "night", "mode", "theme", "pizza", "food", "user", "##s",
	"which", "does", "the", "like", "?", "prefers", "ordered"}

func toyRows() [][]float32 {
	return [][]float32{
		{0, 0, 0, 0, 0, 0},
		{1, 0.1, 0, 0, 0, 0},   // dark
		{0.9, 0.2, 0, 0, 0, 0}, // night
		{0, 0, 1, 0.1, 0, 0},   // mode
		{0, 0, 0.9, 0.2, 0, 0}, // theme
		{0, 0, 0, 0, 1, 0.1},   // pizza
		{0, 0, 0, 0, 0.9, 0.2}, // food
		{0.1, 0.1, 0.1, 0.1, 0.1, 0.1},
		{0, 0, 0, 0, 0, 0.01},
		{0.1, 0.1, 0.1, 0.1, 0.1, 0.1}, {0.1, 0.1, 0.1, 0.1, 0.1, 0.1}, {0.1, 0.1, 0.1, 0.1, 0.1, 0.1},
		{0.1, 0.1, 0.1, 0.1, 0.1, 0.1}, {0.1, 0.1, 0.1, 0.1, 0.1, 0.1}, {0.1, 0.1, 0.1, 0.1, 0.1, 0.1},
		{0.1, 0.1, 0.1, 0.1, 0.1, 0.1},
	}
}

func writeToy(t *testing.T, dtype string) string {
	t.Helper()
	tensor := statictest.F32(toyRows())
	if dtype == "F16" {
		tensor = statictest.F16([][]float32{{0, 0}, {1, 0.5}, {1, 0.5}, {0.5, 1}, {0.5, 1}, {-1, 0}, {-1, 0}, {0, 0}, {0, 0},
			{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}})
	}
	return statictest.WriteModel(t, filepath.Join(t.TempDir(), "toy"), map[string]statictest.Tensor{"embeddings": tensor},
		statictest.WordPieceTokenizer(toyVocab), `{"model_type": "model2vec", "normalize": true}`)
}

func staticVec(t *testing.T, e embed.Embedder, text string) []float32 {
	t.Helper()
	v, err := e.EmbedQuery(context.Background(), text)
	if err != nil {
		t.Fatalf("EmbedQuery(%q): %v", text, err)
	}
	return v
}

func TestStaticParaphrase(t *testing.T) {
	e := static.New(writeToy(t, "F32"))
	q := staticVec(t, e, "Which night theme does the user like?")
	near, far := staticVec(t, e, "User prefers dark mode"), staticVec(t, e, "User ordered pizza food")
	if cn, cf := cosine(q, near), cosine(q, far); cn < 0.8 || cn <= cf+0.3 {
		t.Errorf("cosine(query, dark mode) = %.3f, (query, pizza) = %.3f; want the paraphrase far closer", cn, cf)
	}
	if n := norm(q); n < 0.999 || n > 1.001 {
		t.Errorf("|EmbedQuery| = %v, want 1", n)
	}
	docs, err := e.EmbedDocuments(context.Background(), []string{"User prefers dark mode", "User ordered pizza food"})
	if err != nil {
		t.Fatal(err)
	}
	if cosine(docs[0], near) < 0.99999 || cosine(docs[1], far) < 0.99999 {
		t.Errorf("EmbedDocuments differs from EmbedQuery")
	}
}

func TestStaticIdentity(t *testing.T) {
	dir := writeToy(t, "F16")
	a, b := static.New(dir), static.New(dir)
	id := a.Identity()
	if id.Provider != "static" || !strings.HasPrefix(id.Model, "m2v-") || len(id.Model) != 20 || id.Dims != 2 || b.Identity() != id {
		t.Fatalf("Identity() = %+v and %+v, want equal static identities of 2 dims", id, b.Identity())
	}
	// Any change to a model file changes the identity.
	if err := os.WriteFile(filepath.Join(dir, "config.json"), []byte(`{"normalize": false}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if c := static.New(dir).Identity(); c == id || c.Dims != 2 {
		t.Errorf("Identity after config change = %+v, want a new model of 2 dims", c)
	}
	// The folder's name does not matter.
	moved := filepath.Join(t.TempDir(), "elsewhere")
	if err := os.Rename(dir, moved); err != nil {
		t.Fatal(err)
	}
	if static.New(moved).Identity().Model != static.NewFS("embedded", os.DirFS(moved)).Identity().Model {
		t.Errorf("identity depends on where the model is")
	}
}

func TestStaticFallback(t *testing.T) {
	e := static.New(writeToy(t, "F32"))
	h := embed.NewHash(6)
	// No known token: the hash embedder's vector.
	got, want := staticVec(t, e, "東京 大阪"), staticVec(t, h, "東 京 大 阪")
	if c := cosine(got, want); c < 0.99999 {
		t.Errorf("cosine(static(東京 大阪), hash) = %.5f, want 1", c)
	}
	if c := cosine(staticVec(t, e, "大阪"), got); c < 0.3 {
		t.Errorf("cosine(大阪, 東京 大阪) = %.3f under fallback, want shared characters to count", c)
	}
	// Known and unknown: a mix, the known part weighing by its count.
	mixed, dark := staticVec(t, e, "dark mode 東京"), staticVec(t, e, "dark mode")
	if c := cosine(mixed, dark); c < 0.5 || c > 0.99 {
		t.Errorf("cosine(dark mode 東京, dark mode) = %.3f, want a mix", c)
	}
	if n := norm(mixed); n < 0.999 || n > 1.001 {
		t.Errorf("|mixed| = %v, want 1", n)
	}
	// Unknown punctuation is dropped, not mixed in.
	if c := cosine(staticVec(t, e, "dark mode ;; ~"), dark); c < 0.99999 {
		t.Errorf("cosine(dark mode ;; ~, dark mode) = %.5f, want 1", c)
	}
	// Nothing at all: zero.
	if v := staticVec(t, e, " ... "); norm(v) != 0 {
		t.Errorf("EmbedQuery(punctuation) = %v, want zero", v)
	}
}

func TestStaticUnigram(t *testing.T) {
	pieces := []string{"<unk>", "▁dark", "▁night", "▁mode", "▁theme", "s"}
	dir := statictest.WriteModel(t, t.TempDir(), map[string]statictest.Tensor{"embeddings": statictest.F32([][]float32{
		{0, 0, 0}, {1, 0, 0}, {0.9, 0.1, 0}, {0, 1, 0}, {0, 0.9, 0.1}, {0, 0, 0.1},
	})}, statictest.UnigramTokenizer(pieces, []float64{0, -3, -3, -3, -3, -2}), "")
	e, err := embed.New(embed.Config{Provider: "static", Model: dir})
	if err != nil {
		t.Fatal(err)
	}
	if c := cosine(staticVec(t, e, "Night themes"), staticVec(t, e, "dark mode")); c < 0.95 {
		t.Errorf("cosine(night themes, dark mode) = %.3f, want close", c)
	}
}

func TestStaticErrors(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "nope")
	e := static.New(missing)
	if id := e.Identity(); id.Dims != 0 || id.Provider != "static" {
		t.Errorf("Identity() of a missing model = %+v, want 0 dims", id)
	}
	_, err := e.EmbedQuery(context.Background(), "x")
	if !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), filepath.Join(missing, "model.safetensors")) {
		t.Errorf("EmbedQuery with a missing model = %v, want not-exist naming the file", err)
	}
	if err := e.Probe(context.Background()); err == nil {
		t.Errorf("Probe of a missing model = nil")
	}
	dir := writeToy(t, "F32")
	if err := os.WriteFile(filepath.Join(dir, "tokenizer.json"), []byte(`{"model": {"type": "BPE"}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = static.New(dir).EmbedDocuments(context.Background(), []string{"x"})
	if !errors.Is(err, static.ErrFormat) || !strings.Contains(err.Error(), filepath.Join(dir, "tokenizer.json")) {
		t.Errorf("EmbedDocuments with a BPE tokenizer = %v, want ErrFormat naming tokenizer.json", err)
	}
	var fe *embed.FieldError
	if _, err := embed.New(embed.Config{Provider: "static"}); !errors.As(err, &fe) || fe.Field != "Model" {
		t.Errorf("New(static without a model) = %v, want a FieldError on Model", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := static.New(writeToy(t, "F32")).EmbedQuery(ctx, "x"); !errors.Is(err, context.Canceled) {
		t.Errorf("EmbedQuery(canceled) = %v", err)
	}
}

func TestStaticConcurrent(t *testing.T) {
	e := static.New(writeToy(t, "F32"))
	texts := make([]string, 300)
	for i := range texts {
		texts[i] = []string{"dark mode", "night theme 東京", "pizza", "users"}[i%4]
	}
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_ = e.Identity()
			vs, err := e.EmbedDocuments(context.Background(), texts)
			if err != nil {
				t.Error(err)
				return
			}
			for i, v := range vs {
				if cosine(v, vs[i%4]) < 0.99999 {
					t.Errorf("vector %d differs from vector %d of the same text", i, i%4)
					return
				}
			}
		}()
	}
	wg.Wait()
}

func cosine(a, b []float32) float64 {
	var dot, na, nb float64
	for i := range a {
		dot += float64(a[i]) * float64(b[i])
		na += float64(a[i]) * float64(a[i])
		nb += float64(b[i]) * float64(b[i])
	}
	if na == 0 || nb == 0 {
		return 0
	}
	return dot / math.Sqrt(na*nb)
}

func norm(v []float32) float64 {
	var s float64
	for _, x := range v {
		s += float64(x) * float64(x)
	}
	return math.Sqrt(s)
}
