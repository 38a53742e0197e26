package memweave_test

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
	"github.com/memweave/memweave-go/postprocess"
	"github.com/memweave/memweave-go/search"
)

var updateGolden = flag.Bool("update", false, "rewrite the golden files under testdata/search")

// fixtureDir is a small realistic workspace: dated and evergreen notes in
// the root namespace and three agents' folders.
var fixtureDir = filepath.Join("testdata", "search", "workspace")

// openFixture indexes the fixture workspace into a temporary index, so
// that testdata is only read: its memweave.json is committed, so Index
// finds the workspace's settings and writes none.
func openFixture(tb testing.TB, cfg memweave.Config) *memweave.Weave {
	tb.Helper()
	cfg.DBPath = filepath.Join(tb.TempDir(), "index.db")
	w := open(tb, fixtureDir, cfg)
	mustIndex(tb, w)
	return w
}

// mustSearch runs a search and fails the test on error.
func mustSearch(tb testing.TB, w *memweave.Weave, query string, opts ...memweave.SearchOption) *memweave.SearchResponse {
	tb.Helper()
	resp, err := w.Search(context.Background(), query, opts...)
	if err != nil {
		tb.Fatalf("Search(%q): %v", query, err)
	}
	return resp
}

// loc is a result's location, path:start-end.
func loc(r memweave.Result) string { return fmt.Sprintf("%s:%d-%d", r.Path, r.StartLine, r.EndLine) }

func locs(rs []memweave.Result) []string {
	out := []string{}
	for _, r := range rs {
		out = append(out, loc(r))
	}
	return out
}

func paths(rs []memweave.Result) []string {
	out := []string{}
	for _, r := range rs {
		out = append(out, r.Path)
	}
	return out
}

// find returns the first result from path, or nil.
func find(rs []memweave.Result, path string) *memweave.Result {
	for i := range rs {
		if rs[i].Path == path {
			return &rs[i]
		}
	}
	return nil
}

// corpus is twenty notes of an engineering team's memory. Exactly one
// chunk holds the identifier ZEBRA-COMET-2026; others share its parts
// ("comet", "zebra", "2026") so that partial matches compete with it.
var corpus = map[string]string{
	"memory/stack.md": "# Stack\n\n## Index storage\n\nDecision: the search index database is SQLite, one file per workspace, " +
		"with FTS5 for keywords and sqlite-vec for vectors. We chose SQLite over Postgres because it needs no server.\n\n" +
		"## Caching\n\nWe use Valkey instead of Redis for the session cache. Target latency SLA: 5ms p99.\n",
	"memory/people.md": "# People\n\n- Dana Okafor: tech lead, owns the ingestion pipeline and the on-call rota.\n" +
		"- Luis Ferreira: storage engineer.\n- Mei Chen: evaluation and benchmarks.\n",
	"memory/preferences.md": "# Preferences\n\n- Short answers, command first.\n- Dark mode everywhere.\n- Europe/Berlin time zone.\n",
	"memory/2026-06-02.md":  "# 2026-06-02\n\nKickoff meeting. Compared Postgres with pgvector against an embedded store.\n",
	"memory/2026-09-14.md":  "# 2026-09-14\n\nThe Comet dashboard (Grafana) now shows ingestion lag per tenant.\n",
	"memory/2026-10-01.md":  "# 2026-10-01\n\nZebra crossing outside the office is closed; use the north entrance.\n",
	"memory/2026-11-28.md":  "# 2026-11-28\n\nDeploy of v1.4.0 failed: the migration timed out. Rolled back in 4 minutes.\n",
	"memory/2026-11-30.md":  "# 2026-11-30\n\nShipped v1.4.1 with the migration timeout fix.\n",
	"memory/researcher_agent/notes.md": "# Experiments\n\n## Recall\n\nThe ZEBRA-COMET-2026 experiment measured recall@5 on LongMemEval " +
		"with hybrid search and decay.\n\n## Embeddings\n\nnomic-embed-text beats the hash embedder on paraphrases.\n",
	"memory/researcher_agent/2026-11-20.md": "# 2026-11-20\n\nComet-style tails in the latency histogram come from cold caches.\n",
	"memory/researcher_agent/reading.md":    "# Reading list\n\n- MMR (Carbonell and Goldstein, 1998).\n- BM25 and its variants.\n",
	"memory/ops_agent/runbook.md": "# Runbook\n\n## Rollback\n\nRun `make rollback VERSION=<previous>` from the release branch.\n\n" +
		"## Error codes\n\n- ERR-4821: upstream timeout from the ledger API.\n",
	"memory/ops_agent/2026-11-29.md":     "# 2026-11-29\n\nIncident: ERR-4821 spiked after the ledger API slowed down.\n",
	"memory/ops_agent/oncall.md":         "# On-call\n\nThe rota changes on Mondays. Pages go to the primary, then to Dana.\n",
	"memory/ops_agent/dashboards.md":     "# Dashboards\n\nGrafana boards: Comet (ingestion), Zebra (billing), Heron (search latency).\n",
	"memory/planner_agent/roadmap.md":    "# Roadmap 2026\n\n- File watcher on by default.\n- Optional cross-encoder reranking.\n",
	"memory/planner_agent/2026-11-30.md": "# 2026-11-30\n\nPlanning review: the watcher slips to Q1 2027.\n",
	"memory/planner_agent/risks.md":      "# Risks\n\n- Embedding provider outage: search degrades to keywords.\n",
	"memory/glossary.md":                 "# Glossary\n\n- Chunk: a piece of a Markdown file, at most 400 tokens.\n- Namespace: a folder under memory/.\n",
	"memory/meetings.md":                 "# Meetings\n\nWeekly sync on Tuesdays at 10:00; demo day every second Friday.\n",
}

