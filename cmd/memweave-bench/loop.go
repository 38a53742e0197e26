package main

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io/fs"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/embed"
	"github.com/memweave/memweave-go/embedcache"
	"github.com/memweave/memweave-go/index"
	"github.com/memweave/memweave-go/internal/oneshot"
	"github.com/memweave/memweave-go/memweavetest"
	"github.com/memweave/memweave-go/store"
)

// The agent loop: what a fresh process and a search right after a write
// cost, measured the way agents pay for them.

// childReport is what the search-child command prints: its own view of
// one fresh process's work.
type childReport struct {
	// OpenSearchCloseMS is open + the searches + close, in process.
	OpenSearchCloseMS float64 `json:"open_search_close_ms"`
	// PeakRSSMB is the process's peak resident set size (VmHWM).
	PeakRSSMB float64 `json:"peak_rss_mb"`
}

// searchChildCommand is the hidden command the speed benchmark runs in a
// fresh process: open the workspace, run default searches (each with its
// freshness check), close, and print a childReport. It runs as the CLI's
// search does: one scan, started in Open, no watcher; with one search
// (cold_search), also the settings of [oneshot.Start]. The
// ten-search child (search_peak_rss_mb) keeps the default target, the
// memory of a library process that searches on.
func (a *app) searchChildCommand() *cobra.Command {
	var dir string
	var searches, first int
	cmd := &cobra.Command{
		Use:    "search-child --workspace DIR",
		Hidden: true,
		Args:   noArgs,
		RunE: action(func(cmd *cobra.Command, _ []string) error {
			ctx := cmd.Context()
			start := time.Now()
			if searches == 1 {
				oneshot.Start() // as the CLI's read commands
			}
			cfg := a.config(dir)
			cfg.NoSyncOnSearch = false
			cfg.OneShot = true    // as a CLI command: one scan, no watcher
			cfg.ScanAtOpen = true // as the CLI's search: the scan starts in Open
			w, err := memweave.Open(ctx, cfg)
			if err != nil {
				return err
			}
			for i := range searches {
				q := memweavetest.SynthQueries[(first+i)%len(memweavetest.SynthQueries)]
				if _, err := w.Search(ctx, q); err != nil {
					w.Close()
					return err
				}
			}
			if err := w.Close(); err != nil {
				return err
			}
			rep := childReport{OpenSearchCloseMS: ms(time.Since(start)), PeakRSSMB: round(peakRSSMB())}
			return json.NewEncoder(a.stdout).Encode(rep)
		}),
	}
	cmd.Flags().StringVar(&dir, "workspace", "", "workspace `DIR`")
	cmd.Flags().IntVar(&searches, "searches", 1, "number of searches")
	cmd.Flags().IntVar(&first, "first", 0, "index of the first query in the synthetic query set")
	return cmd
}

// longLivedChildCommand is the hidden command the speed benchmark runs in
// a fresh process to measure a long-lived process's memory: open the
// workspace with default settings and start its watcher, as the MCP
// server does, then run default searches with an Append after every
// searches/writes of them, close, and print a childReport.
func (a *app) longLivedChildCommand() *cobra.Command {
	var dir string
	var searches, writes int
	cmd := &cobra.Command{
		Use:    "longlived-child --workspace DIR",
		Hidden: true,
		Args:   noArgs,
		RunE: action(func(cmd *cobra.Command, _ []string) (err error) {
			ctx := cmd.Context()
			start := time.Now()
			cfg := a.config(dir)
			cfg.NoSyncOnSearch = false
			w, err := memweave.Open(ctx, cfg)
			if err != nil {
				return err
			}
			defer func() {
				if cerr := w.Close(); err == nil {
					err = cerr
				}
			}()
			if err := w.Watch(ctx); err != nil {
				// As the MCP server does: searches scan instead.
				a.progressf("longlived-child: no watcher: %v", err)
			}
			every := searches / max(writes, 1)
			wrote := 0
			for i := range searches {
				if wrote < writes && every > 0 && i%every == every-1 {
					note := fmt.Sprintf("Long-lived note %d: the on-call rotation moved to week %d.", wrote, wrote)
					if _, err := w.Append(ctx, note, memweave.InSource("bench")); err != nil {
						return err
					}
					wrote++
				}
				q := memweavetest.SynthQueries[i%len(memweavetest.SynthQueries)]
				if _, err := w.Search(ctx, q); err != nil {
					return err
				}
			}
			for ; wrote < writes; wrote++ {
				if _, err := w.Append(ctx, fmt.Sprintf("Long-lived note %d.", wrote), memweave.InSource("bench")); err != nil {
					return err
				}
			}
			rep := childReport{OpenSearchCloseMS: ms(time.Since(start)), PeakRSSMB: round(peakRSSMB())}
			return json.NewEncoder(a.stdout).Encode(rep)
		}),
	}
	cmd.Flags().StringVar(&dir, "workspace", "", "workspace `DIR`")
	cmd.Flags().IntVar(&searches, "searches", 200, "number of searches")
	cmd.Flags().IntVar(&writes, "writes", 20, "number of appended notes, spread among the searches")
	return cmd
}

