//go:build unix

package workspace

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/memweave/memweave-go/memweavetest"
)

// benchGap is the pause between two scans of the repeated variants: a
// long-lived process scans before each search, and searches come
// seconds apart.
var benchGap = flag.Duration("bench.gap", 1500*time.Millisecond, "pause between the scans of BenchmarkDiscover10kFiles/repeated")

// benchRoot names a workspace synth10k built earlier, to reuse instead of
// writing a new one for each run of the benchmark binary.
var benchRoot = flag.String("bench.root", "", "reuse the workspace of synth10k in `DIR`")

// synth10k writes the workspace of cmd/memweave-bench speed --files
// 10000 (memweavetest.Synth, seed 1) and returns its root: 10,000
// Markdown files in 2,639 folders under memory/ (2,640 with the root).
func synth10k(b *testing.B) string {
	b.Helper()
	root := *benchRoot
	if root == "" {
		root = b.TempDir()
	} else if err := os.MkdirAll(root, 0o755); err != nil {
		b.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, MemoryDir)); err == nil {
		// built by an earlier run
	} else if _, err := memweavetest.Synth(root, memweavetest.SynthOptions{Files: 10000, ChunksPerFile: 1, Seed: 1}); err != nil {
		b.Fatal(err)
	}
	folders := 0
	filepath.WalkDir(filepath.Join(root, MemoryDir), func(_ string, d os.DirEntry, err error) error {
		if err == nil && d.IsDir() {
			folders++
		}
		return err
	})
	if files, _, err := Discover(root, nil); err != nil || len(files) != 10000 || folders != 2639 {
		b.Fatalf("synthetic workspace: %d files in %d folders, %v; want 10000 in 2639", len(files), folders, err)
	}
	return root
}

// BenchmarkDiscover10kFiles measures one stat scan of the workspace of
// synth10k:
//
//   - fresh-process runs each scan in a new process (this test binary,
//     TestDiscoverOnce), as a CLI command does, and reports the scan
//     alone, without the process start;
//   - cold scans in this process with nothing kept, after returning the
//     heap to the system, as close to a fresh process as one process
//     gets;
//   - repeated scans with -bench.gap between scans, as a long-lived
//     process with no watcher does before each search, with nothing kept
//     (discover) or with the folder listings kept (scanner).
func BenchmarkDiscover10kFiles(b *testing.B) {
	root := synth10k(b)
	b.Run("fresh-process", func(b *testing.B) {
		var wall, cpu time.Duration
		for b.Loop() {
			w, c := scanInChild(b, root)
			wall, cpu = wall+w, cpu+c
		}
		b.ReportMetric(float64(wall.Nanoseconds())/float64(b.N), "ns/op")
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
	})
	b.Run("cold", func(b *testing.B) {
		defer reportCPU(b)()
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			b.StopTimer()
			debug.FreeOSMemory()
			b.StartTimer()
			if _, _, err := Discover(root, nil); err != nil {
				b.Fatal(err)
			}
		}
	})
	for _, kept := range []bool{false, true} {
		b.Run("repeated/"+map[bool]string{false: "discover", true: "scanner"}[kept], func(b *testing.B) {
			var s *Scanner
			if kept {
				s = new(Scanner)
				s.Discover(root, nil) // the scan at start-up
			}
			defer reportCPU(b)()
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				time.Sleep(*benchGap)
				b.StartTimer()
				if _, _, err := s.Discover(root, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// reportCPU starts counting the CPU time of the process (user and
// system, all threads) and returns the function that reports it per
// iteration as cpu-ns/op: under load from other processes it varies
// less than the wall time. It includes the pauses of the repeated
// variants, in which the process does nothing.
func reportCPU(b *testing.B) func() {
	start := memweavetest.ProcessCPU()
	return func() {
		b.ReportMetric(float64((memweavetest.ProcessCPU()-start).Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
}

// scanInChild runs one Discover of root in a new process and returns
// how long the scan took there, in wall and CPU time.
func scanInChild(b *testing.B, root string) (wall, cpu time.Duration) {
	b.Helper()
	b.StopTimer()
	defer b.StartTimer()
	cmd := exec.Command(os.Args[0], "-test.run=^TestDiscoverOnce$", "-test.count=1")
	cmd.Env = append(os.Environ(), "MEMWEAVE_DISCOVER_ONCE="+root)
	out, err := cmd.CombinedOutput()
	if err != nil {
		b.Fatalf("child scan: %v\n%s", err, out)
	}
	for line := range strings.Lines(string(out)) {
		if ns, ok := strings.CutPrefix(strings.TrimSpace(line), "discover-ns "); ok {
			if _, err := fmt.Sscan(ns, &wall, &cpu); err != nil {
				b.Fatal(err)
			}
			return wall, cpu
		}
	}
	b.Fatalf("child scan printed no time:\n%s", out)
	return 0, 0
}

// TestDiscoverOnce is the child of BenchmarkDiscover10kFiles/fresh-process:
// it scans the workspace named by MEMWEAVE_DISCOVER_ONCE once and prints
// how long that took. It is skipped otherwise.
func TestDiscoverOnce(t *testing.T) {
	root := os.Getenv("MEMWEAVE_DISCOVER_ONCE")
	if root == "" {
		t.Skip("run by BenchmarkDiscover10kFiles")
	}
	runtime.GC()
	start, cpu := time.Now(), memweavetest.ProcessCPU()
	files, _, err := Discover(root, nil)
	elapsed, cpu := time.Since(start), memweavetest.ProcessCPU()-cpu
	if err != nil || len(files) == 0 {
		t.Fatalf("Discover(%q) = %d files, %v", root, len(files), err)
	}
	fmt.Printf("discover-ns %d %d\n", elapsed.Nanoseconds(), cpu.Nanoseconds())
}
