package memweave_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/embed"
	"github.com/memweave/memweave-go/embedcache"
	"github.com/memweave/memweave-go/index"
	"github.com/memweave/memweave-go/memweavetest"
	"github.com/memweave/memweave-go/search"
)

// axesServer is an OpenAI-compatible embedding endpoint whose vector of a
// text is a hash vector mixed with shared directions: axes(text) gives
// each direction's share of the squared norm (axis i is coordinate i), so
// two texts sharing axis i at shares a and b have a cosine near
// sqrt(a*b) plus what their words share. It counts the requests for each
// text, and answers 500 to a request holding a text refuse reports.
func axesServer(t *testing.T, dims int, axes func(text string) map[int]float64, refuse func(text string) bool) (url string, asked func(text string) int) {
	t.Helper()
	h := embed.NewHash(dims)
	var mu sync.Mutex
	count := map[string]int{}
	srv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		var req struct {
			Input []string `json:"input"`
		}
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
			http.Error(rw, `{"error":{"message":"bad json"}}`, http.StatusBadRequest)
			return
		}
		mu.Lock()
		for _, in := range req.Input {
			count[in]++
		}
		mu.Unlock()
		if refuse != nil && slices.ContainsFunc(req.Input, refuse) {
			http.Error(rw, `{"error":{"message":"down"}}`, http.StatusInternalServerError)
			return
		}
		vecs, err := h.EmbedDocuments(r.Context(), req.Input)
		if err != nil {
			t.Errorf("hash embed: %v", err)
		}
		type item struct {
			Index     int       `json:"index"`
			Embedding []float32 `json:"embedding"`
		}
		var data []item
		for i, v := range vecs {
			shares := axes(req.Input[i])
			rest := 1.0
			for a := range shares {
				v[a] = 0
				rest -= shares[a]
			}
			var n float64
			for _, x := range v {
				n += float64(x) * float64(x)
			}
			scale := math.Sqrt(rest / n)
			for j := range v {
				v[j] *= float32(scale)
			}
			for a, s := range shares {
				v[a] = float32(math.Sqrt(s))
			}
			data = append(data, item{Index: i, Embedding: v})
		}
		rw.Header().Set("Content-Type", "application/json")
		json.NewEncoder(rw).Encode(map[string]any{"object": "list", "data": data})
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/v1", func(text string) int {
		mu.Lock()
		defer mu.Unlock()
		return count[text]
	}
}

// backgroundFiles are 40 unrelated notes, a paraphrase's answer and an
// off-topic question's nearest note.
func backgroundFiles() map[string]string {
	files := map[string]string{
		"memory/seat.md":   "# Flying\n\nAlways book the aisle on planes so I can stretch my legs.\n",
		"memory/cones.md":  "# Walk\n\nThe sequoia cones from the walk are drying on the windowsill.\n",
		"memory/phones.md": "# Phones\n\nThe family plan renews in May.\n",
	}
	for i := range 40 {
		files[fmt.Sprintf("memory/note-%02d.md", i)] = fmt.Sprintf("# Note %d\n\nItem %d of the list: errand number %d, filed by Alex on a weekday.\n", i, i, i*7)
	}
	return files
}

const (
	paraphraseQuestion = "Which seat do I want on long flights?"
	offTopicQuestion   = "What is the tallest tree species on Earth?"
)

// backgroundAxes puts every text but the off-topic question on a shared
// axis (unrelated texts at a cosine near 0.1, as a sentence encoder's
// are), the paraphrase and its answer on a second (cosine near 0.43),
// and the off-topic question and its nearest note on a third: that
// question is far from every other note, and at about 0.36 from that one.
func backgroundAxes(text string) map[int]float64 {
	t := strings.ToLower(text)
	switch {
	case strings.Contains(t, "tallest tree"):
		return map[int]float64{2: 0.36}
	case strings.Contains(t, "sequoia"):
		return map[int]float64{0: 0.1, 2: 0.36}
	case strings.Contains(t, "seat do i want"), strings.Contains(t, "aisle on planes"):
		return map[int]float64{0: 0.1, 1: 0.33}
	}
	return map[int]float64{0: 0.1}
}