// runChild runs the hidden subcommand sub (search-child or
// longlived-child) with args in a fresh process, with the benchmark's
// global flags, and returns its wall time (exec to exit) and report.
func (c *speedCommand) runChild(ctx context.Context, sub string, args ...string) (time.Duration, childReport, error) {
	self, err := os.Executable()
	if err != nil {
		return 0, childReport{}, err
	}
	args = append(append(globalArgs(c.root), sub), args...)
	cmd := exec.CommandContext(ctx, self, args...)
	cmd.Stderr = os.Stderr
	start := time.Now()
	out, err := cmd.Output()
	wall := time.Since(start)
	if err != nil {
		return 0, childReport{}, fmt.Errorf("%s: %w", sub, err)
	}
	var rep childReport
	if err := json.Unmarshal(out, &rep); err != nil {
		return 0, childReport{}, fmt.Errorf("%s output %q: %w", sub, out, err)
	}
	return wall, rep, nil
}

// searchChild runs search-child on dir: searches default searches from
// the first-th synthetic query.
func (c *speedCommand) searchChild(ctx context.Context, dir string, searches, first int) (time.Duration, childReport, error) {
	return c.runChild(ctx, "search-child", "--workspace", dir, "--searches", strconv.Itoa(searches), "--first", strconv.Itoa(first))
}

// coldSearch times n fresh processes that each open the workspace, run
// one default search and close, and one that runs ten searches for its
// peak RSS. With ref, after each of the n processes it times a share of
// perShare bare KNN queries in this process, so that the reference meets
// the machine in the state the fresh processes met (the frequency, the
// caches and the load of the host drift over a run), and reports them
// and the ratio of the two. It returns rep with its rows and the fresh
// processes' p50, exec to exit.
func (c *speedCommand) coldSearch(ctx context.Context, dir string, n int, ref *vec0Ref, perShare int, rep object) (object, time.Duration, error) {
	var wall, inproc, knn, start []time.Duration
	shares := 0
	for i := range n {
		d, r, err := c.searchChild(ctx, dir, 1, i)
		if err != nil {
			return rep, 0, err
		}
		s, err := startChild(ctx)
		if err != nil {
			return rep, 0, err
		}
		wall, start = append(wall, d), append(start, s)
		inproc = append(inproc, time.Duration(r.OpenSearchCloseMS*float64(time.Millisecond)))
		if ref != nil {
			lat, err := ref.knn(ctx, perShare)
			if err != nil {
				return rep, 0, fmt.Errorf("bare vec0 reference: %w", err)
			}
			knn = append(knn, lat...)
			shares++
		}
	}
	slices.Sort(wall)
	slices.Sort(inproc)
	slices.Sort(start)
	_, r, err := c.searchChild(ctx, dir, 10, 0)
	if err != nil {
		return rep, 0, err
	}
	rep = rep.add("cold_search_p50_ms", ms(pct(wall, 50))).
		add("cold_search_p95_ms", ms(pct(wall, 95))).
		add("cold_search_inproc_p50_ms", ms(pct(inproc, 50))).
		add("process_start_p50_ms", ms(pct(start, 50))).
		add("search_peak_rss_mb", r.PeakRSSMB)
	if ref != nil {
		slices.Sort(knn)
		p50 := pct(knn, 50)
		rep = rep.add("bare_vec0_knn_cold_phase_p50_ms", ms(p50)).
			add("bare_vec0_knn_cold_phase_shares", shares).
			add("bare_vec0_knn_cold_phase_queries", len(knn)).
			add("cold_search_over_vec0_cold_phase", ratio(pct(wall, 50), p50)).
			add("cold_search_inproc_over_vec0_cold_phase", ratio(pct(inproc, 50), p50))
	}
	return rep, pct(wall, 50), nil
}