func TestSearchExactTokenWithDefaults(t *testing.T) {
	if len(corpus) != 20 {
		t.Fatalf("corpus has %d files, want 20", len(corpus))
	}
	w := open(t, memweavetest.Workspace(t, corpus), memweave.Config{})
	mustIndex(t, w)
	resp := mustSearch(t, w, "ZEBRA-COMET-2026")
	if resp.Mode != memweave.ModeHybrid {
		t.Errorf("Search mode = %q, want hybrid", resp.Mode)
	}
	if len(resp.Results) == 0 {
		t.Fatalf("Search(ZEBRA-COMET-2026) found nothing with default settings")
	}
	top := resp.Results[0]
	if top.Path != "memory/researcher_agent/notes.md" || !strings.Contains(top.Text, "ZEBRA-COMET-2026") {
		t.Errorf("Search(ZEBRA-COMET-2026)[0] = %s %q, want the researcher_agent chunk holding it; all: %q",
			loc(top), top.Text, locs(resp.Results))
	}
	if top.Score < *w.Config().MinScore || top.Explain.BM25 == nil {
		t.Errorf("top result score %v (BM25 %v), want >= %v with a keyword match", top.Score, top.Explain.BM25, w.Config().MinScore)
	}
	for _, r := range resp.Results[1:] {
		if strings.Contains(r.Text, "ZEBRA-COMET-2026") {
			t.Errorf("second chunk %s holds the identifier; the corpus has one", loc(r))
		}
		if r.Score >= top.Score {
			t.Errorf("%s scores %v >= top %v", loc(r), r.Score, top.Score)
		}
	}
}

func TestSearchNaturalLanguage(t *testing.T) {
	w := open(t, memweavetest.Workspace(t, corpus), memweave.Config{})
	mustIndex(t, w)
	tests := []struct {
		query string
		want  string // path:start-end of the expected top chunk
		grep  string // a phrase the top chunk holds
	}{
		{"what database did we pick for the index", "memory/stack.md:1-5", "SQLite"},
		{"who is responsible for the ingestion pipeline?", "memory/people.md:1-5", "Dana Okafor"},
		{"how do we do a rollback after a bad release?", "memory/ops_agent/runbook.md:1-5", "make rollback"},
		{"what does error ERR-4821 mean", "memory/ops_agent/runbook.md:7-9", "upstream timeout"},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			// The premise: no chunk holds every non-stop word of the query.
			terms := search.QueryTerms(tt.query)
			for p, text := range corpus {
				if containsAll(strings.ToLower(text), terms) {
					t.Fatalf("%s holds every query term %q; the test needs a partial match", p, terms)
				}
			}
			resp := mustSearch(t, w, tt.query)
			if len(resp.Results) == 0 {
				t.Fatalf("Search(%q) found nothing with default settings", tt.query)
			}
			if got := loc(resp.Results[0]); got != tt.want || !strings.Contains(resp.Results[0].Text, tt.grep) {
				t.Errorf("Search(%q)[0] = %s, want %s (holding %q); all: %q", tt.query, got, tt.want, tt.grep, locs(resp.Results))
			}
		})
	}
}

func containsAll(text string, terms []string) bool {
	for _, t := range terms {
		if !strings.Contains(text, t) {
			return false
		}
	}
	return true
}

func TestSearchGolden(t *testing.T) {
	w := openFixture(t, memweave.Config{})
	queries := []struct {
		query string
		desc  string // how opts differ from the defaults, for the golden file
		opts  []memweave.SearchOption
	}{
		{"what database did we pick for the index", "min=0 max=3", []memweave.SearchOption{memweave.MinScore(0), memweave.MaxResults(3)}},
		{"how do we roll back a deploy", "min=0 max=4", []memweave.SearchOption{memweave.MinScore(0), memweave.MaxResults(4)}},
		{"how do we roll back a deploy", "min=0 max=4 decay=30", []memweave.SearchOption{memweave.MinScore(0), memweave.MaxResults(4), memweave.Decay(30)}},
		{"ERR-4821 timeout", "defaults", nil},
		{"recall on LongMemEval", "defaults", nil},
		{"session cache", "min=0 max=4 mmr=0.5", []memweave.SearchOption{memweave.MinScore(0), memweave.MaxResults(4), memweave.MMR(0.5)}},
		{"who owns the ingestion pipeline", "defaults", nil},
		{"user prefers dark mode", "defaults", nil},
		{"中文检索", "defaults", nil},
		{"watcher roadmap", "min=0 sources=planner_agent", []memweave.SearchOption{memweave.MinScore(0), memweave.Sources("planner_agent")}},
		{"ZEBRA-COMET-2026", "defaults", nil},
		{"storage options for the index", "min=0 max=4", []memweave.SearchOption{memweave.MinScore(0), memweave.MaxResults(4)}},
		{"storage options for the index", "min=0 max=4 decay=30", []memweave.SearchOption{memweave.MinScore(0), memweave.MaxResults(4), memweave.Decay(30)}},
	}
	var b strings.Builder
	for _, q := range queries {
		resp := mustSearch(t, w, q.query, q.opts...)
		fmt.Fprintf(&b, "# %s [%s] mode=%s\n", q.query, q.desc, resp.Mode)
		if len(resp.Results) == 0 {
			b.WriteString("(no results)\n")
		}
		for _, r := range resp.Results {
			fmt.Fprintf(&b, "%s %.4f\n", loc(r), r.Score)
		}
		b.WriteString("\n")
	}
	golden := filepath.Join("testdata", "search", "ranked.golden")
	if *updateGolden {
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test -tags sqlite_fts5 -run TestSearchGolden -update to create it)", err)
	}
	if got := b.String(); got != string(want) {
		t.Errorf("ranked results differ from %s (run with -update if the change is intended):\n%s", golden, lineDiff(got, string(want)))
	}
}

// lineDiff lists the lines that differ between got and want.
func lineDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	var b strings.Builder
	for i := 0; i < max(len(g), len(w)); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			fmt.Fprintf(&b, "line %d:\n  got:  %s\n  want: %s\n", i+1, gl, wl)
		}
	}
	return b.String()
}

// decayNotes holds the same note written 180 days ago and today, and an
// evergreen file on the same topic.
var decayNotes = map[string]string{
	"memory/2026-06-03.md": "# Cache log\n\nValkey session cache: keep the TTL at 30 minutes.\n",
	"memory/2026-11-30.md": "# Cache log\n\nValkey session cache: keep the TTL at 30 minutes.\n",
	"memory/cache.md":      "# Cache\n\nThe Valkey session cache evicts by LRU; TTL is configured per key.\n",
}

