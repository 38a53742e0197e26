package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"hash/fnv"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/memweave/memweave-go/embed/static"
)

// concepts are the fake encoder's synonyms: words of one group share a
// direction, so a model distilled from it must place them together.
var concepts = map[string]int{
	"dark": 0, "night": 0, "black": 0,
	"mode": 1, "theme": 1, "style": 1,
	"pizza": 2, "food": 2, "meal": 2,
	"car": 3, "automobile": 3, "vehicle": 3,
}

const fakeDims = 32

// fakeEncode is a deterministic sentence encoder: each word adds its
// concept's direction (if any) and a word-specific direction of its own,
// hashed; the sum is normalized.
func fakeEncode(text string) []float32 {
	v := make([]float64, fakeDims)
	for _, w := range strings.Fields(strings.ToLower(text)) {
		if c, ok := concepts[w]; ok {
			v[c] += 1
		}
		h := fnv.New32a()
		h.Write([]byte(w))
		s := h.Sum32()
		v[4+int(s%uint32(fakeDims-4))] += 0.3
		v[4+int((s/97)%uint32(fakeDims-4))] -= 0.2
	}
	var n float64
	for _, x := range v {
		n += x * x
	}
	out := make([]float32, fakeDims)
	for i, x := range v {
		if n > 0 {
			out[i] = float32(x / math.Sqrt(n))
		}
	}
	return out
}

// fakeServer is an OpenAI-compatible /embeddings endpoint over fakeEncode.
func fakeServer(t *testing.T) (*httptest.Server, *atomic.Int64) {
	t.Helper()
	var texts atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || !strings.HasSuffix(r.URL.Path, "/embeddings") {
			t.Errorf("request %s %s, want POST .../embeddings", r.Method, r.URL.Path)
			http.NotFound(w, r)
			return
		}
		var req struct {
			Input []string `json:"input"`
			Model string   `json:"model"`
		}
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil || req.Model != "fake-encoder" {
			t.Errorf("bad request: %v, model %q", err, req.Model)
			http.Error(w, `{"error":{"message":"bad request"}}`, http.StatusBadRequest)
			return
		}
		texts.Add(int64(len(req.Input)))
		type item struct {
			Index     int       `json:"index"`
			Embedding []float32 `json:"embedding"`
		}
		out := struct {
			Data []item `json:"data"`
		}{}
		for i, in := range req.Input {
			out.Data = append(out.Data, item{i, fakeEncode(in)})
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(out)
	}))
	t.Cleanup(srv.Close)
	return srv, &texts
}

