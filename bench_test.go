package memweave_test

import (
	"context"
	"errors"
	"fmt"
	"runtime/metrics"
	"slices"
	"testing"
	"time"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// BenchmarkSearch measures end-to-end hybrid Search (defaults, no sync
// scan) over synthetic workspaces of 1k, 10k and 100k chunks, and reports
// the median latency as p50-ms. The 100k case takes about a minute to
// index; skip it with -short.
func BenchmarkSearch(b *testing.B) {
	for _, chunks := range []int{1000, 10000, 100000} {
		b.Run(fmt.Sprintf("chunks=%d", chunks), func(b *testing.B) {
			if chunks > 10000 && testing.Short() {
				b.Skip("100k chunks: skipped with -short")
			}
			benchSearch(b, chunks, memweave.EmbedderConfig{})
		})
	}
}

// benchSearch indexes a synthetic workspace of about chunks chunks with
// the embedder emb and times default searches of it.
func benchSearch(b *testing.B, chunks int, emb memweave.EmbedderConfig) {
	ctx := context.Background()
	w := benchWeave(b, chunks, emb)
	lat := make([]time.Duration, 0, b.N)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		if _, err := w.Search(ctx, memweavetest.SynthQueries[i%len(memweavetest.SynthQueries)], memweave.NoSync()); err != nil {
			b.Fatal(err)
		}
		lat = append(lat, time.Since(start))
	}
	b.StopTimer()
	slices.Sort(lat)
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
}

// benchWeave returns a Weave, closed when b ends, on a synthetic
// workspace of about chunks chunks indexed with the embedder emb, each
// synthetic query searched once.
func benchWeave(b *testing.B, chunks int, emb memweave.EmbedderConfig) *memweave.Weave {
	ctx := context.Background()
	root := b.TempDir()
	files := chunks / 11
	if _, err := memweavetest.Synth(root, memweavetest.SynthOptions{Files: files, ChunksPerFile: 10}); err != nil {
		b.Fatal(err)
	}
	w, err := memweave.Open(ctx, memweave.Config{Workspace: root, Now: memweavetest.Clock(), Embedder: emb})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { w.Close() })
	if _, err := w.Index(ctx); err != nil {
		b.Fatal(err)
	}
	for _, q := range memweavetest.SynthQueries { // warm up
		if _, err := w.Search(ctx, q, memweave.NoSync()); err != nil {
			b.Fatal(err)
		}
	}
	return w
}