func TestSearchDecay(t *testing.T) {
	const (
		old, today, evergreen = "memory/2026-06-03.md", "memory/2026-11-30.md", "memory/cache.md"
		query                 = "Valkey session cache TTL"
	)
	w := open(t, memweavetest.Workspace(t, decayNotes), memweave.Config{})
	mustIndex(t, w)

	plain := mustSearch(t, w, query, memweave.MinScore(0))
	for _, r := range plain.Results {
		if r.Explain.Decay != nil || r.Explain.FileDate != "" {
			t.Errorf("without decay %s has Explain.Decay %v FileDate %q, want none", loc(r), r.Explain.Decay, r.Explain.FileDate)
		}
	}
	po, pt, pe := find(plain.Results, old), find(plain.Results, today), find(plain.Results, evergreen)
	if po == nil || pt == nil || pe == nil {
		t.Fatalf("without decay: results %q, want all three files", locs(plain.Results))
	}
	if po.Score != pt.Score {
		t.Fatalf("identical notes score %v (old) and %v (today) without decay; the test needs equal relevance", po.Score, pt.Score)
	}

	decayed := mustSearch(t, w, query, memweave.MinScore(0), memweave.Decay(30), memweave.Now(memweavetest.Now))
	do, dt, de := find(decayed.Results, old), find(decayed.Results, today), find(decayed.Results, evergreen)
	if do == nil || dt == nil || de == nil {
		t.Fatalf("with decay: results %q, want all three files", locs(decayed.Results))
	}
	if slices.Index(paths(decayed.Results), today) > slices.Index(paths(decayed.Results), old) {
		t.Errorf("with decay the order is %q, want today's note above the old one", paths(decayed.Results))
	}
	if de.Score != pe.Score || de.Explain.Decay != nil || de.Explain.FileDate != "" {
		t.Errorf("evergreen with decay: score %v (was %v), Decay %v, FileDate %q; want unchanged and no decay",
			de.Score, pe.Score, de.Explain.Decay, de.Explain.FileDate)
	}
	wantOld := math.Pow(0.5, 180.0/30) // 180 days at a 30-day half-life
	tests := []struct {
		r     *memweave.Result
		plain float64
		mult  float64
		date  string
	}{
		{dt, pt.Score, 1, "2026-11-30"},
		{do, po.Score, wantOld, "2026-06-03"},
	}
	for _, tt := range tests {
		if tt.r.Explain.Decay == nil || math.Abs(*tt.r.Explain.Decay-tt.mult) > 1e-12 || tt.r.Explain.FileDate != tt.date {
			t.Errorf("%s: Explain.Decay %v FileDate %q, want %v and %q", tt.r.Path, tt.r.Explain.Decay, tt.r.Explain.FileDate, tt.mult, tt.date)
		}
		if want := tt.plain * tt.mult; math.Abs(tt.r.Score-want) > 1e-12 || tt.r.Explain.Fused != tt.plain {
			t.Errorf("%s: score %v fused %v, want %v from %v", tt.r.Path, tt.r.Score, tt.r.Explain.Fused, want, tt.plain)
		}
	}

	// Now moves the reference day: a year later today's note is old too.
	later := mustSearch(t, w, query, memweave.MinScore(0), memweave.Decay(30),
		memweave.Now(memweavetest.Now.AddDate(1, 0, 0)))
	if r := find(later.Results, today); r == nil || r.Explain.Decay == nil || *r.Explain.Decay > 0.01 {
		t.Errorf("a year later today's note has decay %v, want under 0.01", r)
	}
	// Config.Now is the default reference time.
	viaConfig := mustSearch(t, w, query, memweave.MinScore(0), memweave.Decay(30))
	if got, want := locs(viaConfig.Results), locs(decayed.Results); !slices.Equal(got, want) {
		t.Errorf("decay with Config.Now ranks %q, with Now(memweavetest.Now) %q", got, want)
	}
}

func TestSearchThresholdBeforeDecay(t *testing.T) {
	const old = "memory/2026-06-03.md"
	w := open(t, memweavetest.Workspace(t, decayNotes), memweave.Config{})
	mustIndex(t, w)
	minScore := *w.Config().MinScore
	resp := mustSearch(t, w, "Valkey session cache TTL", memweave.Decay(30))
	r := find(resp.Results, old)
	if r == nil {
		t.Fatalf("Search with decay = %q, want %s: it passes %v before decay", locs(resp.Results), old, minScore)
	}
	if r.Explain.Fused < minScore || r.Score >= minScore || r.Explain.Threshold != minScore {
		t.Errorf("%s: fused %v, decayed %v, threshold %v; want fused >= %v > decayed, threshold %v",
			old, r.Explain.Fused, r.Score, r.Explain.Threshold, minScore, minScore)
	}
	// The same result without decay is kept with its fused score.
	plain := mustSearch(t, w, "Valkey session cache TTL")
	if p := find(plain.Results, old); p == nil || p.Score != r.Explain.Fused {
		t.Errorf("without decay %s = %v, want score %v", old, p, r.Explain.Fused)
	}
}

// Texts for the MMR tests: A and B are near duplicates, C is different.
var (
	mmrLatin = [3]string{
		"We chose Valkey as the session cache because it is wire compatible with Redis and has a permissive license.",
		"We chose Valkey as the session cache because it is wire compatible with Redis and its license is permissive.",
		"Deploys of the session service go through GitHub Actions and need a manual approval.",
	}
	mmrChinese = [3]string{
		"我们决定使用Valkey作为会话缓存，因为它与Redis协议兼容并且许可证宽松。",
		"我们决定使用Valkey作为会话缓存，因为它与Redis协议兼容而且许可证宽松。",
		"会话服务的部署通过持续集成流水线进行，生产环境需要值班工程师手动批准。",
	}
)

