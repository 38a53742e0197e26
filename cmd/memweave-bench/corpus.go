package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"
	"golang.org/x/sync/errgroup"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/workspace"
)

// rankedInReport is how many ranked ids a --per-question line holds.
const rankedInReport = 50

// runFlags are the flags every quality subcommand shares.
type runFlags struct {
	mode        string
	maxResults  int
	perQuestion string
	limit       int
	split       string
	workers     int
	workdir     string
	scores      bool
}

// register adds the flags to cmd; maxResults is the subcommand's default
// search depth.
func (f *runFlags) register(cmd *cobra.Command, maxResults int) {
	fs := cmd.Flags()
	fs.StringVar(&f.mode, "mode", string(memweave.ModeHybrid), "search `mode`: hybrid, keyword or vector")
	fs.IntVar(&f.maxResults, "max-results", maxResults, "chunks asked of each search, before reduction to files (`N`)")
	fs.StringVar(&f.perQuestion, "per-question", "", "write one JSON line per question to `FILE`")
	fs.IntVar(&f.limit, "limit", 0, "ask only the first `N` questions (0: all)")
	fs.StringVar(&f.split, "split", "", "ask only one half of the questions: `tune` or check (default: all)")
	fs.IntVar(&f.workers, "workers", 0, "workspaces built and searched at once, `N` (default GOMAXPROCS)")
	fs.StringVar(&f.workdir, "workdir", "", "build workspaces under `DIR` and keep them (default: a temporary folder, removed after)")
	fs.BoolVar(&f.scores, "scores", false, "--per-question lines also hold every hit's document and scores, for offline fusion studies")
}

// question returns the --per-question line o, with the hits of rk and
// their scores appended when --scores asks for them.
func (f *runFlags) question(o object, rk ranking) object {
	if !f.scores {
		return o
	}
	return o.add("hits", rk.scored())
}

// check validates the flags and fills in defaults.
func (f *runFlags) check() error {
	if !memweave.Mode(f.mode).Valid() {
		return usageErr("invalid --mode %q: want hybrid, keyword or vector", f.mode)
	}
	if f.maxResults <= 0 {
		return usageErr("invalid --max-results %d: must be positive", f.maxResults)
	}
	if f.limit < 0 {
		return usageErr("invalid --limit %d: must not be negative", f.limit)
	}
	if f.split != "" && f.split != "tune" && f.split != "check" {
		return usageErr("invalid --split %q: want tune or check", f.split)
	}
	if f.workers < 0 {
		return usageErr("invalid --workers %d: must not be negative", f.workers)
	}
	if f.workers == 0 {
		f.workers = runtime.GOMAXPROCS(0)
	}
	return nil
}

// keep reports whether the question with the stable key id belongs to
// the half --split asks for: the FNV-1a hash of id is even for tune, odd
// for check. Defaults are tuned on the tune half; the check half is
// measured once, after.
func (f *runFlags) keep(id string) bool {
	if f.split == "" {
		return true
	}
	h := fnv.New32a()
	h.Write([]byte(id))
	return (h.Sum32()%2 == 0) == (f.split == "tune")
}

// A doc is one memory file of a workspace.
type doc struct {
	// id names the document in the judgments; the file is memory/<id>.md
	// when id makes a safe file name, and memory/doc-<n>.md otherwise.
	id   string
	text string
}

// A corpus is the documents of one workspace and the questions asked of
// it.
type corpus struct {
	// name names the workspace's folder under the work folder.
	name    string
	docs    []doc
	queries []string
}

// A hit is one search result: the document it belongs to and the lines of
// the chunk (1-based, inclusive).
type hit struct {
	doc        string
	start, end int
	// k and v are the calibrated keyword and vector scores (0 when the
	// backend did not run or missed the chunk); bm25 and cos the raw
	// ones, nil when absent.
	k, v      float64
	bm25, cos *float64
	// score is the result's final score.
	score float64
}

// A ranking is what one search returned.
type ranking struct {
	hits []hit
	// mode is the mode the search reported using.
	mode string
}

// docs returns the ranked documents: each document at the rank of its
// best chunk.
func (r ranking) docs() []string {
	return r.above(0)
}

// above returns the ranked documents of the hits scoring at least min, as
// a search with that min_score returns them.
func (r ranking) above(min float64) []string {
	ids := make([]string, 0, len(r.hits))
	for _, h := range r.hits {
		if h.score >= min {
			ids = append(ids, h.doc)
		}
	}
	return dedupe(ids)
}

