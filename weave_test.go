package memweave_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/gofrs/flock"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

var sample = map[string]string{
	"memory/stack.md":                  "# Stack\n\nWe use Valkey instead of Redis. Target latency SLA: 5ms p99.\n\n## Caching\n\nThe caching layer sits in front of Postgres.\n",
	"memory/researcher_agent/notes.md": "# Notes\n\nThe ZEBRA-COMET-2026 experiment measured recall on LongMemEval.\n",
	"memory/2026-11-01.md":             "# Log\n\nDecided to move the queue to NATS.\n",
	"memory/.obsidian/ignored.md":      "hidden folder, must not be indexed\n",
	"memory/draft.md~":                 "editor backup, must not be indexed\n",
	"README.md":                        "outside memory, not indexed by default\n",
}

// changeSettings changes the workspace's settings file with fn, as
// `memweave config` does: the explicit act that lets an Open with other
// settings through.
func changeSettings(tb testing.TB, root string, fn func(*memweave.Settings)) {
	tb.Helper()
	ctx := context.Background()
	s, err := memweave.ReadSettings(ctx, root)
	if err != nil || s == nil {
		tb.Fatalf("ReadSettings = %v, %v", s, err)
	}
	fn(s)
	if err := memweave.WriteSettings(ctx, root, *s); err != nil {
		tb.Fatal(err)
	}
}

func open(tb testing.TB, root string, cfg memweave.Config) *memweave.Weave {
	tb.Helper()
	cfg.Workspace = root
	if cfg.Now == nil {
		cfg.Now = memweavetest.Clock()
	}
	w, err := memweave.Open(context.Background(), cfg)
	if err != nil {
		tb.Fatalf("Open: %v", err)
	}
	tb.Cleanup(func() { w.Close() })
	return w
}

func mustIndex(tb testing.TB, w *memweave.Weave) *memweave.IndexResult {
	tb.Helper()
	res, err := w.Index(context.Background())
	if err != nil {
		tb.Fatalf("Index: %v", err)
	}
	return res
}