func TestSearchMMR(t *testing.T) {
	for _, tt := range []struct {
		name  string
		texts [3]string
		query string
	}{
		{"latin", mmrLatin, "chose Valkey session cache license"},
		{"chinese", mmrChinese, "我们决定使用Valkey作为会话缓存"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{}
			for i, text := range tt.texts {
				files[fmt.Sprintf("memory/note-%c.md", 'a'+i)] = text + "\n"
			}
			w := open(t, memweavetest.Workspace(t, files), memweave.Config{})
			mustIndex(t, w)
			a, b, c := "memory/note-a.md", "memory/note-b.md", "memory/note-c.md"

			plain := mustSearch(t, w, tt.query, memweave.MinScore(0))
			if got := paths(plain.Results); len(got) != 3 || got[2] != c {
				t.Fatalf("without MMR = %q, want the two duplicates first and %s last", got, c)
			}
			if got, want := paths(mustSearch(t, w, tt.query, memweave.MinScore(0), memweave.MMR(1)).Results), paths(plain.Results); !slices.Equal(got, want) {
				t.Errorf("MMR(1) = %q, want the relevance order %q", got, want)
			}
			div := mustSearch(t, w, tt.query, memweave.MinScore(0), memweave.MMR(0))
			top := plain.Results[0].Path
			dup := a
			if top == a {
				dup = b
			}
			if got, want := paths(div.Results), []string{top, c, dup}; !slices.Equal(got, want) {
				t.Errorf("MMR(0) = %q, want %q: the different chunk moves above the duplicate", got, want)
			}
			for i, r := range div.Results {
				before := slices.Index(paths(plain.Results), r.Path) + 1
				if r.Explain.RankAfterMMR != i+1 || r.Explain.RankBeforeMMR != before {
					t.Errorf("%s: RankBeforeMMR %d RankAfterMMR %d, want %d and %d", r.Path, r.Explain.RankBeforeMMR, r.Explain.RankAfterMMR, before, i+1)
				}
				if p := find(plain.Results, r.Path); p.Score != r.Score {
					t.Errorf("MMR changed the score of %s: %v, was %v", r.Path, r.Score, p.Score)
				}
			}
			for _, r := range plain.Results {
				if r.Explain.RankBeforeMMR != 0 || r.Explain.RankAfterMMR != 0 {
					t.Errorf("without MMR %s has MMR ranks %d/%d", r.Path, r.Explain.RankBeforeMMR, r.Explain.RankAfterMMR)
				}
			}
		})
	}
	// Two different Chinese chunks are not near duplicates: MMR with a
	// diversity-leaning lambda leaves their relevance order alone.
	t.Run("chinese different", func(t *testing.T) {
		w := open(t, memweavetest.Workspace(t, map[string]string{
			"memory/cache.md":  mmrChinese[0] + "\n",
			"memory/deploy.md": mmrChinese[2] + "\n",
			"memory/other.md":  "周五下午团队在会议室评审了本季度的路线图和招聘计划。\n",
		}), memweave.Config{})
		mustIndex(t, w)
		q := "会话缓存和会话服务的部署"
		plain := mustSearch(t, w, q, memweave.MinScore(0))
		mmr := mustSearch(t, w, q, memweave.MinScore(0), memweave.MMR(0.3))
		if got, want := paths(mmr.Results), paths(plain.Results); len(got) != 3 || !slices.Equal(got, want) {
			t.Errorf("MMR(0.3) on different Chinese chunks = %q, want the relevance order %q", got, want)
		}
	})
}

func TestSearchSources(t *testing.T) {
	w := openFixture(t, memweave.Config{})
	const query = "rollback timeout recall watcher cache"
	tests := []struct {
		sources []string
		want    []string // the sources that must all appear, and nothing else
	}{
		{[]string{"researcher_agent"}, []string{"researcher_agent"}},
		{[]string{"ops_agent", "planner_agent"}, []string{"ops_agent", "planner_agent"}},
		{[]string{"memory"}, []string{"memory"}},
		{[]string{"no_such_agent"}, nil},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.sources, "+"), func(t *testing.T) {
			resp := mustSearch(t, w, query, memweave.MinScore(0), memweave.MaxResults(30), memweave.Sources(tt.sources...))
			got := map[string]bool{}
			for _, r := range resp.Results {
				got[r.Source] = true
				if !slices.Contains(tt.want, r.Source) || !strings.HasPrefix(r.Path, "memory/") {
					t.Errorf("Sources(%q) returned %s from source %q", tt.sources, loc(r), r.Source)
				}
			}
			for _, s := range tt.want {
				if !got[s] {
					t.Errorf("Sources(%q) returned no result from %q; got %q", tt.sources, s, locs(resp.Results))
				}
			}
			if tt.want == nil && (len(resp.Results) != 0 || resp.Results == nil) {
				t.Errorf("Sources(%q) = %q, want an empty, non-nil list", tt.sources, locs(resp.Results))
			}
		})
	}
	// The filter applies before the candidate pool is cut: forty closer
	// matches elsewhere do not crowd out the one in the named namespace.
	crowd := map[string]string{"memory/researcher_agent/note.md": "# Note\n\nThe rollback of the ledger took a while.\n"}
	for i := range 40 {
		crowd[fmt.Sprintf("memory/ops_agent/rollback-%02d.md", i)] = fmt.Sprintf("# Rollback %d\n\nRollback of the ledger service, run %d.\n", i, i)
	}
	cw := open(t, memweavetest.Workspace(t, crowd), memweave.Config{})
	mustIndex(t, cw)
	if got := paths(mustSearch(t, cw, "ledger rollback", memweave.MinScore(0), memweave.Sources("researcher_agent")).Results); !slices.Equal(got, []string{"memory/researcher_agent/note.md"}) {
		t.Errorf("Sources(researcher_agent) among 40 closer ops_agent matches = %q, want the researcher note", got)
	}

	// Sources given in two options add up.
	resp := mustSearch(t, w, query, memweave.MinScore(0), memweave.MaxResults(30),
		memweave.Sources("ops_agent"), memweave.Sources("planner_agent"))
	for _, r := range resp.Results {
		if r.Source != "ops_agent" && r.Source != "planner_agent" {
			t.Errorf("Sources(ops_agent), Sources(planner_agent) returned %s from %q", loc(r), r.Source)
		}
	}
}

func TestSearchPostprocessors(t *testing.T) {
	const query = "rollback timeout deploy recall"
	opts := []memweave.SearchOption{memweave.MinScore(0), memweave.MaxResults(100)}

	w := openFixture(t, memweave.Config{})
	base := mustSearch(t, w, query, opts...)
	baseScore := map[int64]float64{}
	for _, r := range base.Results {
		baseScore[r.ChunkID] = r.Score
	}

	var calls []string
	boost, halve := boostAndHalve(&calls)
	w.Use(boost)
	w.Use(halve)
	resp := mustSearch(t, w, query, opts...)
	if want := []string{"boost-ops:" + query, "halve:" + query}; !slices.Equal(calls, want) {
		t.Errorf("postprocessor calls = %q, want %q", calls, want)
	}
	if len(resp.Results) == 0 || resp.Results[0].Source != "ops_agent" {
		t.Fatalf("boosted search = %q, want an ops_agent result first", locs(resp.Results))
	}
	checkBoostedHalved(t, base, baseScore, resp)
	checkFailingPostprocessor(t, query, boost)
}

