package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/chunker"
	"github.com/memweave/memweave-go/embed"
	"github.com/memweave/memweave-go/memweavetest"
)

type speedCommand struct {
	a       *app
	chunks  int
	files   int
	seed    uint64
	queries int
	json    bool
	workdir string
	noBare  bool
	profile string
	// workspace, when set, is measured (on a copy) instead of a
	// generated workspace.
	workspace string
	// chinese generates the workspace in Chinese.
	chinese  bool
	coldRuns int
	rounds   int
	cadence  int
	// cli is the memweave CLI binary timed for the cli_ keys; "" builds
	// one from this module.
	cli  string
	root *cobra.Command
}

func (a *app) speedCommand() *cobra.Command {
	c := &speedCommand{a: a}
	cmd := &cobra.Command{
		Use:   "speed [--chunks N] [--files N] [--seed S] [--workspace DIR] [--json]",
		Short: "Index and search speed on a generated workspace",
		Long: `speed generates a deterministic synthetic workspace (Markdown with
headings, bullets and code fences; dated and evergreen files in several
namespaces; a Zipf vocabulary), then measures a cold index, a no-op
re-index (the handle's second freshness check, which starts its file
watcher: the first one only scans), a one-line-edit re-index, search
latency p50/p95/p99 for each mode (keyword, vector, hybrid; hybrid with decay and with MMR; hybrid
with the default sync-on-search scan; hybrid defaults while a watcher
runs), a bare sqlite-vec vec0 KNN query over the same vectors for
reference, peak RSS and the database size, and the agent loop:

  cold_search_p50_ms         a fresh process per query (this benchmark
                             re-executed): open, one default search with
                             its freshness check, close; exec to exit;
                             run as the CLI runs a read command (one
                             scan, no watcher, GC target 400);
                             cold_search_inproc_p50_ms is open to close
                             as the child times it
  process_start_p50_ms       this benchmark run with nothing to do
                             (--help), exec to exit, after each fresh
                             search process: the part of
                             cold_search_p50_ms that is the process
                             itself, its runtime and its packages'
                             initialisation
  bare_vec0_knn_cold_phase_p50_ms
                             the bare vec0 KNN reference timed in this
                             process in shares between the fresh
                             processes (one share of --queries/--cold-runs
                             queries after each), so that it meets the
                             machine as they did; _shares and _queries
                             count them
  cold_search_over_vec0_cold_phase
                             cold_search_p50_ms over it (the like-with-
                             like ratio; _inproc_ the same for the
                             in-process time); cold_search_over_vec0 is
                             the ratio to bare_vec0_knn_p50_ms, timed in
                             one burst at the end of the run
  cli_search_p50_ms          the memweave CLI as a fresh process per
                             query: "memweave search" run whole, exec to
                             exit (--cold-runs times, alternating with
                             status); cli_search_cpu_p50_ms is its CPU
                             time (user + system), which waiting for a
                             core does not inflate (on a shared virtual
                             machine both drift with the host's load:
                             compare binaries in alternating runs)
  cli_status_p50_ms          the same for "memweave status", and
                             cli_status_cpu_p50_ms its CPU time
  search_after_write_p50_ms  a long-lived Weave: Append one note, then
                             time the next default search
  embed_texts_per_s          with the hash or static embedder: the
                             workspace's chunks embedded one at a time
                             on one goroutine (one core), per second
  search_peak_rss_mb         peak RSS of a fresh process that opens the
                             index and runs 10 searches
  vector_recall_at_10        the vector side's top 10 against an exact
                             float32 scan, over the query set
  vector_recall_at_10_clustered
                             the same on a separate index of --chunks
                             vectors in clusters of 60 near-duplicates
                             (members 1e-6 to 1e-3 apart in cosine, as
                             an agent's log repeating itself), built in
                             vector space with a fixed seed; its queries
                             are the query set and a dozen made of a
                             cluster's words
  longlived_peak_rss_mb      peak RSS (VmHWM, MiB) of a fresh process
                             that opens the workspace with default
                             settings, starts the watcher (as the MCP
                             server does), runs 200 default searches
                             and 20 Appends among them, and closes
  search_cadence_p50_ms      the long-lived Weave, watcher running,
                             searched --cadence-searches times 1.5-3 s
                             apart (seeded); before every other search
                             another process (this benchmark
                             re-executed) appends a line with a new
                             token to a file, or rewrites a word of a
                             file in place (same size), and exits; that
                             search asks for the token right away
  search_cadence_plain_p50_ms
                             the cadence searches with no edit since the
                             previous one (search_cadence_plain of them)
  search_cadence_edited_p50_ms
                             the cadence searches right after an edit
                             (search_cadence_edits of them)
  search_cadence_cpu_p50_ms  the CPU time (user and system, every thread
                             of this process) during each cadence
                             search; search_hybrid_cpu_p50_ms is the
                             same for the hybrid searches, and
                             search_cadence_plain_cpu_p50_ms and
                             search_cadence_edited_cpu_p50_ms for the
                             two halves of the cadence
  search_cadence_plain_faults_p50
                             the minor page faults of this process
                             during each plain cadence search;
                             search_cadence_edited_faults_p50 and
                             search_hybrid_faults_p50 likewise
  search_cadence_found       edits whose file the very next search
                             returned, over the edits made

With --workspace DIR the same measures run on a copy of an existing
workspace's memory/ folder; the original is not modified.`,
		Args: noArgs,
		RunE: action(c.runE),
	}
	fs := cmd.Flags()
	fs.IntVar(&c.chunks, "chunks", 10000, "approximate number of `chunks` to generate")
	fs.IntVar(&c.files, "files", 0, "number of `files` (default chunks/10)")
	fs.Uint64Var(&c.seed, "seed", 1, "generator `seed`")
	fs.IntVar(&c.queries, "queries", 200, "number of timed searches per mode")
	fs.BoolVar(&c.json, "json", false, "print one JSON object")
	fs.StringVar(&c.workdir, "workdir", "", "build the workspace under `DIR` and keep it")
	fs.BoolVar(&c.noBare, "no-bare-vec0", false, "skip the bare vec0 reference query")
	fs.StringVar(&c.profile, "cpuprofile", "", "write a CPU profile of the cold index to `FILE`")
	fs.StringVar(&c.workspace, "workspace", "", "measure a copy of the workspace `DIR` instead of a generated one")
	fs.BoolVar(&c.chinese, "chinese", false, "generate the workspace in Chinese (words of Han characters, no spaces); the timed queries stay English")
	fs.IntVar(&c.coldRuns, "cold-runs", 20, "number of fresh processes timed for cold_search")
	fs.IntVar(&c.rounds, "write-rounds", 30, "number of append-then-search rounds")
	fs.StringVar(&c.cli, "cli", "", "the memweave CLI `binary` timed for the cli_ keys (default: built from this module)")
	fs.IntVar(&c.cadence, "cadence-searches", 20, "number of searches in the cadence measure, 1.5-3 s apart (about 2.3 s each; 0 skips it)")
	return cmd
}

