package postprocess

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/memweave/memweave-go/search"
	"github.com/memweave/memweave-go/tokenize"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// res builds results with ChunkIDs 1..n and the given scores.
func res(scores ...float64) []search.Result {
	out := make([]search.Result, len(scores))
	for i, s := range scores {
		out[i] = search.Result{ChunkID: int64(i + 1), Score: s, Path: "memory/notes.md"}
	}
	return out
}

func ids(rs []search.Result) []int64 {
	out := []int64{}
	for _, r := range rs {
		out = append(out, r.ChunkID)
	}
	return out
}

func TestThreshold(t *testing.T) {
	tests := []struct {
		min  float64
		want []int64
	}{
		{0, []int64{1, 2, 3, 4}},
		{0.35, []int64{1, 2}},
		{0.5, []int64{1}},
		{0.9, []int64{1}}, // Score == Min is kept
		{0.95, []int64{}},
	}
	in := res(0.9, 0.35, 0.3499, 0)
	for _, tt := range tests {
		got, err := Threshold{Min: tt.min}.Process(context.Background(), "q", in)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(ids(got), tt.want) {
			t.Errorf("Threshold{%v} kept %v, want %v", tt.min, ids(got), tt.want)
		}
		for _, r := range got {
			if r.Explain.Threshold != tt.min {
				t.Errorf("Threshold{%v}: chunk %d Explain.Threshold = %v", tt.min, r.ChunkID, r.Explain.Threshold)
			}
		}
	}
	if in[0].Explain.Threshold != 0 {
		t.Errorf("Threshold modified its input")
	}
}

func TestDecay(t *testing.T) {
	// 23:30 in UTC-5 on March 14 is already March 15 in UTC: the age counts
	// from Now's own calendar date.
	now := time.Date(2026, 3, 14, 23, 30, 0, 0, time.FixedZone("EST", -5*3600))
	in := []search.Result{
		{ChunkID: 1, Score: 0.9, Path: "memory/2026-02-12.md"}, // 30 days old
		{ChunkID: 2, Score: 0.6, Path: "memory/stack.md"},      // evergreen
		{ChunkID: 3, Score: 0.5, Path: "memory/2026-03-14.md"}, // today
		{ChunkID: 4, Score: 0.5, Path: "memory/2026-04-01.md"}, // future
		{ChunkID: 5, Score: 0.8, Path: "memory/2026-03-07.md"}, // 7 days old
	}
	got, err := Decay{HalfLifeDays: 30, Now: now}.Process(context.Background(), "q", in)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		id    int64
		score float64
		mult  float64 // 0 = evergreen
		date  string
	}{
		{5, 0.8 * math.Pow(0.5, 7.0/30), math.Pow(0.5, 7.0/30), "2026-03-07"},
		{2, 0.6, 0, ""},
		{3, 0.5, 1, "2026-03-14"},
		{4, 0.5, 1, "2026-04-01"},
		{1, 0.45, 0.5, "2026-02-12"},
	}
	if len(got) != len(want) {
		t.Fatalf("Decay returned %d results, want %d", len(got), len(want))
	}
	for i, w := range want {
		r := got[i]
		if r.ChunkID != w.id || !near(r.Score, w.score) {
			t.Errorf("Decay()[%d] = chunk %d score %v, want chunk %d score %v", i, r.ChunkID, r.Score, w.id, w.score)
		}
		switch {
		case w.mult == 0 && (r.Explain.Decay != nil || r.Explain.FileDate != ""):
			t.Errorf("evergreen chunk %d has Decay %v FileDate %q", r.ChunkID, r.Explain.Decay, r.Explain.FileDate)
		case w.mult != 0 && (r.Explain.Decay == nil || !near(*r.Explain.Decay, w.mult) || r.Explain.FileDate != w.date):
			t.Errorf("chunk %d Decay %v FileDate %q, want %v %q", r.ChunkID, r.Explain.Decay, r.Explain.FileDate, w.mult, w.date)
		}
	}
	if in[0].Score != 0.9 || in[0].Explain.Decay != nil {
		t.Errorf("Decay modified its input")
	}

	off, _ := Decay{HalfLifeDays: 0, Now: now}.Process(context.Background(), "q", in)
	if !reflect.DeepEqual(off, in) {
		t.Errorf("Decay{HalfLifeDays: 0} changed results: %v", ids(off))
	}
}