// boostAndHalve returns the postprocessors of [TestSearchPostprocessors],
// which record each call, with its query, in calls: boost lifts the ops
// agent's results by 0.25 and re-sorts; halve halves every score and
// drops what falls under 0.1.
func boostAndHalve(calls *[]string) (boost, halve postprocess.Func) {
	boost = postprocess.Func{N: "boost-ops", F: func(_ context.Context, q string, rs []search.Result) ([]search.Result, error) {
		*calls = append(*calls, "boost-ops:"+q)
		for i := range rs {
			if rs[i].Source == "ops_agent" {
				rs[i].Score += 0.25
			}
		}
		slices.SortStableFunc(rs, func(a, b search.Result) int { return -compareFloat(a.Score, b.Score) })
		return rs, nil
	}}
	halve = postprocess.Func{N: "halve", F: func(_ context.Context, q string, rs []search.Result) ([]search.Result, error) {
		*calls = append(*calls, "halve:"+q)
		out := rs[:0]
		for _, r := range rs {
			r.Score /= 2
			if r.Score >= 0.1 {
				out = append(out, r)
			}
		}
		return out, nil
	}}
	return boost, halve
}

// checkBoostedHalved checks resp, a search through the postprocessors of
// [boostAndHalve], against base, the same search without them, whose
// scores by chunk are baseScore: which results are kept, their scores and
// the steps Explain.Processors records.
func checkBoostedHalved(t testing.TB, base *memweave.SearchResponse, baseScore map[int64]float64, resp *memweave.SearchResponse) {
	t.Helper()
	kept := 0
	for _, b := range base.Results {
		want := b.Score
		if b.Source == "ops_agent" {
			want += 0.25
		}
		want /= 2
		if want >= 0.1 {
			kept++
		}
	}
	if len(resp.Results) != kept {
		t.Errorf("got %d results, want the %d whose final score is >= 0.1", len(resp.Results), kept)
	}
	for i, r := range resp.Results {
		s0, ok := baseScore[r.ChunkID]
		if !ok {
			t.Errorf("%s was not in the unprocessed results", loc(r))
			continue
		}
		mid := s0
		if r.Source == "ops_agent" {
			mid += 0.25
		}
		if want := mid / 2; math.Abs(r.Score-want) > 1e-12 {
			t.Errorf("%s score %v, want (%v boosted to %v) / 2 = %v", loc(r), r.Score, s0, mid, want)
		}
		ch := r.Explain.Processors
		if len(ch) != 2 || ch[0].Name != "boost-ops" || ch[1].Name != "halve" {
			t.Errorf("%s Explain.Processors = %+v, want boost-ops then halve", loc(r), ch)
			continue
		}
		if ch[0].ScoreBefore != s0 || ch[0].ScoreAfter != mid || ch[1].ScoreBefore != mid || ch[1].ScoreAfter != r.Score ||
			ch[1].RankAfter != i+1 || ch[0].RankAfter != ch[1].RankBefore {
			t.Errorf("%s (rank %d) Explain.Processors = %+v, want scores %v -> %v -> %v", loc(r), i+1, ch, s0, mid, r.Score)
		}
	}
}

// checkFailingPostprocessor checks that a failing postprocessor, after
// boost, fails the search for query, by name.
func checkFailingPostprocessor(t testing.TB, query string, boost postprocess.Func) {
	t.Helper()
	errOffline := errors.New("reranker offline")
	w2 := openFixture(t, memweave.Config{})
	w2.Use(boost, postprocess.Func{N: "cross-encoder", F: func(context.Context, string, []search.Result) ([]search.Result, error) {
		return nil, errOffline
	}})
	got, err := w2.Search(context.Background(), query)
	if !errors.Is(err, errOffline) || !strings.Contains(err.Error(), "cross-encoder") || got != nil {
		t.Errorf("Search with a failing postprocessor = %v, %v; want nil and an error naming cross-encoder and wrapping its error", got, err)
	}
}

func compareFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func TestSearchDegradesToKeyword(t *testing.T) {
	ctx := context.Background()
	srv := memweavetest.NewEmbedServer(t, 64)
	root := memweavetest.Workspace(t, corpus)
	w := open(t, root, memweave.Config{Embedder: memweave.EmbedderConfig{
		Provider: "openai", Model: "test-embed", BaseURL: srv.BaseURL(), Dims: 64}})
	if res := mustIndex(t, w); res.FilesPending != 0 {
		t.Fatalf("Index = %+v, want every file embedded", res)
	}
	if resp := mustSearch(t, w, "ZEBRA-COMET-2026"); resp.Mode != memweave.ModeHybrid {
		t.Fatalf("Search with a live embedder: mode %q, want hybrid", resp.Mode)
	}
	srv.Status.Store(503)
	for _, mode := range []memweave.Mode{memweave.ModeHybrid, memweave.ModeVector} {
		t.Run(string(mode), func(t *testing.T) {
			resp, err := w.Search(ctx, "ZEBRA-COMET-2026", memweave.SearchMode(mode))
			if err != nil {
				t.Fatalf("Search(mode %s) with a failing embedder: %v, want keyword results", mode, err)
			}
			if resp.Mode != memweave.ModeKeyword {
				t.Errorf("Mode = %q, want keyword", resp.Mode)
			}
			if !slices.ContainsFunc(resp.Warnings, func(w memweave.Warning) bool {
				return strings.Contains(w.Error(), "embedding") && errors.Is(w, memweave.ErrEmbedderUnavailable)
			}) {
				t.Errorf("Warnings = %q, want one mentioning embedding that wraps ErrEmbedderUnavailable", resp.Warnings)
			}
			if len(resp.Results) == 0 || resp.Results[0].Path != "memory/researcher_agent/notes.md" {
				t.Fatalf("Results = %q, want the researcher note first", locs(resp.Results))
			}
			for _, r := range resp.Results {
				if r.VectorScore != nil || r.Explain.Cosine != nil || r.Explain.Fusion != "keyword" || r.TextScore == nil {
					t.Errorf("%s: VectorScore %v Cosine %v Fusion %q TextScore %v, want keyword scoring only",
						loc(r), r.VectorScore, r.Explain.Cosine, r.Explain.Fusion, r.TextScore)
				}
			}
		})
	}

	t.Run("embedder none", func(t *testing.T) {
		w := open(t, memweavetest.Workspace(t, corpus), memweave.Config{Embedder: memweave.EmbedderConfig{Provider: "none"}})
		mustIndex(t, w)
		resp := mustSearch(t, w, "ZEBRA-COMET-2026")
		if resp.Mode != memweave.ModeKeyword || len(resp.Warnings) == 0 {
			t.Errorf("Search with embedder none: mode %q warnings %q, want keyword and a warning", resp.Mode, resp.Warnings)
		}
		if len(resp.Results) == 0 || resp.Results[0].Path != "memory/researcher_agent/notes.md" {
			t.Errorf("Results = %q, want the researcher note first", locs(resp.Results))
		}
	})
}