// TestOffTopicQuestionMeetsIndexBackground checks the background the
// vector score is measured against: the index's, not the question's own.
// An off-topic question sits far from every note, so its own cosines with
// the index are low, and measured against them its nearest note (a word-
// free one, at a cosine under a paraphrase's) looked like a paraphrase and
// passed the default min_score. Against the index's background it returns
// nothing, while a paraphrase in the same index still passes.
func TestOffTopicQuestionMeetsIndexBackground(t *testing.T) {
	url, _ := axesServer(t, 384, backgroundAxes, nil)
	cfg := memweave.Config{DBPath: filepath.Join(t.TempDir(), "index.db"),
		Embedder: memweave.EmbedderConfig{Provider: "openai", Model: "axes", BaseURL: url, Dims: 384}}
	w := open(t, memweavetest.Workspace(t, backgroundFiles()), cfg)
	mustIndex(t, w)
	if resp := mustSearch(t, w, offTopicQuestion); len(resp.Results) != 0 {
		r := resp.Results[0]
		t.Errorf("Search(%q) = %v (first %.3f, v=%.3f, cos=%.3f), want nothing at the default min_score",
			offTopicQuestion, locs(resp.Results), r.Score, *r.VectorScore, *r.Explain.Cosine)
	}
	resp := mustSearch(t, w, paraphraseQuestion)
	if len(resp.Results) == 0 || resp.Results[0].Path != "memory/seat.md" {
		t.Errorf("Search(%q) = %v, want memory/seat.md first at the default min_score", paraphraseQuestion, locs(resp.Results))
	}
}

// TestBackgroundAskedOncePerModel checks that the index's background costs
// an embedding server one request per question, once per model: a second
// search, a search after a write and a search from a second handle (a
// fresh process) find the questions' vectors in the embedding cache.
func TestBackgroundAskedOncePerModel(t *testing.T) {
	url, asked := axesServer(t, 384, backgroundAxes, nil)
	cfg := memweave.Config{DBPath: filepath.Join(t.TempDir(), "index.db"),
		Embedder: memweave.EmbedderConfig{Provider: "openai", Model: "axes", BaseURL: url, Dims: 384}}
	root, w := openIndexed(t, backgroundFiles(), cfg)
	probes := search.ProbeQuestions()
	check := func(when string) {
		t.Helper()
		for _, p := range probes {
			if n := asked(p); n != 1 {
				t.Fatalf("%s: the server embedded %q %d times, want once", when, p, n)
			}
		}
	}
	mustSearch(t, w, paraphraseQuestion)
	check("first search")
	mustSearch(t, w, offTopicQuestion)
	memweavetest.WriteFile(t, root, "memory/new.md", "# New\n\nA note written after the first search.\n")
	mustIndex(t, w)
	mustSearch(t, w, paraphraseQuestion)
	check("searches after a write")
	want := scores(mustSearch(t, w, offTopicQuestion, memweave.MinScore(0)))
	w2 := open(t, root, cfg)
	if resp := mustSearch(t, w2, paraphraseQuestion); resp.Mode != memweave.ModeHybrid {
		t.Fatalf("second handle: Search(%q).Mode = %s, want hybrid", paraphraseQuestion, resp.Mode)
	}
	check("second handle")
	if got := scores(mustSearch(t, w2, offTopicQuestion, memweave.MinScore(0))); !slices.Equal(got, want) {
		t.Errorf("second handle, with the background from the cache: Search(%q) = %v, want %v as the handle that measured it", offTopicQuestion, got, want)
	}
}

// manyNotes are backgroundFiles with 100 more unrelated notes: an index
// larger than the background's sample.
func manyNotes() map[string]string {
	files := backgroundFiles()
	for i := range 100 {
		files[fmt.Sprintf("memory/more-%03d.md", i)] = fmt.Sprintf("# More %d\n\nLine %d of the second list: chore %d, noted by Sam.\n", i, i, i*3)
	}
	return files
}

// TestBackgroundSameAfterRebuild checks that the background is a cache
// like the rest of the index: deleting the index and indexing the files
// again gives the same scores, also when the index is larger than the
// background's sample and some notes were edited after it was built
// (their chunks written again after the others'): the background depends
// on the files, not on the order they were written in.
func TestBackgroundSameAfterRebuild(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files map[string]string
		edits int
	}{
		{"small", backgroundFiles(), 0},
		{"edited, larger than the sample", manyNotes(), 30},
	} {
		t.Run(tc.name, func(t *testing.T) {
			url, _ := axesServer(t, 384, backgroundAxes, nil)
			dir := t.TempDir()
			cfg := memweave.Config{DBPath: filepath.Join(dir, "index.db"),
				Embedder: memweave.EmbedderConfig{Provider: "openai", Model: "axes", BaseURL: url, Dims: 384}}
			root, w := openIndexed(t, tc.files, cfg)
			for i := range tc.edits {
				memweavetest.WriteFile(t, root, fmt.Sprintf("memory/note-%02d.md", i), fmt.Sprintf("# Note %d\n\nItem %d of the list, edited: errand number %d.\n", i, i, i*7))
			}
			mustIndex(t, w)
			want := scores(mustSearch(t, w, offTopicQuestion, memweave.MinScore(0)))
			w.Close()
			cfg.DBPath = filepath.Join(dir, "rebuilt.db")
			w2 := open(t, root, cfg)
			mustIndex(t, w2)
			if got := scores(mustSearch(t, w2, offTopicQuestion, memweave.MinScore(0))); !slices.Equal(got, want) {
				t.Errorf("rebuilt index: Search(%q) = %v, want %v as before", offTopicQuestion, got, want)
			}
		})
	}
}