// BenchmarkSearchAfterPause separates what a pause between searches
// costs from the search's own work: the search of BenchmarkSearch at 10k
// chunks (no sync, so no file is looked at), each one after a pause of
// its own: none, a sleep, the same time spent spinning on the CPU
// without touching memory, which keeps the process's core awake, a sleep
// while another goroutine wakes every millisecond, which keeps the
// runtime's threads from parking for long, or no pause but 64 MiB
// written first, which evicts the CPU caches. The sync cases are the
// default search of a Weave whose watcher runs (as the MCP server's and
// the cadence measure's), whose freshness check drains the watcher's
// probe and, when a change waits, makes a barrier file's round trip
// through the watcher. Each op is a pause and a search; p50-ms,
// cpu-ms (user and system time of the process, every thread), vcsw
// (the process's voluntary context switches) and goroutines (created)
// are the search's alone, medians. Run it with a fixed count, for example -benchtime 12x:
// the pauses make the default one-second target take minutes.
func BenchmarkSearchAfterPause(b *testing.B) {
	w := benchWeave(b, 10000, memweave.EmbedderConfig{})
	sleep := func(d time.Duration) func() { return func() { time.Sleep(d) } }
	spin := func(d time.Duration) func() {
		return func() {
			for end := time.Now().Add(d); time.Now().Before(end); {
			}
		}
	}
	keepAlive := func(d time.Duration) func() {
		return func() {
			stop, done := make(chan struct{}), make(chan struct{})
			go func() {
				defer close(done)
				for {
					select {
					case <-stop:
						return
					case <-time.After(time.Millisecond):
					}
				}
			}()
			time.Sleep(d)
			close(stop)
			<-done
		}
	}
	junk := make([]byte, 64<<20)
	flush := func() {
		for i := 0; i < len(junk); i += 64 {
			junk[i]++
		}
	}
	for _, c := range []struct {
		name  string
		pause func()
		sync  bool
	}{
		{"none", func() {}, false},
		{"sleep=20ms", sleep(20 * time.Millisecond), false},
		{"sleep=300ms", sleep(300 * time.Millisecond), false},
		{"sleep=2s", sleep(2 * time.Second), false},
		{"spin=2s", spin(2 * time.Second), false},
		{"keepalive=2s", keepAlive(2 * time.Second), false},
		{"flush=64MiB", flush, false},
		{"sync/none", func() {}, true},
		{"sync/sleep=2s", sleep(2 * time.Second), true},
	} {
		b.Run(c.name, func(b *testing.B) {
			ctx := context.Background()
			var opts []memweave.SearchOption
			if c.sync {
				if err := w.Watch(ctx); err != nil && !errors.Is(err, memweave.ErrWatching) {
					b.Fatal(err)
				}
				time.Sleep(time.Second) // the watcher's catch-up scan
			} else {
				opts = append(opts, memweave.NoSync())
			}
			for _, q := range memweavetest.SynthQueries { // as warm as a steady search
				if _, err := w.Search(ctx, q, opts...); err != nil {
					b.Fatal(err)
				}
			}
			b.ResetTimer()
			var lat, cpu []time.Duration
			var switches, created []int64
			for i := 0; i < b.N; i++ {
				c.pause()
				g0 := goroutinesCreated()
				v0, _ := memweavetest.ProcessSwitches()
				c0, start := memweavetest.ProcessCPU(), time.Now()
				if _, err := w.Search(ctx, memweavetest.SynthQueries[i%len(memweavetest.SynthQueries)], opts...); err != nil {
					b.Fatal(err)
				}
				lat = append(lat, time.Since(start))
				cpu = append(cpu, memweavetest.ProcessCPU()-c0)
				v1, _ := memweavetest.ProcessSwitches()
				switches = append(switches, v1-v0)
				created = append(created, int64(goroutinesCreated()-g0))
			}
			slices.Sort(lat)
			slices.Sort(cpu)
			slices.Sort(switches)
			slices.Sort(created)
			b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(cpu[len(cpu)/2].Microseconds())/1000, "cpu-ms")
			b.ReportMetric(float64(switches[len(switches)/2]), "vcsw")
			b.ReportMetric(float64(created[len(created)/2]), "goroutines")
		})
	}
}

// goroutinesCreated returns how many goroutines this process has
// created so far.
func goroutinesCreated() uint64 {
	s := []metrics.Sample{{Name: "/sched/goroutines-created:goroutines"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}

// BenchmarkIndex measures a cold index of a 10k-chunk synthetic workspace
// with the offline embedder and reports chunks/s.
func BenchmarkIndex(b *testing.B) {
	ctx := context.Background()
	root := b.TempDir()
	if _, err := memweavetest.Synth(root, memweavetest.SynthOptions{Files: 909, ChunksPerFile: 10}); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	var chunks int
	var total time.Duration
	for i := 0; i < b.N; i++ {
		w, err := memweave.Open(ctx, memweave.Config{Workspace: root, DBPath: fmt.Sprintf("%s/db-%d/index.db", b.TempDir(), i)})
		if err != nil {
			b.Fatal(err)
		}
		start := time.Now()
		res, err := w.Index(ctx)
		if err != nil {
			b.Fatal(err)
		}
		total += time.Since(start)
		chunks += res.ChunksCreated
		w.Close()
	}
	b.ReportMetric(float64(chunks)/total.Seconds(), "chunks/s")
}