func TestSearchSyncsChangedFiles(t *testing.T) {
	root, w := openIndexed(t, corpus, memweave.Config{})
	memweavetest.WriteFile(t, root, "memory/stack.md", "# Stack\n\n## Caching\n\nWe replaced Valkey with DragonflyDB in November.\n")
	memweavetest.WriteFile(t, root, "memory/ops_agent/kestrel.md", "# Kestrel\n\nKestrel is the new canary deployer.\n")
	if err := os.Remove(filepath.Join(root, "memory", "people.md")); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		query string
		path  string // the file that holds the answer on disk
		grep  string
		gone  bool // the file was deleted: no result from it
	}{
		{"DragonflyDB", "memory/stack.md", "DragonflyDB", false},
		{"Kestrel canary deployer", "memory/ops_agent/kestrel.md", "Kestrel", false},
		{"Dana Okafor ingestion pipeline", "memory/people.md", "Dana Okafor", true},
	}
	// First without sync: the index still has the old content.
	for _, tt := range tests {
		resp := mustSearch(t, w, tt.query, memweave.NoSync())
		found := slices.ContainsFunc(resp.Results, func(r memweave.Result) bool {
			return r.Path == tt.path && strings.Contains(r.Text, tt.grep)
		})
		if found == !tt.gone {
			t.Errorf("Search(%q, NoSync()) = %q: want the stale index (found %s: %v)", tt.query, locs(resp.Results), tt.path, tt.gone)
		}
	}
	// Then with the default sync.
	for _, tt := range tests {
		resp := mustSearch(t, w, tt.query, memweave.MinScore(0))
		if tt.gone {
			if r := find(resp.Results, tt.path); r != nil {
				t.Errorf("Search(%q) returned %s, deleted on disk", tt.query, loc(*r))
			}
			continue
		}
		if len(resp.Results) == 0 || resp.Results[0].Path != tt.path || !strings.Contains(resp.Results[0].Text, tt.grep) {
			t.Errorf("Search(%q) = %q, want %s holding %q first", tt.query, locs(resp.Results), tt.path, tt.grep)
		}
	}
	if st, err := w.Status(context.Background()); err != nil || st.StaleFiles != 0 {
		t.Errorf("Status after searching = %+v, %v; want no stale files", st, err)
	}
}

func TestSearchConfigNoSync(t *testing.T) {
	root, w := openIndexed(t, corpus, memweave.Config{NoSyncOnSearch: true})
	memweavetest.WriteFile(t, root, "memory/stack.md", "# Stack\n\nWe replaced Valkey with DragonflyDB.\n")
	if resp := mustSearch(t, w, "DragonflyDB"); slices.ContainsFunc(resp.Results, func(r memweave.Result) bool {
		return strings.Contains(r.Text, "DragonflyDB")
	}) {
		t.Errorf("Search with Config.NoSyncOnSearch = %q, found the unindexed edit", locs(resp.Results))
	}
}

func TestSearchSnippet(t *testing.T) {
	var long strings.Builder
	long.WriteString("# Benchmark log\n\n")
	for i := range 22 {
		if i == 15 {
			long.WriteString("Run 15 used the QUASAR-LANTERN-88 configuration, which doubled recall.\n")
			continue
		}
		fmt.Fprintf(&long, "Run %d: café latency stayed flat, 检索 recall unchanged, nothing new.\n", i)
	}
	files := maps.Clone(corpus)
	files["memory/researcher_agent/bench.md"] = long.String()
	root := memweavetest.Workspace(t, files)
	for _, tt := range []struct {
		snippetChars int // Config.SnippetChars
		max          int // the snippet's size limit
	}{
		{0, 700},
		{120, 120},
	} {
		w := open(t, root, memweave.Config{SnippetChars: tt.snippetChars, DBPath: filepath.Join(t.TempDir(), "index.db")})
		mustIndex(t, w)
		resp := mustSearch(t, w, "QUASAR-LANTERN-88", memweave.MinScore(0))
		if len(resp.Results) == 0 {
			t.Fatal("Search(QUASAR-LANTERN-88) found nothing")
		}
		r := resp.Results[0]
		if r.Path != "memory/researcher_agent/bench.md" || len(r.Text) <= 700 {
			t.Fatalf("Search(QUASAR-LANTERN-88)[0] = %s of %d bytes, want the benchmark log, longer than 700 bytes", loc(r), len(r.Text))
		}
		if len(r.Snippet) > tt.max || !strings.Contains(r.Snippet, "QUASAR-LANTERN-88") || !utf8.ValidString(r.Snippet) {
			t.Errorf("SnippetChars %d: Snippet (%d bytes) = %q, want at most %d valid UTF-8 bytes holding the term",
				tt.snippetChars, len(r.Snippet), r.Snippet, tt.max)
		}
	}
}