// startChild times this benchmark's binary run with nothing to do
// (--help), exec to exit: the part of a fresh process's search that is
// the process itself, its runtime and its packages' initialisation.
func startChild(ctx context.Context) (time.Duration, error) {
	self, err := os.Executable()
	if err != nil {
		return 0, err
	}
	start := time.Now()
	if err := exec.CommandContext(ctx, self, "--help").Run(); err != nil {
		return 0, fmt.Errorf("%s --help: %w", self, err)
	}
	return time.Since(start), nil
}

// ratio returns a/b rounded as the report rounds, or 0 when b is 0.
func ratio(a, b time.Duration) float64 {
	if b == 0 {
		return 0
	}
	return round(float64(a) / float64(b))
}

// searchAfterWrite times, over rounds rounds on the long-lived w, the
// default search (freshness check included) that follows an Append.
func searchAfterWrite(ctx context.Context, w *memweave.Weave, rounds int, rep object) (object, error) {
	lat := make([]time.Duration, 0, rounds)
	for i := range rounds {
		note := fmt.Sprintf("Benchmark note %d: the deploy window moved to Thursday %d.", i, i)
		if _, err := w.Append(ctx, note, memweave.InSource("bench")); err != nil {
			return rep, err
		}
		start := time.Now()
		if _, err := w.Search(ctx, memweavetest.SynthQueries[i%len(memweavetest.SynthQueries)]); err != nil {
			return rep, err
		}
		lat = append(lat, time.Since(start))
	}
	slices.Sort(lat)
	return rep.add("search_after_write_p50_ms", ms(pct(lat, 50))).
		add("search_after_write_p95_ms", ms(pct(lat, 95))), nil
}

// vectorRecall compares the vector side's top 10 with an exact float32
// scan of every stored vector, averaged over queries.
func vectorRecall(ctx context.Context, emb embed.Embedder, dbPath string, queries []string) (float64, error) {
	db, err := index.Open(ctx, dbPath, index.Options{})
	if err != nil {
		return 0, err
	}
	defer db.Close()
	type vec struct {
		id int64
		v  []float32
	}
	var all []vec
	if err := db.EachVector(ctx, func(id int64, v []float32) error {
		all = append(all, vec{id, unit(v)})
		return nil
	}); err != nil {
		return 0, err
	}
	var sum float64
	for _, q := range queries {
		qv, err := emb.EmbedQuery(ctx, q)
		if err != nil {
			return 0, err
		}
		got, err := db.Vector(ctx, qv, 10, store.Filter{})
		if err != nil {
			return 0, err
		}
		qn := unit(qv)
		type scored struct {
			id  int64
			cos float64
		}
		exact := make([]scored, len(all))
		for i, v := range all {
			var s float64
			for j := range qn {
				s += float64(qn[j]) * float64(v.v[j])
			}
			exact[i] = scored{v.id, s}
		}
		slices.SortFunc(exact, func(a, b scored) int { return cmp.Or(cmp.Compare(b.cos, a.cos), cmp.Compare(a.id, b.id)) })
		want := make(map[int64]bool)
		for _, e := range exact[:min(10, len(exact))] {
			want[e.id] = true
		}
		hit := 0
		for _, g := range got {
			if want[g.ID] {
				hit++
			}
		}
		if len(want) > 0 {
			sum += float64(hit) / float64(len(want))
		}
	}
	return round(sum / float64(len(queries))), nil
}

// unit returns v scaled to length 1.
func unit(v []float32) []float32 {
	var s float64
	for _, f := range v {
		s += float64(f) * float64(f)
	}
	out := make([]float32, len(v))
	if s == 0 {
		return out
	}
	inv := 1 / math.Sqrt(s)
	for i, f := range v {
		out[i] = float32(float64(f) * inv)
	}
	return out
}

// vec0Ref is the bare sqlite-vec reference the searches are compared
// with: a vec0 copy of the index's vectors in a scratch database, queried
// with a plain KNN (k = 24) for the synthetic queries in turn.
type vec0Ref struct {
	db      *sql.DB
	scratch string
	// blobs are the synthetic queries' embeddings, encoded; next is the
	// one the next timed query asks.
	blobs [][]byte
	next  int
}