// TestBackgroundKeptOverWrites checks that a write leaving the
// background's sample as it was (most writes to an index larger than the
// sample) does not measure the background again: the index's embedding
// cache still holds one background after it. A write that changes the
// sample measures anew.
func TestBackgroundKeptOverWrites(t *testing.T) {
	url, _ := axesServer(t, 384, backgroundAxes, nil)
	dbPath := filepath.Join(t.TempDir(), "index.db")
	cfg := memweave.Config{DBPath: dbPath,
		Embedder: memweave.EmbedderConfig{Provider: "openai", Model: "axes", BaseURL: url, Dims: 384}}
	root, w := openIndexed(t, manyNotes(), cfg)
	ctx := context.Background()
	db, err := index.Open(ctx, dbPath, index.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	raw, err := sql.Open("sqlite3", dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	sample := func() []embedcache.Key {
		t.Helper()
		s, err := db.Sample(ctx, search.CosineSample)
		if err != nil {
			t.Fatal(err)
		}
		return s.Hashes
	}
	// A background is kept as three float32 values (12 bytes); the
	// questions' vectors have 384.
	backgrounds := func() int {
		t.Helper()
		var n int
		if err := raw.QueryRow(`SELECT count(*) FROM embed_cache WHERE length(vector) = 12`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	mustSearch(t, w, offTopicQuestion)
	if n := backgrounds(); n != 1 {
		t.Fatalf("after the first search: %d backgrounds in the cache, want 1", n)
	}
	before, want := sample(), 1
	kept, changed := 0, 0
	for i := 0; kept < 3 || changed < 1; i++ {
		if i == 40 {
			t.Fatalf("40 writes: %d left the sample as it was, %d changed it; want 3 and 1", kept, changed)
		}
		memweavetest.WriteFile(t, root, fmt.Sprintf("memory/new-%02d.md", i), fmt.Sprintf("# New %d\n\nA note written later, number %d.\n", i, i))
		mustIndex(t, w)
		what := "a write that left the sample as it was"
		if after := sample(); slices.Equal(after, before) {
			kept++
		} else {
			what = "a write that changed the sample"
			changed++
			want++
			before = after
		}
		mustSearch(t, w, offTopicQuestion)
		if n := backgrounds(); n != want {
			t.Fatalf("search after %s (write %d): %d backgrounds in the cache, want %d", what, i, n, want)
		}
	}
}

// scores returns each result's location and score.
func scores(resp *memweave.SearchResponse) []string {
	out := make([]string, len(resp.Results))
	for i, r := range resp.Results {
		out[i] = fmt.Sprintf("%s:%d %.6f", r.Path, r.StartLine, r.Score)
	}
	return out
}

// TestBackgroundEmbedderFailure checks that a server failing to embed the
// background questions (but not the query) degrades the search as a
// failed query embedding does: keyword results, with a warning saying
// why, not an error.
func TestBackgroundEmbedderFailure(t *testing.T) {
	probes := search.ProbeQuestions()
	refuse := func(text string) bool { return slices.Contains(probes, text) }
	url, _ := axesServer(t, 384, backgroundAxes, refuse)
	cfg := memweave.Config{DBPath: filepath.Join(t.TempDir(), "index.db"),
		Embedder: memweave.EmbedderConfig{Provider: "openai", Model: "axes", BaseURL: url, Dims: 384, QueryTimeout: 3 * time.Second}}
	w := open(t, memweavetest.Workspace(t, backgroundFiles()), cfg)
	mustIndex(t, w)
	const query = "When does the family plan renew?"
	resp, err := w.Search(context.Background(), query)
	if err != nil {
		t.Fatalf("Search(%q) with the background questions refused: %v, want keyword results", query, err)
	}
	if resp.Mode != memweave.ModeKeyword || len(resp.Results) == 0 || resp.Results[0].Path != "memory/phones.md" {
		t.Errorf("Search(%q) = mode %s, %v; want keyword results, memory/phones.md first", query, resp.Mode, locs(resp.Results))
	}
	warned := false
	for _, wr := range resp.Warnings {
		warned = warned || strings.Contains(wr.Error(), "background questions")
	}
	if !warned {
		t.Errorf("Search(%q).Warnings = %v, want one saying the background questions could not be embedded", query, resp.Warnings)
	}
}
