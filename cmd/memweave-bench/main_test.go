package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/memweavetest"
)

// bench runs memweave-bench in-process with args and returns its report,
// failing the test unless it exits 0.
func bench(t testing.TB, args ...string) map[string]any {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := run(t.Context(), args, &stdout, &stderr); code != 0 {
		t.Fatalf("memweave-bench %s: exit %d, stderr:\n%s", strings.Join(args, " "), code, stderr.String())
	}
	var report map[string]any
	if err := json.Unmarshal(stdout.Bytes(), &report); err != nil {
		t.Fatalf("memweave-bench %s: stdout is not one JSON object: %v\n%s", strings.Join(args, " "), err, stdout.String())
	}
	return report
}

// checkFields compares report fields (dotted paths into nested objects)
// with want; numbers are compared as rounded in the report.
func checkFields(t testing.TB, report map[string]any, want map[string]any) {
	t.Helper()
	for path, w := range want {
		var v any = report
		for _, key := range strings.Split(path, ".") {
			m, ok := v.(map[string]any)
			if !ok {
				v = nil
				break
			}
			v = m[key]
		}
		if wi, ok := w.(int); ok {
			w = float64(wi)
		}
		if v != w {
			t.Errorf("report[%q] = %v, want %v", path, v, w)
		}
	}
}

// readLines reads a --per-question file.
func readLines(t testing.TB, path string) []map[string]any {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []map[string]any
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		out = append(out, m)
	}
	return out
}

// gzipped writes a gzipped copy of the file src into a temporary folder
// and returns its path.
func gzipped(t testing.TB, src string) string {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	dst := filepath.Join(t.TempDir(), filepath.Base(src)+".gz")
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write(data)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return dst
}

// The fixtures are built so that keyword results can be worked out by
// hand; see the comments of each case.
const (
	lmeData     = "testdata/longmemeval.jsonl"
	locomoData  = "testdata/locomo.json"
	beirCorpus  = "testdata/beir_corpus.jsonl"
	beirQueries = "testdata/beir_queries.jsonl"
	beirQrels   = "testdata/beir_qrels.tsv"
)

func TestLongMemEval(t *testing.T) {
	gz := gzipped(t, lmeData)
	// Keyword search (an FTS5 OR query) finds: lme-dog's gold session
	// alone ("golden retriever", "name(d)"); lme-scope's gold only through
	// its assistant turn ("Celestron", "telescope"); lme-marathon's two
	// gold sessions ("Berlin", "Boston") ahead of the training plan
	// ("marathon"); nothing for lme-cat_abs ("breed", "cat" are nowhere).
	tests := []struct {
		name string
		args []string
		want map[string]any
	}{
		{
			name: "all turns, gzipped",
			args: []string{"--turns", "all", "--data", gz},
			want: map[string]any{
				"questions": 4, "mode": "keyword", "embedder": "hash", "turns": "all", "pooled": false,
				"sessions": 14, "abstention": 1,
				"recall_any@1": 0.75, "recall_any@5": 0.75, "recall_any@10": 0.75,
				"recall_all@5": 0.75, "recall_all@10": 0.75, "ndcg@10": 0.75,
				"by_type.single-session-user.recall_any@1": 0.5,
				"by_type.single-session-user.count":        2,
				"by_type.single-session-assistant.ndcg@10": 1,
				"by_type.multi-session.recall_all@5":       1,
				"truncated":                                0,
			},
		},
		{
			name: "user turns lose the assistant's answer",
			args: []string{"--turns", "user", "--data", lmeData},
			want: map[string]any{
				"questions": 4, "turns": "user",
				"recall_any@1": 0.5, "recall_all@10": 0.5, "ndcg@10": 0.5,
				"by_type.single-session-assistant.recall_any@10": 0,
			},
		},
		{
			name: "pooled drops abstention and shares sessions",
			args: []string{"--pooled", "--turns", "user", "--data", lmeData},
			want: map[string]any{
				"questions": 3, "pooled": true, "sessions": 7, "abstention_dropped": 1,
				"recall_any@1": 0.6667, "recall_all@5": 0.6667,
			},
		},
		{
			name: "limit",
			args: []string{"--limit", "1", "--data", lmeData},
			want: map[string]any{"questions": 1, "sessions": 4, "recall_any@1": 1},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			report := bench(t, append([]string{"longmemeval", "--mode", "keyword"}, tt.args...)...)
			checkFields(t, report, tt.want)
		})
	}

	t.Run("hybrid and per-question", func(t *testing.T) {
		out := filepath.Join(t.TempDir(), "pq.jsonl")
		report := bench(t, "longmemeval", "--data", lmeData, "--turns", "all", "--per-question", out)
		// Hybrid ranks every session; the vector side brings lme-cat_abs's
		// gold (one of two sessions) into the top 5.
		checkFields(t, report, map[string]any{"mode": "hybrid", "recall_any@5": 1, "settings.fusion": "blend"})
		lines := readLines(t, out)
		if len(lines) != 4 {
			t.Fatalf("%d per-question lines, want 4", len(lines))
		}
		checkFields(t, lines[2], map[string]any{"id": "lme-marathon", "type": "multi-session", "metrics.recall_all@5": 1})
		if ranked := lines[2]["ranked"].([]any); len(ranked) != 4 {
			t.Errorf("lme-marathon ranked %v, want its 4 sessions", ranked)
		}
	})
}