// openVec0Ref builds the reference from the index at dbPath, whose
// vectors have dims dimensions, and embeds the synthetic queries with
// emb (outside any timing).
func openVec0Ref(ctx context.Context, emb embed.Embedder, dbPath string, dims int) (_ *vec0Ref, err error) {
	scratch, err := os.MkdirTemp("", "memweave-vec0-")
	if err != nil {
		return nil, err
	}
	r := &vec0Ref{scratch: scratch}
	defer func() {
		if err != nil {
			r.Close()
		}
	}()
	ref := filepath.Join(scratch, "ref.db")
	if err := writeVec0Ref(ctx, dbPath, ref, dims); err != nil {
		return nil, fmt.Errorf("vec0 reference: %w", err)
	}
	if r.db, err = sql.Open("sqlite3", "file:"+ref); err != nil {
		return nil, err
	}
	r.db.SetMaxOpenConns(1)
	for _, q := range memweavetest.SynthQueries {
		v, err := emb.EmbedQuery(ctx, q)
		if err != nil {
			return nil, err
		}
		r.blobs = append(r.blobs, embedcache.Encode(v))
	}
	return r, nil
}

// writeVec0Ref writes the vectors of the index at src into a vec0 table,
// chunks_vec, of a new database at out.
func writeVec0Ref(ctx context.Context, src, out string, dims int) error {
	idx, err := index.Open(ctx, src, index.Options{})
	if err != nil {
		return err
	}
	defer idx.Close()
	db, err := sql.Open("sqlite3", "file:"+out)
	if err != nil {
		return err
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	if _, err := db.ExecContext(ctx, fmt.Sprintf(`CREATE VIRTUAL TABLE chunks_vec USING vec0 (embedding float[%d] distance_metric=cosine)`, dims)); err != nil {
		return err
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := idx.EachVector(ctx, func(id int64, v []float32) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO chunks_vec (rowid, embedding) VALUES (?, ?)`, id, embedcache.Encode(v))
		return err
	}); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	return db.Close()
}

// knn times n KNN queries, the next synthetic queries in turn, and
// returns their latencies in the order run.
func (r *vec0Ref) knn(ctx context.Context, n int) ([]time.Duration, error) {
	lat := make([]time.Duration, 0, n)
	for range n {
		blob := r.blobs[r.next%len(r.blobs)]
		r.next++
		start := time.Now()
		rows, err := r.db.QueryContext(ctx, `SELECT rowid, distance FROM chunks_vec WHERE embedding MATCH ? AND k = 24`, blob)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
		}
		err = rows.Close()
		lat = append(lat, time.Since(start))
		if err != nil {
			return nil, err
		}
	}
	return lat, nil
}

// Close closes the scratch database and removes it.
func (r *vec0Ref) Close() error {
	var err error
	if r.db != nil {
		err = r.db.Close()
	}
	if rerr := os.RemoveAll(r.scratch); err == nil {
		err = rerr
	}
	return err
}

// globalArgs returns the global flags set on the command line, for a
// child process of the same benchmark.
func globalArgs(root *cobra.Command) []string {
	var out []string
	// VisitAll and Changed, not Visit: the subcommand's flag set parsed
	// the command line, so the root's own set records nothing as set.
	root.PersistentFlags().VisitAll(func(f *pflag.Flag) {
		if f.Changed {
			out = append(out, "--"+f.Name+"="+f.Value.String())
		}
	})
	return out
}

// copyWorkspace copies the memory/ folder of the workspace at src into a
// new temporary workspace, so that the benchmark never modifies the
// original; the copy's index is built by the benchmark's cold index. It
// returns the copy and the bytes of its Markdown.
func copyWorkspace(src string) (string, int64, error) {
	dst, err := os.MkdirTemp("", "memweave-speed-")
	if err != nil {
		return "", 0, err
	}
	var text int64
	if err := os.CopyFS(filepath.Join(dst, "memory"), os.DirFS(filepath.Join(src, "memory"))); err != nil {
		os.RemoveAll(dst)
		return "", 0, fmt.Errorf("copy the workspace %s: %w", src, err)
	}
	err = filepath.WalkDir(filepath.Join(dst, "memory"), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if fi, err := d.Info(); err == nil {
			text += fi.Size()
		}
		return nil
	})
	if err != nil {
		os.RemoveAll(dst)
		return "", 0, err
	}
	return dst, text, nil
}