func writeFile(t *testing.T, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func distillArgs(t *testing.T, url, out string) []string {
	t.Helper()
	in := t.TempDir()
	words := writeFile(t, in, "words", "Dark\nnight\nblack\nmode\ntheme\nstyle\npizza\nfood\nmeal\ncar\nautomobile\n"+
		"vehicle\nuser\nprefers\nlikes\nwhich\ndoes\nthe\nCafé\nuser's\n42nd\nzebra\n")
	subs := writeFile(t, in, "vocab.json", `[["<unk>", 0], ["<s>", 0], ["▁the", -3.5], ["▁a", -4], ["s", -4.2],
		["ing", -5.1], ["▁user", -7], ["▁The", -6], ["▁like", -8], ["ed", -5.5]]`)
	lic := writeFile(t, in, "LICENSE", "Apache License 2.0 (test copy)\n")
	return []string{"--url", url + "/v1", "--model", "fake-encoder", "--out", out, "--words", words,
		"--subwords", subs, "--vocab-size", "150", "--dims", "8", "--attach", lic, "--credit", "Fake encoder: test only.", "--batch", "7"}
}

func TestDistillEndToEnd(t *testing.T) {
	srv, texts := fakeServer(t)
	out := filepath.Join(t.TempDir(), "model")
	var stdout, stderr bytes.Buffer
	if err := run(context.Background(), distillArgs(t, srv.URL, out), &stdout, &stderr); err != nil {
		t.Fatalf("distill: %v\n%s", err, stderr.String())
	}
	var res result
	if err := json.Unmarshal(stdout.Bytes(), &res); err != nil {
		t.Fatalf("stdout %q: %v", stdout.String(), err)
	}
	if res.Dims != 8 || res.EncoderDims != fakeDims || res.Weights != "unigram" || res.Tokens > 150 || texts.Load() == 0 {
		t.Errorf("result %+v after %d texts, want 8 of %d dims, unigram weights, at most 150 tokens", res, texts.Load(), fakeDims)
	}
	for _, f := range []string{"model.safetensors", "tokenizer.json", "config.json", "NOTICE", "LICENSE"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Errorf("output lacks %s: %v", f, err)
		}
	}
	notice, _ := os.ReadFile(filepath.Join(out, "NOTICE"))
	if !strings.Contains(string(notice), `"fake-encoder"`) || !strings.Contains(string(notice), "LICENSE") ||
		!strings.Contains(string(notice), "Fake encoder: test only.") {
		t.Errorf("NOTICE = %q, want the encoder and the attached licence named", notice)
	}

	e := static.New(out)
	if id := e.Identity(); id.Provider != "static" || id.Dims != 8 {
		t.Fatalf("Identity() = %+v, want static with 8 dims", id)
	}
	vec := func(s string) []float32 {
		v, err := e.EmbedQuery(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	q := vec("which night theme does the user like")
	docs := map[string][]float32{
		"dark":  vec("user prefers dark mode"),
		"pizza": vec("user likes pizza food"),
		"car":   vec("user likes the automobile"),
	}
	best, bestCos := "", -2.0
	for name, d := range docs {
		if c := dot(q, d); c > bestCos {
			best, bestCos = name, c
		}
	}
	if best != "dark" {
		t.Errorf("nearest to the night-theme question: %q (cos %.3f), want the dark-mode note; cosines dark %.3f pizza %.3f car %.3f",
			best, bestCos, dot(q, docs["dark"]), dot(q, docs["pizza"]), dot(q, docs["car"]))
	}
	if c := dot(vec("car"), vec("vehicle")); c < 0.8 {
		t.Errorf("cosine(car, vehicle) = %.3f, want synonyms close", c)
	}
	// Words outside the vocabulary are spelled in pieces, not dropped.
	if v := vec("zebras"); dot(v, v) < 0.99 {
		t.Errorf("|zebras| = %v, want a unit vector", dot(v, v))
	}

	// The same inputs give the same files.
	out2 := filepath.Join(t.TempDir(), "again")
	args := distillArgs(t, srv.URL, out2)
	if err := run(context.Background(), args, &bytes.Buffer{}, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"model.safetensors", "tokenizer.json", "config.json"} {
		a, _ := os.ReadFile(filepath.Join(out, f))
		b, _ := os.ReadFile(filepath.Join(out2, f))
		if !bytes.Equal(a, b) {
			t.Errorf("%s differs between two runs on the same inputs", f)
		}
	}
}

func dot(a, b []float32) float64 {
	var s float64
	for i := range a {
		s += float64(a[i]) * float64(b[i])
	}
	return s
}

func TestDistillUsage(t *testing.T) {
	srv, _ := fakeServer(t)
	full := distillArgs(t, srv.URL, filepath.Join(t.TempDir(), "m"))
	nonEmpty := t.TempDir()
	writeFile(t, nonEmpty, "x", "")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--model", "m", "--out", "o"}, "--url is required"},
		{[]string{"--url", "http://x", "--out", "o"}, "--model is required"},
		{append(append([]string{}, full...), "--dims", "64"), "the encoder has only 32"},
		{append(append([]string{}, full...), "--dtype", "int4"), "invalid --dtype"},
		{append(append([]string{}, full...), "--out", nonEmpty), "is not empty"},
		{append(append([]string{}, full...), "extra"), "unexpected argument"},
	} {
		err := run(context.Background(), c.args, &bytes.Buffer{}, &bytes.Buffer{})
		var ue *usageError
		if !errors.As(err, &ue) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("run(%q) = %v, want a usage error containing %q", c.args, err, c.want)
		}
	}
	// A missing word list is an error naming it.
	args := distillArgs(t, srv.URL, filepath.Join(t.TempDir(), "m2"))
	args = append(args, "--words", "/nonexistent/words")
	if err := run(context.Background(), args, &bytes.Buffer{}, &bytes.Buffer{}); err == nil || !strings.Contains(err.Error(), "/nonexistent/words") {
		t.Errorf("run with a missing word list = %v, want an error naming it", err)
	}
}

func TestPCA(t *testing.T) {
	// Points on a line in 3-D (plus tiny noise on one axis): one component
	// keeps almost all of the variance, and projections preserve order.
	var x [][]float32
	for i := 0; i < 50; i++ {
		f := float32(i)
		x = append(x, []float32{f, 2 * f, -f + float32(i%2)*0.01})
	}
	out, kept := pca(x, 1)
	if kept < 0.9999 {
		t.Errorf("pca kept %.6f of the variance, want about 1", kept)
	}
	for i := 1; i < len(out); i++ {
		if out[i][0] <= out[i-1][0] {
			t.Fatalf("projection not monotonic at %d: %v then %v", i, out[i-1][0], out[i][0])
		}
	}
}

// TestDistillWithoutSubwords distills from a word list alone: unranked,
// weights are equal and short words come first; ranked, Zipf weights.
func TestDistillWithoutSubwords(t *testing.T) {
	srv, _ := fakeServer(t)
	in := t.TempDir()
	words := writeFile(t, in, "words", "automobile\ncar\nvehicle\ndark\nnight\nmode\ntheme\n")
	for _, c := range []struct {
		ranked bool
		want   string
	}{{false, "uniform"}, {true, "zipf"}} {
		out := filepath.Join(t.TempDir(), "m")
		args := []string{"--url", srv.URL + "/v1", "--model", "fake-encoder", "--out", out, "--words", words,
			"--vocab-size", "78", "--dims", "8"}
		if c.ranked {
			args = append(args, "--ranked")
		}
		var stdout bytes.Buffer
		if err := run(context.Background(), args, &stdout, &bytes.Buffer{}); err != nil {
			t.Fatal(err)
		}
		var res result
		if err := json.Unmarshal(stdout.Bytes(), &res); err != nil || res.Weights != c.want {
			t.Errorf("ranked=%v: weights %q (%v), want %q", c.ranked, res.Weights, err, c.want)
		}
		// 72 letter tokens leave room for 5 words: unranked, the 3-letter
		// "car" is in and the 10-letter "automobile" is not.
		tok, _ := os.ReadFile(filepath.Join(out, "tokenizer.json"))
		if has := strings.Contains(string(tok), `"automobile"`); has == !c.ranked {
			t.Errorf("ranked=%v: automobile in the vocabulary = %v", c.ranked, has)
		}
	}
}