func TestLoCoMo(t *testing.T) {
	// Keyword search ranks the gold session first for every question with
	// evidence but the last, whose evidence (D1:1) is about the cello
	// while the question is about the parrot of session 2; sessions 1 and
	// 3 match only the speaker's name, which every session holds, and
	// session 3, the denser in it, ranks over session 1 (a tie before
	// search.MinIDFChunks gave a 3-session index a 10-chunk index's
	// keyword weights), so its NDCG is 1/log2(4) = 0.5. Evidence quirks in the
	// fixture: "D1:1; D3:1", "D:2:1", "D1:02", [], and "D".
	report := bench(t, "locomo", "--data", locomoData, "--mode", "keyword")
	checkFields(t, report, map[string]any{
		"questions": 6, "level": "session", "conversations": 1, "sessions": 3, "without_evidence": 1,
		"recall_any@1": 0.8, "recall_any@5": 1,
		// The question without evidence counts 1.0 here.
		"recall_frac@5":               1,
		"ndcg@10":                     0.9,
		"by_category.4.recall_any@1":  0.5,
		"by_category.4.ndcg@10":       0.75,
		"by_category.4.count":         2,
		"by_category.5.recall_any@1":  1,
		"by_category.3.recall_frac@5": 1,
		"by_category.3.recall_any@5":  nil,
	})

	t.Run("turn level", func(t *testing.T) {
		// With 16-token chunks each turn line is a chunk of its own. The
		// category 5 question ranks D3:2 ("lessons online") above its
		// gold D3:3 ("Yes, every Tuesday."), which shares no content word
		// with it and comes below rank 5, among the chunks matched by the
		// session header only; the last question's gold turn D1:1 shares
		// no word with it.
		out := filepath.Join(t.TempDir(), "pq.jsonl")
		report := bench(t, "--chunk-tokens", "16", "locomo", "--data", locomoData, "--mode", "keyword", "--level", "turn", "--per-question", out)
		checkFields(t, report, map[string]any{
			"level": "turn", "without_evidence": 1,
			"recall_any@1": 0.6, "recall_any@5": 0.6,
			"recall_frac@5": 0.6667, "settings.chunk_tokens": 16,
		})
		lines := readLines(t, out)
		if len(lines) != 6 {
			t.Fatalf("%d per-question lines, want 6", len(lines))
		}
		checkFields(t, lines[4], map[string]any{"id": "conv-t/4", "category": 5, "metrics.recall_any@1": 0, "metrics.recall_any@5": 0})
		if top := lines[1]["ranked"].([]any)[0]; top != "session_2:6-6" {
			t.Errorf("conv-t/1: top chunk %v, want session_2:6-6 (the line of D2:1)", top)
		}
	})
}