func TestIndexCountsAndSkips(t *testing.T) {
	root := memweavetest.Workspace(t, sample)
	w := open(t, root, memweave.Config{})
	res := mustIndex(t, w)
	if res.FilesScanned != 3 || res.FilesIndexed != 3 || res.FilesSkipped != 0 {
		t.Fatalf("first Index = %+v, want 3 scanned, 3 indexed", res)
	}
	if res.ChunksCreated == 0 || res.EmbeddingsComputed != res.ChunksCreated {
		t.Errorf("first Index chunks %d, embeddings %d: want equal and non-zero", res.ChunksCreated, res.EmbeddingsComputed)
	}
	res = mustIndex(t, w)
	if res.FilesSkipped != 3 || res.FilesIndexed != 0 || res.EmbeddingsComputed != 0 {
		t.Errorf("no-op Index = %+v, want all skipped, nothing embedded", res)
	}
	files := collectFiles(t, w)
	var got []string
	for _, f := range files {
		got = append(got, f.Path+"|"+f.Source+"|"+f.Date)
	}
	want := []string{"memory/2026-11-01.md|memory|2026-11-01", "memory/researcher_agent/notes.md|researcher_agent|", "memory/stack.md|memory|"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Files = %q, want %q", got, want)
	}
	// Delete a file: its rows go.
	os.Remove(filepath.Join(root, "memory/2026-11-01.md"))
	res = mustIndex(t, w)
	if res.FilesDeleted != 1 || res.ChunksRemoved == 0 {
		t.Errorf("Index after delete = %+v, want 1 deleted", res)
	}
	st, err := w.Status(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if st.Files != 2 || st.Chunks != st.Vectors || st.StaleFiles != 0 || st.SearchMode != "hybrid" {
		t.Errorf("Status = %+v", st)
	}
}

func TestRemoteEmbedderCallsOnlyForChanges(t *testing.T) {
	ctx := context.Background()
	srv := memweavetest.NewEmbedServer(t, 64)
	files := map[string]string{}
	var long strings.Builder
	for i := 0; i < 40; i++ {
		long.WriteString("## Section " + string(rune('A'+i%26)) + "\n\nParagraph about topic number " + strings.Repeat("word ", 30) + "\n\n")
	}
	files["memory/big.md"] = long.String()
	files["memory/other.md"] = "# Other\n\nSomething else entirely.\n"
	root := memweavetest.Workspace(t, files)
	cfg := memweave.Config{Embedder: memweave.EmbedderConfig{Provider: "openai", Model: "test-embed", BaseURL: srv.BaseURL(), Dims: 64}}
	w := open(t, root, cfg)
	first := mustIndex(t, w)
	calls := srv.Calls.Load()
	if calls == 0 || first.EmbeddingsComputed == 0 {
		t.Fatalf("first Index made %d calls, computed %d", calls, first.EmbeddingsComputed)
	}
	mustIndex(t, w)
	if got := srv.Calls.Load(); got != calls {
		t.Errorf("no-op Index made %d calls, want 0", got-calls)
	}
	// One-line edit: only the changed chunk is embedded.
	edited := strings.Replace(files["memory/big.md"], "## Section C\n\nParagraph about topic number", "## Section C\n\nParagraph about subject number", 1)
	memweavetest.WriteFile(t, root, "memory/big.md", edited)
	texts := srv.Texts.Load()
	res := mustIndex(t, w)
	if res.FilesIndexed != 1 || res.EmbeddingsComputed < 1 || res.EmbeddingsComputed > 2 {
		t.Errorf("edit Index = %+v, want 1 file, 1-2 embeddings", res)
	}
	if got := srv.Texts.Load() - texts; got != int64(res.EmbeddingsComputed) {
		t.Errorf("server embedded %d texts, result says %d", got, res.EmbeddingsComputed)
	}
	// Same text in a new file costs nothing: the cache has it.
	memweavetest.WriteFile(t, root, "memory/copy.md", files["memory/other.md"])
	texts = srv.Texts.Load()
	res = mustIndex(t, w)
	if srv.Texts.Load() != texts || res.EmbeddingsCached == 0 {
		t.Errorf("duplicate file embedded %d texts (cached %d), want 0", srv.Texts.Load()-texts, res.EmbeddingsCached)
	}
	_ = ctx
}

func TestDeadEmbedderLeavesFilesPendingThenRetries(t *testing.T) {
	ctx := context.Background()
	srv := memweavetest.NewEmbedServer(t, 32)
	srv.Status.Store(503)
	root := memweavetest.Workspace(t, sample)
	cfg := memweave.Config{Embedder: memweave.EmbedderConfig{Provider: "openai", Model: "m", BaseURL: srv.BaseURL(), Dims: 32}}
	w := open(t, root, cfg)
	res := mustIndex(t, w)
	if res.FilesPending != 3 || len(res.Warnings) == 0 {
		t.Fatalf("Index with dead embedder = %+v, want 3 pending and a warning", res)
	}
	resp, err := w.Search(ctx, "ZEBRA-COMET-2026")
	if err != nil {
		t.Fatalf("Search with dead embedder: %v", err)
	}
	if resp.Mode != "keyword" || len(resp.Warnings) == 0 || len(resp.Results) == 0 {
		t.Fatalf("Search = mode %q warnings %q results %d, want keyword mode, a warning, a result", resp.Mode, resp.Warnings, len(resp.Results))
	}
	srv.Status.Store(0)
	res = mustIndex(t, w)
	if res.FilesPending != 0 || res.FilesIndexed != 3 {
		t.Errorf("retry Index = %+v, want 3 indexed, 0 pending", res)
	}
	st, _ := w.Status(ctx)
	if st.Vectors != st.Chunks {
		t.Errorf("after retry vectors %d != chunks %d", st.Vectors, st.Chunks)
	}
}

func TestRebuildIsIdentical(t *testing.T) {
	ctx := context.Background()
	root := memweavetest.Workspace(t, sample)
	snapshot := func() (string, []string) {
		w := open(t, root, memweave.Config{})
		mustIndex(t, w)
		resp, err := w.Search(ctx, "caching layer decision", memweave.MinScore(0))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, r := range resp.Results {
			got = append(got, r.Path+":"+itoa(r.StartLine)+"-"+itoa(r.EndLine)+" "+ftoa(r.Score))
		}
		st, _ := w.Status(ctx)
		w.Close()
		return itoa(st.Files) + "/" + itoa(st.Chunks) + "/" + itoa(st.Vectors), got
	}
	c1, r1 := snapshot()
	if err := os.RemoveAll(filepath.Join(root, ".memweave")); err != nil {
		t.Fatal(err)
	}
	c2, r2 := snapshot()
	if c1 != c2 || !reflect.DeepEqual(r1, r2) || len(r1) == 0 {
		t.Errorf("rebuild differs:\n%s %q\n%s %q", c1, r1, c2, r2)
	}
}

func TestAddExternalFileSurvivesIndex(t *testing.T) {
	ctx := context.Background()
	_, w := openIndexed(t, sample, memweave.Config{})
	res, err := w.Add(ctx, "README.md")
	if err != nil || res.FilesIndexed != 1 {
		t.Fatalf("Add = %+v, %v", res, err)
	}
	mustIndex(t, w)
	files := collectFiles(t, w, "external")
	if len(files) != 1 || files[0].Path != "README.md" {
		t.Errorf("Files(external) = %+v, want README.md", files)
	}
	if _, err := w.Add(ctx, "memory/missing.md"); !errors.Is(err, memweave.ErrNotFound) {
		t.Errorf("Add(missing) = %v, want ErrNotFound", err)
	}
}

func TestBadInput(t *testing.T) {
	ctx := context.Background()
	t.Run("invalid utf8", func(t *testing.T) {
		root := memweavetest.Workspace(t, map[string]string{"memory/bad.md": "# Bad\n\nok \xff\xfe text\n"})
		w := open(t, root, memweave.Config{})
		res := mustIndex(t, w)
		if res.FilesIndexed != 1 || !strings.Contains(warningText(res.Warnings), "memory/bad.md") {
			t.Errorf("Index = %+v, want indexed with a warning naming the file", res)
		}
	})
	t.Run("old supersession line", func(t *testing.T) {
		root := memweavetest.Workspace(t, map[string]string{"memory/old.md": "# Stack\n\nWe run PostgreSQL 15.\n\n> Superseded by memory/stack.md:12 (2026-11-30): moved to 16\n"})
		w := open(t, root, memweave.Config{})
		res := mustIndex(t, w)
		if got := warningText(res.Warnings); res.FilesIndexed != 1 || !strings.Contains(got, "memory/old.md:5") || !strings.Contains(got, "memweave resolve") {
			t.Errorf("Index = %+v, want old.md indexed with a warning naming its line 5 and resolve", res)
		}
	})
	t.Run("file too big", func(t *testing.T) {
		root := memweavetest.Workspace(t, map[string]string{
			"memory/huge.md": strings.Repeat("word ", 3000), "memory/ok.md": "fine\n"})
		w := open(t, root, memweave.Config{MaxFileBytes: 10000})
		res := mustIndex(t, w)
		if res.FilesIndexed != 1 || !strings.Contains(warningText(res.Warnings), "memory/huge.md") {
			t.Errorf("Index = %+v, want huge.md refused by name, ok.md indexed", res)
		}
	})
	t.Run("corrupt db", func(t *testing.T) {
		root := memweavetest.Workspace(t, sample)
		db := filepath.Join(root, "broken.db")
		os.WriteFile(db, []byte(strings.Repeat("this is not sqlite ", 500)), 0o644)
		_, err := memweave.Open(ctx, memweave.Config{Workspace: root, DBPath: db})
		if !errors.Is(err, memweave.ErrCorruptIndex) || !strings.Contains(err.Error(), db) || !strings.Contains(err.Error(), "rebuild") {
			t.Errorf("Open(corrupt) = %v, want ErrCorruptIndex naming the file", err)
		}
	})
	t.Run("db folder is a file", func(t *testing.T) {
		root := memweavetest.Workspace(t, sample)
		os.WriteFile(filepath.Join(root, "blocker"), nil, 0o644)
		db := filepath.Join(root, "blocker", "index.db")
		_, err := memweave.Open(ctx, memweave.Config{Workspace: root, DBPath: db})
		if err == nil || !strings.Contains(err.Error(), db) {
			t.Errorf("Open(db under a file) = %v, want an error naming %s", err, db)
		}
	})
	t.Run("bad config", func(t *testing.T) {
		_, err := memweave.Open(ctx, memweave.Config{Workspace: t.TempDir(), Create: true, ChunkTokens: 100, ChunkOverlap: new(200)})
		var ce *memweave.ConfigError
		if !errors.As(err, &ce) || ce.Field != "ChunkOverlap" {
			t.Errorf("Open(bad overlap) = %v, want ConfigError on ChunkOverlap", err)
		}
	})
}

func TestEmbedderChangeRebuildsVectors(t *testing.T) {
	ctx := context.Background()
	root, w := openIndexed(t, sample, memweave.Config{})
	w.Close()
	// Another embedder is refused until the workspace's settings say so.
	if _, err := memweave.Open(ctx, memweave.Config{Workspace: root, Embedder: memweave.EmbedderConfig{Dims: 128}}); !errors.Is(err, memweave.ErrSettingsMismatch) {
		t.Fatalf("Open with other dims = %v, want ErrSettingsMismatch", err)
	}
	changeSettings(t, root, func(s *memweave.Settings) { s.Embedder.Dims = 128 })
	w = open(t, root, memweave.Config{Embedder: memweave.EmbedderConfig{Dims: 128}})
	res := mustIndex(t, w)
	st, _ := w.Status(ctx)
	if res.EmbeddingsComputed == 0 || st.Dims != 128 || st.Vectors != st.Chunks {
		t.Errorf("after dims change: %+v, status %+v", res, st)
	}
	w.Close()
	changeSettings(t, root, func(s *memweave.Settings) { s.Embedder.Dims = 0 })
	w = open(t, root, memweave.Config{})
	res = mustIndex(t, w)
	if res.EmbeddingsComputed != 0 || res.EmbeddingsCached == 0 {
		t.Errorf("back to 384 dims: computed %d cached %d, want all from cache", res.EmbeddingsComputed, res.EmbeddingsCached)
	}
}

func TestIndexLockTimeout(t *testing.T) {
	ctx := context.Background()
	root, w := openIndexed(t, sample, memweave.Config{})
	// Another index run (here: another holder of the lock file) is busy.
	other := flock.New(filepath.Join(root, ".memweave", "index.db.lock"))
	if err := other.Lock(); err != nil {
		t.Fatal(err)
	}
	defer other.Unlock()
	_, err := w.Index(ctx, memweave.LockTimeout(50*time.Millisecond))
	if !errors.Is(err, memweave.ErrBusy) {
		t.Errorf("Index while locked = %v, want ErrBusy", err)
	}
	// A search that cannot refresh still answers, and says so.
	memweavetest.WriteFile(t, root, "memory/new.md", "# New\n\nFresh note about kumquats.\n")
	resp, err := w.Search(ctx, "ZEBRA-COMET-2026")
	if err != nil || len(resp.Results) == 0 {
		t.Fatalf("Search while locked = %v, %v", resp, err)
	}
	if !strings.Contains(warningText(resp.Warnings), "could not refresh") {
		t.Errorf("Search warnings = %q, want a could-not-refresh warning", resp.Warnings)
	}
}

// TestVectorStoredOnce checks that a live chunk's vector is not also kept
// in the embedding cache, and that an edited-away chunk's vector moves to
// the cache, so undoing the edit embeds nothing.
func TestVectorStoredOnce(t *testing.T) {
	ctx := context.Background()
	root, w := openIndexed(t, sample, memweave.Config{})
	st, _ := w.Status(ctx)
	if st.CacheEntries != 0 || st.Vectors != st.Chunks {
		t.Fatalf("after a cold index: %d cache entries, %d vectors, %d chunks; want 0 and vectors = chunks", st.CacheEntries, st.Vectors, st.Chunks)
	}
	orig := sample["memory/researcher_agent/notes.md"]
	memweavetest.WriteFile(t, root, "memory/researcher_agent/notes.md", orig+"\nA new line.\n")
	if res := mustIndex(t, w); res.EmbeddingsComputed != 1 {
		t.Errorf("edit embedded %d chunks, want 1", res.EmbeddingsComputed)
	}
	if st, _ := w.Status(ctx); st.CacheEntries != 1 {
		t.Errorf("after the edit: %d cache entries, want 1 (the replaced chunk's vector)", st.CacheEntries)
	}
	memweavetest.WriteFile(t, root, "memory/researcher_agent/notes.md", orig)
	if res := mustIndex(t, w); res.EmbeddingsComputed != 0 || res.EmbeddingsCached != 1 {
		t.Errorf("undo: computed %d, cached %d; want 0 and 1", res.EmbeddingsComputed, res.EmbeddingsCached)
	}
}

// TestBinaryNoteSkipped: a .md file that is not text (random bytes, or a
// NUL) is not indexed, with a warning naming it; a note with a few
// invalid bytes is still indexed.
func TestBinaryNoteSkipped(t *testing.T) {
	ctx := context.Background()
	junk := make([]byte, 64<<10)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range junk {
		junk[i] = byte(1 + rng.UintN(255)) // no NUL: invalid UTF-8 tells
	}
	root := memweavetest.Workspace(t, map[string]string{
		"memory/x.md":    string(junk),
		"memory/nul.md":  "# Note\n\nlooks like text\x00 but is not\n",
		"memory/text.md": "# Text\n\nmostly fine \xff\xfe marmalade\n",
	})
	w := open(t, root, memweave.Config{})
	res := mustIndex(t, w)
	binaries := map[string]bool{}
	for _, wn := range res.Warnings {
		if errors.Is(wn, memweave.ErrBinary) {
			binaries[wn.Path] = true
		}
	}
	if !binaries["memory/x.md"] || !binaries["memory/nul.md"] || len(binaries) != 2 {
		t.Errorf("binary warnings for %v, want memory/x.md and memory/nul.md; all warnings %q", binaries, res.Warnings)
	}
	for _, f := range collectFiles(t, w) {
		if (f.Path == "memory/text.md") != (f.Chunks > 0) {
			t.Errorf("%s has %d chunks; want chunks for memory/text.md only", f.Path, f.Chunks)
		}
	}
	if resp, err := w.Search(ctx, "marmalade"); err != nil || len(resp.Results) != 1 {
		t.Errorf("Search(marmalade) = %v, %v; want the text note", resp, err)
	}
}

// TestLegacyIndexKeepsVectors: an index built before memweave.json
// existed, with an OpenAI-compatible embedder, keeps its vectors when a
// handle without the embedder opens it: searches are keyword-only and
// say why, and Index refuses to re-embed until the embedder is named.
func TestLegacyIndexKeepsVectors(t *testing.T) {
	ctx := context.Background()
	srv := memweavetest.NewEmbedServer(t, 48)
	root := memweavetest.Workspace(t, sample)
	remote := memweave.Config{Embedder: memweave.EmbedderConfig{Provider: "openai", Model: "m", BaseURL: srv.BaseURL(), APIKey: "k"}}
	w := open(t, root, remote)
	mustIndex(t, w)
	w.Close()
	if err := os.Remove(filepath.Join(root, memweave.SettingsFile)); err != nil {
		t.Fatal(err) // as an index made before the settings file existed
	}
	w = open(t, root, memweave.Config{})
	resp, err := w.Search(ctx, "ZEBRA-COMET-2026")
	if err != nil || resp.Mode != memweave.ModeKeyword || !strings.Contains(warningText(resp.Warnings), "vectors are of embedder openai/m/48") {
		t.Errorf("Search = %+v, %v; want keyword mode and a warning naming the index's embedder", resp, err)
	}
	if _, err := w.Index(ctx); !errors.Is(err, memweave.ErrSettingsMismatch) {
		t.Errorf("flagless Index = %v, want ErrSettingsMismatch", err)
	}
	st, err := w.Status(ctx)
	if err != nil || st.Vectors == 0 || st.Vectors != st.Chunks {
		t.Errorf("Status = %+v, %v; want every vector kept", st, err)
	}
	w.Close()
	w = open(t, root, remote)
	if res := mustIndex(t, w); res.EmbeddingsComputed != 0 {
		t.Errorf("Index with the index's own embedder computed %d embeddings, want 0", res.EmbeddingsComputed)
	}
	assertHybrid(t, w, "Valkey caching layer")
}

// TestStatusChunkingStale: after the workspace's chunking changes,
// status says the index needs re-chunking until Index does it.
func TestStatusChunkingStale(t *testing.T) {
	ctx := context.Background()
	root, w := openIndexed(t, sample, memweave.Config{})
	w.Close()
	changeSettings(t, root, func(s *memweave.Settings) { s.ChunkTokens = 200 })
	w = open(t, root, memweave.Config{})
	if st, err := w.Status(ctx); err != nil || !st.ChunkingStale {
		t.Errorf("Status after a chunking change = %+v, %v; want ChunkingStale", st, err)
	}
	mustIndex(t, w)
	if st, err := w.Status(ctx); err != nil || st.ChunkingStale {
		t.Errorf("Status after Index = %+v, %v; want the chunking current", st, err)
	}
}