func TestThresholdBeforeDecay(t *testing.T) {
	now := time.Date(2026, 3, 14, 12, 0, 0, 0, time.UTC)
	in := []search.Result{
		{ChunkID: 1, Score: 0.5, Path: "memory/2026-01-13.md"}, // 60 days: 0.125 after decay
		{ChunkID: 2, Score: 0.3, Path: "memory/2026-03-14.md"}, // below threshold
		{ChunkID: 3, Score: 0.4, Path: "memory/ideas.md"},
	}
	got, err := Run(context.Background(), "q", in, Threshold{Min: 0.35}, Decay{HalfLifeDays: 30, Now: now})
	if err != nil {
		t.Fatal(err)
	}
	if want := []int64{3, 1}; !reflect.DeepEqual(ids(got), want) {
		t.Fatalf("Run(threshold, decay) = %v, want %v", ids(got), want)
	}
	if !near(got[1].Score, 0.125) || got[1].Explain.Threshold != 0.35 {
		t.Errorf("decayed result: Score %v Threshold %v, want 0.125 (kept, passed before decay) and 0.35",
			got[1].Score, got[1].Explain.Threshold)
	}
}

// The texts of the MMR tests: a and b are near duplicates, c differs.
var (
	latinA = "We chose Valkey as the session cache because it is wire compatible with Redis and has a permissive license."
	latinB = "We chose Valkey as the session cache because it is wire compatible with Redis and its license is permissive."
	latinC = "Deploys go through GitHub Actions; production needs a manual approval from the on-call engineer."
	zhA    = "我们决定使用Valkey作为会话缓存，因为它与Redis协议兼容并且许可证宽松。"
	zhB    = "我们决定使用Valkey作为会话缓存，因为它与Redis协议兼容而且许可证宽松。"
	zhC    = "部署通过持续集成流水线进行，生产环境需要值班工程师手动批准。"
)

func TestMMR(t *testing.T) {
	for _, lang := range []struct {
		name    string
		a, b, c string
	}{
		{"latin", latinA, latinB, latinC},
		{"chinese", zhA, zhB, zhC},
	} {
		in := []search.Result{
			{ChunkID: 1, Score: 0.9, Text: lang.a},
			{ChunkID: 2, Score: 0.85, Text: lang.b},
			{ChunkID: 3, Score: 0.6, Text: lang.c},
		}
		tests := []struct {
			lambda float64
			limit  int
			want   []int64
		}{
			{1, 0, []int64{1, 2, 3}},   // pure relevance
			{0, 0, []int64{1, 3, 2}},   // pure diversity: the duplicate goes last
			{0.7, 0, []int64{1, 3, 2}}, // the usual setting also demotes it
			{0.7, 2, []int64{1, 3}},
			{2, 0, []int64{1, 2, 3}}, // clamped to 1
		}
		for _, tt := range tests {
			t.Run(fmt.Sprintf("%s/lambda=%v/limit=%d", lang.name, tt.lambda, tt.limit), func(t *testing.T) {
				got, err := MMR{Lambda: tt.lambda, Limit: tt.limit}.Process(context.Background(), "q", in)
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(ids(got), tt.want) {
					t.Fatalf("MMR{%v, %d} = %v, want %v", tt.lambda, tt.limit, ids(got), tt.want)
				}
				for i, r := range got {
					if r.Explain.RankAfterMMR != i+1 || r.Explain.RankBeforeMMR != int(r.ChunkID) {
						t.Errorf("chunk %d ranks before/after = %d/%d, want %d/%d",
							r.ChunkID, r.Explain.RankBeforeMMR, r.Explain.RankAfterMMR, r.ChunkID, i+1)
					}
					if r.Score != in[r.ChunkID-1].Score {
						t.Errorf("MMR changed chunk %d score to %v", r.ChunkID, r.Score)
					}
				}
			})
		}
	}
}

func TestMMRSimilarity(t *testing.T) {
	dup := tokenize.Jaccard(tokenize.SetOf(zhA), tokenize.SetOf(zhB))
	diff := tokenize.Jaccard(tokenize.SetOf(zhA), tokenize.SetOf(zhC))
	if dup < 0.7 || diff > 0.1 {
		t.Errorf("Chinese Jaccard: near duplicates %v (want >= 0.7), different chunks %v (want <= 0.1)", dup, diff)
	}
	if got := tokenize.Jaccard(tokenize.SetOf(latinA), tokenize.SetOf(latinA)); got != 1 {
		t.Errorf("Jaccard(a, a) = %v, want 1", got)
	}
	if got := tokenize.Jaccard(tokenize.SetOf(""), tokenize.SetOf(latinA)); got != 0 {
		t.Errorf("Jaccard(empty, a) = %v, want 0", got)
	}
}

func TestMMREmpty(t *testing.T) {
	got, err := MMR{Lambda: 0.5}.Process(context.Background(), "q", nil)
	if err != nil || len(got) != 0 {
		t.Errorf("MMR(nil) = %v, %v", got, err)
	}
}