// scored returns each hit as [document, k, v, bm25, cosine, score], in
// rank order, for --scores.
func (r ranking) scored() [][]any {
	out := make([][]any, len(r.hits))
	for i, h := range r.hits {
		out[i] = []any{h.doc, h.k, h.v, h.bm25, h.cos, h.score}
	}
	return out
}

// truncated reports whether the search was cut off by --max-results
// before reaching need distinct documents.
func (r ranking) truncated(maxResults, need int) bool {
	return len(r.hits) >= maxResults && len(r.docs()) < need
}

// safeName reports whether a document id is usable as a file name as it
// is: an ASCII letter or digit, then up to 127 of those, '_', '.' and
// '-'. A loop, not a regexp: compiling the bounded repetition at package
// init cost every process of this binary, the cold search child's
// included, more than the rest of its initialisers together.
func safeName(id string) bool {
	if id == "" || len(id) > 128 {
		return false
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		alnum := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
		if !alnum && (i == 0 || c != '_' && c != '.' && c != '-') {
			return false
		}
	}
	return true
}

// fileNames returns the memory/ file name of each doc, in order.
func fileNames(docs []doc) ([]string, error) {
	names := make([]string, len(docs))
	seen := make(map[string]bool, len(docs))
	for i, d := range docs {
		name := d.id + ".md"
		if !safeName(d.id) || workspace.IsIgnoredName(name) || strings.HasPrefix(d.id, "doc-") {
			name = fmt.Sprintf("doc-%d.md", i)
		}
		if seen[d.id] {
			return nil, fmt.Errorf("document id %q appears twice", d.id)
		}
		seen[d.id] = true
		names[i] = name
	}
	return names, nil
}

// evaluator builds, indexes and searches workspaces for one run.
type evaluator struct {
	a     *app
	flags *runFlags
	// label prefixes progress lines.
	label string

	// mu guards the fields below.
	mu       sync.Mutex
	asked    int
	total    int
	reported int
	modes    map[string]int
	warnings map[string]int
	start    time.Time
}