func TestBEIR(t *testing.T) {
	// q1: d1 (three query words) ranks above d4 (two), but qrels grade d4
	// 2 and d1 1: DCG = 1 + 2/log2(3) = 2.26186, IDCG = 2 + 1/log2(3) =
	// 2.63093, NDCG = 0.85972. q2 finds d2 (d5's grade 0 is not
	// relevant). q3's only relevant document, "d6/x" (an id unusable as a
	// file name), shares no word with it. q4 has no judgments and is not
	// asked.
	out := filepath.Join(t.TempDir(), "pq.jsonl")
	report := bench(t, "beir", "--corpus", beirCorpus, "--queries", beirQueries, "--qrels", beirQrels, "--mode", "keyword", "--per-question", out)
	checkFields(t, report, map[string]any{
		"queries": 3, "documents": 6, "mode": "keyword",
		"ndcg@10": 0.6199, "recall@10": 0.6667, "recall@100": 0.6667,
	})
	lines := readLines(t, out)
	checkFields(t, lines[0], map[string]any{"id": "q1", "metrics.ndcg@10": 0.8597})

	// In hybrid mode the vector side ranks every document, the
	// unsafe id mapping back from its file name.
	report = bench(t, "beir", "--corpus", beirCorpus, "--queries", beirQueries, "--qrels", beirQrels, "--per-question", out)
	checkFields(t, report, map[string]any{"mode": "hybrid", "recall@10": 1})
	lines = readLines(t, out)
	found := false
	for _, id := range lines[2]["ranked"].([]any) {
		found = found || id == "d6/x"
	}
	if !found {
		t.Errorf("q3 ranked %v, want d6/x among them", lines[2]["ranked"])
	}
}

func TestTuningFlags(t *testing.T) {
	report := bench(t, "--fusion", "keyword", "--embedder", "none", "beir", "--corpus", beirCorpus, "--queries", beirQueries, "--qrels", beirQrels)
	// Without an embedder the library degrades hybrid to keyword.
	checkFields(t, report, map[string]any{"mode": "keyword", "embedder": "none", "settings.fusion": "keyword"})
}

// TestQueryFlags checks --scores, --question-stop-words and
// --phrase-weight on real runs: a session that holds only the question
// word "remind" is a keyword match by default and none once question
// words are dropped.
func TestQueryFlags(t *testing.T) {
	data := filepath.Join(t.TempDir(), "remind.jsonl")
	rec := map[string]any{
		"question_id": "q-remind", "question_type": "single-session-user",
		"question": "Can you remind me about the lighthouse trip?", "answer": "Portland",
		"question_date":        "2023/05/30 (Tue) 23:40",
		"haystack_session_ids": []string{"s_light", "s_remind", "s_pasta"},
		"haystack_dates":       []string{"2023/05/01 (Mon) 10:00", "2023/05/02 (Tue) 10:00", "2023/05/03 (Wed) 10:00"},
		"haystack_sessions": [][]map[string]any{
			{{"role": "user", "content": "We drove to the lighthouse near Portland for a day trip."}},
			{{"role": "user", "content": "Please remind me to water the plants."}},
			{{"role": "user", "content": "How long should I boil fresh tagliatelle?"}},
		},
		"answer_session_ids": []string{"s_light"},
	}
	b, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(data, append(b, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		global []string
		ranked []any
	}{
		{"default", nil, []any{"s_light", "s_remind"}},
		{"question words dropped", []string{"--question-stop-words", "--phrase-weight", "0"}, []any{"s_light"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "pq.jsonl")
			args := append(append([]string{}, tt.global...), "longmemeval", "--data", data, "--mode", "keyword", "--scores", "--per-question", out)
			report := bench(t, args...)
			drop := len(tt.global) > 0
			checkFields(t, report, map[string]any{"settings.question_stop_words": drop, "settings.phrase_weight": map[bool]float64{false: 0.3, true: 0}[drop]})
			lines := readLines(t, out)
			if len(lines) != 1 {
				t.Fatalf("%d per-question lines, want 1", len(lines))
			}
			if got := lines[0]["ranked"].([]any); !reflect.DeepEqual(got, tt.ranked) {
				t.Errorf("ranked %v, want %v", got, tt.ranked)
			}
			hits := lines[0]["hits"].([]any)
			if len(hits) != len(tt.ranked) {
				t.Fatalf("%d hits, want %d (one chunk per matching session)", len(hits), len(tt.ranked))
			}
			for i, h := range hits {
				hit := h.([]any)
				if len(hit) != 6 || hit[0] != tt.ranked[i] || hit[3] == nil || hit[4] != nil || hit[5] != hit[1] {
					t.Errorf("hit %d = %v, want [%v, k, v, bm25, null, k] (keyword mode: no cosine, the score is k)", i, hit, tt.ranked[i])
				}
				if k := hit[1].(float64); !(k > 0 && k <= 1) {
					t.Errorf("hit %d keyword score %v, want in (0,1]", i, k)
				}
			}
		})
	}
}

