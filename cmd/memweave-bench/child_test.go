package main

import (
	"bytes"
	"context"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/embed/static/statictest"
	"github.com/memweave/memweave-go/memweavetest"
	"github.com/memweave/memweave-go/search"
)

// childEnv makes the test binary run as memweave-bench: the speed
// benchmark re-executes itself (os.Executable) for its child processes,
// which in a test is the test binary.
const childEnv = "MEMWEAVE_BENCH_TEST_CHILD"

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) == "1" {
		os.Exit(run(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// testApp returns an app with the global flags' defaults and the hash
// embedder.
func testApp() *app {
	return &app{embedder: "hash", phraseWeight: search.DefaultPhraseWeight}
}

// tinyWorkspace writes and indexes a small synthetic workspace and
// returns it, with a long-lived Weave on it and no watcher, whose
// searches run the default freshness check unless noSync.
func tinyWorkspace(t *testing.T, noSync bool) (string, *memweave.Weave) {
	t.Helper()
	ctx := t.Context()
	dir := t.TempDir()
	if _, err := memweavetest.Synth(dir, memweavetest.SynthOptions{Files: 12, ChunksPerFile: 2}); err != nil {
		t.Fatal(err)
	}
	cfg := testApp().config(dir)
	cfg.NoSyncOnSearch = noSync
	w, err := memweave.Open(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.Close() })
	if _, err := w.Index(ctx); err != nil {
		t.Fatal(err)
	}
	return dir, w
}

// TestCadenceFindsEdits runs the cadence measure with short pauses on a
// tiny workspace, the editor in a real child process: every edit lands
// in its file as it should (an appended line; a same-size rewrite), and
// the next search, with the freshness check every search makes without
// a watcher, finds it.
func TestCadenceFindsEdits(t *testing.T) {
	t.Setenv(childEnv, "1")
	dir, w := tinyWorkspace(t, false)
	type edit struct {
		file, token string
		rewrite     bool
		size        int
	}
	var edits []edit
	c := cadence{searches: 6, maxGap: 20 * time.Millisecond, seed: 3,
		edit: func(ctx context.Context, file, token string, rewrite bool) error {
			data, err := os.ReadFile(file)
			if err != nil {
				return err
			}
			edits = append(edits, edit{file, token, rewrite, len(data)})
			return editInChild(ctx, file, token, rewrite)
		}}
	res, err := c.run(t.Context(), w, dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.latency) != 6 || res.edits != 3 || len(edits) != 3 {
		t.Fatalf("cadence: %d searches, %d edits (%d made), want 6 and 3", len(res.latency), res.edits, len(edits))
	}
	if res.found != res.edits {
		t.Errorf("cadence found %d of %d edits, want all", res.found, res.edits)
	}
	// The split rows: every other search follows an edit, and the two
	// sets together are every search.
	if len(res.plain) != 3 || len(res.edited) != 3 || len(res.plainCPU) != 3 || len(res.editedCPU) != 3 ||
		len(res.plainFaults) != 3 || len(res.editedFaults) != 3 {
		t.Errorf("cadence: %d plain and %d edited searches (CPU times: %d and %d; fault counts: %d and %d), want 3 and 3",
			len(res.plain), len(res.edited), len(res.plainCPU), len(res.editedCPU), len(res.plainFaults), len(res.editedFaults))
	}
	if slices.ContainsFunc(slices.Concat(res.plainFaults, res.editedFaults), func(n int64) bool { return n < 0 }) {
		t.Errorf("cadence: fault counts %v and %v, want none negative", res.plainFaults, res.editedFaults)
	}
	if both := slices.Sorted(slices.Values(slices.Concat(res.plain, res.edited))); !slices.Equal(both, res.latency) {
		t.Errorf("cadence: plain %v and edited %v are not the searches' latencies %v", res.plain, res.edited, res.latency)
	}
	if both := slices.Sorted(slices.Values(slices.Concat(res.plainCPU, res.editedCPU))); !slices.Equal(both, res.cpu) {
		t.Errorf("cadence: plain %v and edited %v are not the searches' CPU times %v", res.plainCPU, res.editedCPU, res.cpu)
	}
	rewrites := 0
	for _, e := range edits {
		data, err := os.ReadFile(e.file)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(data, []byte(e.token)) {
			t.Errorf("%s does not hold %q after the edit", e.file, e.token)
		}
		if e.rewrite {
			rewrites++
			if len(data) != e.size {
				t.Errorf("rewrite of %s: %d bytes, was %d", e.file, len(data), e.size)
			}
		} else if len(data) <= e.size {
			t.Errorf("append to %s: %d bytes, was %d", e.file, len(data), e.size)
		}
	}
	if rewrites != 1 {
		t.Errorf("%d rewrites among 3 edits, want them alternating with appends", rewrites)
	}
}

// TestCadenceMissesStaleSearches checks that the cadence measure can
// fail: searches that never look for changes find none of the edits.
func TestCadenceMissesStaleSearches(t *testing.T) {
	t.Setenv(childEnv, "1")
	dir, w := tinyWorkspace(t, true)
	c := cadence{searches: 4, maxGap: 20 * time.Millisecond, seed: 5, edit: editInChild}
	res, err := c.run(t.Context(), w, dir)
	if err != nil {
		t.Fatal(err)
	}
	if res.edits != 2 || res.found != 0 {
		t.Errorf("cadence without freshness checks found %d of %d edits, want 0 of 2", res.found, res.edits)
	}
}

// TestLongLivedChild runs the long-lived process the speed benchmark
// measures, for real and small: it reports its memory and writes its
// notes.
func TestLongLivedChild(t *testing.T) {
	t.Setenv(childEnv, "1")
	dir, w := tinyWorkspace(t, false)
	w.Close()
	c := &speedCommand{root: testApp().rootCommand()}
	_, rep, err := c.runChild(t.Context(), "longlived-child", "--workspace", dir, "--searches", "6", "--writes", "3")
	if err != nil {
		t.Fatal(err)
	}
	if rep.PeakRSSMB <= 0 {
		t.Errorf("longlived-child peak RSS = %v MiB, want > 0", rep.PeakRSSMB)
	}
	var notes int
	filepath.WalkDir(filepath.Join(dir, "memory", "bench"), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			data, _ := os.ReadFile(p)
			notes += strings.Count(string(data), "Long-lived note")
		}
		return nil
	})
	if notes != 3 {
		t.Errorf("longlived-child wrote %d notes, want 3", notes)
	}
}