func TestRun(t *testing.T) {
	ctx := context.Background()
	var calls []string
	// boost adds 0.5 to chunk 3, reversing the order.
	boost := Func{N: "boost", F: func(_ context.Context, q string, rs []search.Result) ([]search.Result, error) {
		calls = append(calls, "boost:"+q)
		for i := range rs {
			if rs[i].ChunkID == 3 {
				rs[i].Score += 0.5
			}
		}
		rs[0], rs[2] = rs[2], rs[0]
		return rs, nil
	}}
	drop := Func{N: "drop-first", F: func(_ context.Context, _ string, rs []search.Result) ([]search.Result, error) {
		calls = append(calls, "drop")
		return rs[1:], nil
	}}
	in := res(0.9, 0.5, 0.45, 0.1)
	got, err := Run(ctx, "query", in, Threshold{Min: 0.4}, boost, nil, drop)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"boost:query", "drop"}; !reflect.DeepEqual(calls, want) {
		t.Errorf("calls = %v, want %v", calls, want)
	}
	if want := []int64{2, 1}; !reflect.DeepEqual(ids(got), want) {
		t.Fatalf("Run = %v, want %v", ids(got), want)
	}
	wantChanges := map[int64][]search.ProcessorChange{
		2: {
			{Name: "boost", ScoreBefore: 0.5, ScoreAfter: 0.5, RankBefore: 2, RankAfter: 2},
			{Name: "drop-first", ScoreBefore: 0.5, ScoreAfter: 0.5, RankBefore: 2, RankAfter: 1},
		},
		1: {
			{Name: "boost", ScoreBefore: 0.9, ScoreAfter: 0.9, RankBefore: 1, RankAfter: 3},
			{Name: "drop-first", ScoreBefore: 0.9, ScoreAfter: 0.9, RankBefore: 3, RankAfter: 2},
		},
	}
	for _, r := range got {
		if !reflect.DeepEqual(r.Explain.Processors, wantChanges[r.ChunkID]) {
			t.Errorf("chunk %d Processors = %+v, want %+v", r.ChunkID, r.Explain.Processors, wantChanges[r.ChunkID])
		}
		if r.Explain.Threshold != 0.4 {
			t.Errorf("chunk %d Threshold = %v, want 0.4", r.ChunkID, r.Explain.Threshold)
		}
	}
	// The caller's slice is untouched, though boost edits in place.
	if !reflect.DeepEqual(in, res(0.9, 0.5, 0.45, 0.1)) {
		t.Errorf("Run modified its input: %+v", in)
	}
	// Built-in stages record nothing in Explain.Processors.
	got, _ = Run(ctx, "q", res(0.9, 0.5), Threshold{}, &Decay{HalfLifeDays: 1}, MMR{Lambda: 1})
	for _, r := range got {
		if len(r.Explain.Processors) != 0 {
			t.Errorf("built-in stages recorded %+v", r.Explain.Processors)
		}
	}
}

func TestRunErrors(t *testing.T) {
	boom := errors.New("boom")
	failing := Func{N: "rerank", F: func(context.Context, string, []search.Result) ([]search.Result, error) {
		return nil, boom
	}}
	_, err := Run(context.Background(), "q", res(0.5), Threshold{}, failing)
	if !errors.Is(err, boom) || err.Error() != "postprocess: rerank: boom" {
		t.Errorf("Run error = %v, want postprocess: rerank: boom wrapping boom", err)
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = Run(ctx, "q", res(0.5), MMR{Lambda: 0.5})
	if !errors.Is(err, context.Canceled) || !strings.HasPrefix(err.Error(), "postprocess: mmr: ") {
		t.Errorf("Run(cancelled) error = %v, want postprocess: mmr: wrapping context.Canceled", err)
	}

	got, err := Run(context.Background(), "q", res(0.5, 0.2))
	if err != nil || len(got) != 2 {
		t.Errorf("Run(no processors) = %v, %v", ids(got), err)
	}
}

func BenchmarkMMR(b *testing.B) {
	rng := rand.New(rand.NewPCG(7, 0))
	vocab := strings.Fields("valkey redis cache session deploy github actions approval engineer on-call " +
		"postgres index query vector embedding chunk markdown heading decay memory note daily " +
		"我们 决定 使用 缓存 部署 生产 环境 工程师 批准 兼容")
	results := make([]search.Result, 100)
	for i := range results {
		words := make([]string, 100)
		for j := range words {
			words[j] = vocab[rng.IntN(len(vocab))]
		}
		results[i] = search.Result{ChunkID: int64(i), Score: 1 - float64(i)/100, Text: strings.Join(words, " ")}
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := (MMR{Lambda: 0.7}).Process(context.Background(), "q", results); err != nil {
			b.Fatal(err)
		}
	}
}