func TestUsageErrors(t *testing.T) {
	tests := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"longmemeval", "--data", lmeData, "--mode", "fuzzy"}, 2, `invalid --mode "fuzzy"`},
		{[]string{"longmemeval", "--data", lmeData, "--turns", "bot"}, 2, `invalid --turns "bot"`},
		{[]string{"longmemeval"}, 2, `"data" not set`},
		{[]string{"--embedder", "openai", "beir", "--corpus", beirCorpus, "--queries", beirQueries, "--qrels", beirQrels}, 2, "needs --embedding-model"},
		{[]string{"--fusion", "max", "locomo", "--data", locomoData}, 2, `invalid --fusion "max"`},
		{[]string{"--fusion", "rrf", "locomo", "--data", locomoData}, 2, `invalid --fusion "rrf": want blend, keyword or vector`},
		{[]string{"--phrase-weight", "-1", "locomo", "--data", locomoData}, 2, "invalid --phrase-weight -1"},
		{[]string{"--embedding-timeout", "-1s", "locomo", "--data", locomoData}, 2, "invalid --embedding-timeout -1s: must not be negative"},
		{[]string{"--embedding-in-flight", "-2", "locomo", "--data", locomoData}, 2, "invalid --embedding-in-flight -2: must not be negative"},
		// One form with memweave's: "invalid --FLAG VALUE: why", not
		// pflag's (`invalid argument "x" for "--chunk-tokens" flag:
		// strconv.ParseInt: ...`) nor a flag without its value; a flag
		// given two values is refused rather than the last one kept.
		{[]string{"--chunk-tokens", "x", "locomo", "--data", locomoData}, 2, `invalid --chunk-tokens "x": want a whole number`},
		{[]string{"--chunk-tokens", "100000", "locomo", "--data", locomoData}, 2, "invalid --chunk-tokens 100000: must be at most 8192"},
		{[]string{"speed", "--chunks", "1e3"}, 2, `invalid --chunks "1e3": want a whole number`},
		{[]string{"speed", "--cold-runs", "0"}, 2, "invalid --cold-runs 0: must be at least 1"},
		{[]string{"speed", "--write-rounds", "0"}, 2, "invalid --write-rounds 0: must be at least 1"},
		{[]string{"--fusion", "keyword", "--fusion", "vector", "locomo", "--data", locomoData}, 2, `"--fusion" given twice ("keyword", then "vector"): it takes one value`},
		{[]string{"--embedder", "openai", "--embedding-model", "m", "--embedding-url", "ftp://sk-secret@host/v1", "locomo", "--data", locomoData}, 2, `invalid --embedding-url "ftp://xxxxx@host/v1"`},
		{[]string{"--embedding-url", "host/v1?key=sk-secret", "locomo", "--data", locomoData}, 2, `invalid --embedding-url "host/v1?key=xxxxx"`},
		{[]string{"--embedder", "bogus", "locomo", "--data", locomoData}, 2, `invalid --embedder "bogus"`},
		{[]string{"locomo", "--data", locomoData, "--level", "word"}, 2, `invalid --level "word"`},
		{[]string{"locomo", "--data", "testdata/missing.json"}, 1, "no such file"},
		{[]string{"beir", "--corpus", beirCorpus, "--queries", beirQrels, "--qrels", beirQrels}, 1, "beir_qrels.tsv"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run(t.Context(), tt.args, &stdout, &stderr)
			if code != tt.code || !strings.Contains(stderr.String(), tt.msg) {
				t.Errorf("exit %d, stderr %q; want exit %d and a message containing %q", code, stderr.String(), tt.code, tt.msg)
			}
			if stdout.Len() > 0 {
				t.Errorf("stdout = %q, want nothing on failure", stdout.String())
			}
		})
	}
}

// TestRemoteEmbedderWithoutDims runs the harness against an
// OpenAI-compatible endpoint without --embedding-dims: every file must
// get its vectors (the harness fails on pending files) and the searches
// must be hybrid.
func TestRemoteEmbedderWithoutDims(t *testing.T) {
	srv := memweavetest.NewEmbedServer(t, 32)
	report := bench(t, "--embedder", "openai", "--embedding-model", "m", "--embedding-url", srv.BaseURL(),
		"--embedding-timeout", "1m", "--embedding-batch-size", "2", "--embedding-in-flight", "1",
		"beir", "--corpus", beirCorpus, "--queries", beirQueries, "--qrels", beirQrels)
	checkFields(t, report, map[string]any{"mode": "hybrid", "queries": 3, "documents": 6})
	if srv.Texts.Load() == 0 {
		t.Error("the embedding server embedded nothing")
	}
}