// TestSpeedReport runs the speed benchmark end to end at a tiny size,
// child processes included, and checks the keys of the agent loop.
func TestSpeedReport(t *testing.T) {
	memweavetest.Long(t, "runs a cadence with pauses of seconds")
	t.Setenv(childEnv, "1")
	rep := bench(t, "speed", "--chunks", "120", "--queries", "2", "--cold-runs", "1", "--write-rounds", "1",
		"--cadence-searches", "2", "--no-bare-vec0", "--json")
	for _, key := range []string{"cold_search_p50_ms", "process_start_p50_ms", "search_peak_rss_mb", "longlived_peak_rss_mb",
		"vector_recall_at_10", "vector_recall_at_10_clustered", "search_cadence_p50_ms",
		"search_cadence_plain_p50_ms", "search_cadence_edited_p50_ms"} {
		if v, ok := rep[key].(float64); !ok || v <= 0 {
			t.Errorf("speed report[%q] = %v, want a positive number", key, rep[key])
		}
	}
	// A search may fault in no page at all: a count, at least 0.
	for _, key := range []string{"search_hybrid_faults_p50", "search_cadence_plain_faults_p50", "search_cadence_edited_faults_p50"} {
		if v, ok := rep[key].(float64); !ok || v < 0 {
			t.Errorf("speed report[%q] = %v, want a count", key, rep[key])
		}
	}
	if rep["search_cadence_edits"] != 1.0 || rep["search_cadence_plain"] != 1.0 {
		t.Errorf("speed report[search_cadence_edits, _plain] = %v, %v, want 1 and 1 of 2 searches",
			rep["search_cadence_edits"], rep["search_cadence_plain"])
	}
	for _, key := range []string{"bare_vec0_knn_cold_phase_p50_ms", "cold_search_over_vec0_cold_phase", "cold_search_over_vec0"} {
		if v, ok := rep[key]; ok {
			t.Errorf("speed report[%q] = %v with --no-bare-vec0, want no such row", key, v)
		}
	}
	if f, ok := rep["search_cadence_found"].(float64); !ok || f < 0 || f > 1 {
		t.Errorf("speed report[search_cadence_found] = %v, want a fraction", rep["search_cadence_found"])
	}
}