func (c *speedCommand) runE(cmd *cobra.Command, _ []string) error {
	ctx := cmd.Context()
	c.root = cmd.Root()
	if c.chunks < 11 {
		return usageErr("invalid --chunks %d: must be at least 11", c.chunks)
	}
	if c.coldRuns < 1 {
		return usageErr("invalid --cold-runs %d: must be at least 1", c.coldRuns)
	}
	if c.rounds < 1 {
		return usageErr("invalid --write-rounds %d: must be at least 1", c.rounds)
	}
	if c.cadence < 0 {
		return usageErr("invalid --cadence-searches %d: must not be negative", c.cadence)
	}
	dir, files, textBytes, cleanup, err := c.prepare()
	if err != nil {
		return err
	}
	defer cleanup()
	cfg := c.a.config(dir)
	cfg.NoSyncOnSearch = false
	w, err := memweave.Open(ctx, cfg)
	if err != nil {
		return err
	}
	defer w.Close()
	rep := object{}.add("files", files)

	c.a.progressf("cold index")
	if c.profile != "" {
		f, err := os.Create(c.profile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
	}
	start := time.Now()
	res, err := w.Index(ctx)
	if err != nil {
		return err
	}
	cold := time.Since(start)
	if c.profile != "" {
		pprof.StopCPUProfile()
	}
	rep = rep.add("chunks", res.ChunksCreated).
		add("text_bytes", textBytes).
		add("index_s", round(cold.Seconds())).
		add("index_chunks_per_s", round(float64(res.ChunksCreated)/cold.Seconds())).
		add("peak_rss_mb_index", round(peakRSSMB()))

	start = time.Now()
	if _, err := w.Index(ctx); err != nil {
		return err
	}
	rep = rep.add("noop_reindex_ms", ms(time.Since(start)))

	edited, err := editOneLine(dir)
	if err != nil {
		return err
	}
	start = time.Now()
	res, err = w.Index(ctx)
	if err != nil {
		return err
	}
	rep = rep.add("edit_reindex_ms", ms(time.Since(start))).
		add("edit_file", edited).
		add("edit_embeddings_computed", res.EmbeddingsComputed).
		add("edit_chunks_created", res.ChunksCreated)

	// The same kind of edit, indexed the way Write, Append and the
	// watcher do it: Add of the one file, no workspace scan.
	if _, err := editOneLine(dir); err != nil {
		return err
	}
	start = time.Now()
	res, err = w.Add(ctx, edited)
	if err != nil {
		return err
	}
	rep = rep.add("edit_add_ms", ms(time.Since(start))).
		add("edit_add_embeddings_computed", res.EmbeddingsComputed)

	now := memweave.Now(memweavetest.Now)
	modes := []struct {
		name string
		opts []memweave.SearchOption
	}{
		{"keyword", []memweave.SearchOption{memweave.SearchMode(memweave.ModeKeyword), memweave.NoSync()}},
		{"vector", []memweave.SearchOption{memweave.SearchMode(memweave.ModeVector), memweave.NoSync()}},
		{"hybrid", []memweave.SearchOption{memweave.NoSync()}},
		{"hybrid_decay", []memweave.SearchOption{memweave.NoSync(), memweave.Decay(30), now}},
		{"hybrid_mmr", []memweave.SearchOption{memweave.NoSync(), memweave.MMR(0.7)}},
		{"hybrid_sync", nil},
	}
	// Warm up: load the vector copy and SQLite's page cache.
	for _, q := range memweavetest.SynthQueries {
		if _, err := w.Search(ctx, q, memweave.NoSync()); err != nil {
			return err
		}
	}
	for _, m := range modes {
		c.a.progressf("search %s", m.name)
		lat, cpu := make([]time.Duration, 0, c.queries), make([]time.Duration, 0, c.queries)
		flt := make([]int64, 0, c.queries)
		for i := 0; i < c.queries; i++ {
			q := memweavetest.SynthQueries[i%len(memweavetest.SynthQueries)]
			flt0, cpu0, start := memweavetest.ProcessFaults(), memweavetest.ProcessCPU(), time.Now()
			if _, err := w.Search(ctx, q, m.opts...); err != nil {
				return err
			}
			lat, cpu = append(lat, time.Since(start)), append(cpu, memweavetest.ProcessCPU()-cpu0)
			flt = append(flt, memweavetest.ProcessFaults()-flt0)
		}
		slices.Sort(lat)
		rep = rep.add("search_"+m.name+"_p50_ms", ms(pct(lat, 50))).
			add("search_"+m.name+"_p95_ms", ms(pct(lat, 95))).
			add("search_"+m.name+"_p99_ms", ms(pct(lat, 99)))
		if m.name == "hybrid" {
			// The denominator of the cadence row's CPU figure.
			slices.Sort(cpu)
			slices.Sort(flt)
			rep = rep.add("search_hybrid_cpu_p50_ms", ms(pct(cpu, 50))).
				add("search_hybrid_faults_p50", pct(flt, 50))
		}
	}
	emb, err := embed.New(cfg.Embedder)
	if err != nil {
		return err
	}
	if emb != nil && (c.a.embedder == "static" || c.a.embedder == "hash") {
		c.a.progressf("embedding texts on one goroutine")
		perS, err := embedTextsPerSecond(ctx, emb, dir)
		if err != nil {
			return fmt.Errorf("embed texts/s: %w", err)
		}
		rep = rep.add("embed_texts_per_s", perS)
	}
	c.a.progressf("search after write")
	if rep, err = searchAfterWrite(ctx, w, c.rounds, rep); err != nil {
		return err
	}
	// The bare vec0 reference for the cold phase, timed in shares between
	// the fresh processes.
	var ref *vec0Ref
	st, err := w.Status(ctx)
	if err != nil {
		return err
	}
	if !c.noBare && emb != nil && st.Dims > 0 {
		if ref, err = openVec0Ref(ctx, emb, st.DBPath, st.Dims); err != nil {
			return fmt.Errorf("bare vec0 reference: %w", err)
		}
		defer ref.Close()
	}
	c.a.progressf("cold search: %d fresh processes", c.coldRuns)
	perShare := (c.queries + c.coldRuns - 1) / c.coldRuns // as many queries as the end-of-run reference
	var coldSearch time.Duration
	if rep, coldSearch, err = c.coldSearch(ctx, dir, c.coldRuns, ref, perShare, rep); err != nil {
		return err
	}
	c.a.progressf("fresh CLI processes: %d searches and %d status", c.coldRuns, c.coldRuns)
	if rep, err = c.freshCLI(ctx, dir, c.coldRuns, rep); err != nil {
		return fmt.Errorf("fresh CLI: %w", err)
	}
	c.a.progressf("long-lived process: %d searches, %d writes", longLivedSearches, longLivedWrites)
	_, r, err := c.runChild(ctx, "longlived-child", "--workspace", dir,
		"--searches", strconv.Itoa(longLivedSearches), "--writes", strconv.Itoa(longLivedWrites))
	if err != nil {
		return err
	}
	rep = rep.add("longlived_peak_rss_mb", r.PeakRSSMB)
	if st, err = w.Status(ctx); err != nil {
		return err
	}
	if emb != nil && st.Dims > 0 {
		recall, err := vectorRecall(ctx, emb, st.DBPath, memweavetest.SynthQueries)
		if err != nil {
			return fmt.Errorf("vector recall: %w", err)
		}
		rep = rep.add("vector_recall_at_10", recall)
		c.a.progressf("vector recall on %d chunks in near-duplicate clusters", c.chunks)
		if recall, err = clusteredRecall(ctx, emb, c.chunks, c.seed); err != nil {
			return fmt.Errorf("clustered vector recall: %w", err)
		}
		rep = rep.add("vector_recall_at_10_clustered", recall)
	}
	// Default searches with a watcher running: the stat scan is skipped
	// while the watcher has indexed every change it saw.
	if err := w.Watch(ctx); err != nil {
		return err
	}
	time.Sleep(time.Second) // the watcher's catch-up scan
	lat := make([]time.Duration, 0, c.queries)
	for i := 0; i < c.queries; i++ {
		q := memweavetest.SynthQueries[i%len(memweavetest.SynthQueries)]
		start := time.Now()
		if _, err := w.Search(ctx, q); err != nil {
			return err
		}
		lat = append(lat, time.Since(start))
	}
	slices.Sort(lat)
	rep = rep.add("search_hybrid_watch_p50_ms", ms(pct(lat, 50))).
		add("search_hybrid_watch_p95_ms", ms(pct(lat, 95))).
		add("search_hybrid_watch_p99_ms", ms(pct(lat, 99)))
	if c.cadence > 0 {
		c.a.progressf("cadence: %d searches 1.5-3 s apart, another process editing a file before every other one", c.cadence)
		cad := cadence{searches: c.cadence, minGap: 1500 * time.Millisecond, maxGap: 3 * time.Second, seed: c.seed, edit: editInChild}
		res, err := cad.run(ctx, w, dir)
		if err != nil {
			return fmt.Errorf("cadence: %w", err)
		}
		rep = rep.add("search_cadence_p50_ms", ms(pct(res.latency, 50))).
			add("search_cadence_p95_ms", ms(pct(res.latency, 95))).
			add("search_cadence_plain_p50_ms", ms(pct(res.plain, 50))).
			add("search_cadence_edited_p50_ms", ms(pct(res.edited, 50))).
			add("search_cadence_plain", len(res.plain)).
			add("search_cadence_cpu_p50_ms", ms(pct(res.cpu, 50))).
			add("search_cadence_plain_cpu_p50_ms", ms(pct(res.plainCPU, 50))).
			add("search_cadence_edited_cpu_p50_ms", ms(pct(res.editedCPU, 50))).
			add("search_cadence_plain_faults_p50", pct(res.plainFaults, 50)).
			add("search_cadence_edited_faults_p50", pct(res.editedFaults, 50)).
			add("search_cadence_edits", res.edits).
			add("search_cadence_found", round(float64(res.found)/float64(max(res.edits, 1))))
	}
	if st, err = w.Status(ctx); err != nil {
		return err
	}
	if ref != nil {
		lat, err := ref.knn(ctx, c.queries)
		if err != nil {
			return fmt.Errorf("bare vec0 reference: %w", err)
		}
		slices.Sort(lat)
		// The ratio, against the reference timed at the end of
		// the run; cold_search_over_vec0_cold_phase is the like-with-like
		// one.
		rep = rep.add("bare_vec0_knn_p50_ms", ms(pct(lat, 50))).
			add("cold_search_over_vec0", ratio(coldSearch, pct(lat, 50)))
	}
	vecBytes := int64(st.Chunks) * int64(4*st.Dims)
	rep = rep.add("peak_rss_mb", round(peakRSSMB())).
		add("db_bytes", st.DBBytes).
		add("db_ratio", round(float64(st.DBBytes)/float64(textBytes+vecBytes)))
	if c.json {
		enc := json.NewEncoder(c.a.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	}
	for _, kv := range rep {
		fmt.Fprintf(c.a.stdout, "%-32s %v\n", kv.key, kv.value)
	}
	return nil
}

// embedTextsPerSecond embeds the chunks of the workspace's Markdown files
// one at a time on this goroutine (one core), with EmbedQuery, for at
// least a second and at least once over all chunks, and returns the texts
// embedded per second. The embedder is warmed up (its model loaded) first.
func embedTextsPerSecond(ctx context.Context, emb embed.Embedder, root string) (float64, error) {
	var texts []string
	err := filepath.WalkDir(filepath.Join(root, "memory"), func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".md") {
			return err
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for _, ch := range chunker.Split(src, chunker.Options{}) {
			texts = append(texts, ch.Text)
		}
		return nil
	})
	if err != nil || len(texts) == 0 {
		return 0, err
	}
	if _, err := emb.EmbedQuery(ctx, texts[0]); err != nil {
		return 0, err
	}
	n := 0
	start := time.Now()
	for n < len(texts) || time.Since(start) < time.Second {
		if _, err := emb.EmbedQuery(ctx, texts[n%len(texts)]); err != nil {
			return 0, err
		}
		n++
	}
	return math.Round(float64(n) / time.Since(start).Seconds()), nil
}

// The long-lived process whose peak memory the speed benchmark reports.
const (
	longLivedSearches = 200
	longLivedWrites   = 20
)

// prepare makes the workspace to measure: a copy of --workspace, or a
// generated one. It returns the folder, the number of files, the bytes
// of Markdown and a function that removes what prepare made.
func (c *speedCommand) prepare() (dir string, files int, text int64, cleanup func(), err error) {
	cleanup = func() {}
	if c.workspace != "" {
		dir, text, err = copyWorkspace(c.workspace)
		if err != nil {
			return "", 0, 0, cleanup, err
		}
		n := 0
		filepath.WalkDir(filepath.Join(dir, "memory"), func(_ string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(d.Name(), ".md") {
				n++
			}
			return nil
		})
		return dir, n, text, func() { os.RemoveAll(dir) }, nil
	}
	files = c.files
	if files <= 0 {
		files = max(1, c.chunks/10)
	}
	perFile := max(1, c.chunks/files) // the title folds into the first section
	dir = c.workdir
	if dir == "" {
		if dir, err = os.MkdirTemp("", "memweave-speed-"); err != nil {
			return "", 0, 0, cleanup, err
		}
		cleanup = func() { os.RemoveAll(dir) }
	}
	c.a.progressf("generating %d files in %s", files, dir)
	text, err = memweavetest.Synth(dir, memweavetest.SynthOptions{Files: files, ChunksPerFile: perFile, Seed: c.seed, Chinese: c.chinese})
	return dir, files, text, cleanup, err
}

// editOneLine changes one word on one line of the first topic file, the
// way an agent amends a note, and returns the file's relative path.
func editOneLine(root string) (string, error) {
	var target string
	err := filepath.WalkDir(filepath.Join(root, "memory"), func(p string, d os.DirEntry, err error) error {
		if err != nil || target != "" {
			return err
		}
		if !d.IsDir() && strings.HasPrefix(d.Name(), "topic-") {
			target = p
		}
		return nil
	})
	if target == "" && err == nil {
		// Not a generated workspace: the first Markdown file will do.
		err = filepath.WalkDir(filepath.Join(root, "memory"), func(p string, d os.DirEntry, err error) error {
			if err == nil && target == "" && !d.IsDir() && strings.HasSuffix(d.Name(), ".md") {
				target = p
			}
			return err
		})
	}
	if err != nil || target == "" {
		return "", fmt.Errorf("no topic file to edit: %v", err)
	}
	data, err := os.ReadFile(target)
	if err != nil {
		return "", err
	}
	lines := strings.Split(string(data), "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "- ") || i == len(lines)-1 {
			lines[i] = l + " Edited."
			break
		}
	}
	if err := os.WriteFile(target, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		return "", err
	}
	later := time.Now().Add(2 * time.Second)
	if err := os.Chtimes(target, later, later); err != nil {
		return "", err
	}
	rel, _ := filepath.Rel(root, target)
	return filepath.ToSlash(rel), nil
}

// pct returns the p-th percentile of sorted (the zero value when empty).
func pct[T any](sorted []T, p int) T {
	if len(sorted) == 0 {
		var zero T
		return zero
	}
	i := (len(sorted)*p + 99) / 100
	return sorted[min(max(i-1, 0), len(sorted)-1)]
}

func ms(d time.Duration) float64 { return round(float64(d.Microseconds()) / 1000) }

// peakRSSMB returns the process's peak resident set size (VmHWM) in MB.
func peakRSSMB() float64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "VmHWM:") {
			f := strings.Fields(line)
			if len(f) >= 2 {
				kb, _ := strconv.ParseFloat(f[1], 64)
				return kb / 1024
			}
		}
	}
	return 0
}