// evaluate builds one workspace per corpus, indexes it, asks its queries
// and returns the rankings: rankings[i][j] answers corpora[i].queries[j].
// Up to --workers corpora are processed at once, each in its own folder;
// a corpus with many queries is searched by up to --workers goroutines
// when few corpora run at once.
func (a *app) evaluate(ctx context.Context, f *runFlags, label string, corpora []corpus) ([][]ranking, *evaluator, error) {
	e := &evaluator{a: a, flags: f, label: label, modes: make(map[string]int), warnings: make(map[string]int), start: time.Now()}
	for _, c := range corpora {
		e.total += len(c.queries)
	}
	root := f.workdir
	if root == "" {
		tmp, err := os.MkdirTemp("", "memweave-bench-")
		if err != nil {
			return nil, nil, err
		}
		defer os.RemoveAll(tmp)
		root = tmp
	} else if err := os.MkdirAll(root, 0o755); err != nil {
		return nil, nil, err
	}

	out := make([][]ranking, len(corpora))
	outer := max(1, min(f.workers, len(corpora)))
	inner := max(1, f.workers/outer)
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(outer)
	for i, c := range corpora {
		g.Go(func() error {
			if !safeName(c.name) {
				return fmt.Errorf("corpus name %q is not a safe folder name", c.name)
			}
			dir := filepath.Join(root, c.name)
			r, err := e.corpus(gctx, dir, c, inner)
			if f.workdir == "" {
				os.RemoveAll(dir)
			}
			if err != nil {
				return fmt.Errorf("%s: %w", c.name, err)
			}
			out[i] = r
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, nil, err
	}
	return out, e, nil
}

// corpus builds the workspace of c in dir and asks its queries.
func (e *evaluator) corpus(ctx context.Context, dir string, c corpus, workers int) ([]ranking, error) {
	names, err := fileNames(c.docs)
	if err != nil {
		return nil, err
	}
	if err := os.RemoveAll(dir); err != nil {
		return nil, err
	}
	mem := filepath.Join(dir, workspace.MemoryDir)
	if err := os.MkdirAll(mem, 0o755); err != nil {
		return nil, err
	}
	byPath := make(map[string]string, len(c.docs))
	for i, d := range c.docs {
		if err := os.WriteFile(filepath.Join(mem, names[i]), []byte(d.text), 0o644); err != nil {
			return nil, err
		}
		byPath[workspace.MemoryDir+"/"+names[i]] = d.id
	}

	w, err := memweave.Open(ctx, e.a.config(dir))
	if err != nil {
		return nil, err
	}
	defer w.Close()
	start := time.Now()
	res, err := w.Index(ctx)
	if err != nil {
		return nil, err
	}
	for _, wn := range res.Warnings {
		e.warn("index: " + wn.Error())
	}
	if res.FilesScanned != len(c.docs) {
		return nil, fmt.Errorf("index found %d files, want %d", res.FilesScanned, len(c.docs))
	}
	if res.FilesPending > 0 {
		return nil, fmt.Errorf("%d files have no embeddings; the measurement would mix modes", res.FilesPending)
	}
	if len(c.docs) >= 1000 {
		e.a.progressf("%s: indexed %d files, %d chunks in %s", e.label, len(c.docs), res.ChunksCreated, time.Since(start).Round(time.Millisecond))
	}

	out := make([]ranking, len(c.queries))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(workers)
	for j, q := range c.queries {
		g.Go(func() error {
			resp, err := w.Search(gctx, q,
				memweave.MaxResults(e.flags.maxResults),
				memweave.MinScore(0),
				memweave.SearchMode(memweave.Mode(e.flags.mode)))
			if err != nil {
				return err
			}
			r := ranking{hits: make([]hit, len(resp.Results)), mode: string(resp.Mode)}
			for k, res := range resp.Results {
				id, ok := byPath[res.Path]
				if !ok {
					return fmt.Errorf("search returned %s, which the harness did not write", res.Path)
				}
				r.hits[k] = hit{doc: id, start: res.StartLine, end: res.EndLine,
					bm25: res.Explain.BM25, cos: res.Explain.Cosine, score: res.Score}
				if res.TextScore != nil {
					r.hits[k].k = *res.TextScore
				}
				if res.VectorScore != nil {
					r.hits[k].v = *res.VectorScore
				}
			}
			out[j] = r
			e.answered(resp)
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	return out, nil
}

// answered records one search and prints progress every tenth of the run.
func (e *evaluator) answered(resp *memweave.SearchResponse) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.asked++
	e.modes[string(resp.Mode)]++
	for _, wn := range resp.Warnings {
		e.warnLocked("search: " + wn.Error())
	}
	if step := e.asked * 10 / max(e.total, 1); step > e.reported {
		e.reported = step
		e.a.progressf("%s: %d/%d questions, %s", e.label, e.asked, e.total, time.Since(e.start).Round(100*time.Millisecond))
	}
}

func (e *evaluator) warn(msg string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.warnLocked(msg)
}

// warnLocked prints a warning the first time it occurs.
func (e *evaluator) warnLocked(msg string) {
	if e.warnings[msg] == 0 {
		e.a.progressf("%s: warning: %s", e.label, e.a.redact(msg))
	}
	e.warnings[msg]++
}

// mode reports the mode the searches used: one mode, or the modes joined
// by "+" when searches degraded differently.
func (e *evaluator) mode() string {
	e.mu.Lock()
	defer e.mu.Unlock()
	modes := make([]string, 0, len(e.modes))
	for m := range e.modes {
		modes = append(modes, m)
	}
	slices.Sort(modes)
	if len(modes) == 0 {
		return e.flags.mode
	}
	return strings.Join(modes, "+")
}

// header starts a report with the fields every subcommand prints; unit
// names what was asked ("questions", "queries").
func (e *evaluator) header(unit string, n int) object {
	return object{}.
		add(unit, n).
		add("mode", e.mode()).
		add("embedder", e.a.embedderName())
}

// footer ends a report with the settings and the run time.
func (e *evaluator) footer(o object, truncated int) object {
	return o.add("truncated", truncated).
		add("max_results", e.flags.maxResults).
		add("settings", e.a.settings()).
		add("seconds", round(time.Since(e.start).Seconds()))
}

// writeLines writes one JSON object per line to path.
func writeLines(path string, lines []object) (err error) {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := f.Close(); cerr != nil && err == nil {
			err = cerr
		}
	}()
	bw := bufio.NewWriter(f)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	for _, l := range lines {
		if err := enc.Encode(l); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// writeReport prints the report to stdout as indented JSON.
func (a *app) writeReport(o object) error {
	enc := json.NewEncoder(a.stdout)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(o)
}

// sortedKeys returns the ids of the relevant documents of gold, sorted.
func sortedKeys(gold judgments) []string {
	ids := make([]string, 0, len(gold))
	for id, r := range gold {
		if r > 0 {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	return ids
}