// TestSpeedColdPhaseReference runs speed with the bare vec0 reference:
// it is timed in one share after each fresh process of the cold phase
// (so that it meets the machine as they did), as many queries in all as
// --queries, and the like-with-like ratio is the cold search's p50 over
// that share's.
func TestSpeedColdPhaseReference(t *testing.T) {
	memweavetest.Long(t, "a speed run in child processes")
	t.Setenv(childEnv, "1")
	rep := bench(t, "speed", "--chunks", "120", "--queries", "5", "--cold-runs", "3", "--write-rounds", "1",
		"--cadence-searches", "0", "--json")
	for _, key := range []string{"bare_vec0_knn_cold_phase_p50_ms", "bare_vec0_knn_p50_ms", "cold_search_p50_ms",
		"cold_search_over_vec0_cold_phase", "cold_search_inproc_over_vec0_cold_phase", "cold_search_over_vec0"} {
		if v, ok := rep[key].(float64); !ok || v <= 0 {
			t.Errorf("speed report[%q] = %v, want a positive number", key, rep[key])
		}
	}
	// One share per fresh process, of ceil(5/3) = 2 queries each.
	checkFields(t, rep, map[string]any{"bare_vec0_knn_cold_phase_shares": 3, "bare_vec0_knn_cold_phase_queries": 6})
	cold, _ := rep["cold_search_p50_ms"].(float64)
	knn, _ := rep["bare_vec0_knn_cold_phase_p50_ms"].(float64)
	if got, _ := rep["cold_search_over_vec0_cold_phase"].(float64); knn > 0 && math.Abs(got-cold/knn) > 0.05*cold/knn {
		t.Errorf("speed report[cold_search_over_vec0_cold_phase] = %v, want %v / %v", got, cold, knn)
	}
}

// TestSpeedStaticEmbedder runs speed with a static model: its child
// processes must get the embedder flags (they once opened the workspace
// with the hash embedder and re-embedded it, and the vector recall then
// failed on the dimensions), and the report has embed_texts_per_s.
func TestSpeedStaticEmbedder(t *testing.T) {
	memweavetest.Long(t, "a speed run in child processes")
	t.Setenv(childEnv, "1")
	model := lettersModel(t, t.TempDir())
	rep := bench(t, "--embedder", "static", "--embedding-model", model, "speed", "--chunks", "120", "--queries", "2",
		"--cold-runs", "1", "--write-rounds", "1", "--cadence-searches", "0", "--no-bare-vec0", "--json")
	for _, key := range []string{"embed_texts_per_s", "cold_search_p50_ms", "vector_recall_at_10"} {
		if v, ok := rep[key].(float64); !ok || v <= 0 {
			t.Errorf("speed report[%q] = %v, want a positive number", key, rep[key])
		}
	}
}

// lettersModel writes a static model of 8 dimensions whose vocabulary
// is the letters and digits (as words and word pieces) in dir/letters,
// and returns that folder.
func lettersModel(t *testing.T, dir string) string {
	t.Helper()
	vocab := []string{"[UNK]"}
	var rows [][]float32
	rows = append(rows, make([]float32, 8))
	for i, c := range "abcdefghijklmnopqrstuvwxyz0123456789" {
		for _, form := range []string{string(c), "##" + string(c)} {
			vocab = append(vocab, form)
			r := make([]float32, 8)
			r[i%8], r[(i+len(form))%8] = 1, 0.5
			rows = append(rows, r)
		}
	}
	return statictest.WriteModel(t, filepath.Join(dir, "letters"), map[string]statictest.Tensor{
		"embeddings": statictest.F32(rows)}, statictest.WordPieceTokenizer(vocab), "")
}
