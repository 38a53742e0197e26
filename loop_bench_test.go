package memweave_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// The agent loop, as Go benchmarks: a fresh process per search, a search
// right after a write, and the memory a searching process needs. The
// same measures, with a bare vec0 reference to compare against, are
// memweave-bench speed's cold_search, search_after_write and
// search_peak_rss keys.

// childEnv names the workspace a re-executed test binary searches (see
// TestSearchChild).
const childEnv = "MEMWEAVE_BENCH_SEARCH_CHILD"

// loopWorkspace builds and indexes a synthetic workspace of about chunks
// chunks, and returns its root.
func loopWorkspace(b *testing.B, chunks int) string {
	b.Helper()
	ctx := context.Background()
	root := b.TempDir()
	if _, err := memweavetest.Synth(root, memweavetest.SynthOptions{Files: chunks / 11, ChunksPerFile: 10}); err != nil {
		b.Fatal(err)
	}
	w, err := memweave.Open(ctx, memweave.Config{Workspace: root})
	if err != nil {
		b.Fatal(err)
	}
	defer w.Close()
	if _, err := w.Index(ctx); err != nil {
		b.Fatal(err)
	}
	return root
}

// childResult is what TestSearchChild prints.
type childResult struct {
	InProcessMS float64 `json:"in_process_ms"`
	PeakRSSMB   float64 `json:"peak_rss_mb"`
}

// TestSearchChild is the fresh process of BenchmarkColdSearch and
// BenchmarkSearchRSS: with MEMWEAVE_BENCH_SEARCH_CHILD set to a
// workspace, it opens it, runs MEMWEAVE_BENCH_SEARCHES default searches
// (each with its freshness check), closes it and prints a childResult.
// Without the variable it is skipped.
func TestSearchChild(t *testing.T) {
	root := os.Getenv(childEnv)
	if root == "" {
		t.Skip("the fresh process of BenchmarkColdSearch; not a test")
	}
	n, _ := strconv.Atoi(os.Getenv("MEMWEAVE_BENCH_SEARCHES"))
	first, _ := strconv.Atoi(os.Getenv("MEMWEAVE_BENCH_FIRST"))
	ctx := context.Background()
	start := time.Now()
	w, err := memweave.Open(ctx, memweave.Config{Workspace: root, OneShot: true})
	if err != nil {
		t.Fatal(err)
	}
	for i := range max(n, 1) {
		if _, err := w.Search(ctx, memweavetest.SynthQueries[(first+i)%len(memweavetest.SynthQueries)]); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	out, _ := json.Marshal(childResult{InProcessMS: float64(time.Since(start).Microseconds()) / 1000, PeakRSSMB: peakRSSMB(t)})
	fmt.Printf("CHILD %s\n", out)
}

// peakRSSMB returns this process's peak resident set size (VmHWM) in MB.
func peakRSSMB(t testing.TB) float64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Skipf("peak RSS: %v", err)
	}
	for line := range strings.Lines(string(data)) {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 64)
			if err != nil {
				t.Fatalf("VmHWM %q: %v", rest, err)
			}
			return kb / 1024
		}
	}
	t.Skip("peak RSS: no VmHWM in /proc/self/status")
	return 0
}

// runSearchChild re-executes the test binary as TestSearchChild and
// returns its wall time, exec to exit, and its report.
func runSearchChild(b *testing.B, root string, searches, first int) (time.Duration, childResult) {
	b.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestSearchChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), childEnv+"="+root,
		"MEMWEAVE_BENCH_SEARCHES="+strconv.Itoa(searches), "MEMWEAVE_BENCH_FIRST="+strconv.Itoa(first))
	start := time.Now()
	out, err := cmd.CombinedOutput()
	wall := time.Since(start)
	if err != nil {
		b.Fatalf("search child: %v\n%s", err, out)
	}
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "CHILD "); ok {
			var r childResult
			if err := json.Unmarshal([]byte(rest), &r); err != nil {
				b.Fatalf("search child output %q: %v", rest, err)
			}
			return wall, r
		}
	}
	b.Fatalf("search child printed no result:\n%s", out)
	return 0, childResult{}
}

// BenchmarkColdSearch measures the search an agent pays for when it runs
// memweave as a fresh process per call: each iteration starts a process
// (this test binary, re-executed) that opens a 10k-chunk index, runs one
// default search with its freshness check, and closes. It reports the
// median wall time, exec to exit (p50-ms), and the median time inside
// the process (inproc-p50-ms).
func BenchmarkColdSearch(b *testing.B) {
	root := loopWorkspace(b, 10000)
	var wall, inproc []float64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		d, r := runSearchChild(b, root, 1, i)
		wall = append(wall, float64(d.Microseconds())/1000)
		inproc = append(inproc, r.InProcessMS)
	}
	b.StopTimer()
	b.ReportMetric(median(wall), "p50-ms")
	b.ReportMetric(median(inproc), "inproc-p50-ms")
}

// BenchmarkSearchRSS measures the peak resident memory of a fresh process
// that opens a 10k-chunk index and runs 10 default searches (rss-mb).
func BenchmarkSearchRSS(b *testing.B) {
	root := loopWorkspace(b, 10000)
	var rss []float64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_, r := runSearchChild(b, root, 10, i)
		rss = append(rss, r.PeakRSSMB)
	}
	b.StopTimer()
	b.ReportMetric(median(rss), "rss-mb")
}

// BenchmarkSearchAfterWrite measures the commonest agent loop in one
// long-lived Weave without a watcher: Append a note, then search. Only
// the search is timed; it reports the median (p50-ms).
func BenchmarkSearchAfterWrite(b *testing.B) {
	ctx := context.Background()
	root := loopWorkspace(b, 10000)
	w, err := memweave.Open(ctx, memweave.Config{Workspace: root})
	if err != nil {
		b.Fatal(err)
	}
	defer w.Close()
	for _, q := range memweavetest.SynthQueries { // warm up
		if _, err := w.Search(ctx, q); err != nil {
			b.Fatal(err)
		}
	}
	lat := make([]float64, 0, b.N)
	cpu := make([]float64, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		note := fmt.Sprintf("Decision %d: the deploy window moves to slot %d.", i, i*7)
		if _, err := w.Append(ctx, note, memweave.InSource("bench")); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		start, cpu0 := time.Now(), processCPU()
		if _, err := w.Search(ctx, memweavetest.SynthQueries[i%len(memweavetest.SynthQueries)]); err != nil {
			b.Fatal(err)
		}
		lat = append(lat, float64(time.Since(start).Microseconds())/1000)
		cpu = append(cpu, float64((processCPU()-cpu0).Microseconds())/1000)
	}
	b.StopTimer()
	b.ReportMetric(median(lat), "p50-ms")
	b.ReportMetric(median(cpu), "cpu-p50-ms")
}

// processCPU is the CPU time the process has used, user and system: a
// search's share of it changes less with the machine's load than its
// wall time.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// median returns the middle of xs (sorted in place).
func median(xs []float64) float64 {
	slices.Sort(xs)
	return xs[len(xs)/2]
}