func TestSearchResultInvariants(t *testing.T) {
	w := openFixture(t, memweave.Config{})
	for _, q := range []string{"", " \t\n"} {
		if resp, err := w.Search(context.Background(), q); !errors.Is(err, memweave.ErrEmptyQuery) || resp != nil {
			t.Errorf("Search(%q) = %v, %v; want ErrEmptyQuery", q, resp, err)
		}
	}
	for _, q := range []string{"deploy rollback", "中文检索", "ERR-4821", "what did we decide", "a", "!!!"} {
		resp := mustSearch(t, w, q, memweave.MinScore(0), memweave.MaxResults(50))
		if resp.Query != q || resp.Results == nil || resp.Warnings == nil {
			t.Errorf("Search(%q) = query %q results nil %v warnings nil %v", q, resp.Query, resp.Results == nil, resp.Warnings == nil)
		}
		for i, r := range resp.Results {
			if !strings.HasPrefix(r.Path, "memory/") || strings.Contains(r.Path, `\`) || r.Source == "" ||
				r.StartLine < 1 || r.StartLine > r.EndLine || r.Headings == nil {
				t.Errorf("Search(%q)[%d] = %s source %q headings %v: malformed", q, i, loc(r), r.Source, r.Headings)
			}
			if len(r.Snippet) > w.Config().SnippetChars || r.Snippet == "" || !strings.Contains(r.Text, strings.Trim(r.Snippet, "…")) {
				t.Errorf("Search(%q)[%d] %s snippet %q is not a part of its text of at most %d bytes", q, i, loc(r), r.Snippet, w.Config().SnippetChars)
			}
			if r.Score < 0 || r.Score > 1 || (i > 0 && r.Score > resp.Results[i-1].Score) {
				t.Errorf("Search(%q)[%d] %s score %v: out of [0,1] or out of order", q, i, loc(r), r.Score)
			}
		}
	}
}

func TestSearchInvalidOptions(t *testing.T) {
	w := open(t, memweavetest.Workspace(t, corpus), memweave.Config{})
	tests := []struct {
		name string
		opt  memweave.SearchOption
		want string // the option the error must name
	}{
		{"MaxResults(0)", memweave.MaxResults(0), "MaxResults"},
		{"MaxResults(-3)", memweave.MaxResults(-3), "MaxResults"},
		{"MinScore(2)", memweave.MinScore(2), "MinScore"},
		{"MinScore(-0.1)", memweave.MinScore(-0.1), "MinScore"},
		{"MinScore(NaN)", memweave.MinScore(math.NaN()), "MinScore"},
		{`Mode("x")`, memweave.SearchMode("x"), "mode"},
		{"MMR(1.5)", memweave.MMR(1.5), "MMR"},
		{"MMR(-1)", memweave.MMR(-1), "MMR"},
		{"Decay(0)", memweave.Decay(0), "Decay"},
		{"Decay(-2)", memweave.Decay(-2), "Decay"},
		{"DateRange(to before from)", memweave.DateRange(time.Date(2026, 5, 2, 0, 0, 0, 0, time.UTC), time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)), "DateRange"},
	}
	for _, tt := range tests {
		resp, err := w.Search(context.Background(), "cache", tt.opt)
		if err == nil || resp != nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Search(%s) = %v, %v; want an error naming %s", tt.name, resp, err, tt.want)
		}
	}
	// Zero values that are real requests are accepted.
	for _, opt := range []memweave.SearchOption{memweave.MinScore(0), memweave.MinScore(1), memweave.MMR(0), memweave.DecayDefault(), memweave.SearchMode("")} {
		if _, err := w.Search(context.Background(), "cache", opt); err != nil {
			t.Errorf("Search with a valid option: %v", err)
		}
	}
	w.Close()
	if _, err := w.Search(context.Background(), "cache"); !errors.Is(err, memweave.ErrClosed) {
		t.Errorf("Search after Close = %v, want ErrClosed", err)
	}
}

// FuzzKeywordQuerySQLite checks that no query, whatever FTS5 syntax it
// holds, makes SQLite reject the keyword query built from it.
func FuzzKeywordQuerySQLite(f *testing.F) {
	for _, s := range []string{
		"", " ", `"`, `""`, `"unterminated`, `'single'`, "(", ")", "(a OR b", "a AND", "AND", "OR", "NOT", "NEAR",
		"NEAR(a b, 2)", "a NEAR/3 b", "*", "a*", "*a", "^start", "title:foo", ":", "col:", "{a b}:c", "-x", "+y",
		"ZEBRA-COMET-2026", "v1.2.3", "pkg/foo.go", "what did we decide?", "the", "我们决定使用缓存", "日本語のテキスト",
		"한국어 검색", "café naïve", "emoji 🦓☄️", "a\x00b", "\xff\xfe", "x\u200by", "\"a\" OR \"b\" *", "ERR-4821",
		strings.Repeat("word ", 100), strings.Repeat("检", 200),
	} {
		f.Add(s)
	}
	w := open(f, memweavetest.Workspace(f, map[string]string{
		"memory/notes.md":      "# Notes\n\nThe ZEBRA-COMET-2026 experiment; NEAR and AND are words here (really).\n",
		"memory/cjk.md":        "我们决定使用缓存。日本語のテキスト。한국어 검색.\n",
		"memory/2026-11-30.md": "# 2026-11-30\n\nTitle: foo \"quoted\" *star* ^caret v1.2.3 pkg/foo.go café\n",
	}), memweave.Config{})
	mustIndex(f, w)
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, s string) {
		q := search.KeywordQuery(s)
		// The user's text, and the planned FTS5 query itself fed back in as
		// user text: both must be accepted.
		for _, in := range []string{s, q} {
			resp, err := w.Search(ctx, in, memweave.SearchMode(memweave.ModeKeyword), memweave.NoSync(), memweave.MinScore(0))
			if strings.TrimSpace(in) == "" && errors.Is(err, memweave.ErrEmptyQuery) {
				continue
			}
			if err != nil {
				t.Fatalf("Search(%q) (FTS5 query %q): %v", in, search.KeywordQuery(in), err)
			}
			if resp.Mode != memweave.ModeKeyword {
				t.Fatalf("Search(%q) mode %q, want keyword", in, resp.Mode)
			}
		}
	})
}

// TestSearchInvalidDecay checks that a half-life Decay cannot use is
// refused, as the other options are, rather than silently replaced.
func TestSearchInvalidDecay(t *testing.T) {
	w := open(t, memweavetest.Workspace(t, decayNotes), memweave.Config{})
	mustIndex(t, w)
	for _, tt := range []struct {
		name string
		opt  memweave.SearchOption
	}{
		{"Decay(-5)", memweave.Decay(-5)},
		{"Decay(NaN)", memweave.Decay(math.NaN())},
	} {
		resp, err := w.Search(context.Background(), "Valkey session cache TTL", tt.opt)
		if err == nil || !strings.Contains(err.Error(), "Decay") {
			var applied []string
			if resp != nil {
				for _, r := range resp.Results {
					if r.Explain.Decay != nil {
						applied = append(applied, fmt.Sprintf("%s x%.4f", r.Path, *r.Explain.Decay))
					}
				}
			}
			t.Errorf("Search(%s) error %v, decay applied %q; want an error naming Decay", tt.name, err, applied)
		}
	}
}

// TestOpenInvalidSearchDefaults checks that Open refuses NaN search
// defaults, which pass range checks written as x < 0 || x > 1.
func TestOpenInvalidSearchDefaults(t *testing.T) {
	nan := math.NaN()
	for _, tt := range []struct {
		field string
		cfg   memweave.Config
	}{
		{"MinScore", memweave.Config{MinScore: &nan}},
		{"DecayHalfLifeDays", memweave.Config{DecayHalfLifeDays: nan}},
		{"MMRLambda", memweave.Config{MMRLambda: &nan}},
		{"MMRLambda", memweave.Config{MMRLambda: new(1.5)}},
		{"ChunkOverlap", memweave.Config{ChunkOverlap: new(-1)}},
		{"Fusion", memweave.Config{Fusion: search.FusionOptions{Method: "borda"}}},
		{"Fusion", memweave.Config{Fusion: search.FusionOptions{Method: "rrf"}}}, // removed in issue 32
	} {
		tt.cfg.Workspace, tt.cfg.Create = t.TempDir(), true
		w, err := memweave.Open(context.Background(), tt.cfg)
		var ce *memweave.ConfigError
		if !errors.As(err, &ce) || ce.Field != tt.field {
			t.Errorf("Open(%s: NaN) = %v; want a ConfigError on %s", tt.field, err, tt.field)
		}
		if w != nil {
			w.Close()
		}
	}
}

// TestSearchDecayTimeZone checks that "today" is in Config.TimeZone whether
// the reference time comes from Config.Now or from the Now option.
func TestSearchDecayTimeZone(t *testing.T) {
	la, err := time.LoadLocation("America/Los_Angeles")
	if err != nil {
		t.Skipf("no time zone data: %v", err)
	}
	// 03:00 UTC on November 30 is still November 29 in Los Angeles.
	instant := time.Date(2026, 11, 30, 3, 0, 0, 0, time.UTC)
	files := map[string]string{
		"memory/2026-11-29.md": "# Log\n\nValkey session cache TTL raised.\n",
		"memory/2026-11-28.md": "# Log\n\nValkey session cache TTL lowered.\n",
	}
	w := open(t, memweavetest.Workspace(t, files), memweave.Config{TimeZone: la, Now: func() time.Time { return instant }})
	mustIndex(t, w)
	want := map[string]float64{"memory/2026-11-29.md": 1, "memory/2026-11-28.md": math.Pow(0.5, 1.0/30)}
	for _, tt := range []struct {
		name string
		opts []memweave.SearchOption
	}{
		{"Config.Now", nil},
		{"Now(UTC instant)", []memweave.SearchOption{memweave.Now(instant)}},
		{"Now(LA instant)", []memweave.SearchOption{memweave.Now(instant.In(la))}},
	} {
		opts := append([]memweave.SearchOption{memweave.MinScore(0), memweave.Decay(30)}, tt.opts...)
		resp := mustSearch(t, w, "Valkey session cache TTL", opts...)
		for _, r := range resp.Results {
			if r.Explain.Decay == nil || math.Abs(*r.Explain.Decay-want[r.Path]) > 1e-12 {
				t.Errorf("%s: %s decay %s, want %v (today is 2026-11-29 in Los Angeles)", tt.name, r.Path, fmtPtr(r.Explain.Decay), want[r.Path])
			}
		}
	}
}

func fmtPtr(f *float64) string {
	if f == nil {
		return "nil"
	}
	return fmt.Sprint(*f)
}

// TestSearchExactTokenTinyWorkspace: in a workspace of two short notes
// BM25 gives every shared term an IDF of about 0; the exact identifier
// must still come back with default settings.
func TestSearchExactTokenTinyWorkspace(t *testing.T) {
	_, w := openIndexed(t, map[string]string{
		"memory/a.md": "# Incidents\n\nThe ZEBRA-COMET-2026 alert fired during the nightly rebuild; the on-call engineer restarted the indexer.\n",
		"memory/b.md": "# Stack\n\nWe use Valkey instead of Redis for the caching layer.\n",
	}, memweave.Config{})
	resp := mustSearch(t, w, "ZEBRA-COMET-2026")
	if len(resp.Results) == 0 || resp.Results[0].Path != "memory/a.md" {
		t.Fatalf("Search(ZEBRA-COMET-2026) in a 2-file workspace = %q, want memory/a.md first", locs(resp.Results))
	}
	if got := resp.Results[0].Score; got < 0.35 {
		t.Errorf("score %v below the default threshold", got)
	}
}

// TestSnippetFollowsQueryOptions checks that snippets highlight the words
// the keyword side searched: with question words dropped, "remind" does
// not pull the snippet of a long note away from the line that matched.
func TestSnippetFollowsQueryOptions(t *testing.T) {
	var b strings.Builder
	b.WriteString("# Notes\n\nRemind the team about the offsite.\n\n")
	for i := range 30 {
		fmt.Fprintf(&b, "Filler line %d about nothing in particular.\n", i)
	}
	b.WriteString("\nThe cache moved to Valkey in March.\n")
	root := memweavetest.Workspace(t, map[string]string{"memory/notes.md": b.String()})
	var cfg memweave.Config
	cfg.SnippetChars = 120
	cfg.Fusion.Query.DropQuestionWords = true
	w := open(t, root, cfg)
	mustIndex(t, w)
	resp, err := w.Search(context.Background(), "remind valkey", memweave.MinScore(0))
	if err != nil || len(resp.Results) == 0 {
		t.Fatalf("Search = %v, %v", resp, err)
	}
	if s := resp.Results[0].Snippet; !strings.Contains(s, "Valkey") || strings.Contains(s, "Remind") {
		t.Errorf("snippet = %q; want the Valkey line, not the dropped question word's", s)
	}
}
