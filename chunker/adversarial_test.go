package chunker_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/memweave/memweave-go/chunker"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestSplitAdversarialTime splits each adversarial shape at 200 KB, a
// size at which the version-2 chunker (goldmark on every line) took 5 to
// 35 s on the nested markers, and checks Split's invariants. The bound is
// generous for slow or -race builds: the shapes now split in milliseconds.
func TestSplitAdversarialTime(t *testing.T) {
	const bound = 2 * time.Second
	for _, shape := range memweavetest.HostileShapes() {
		t.Run(shape, func(t *testing.T) {
			src := memweavetest.Hostile(shape, 200<<10)
			start := time.Now()
			chunks := chunker.Split(src, chunker.Options{})
			if d := time.Since(start); d > bound {
				t.Errorf("Split(%s, %d bytes) took %v, want < %v", shape, len(src), d, bound)
			}
			checkChunks(t, string(src), chunker.Options{}, chunks)
		})
	}
}

// BenchmarkSplitAdversarial splits each adversarial shape at 100 KB, 1 MB
// and 16 MiB (skipped with -short). Time per byte (MB/s) stays flat as
// the size grows: the parse budget keeps Split linear.
func BenchmarkSplitAdversarial(b *testing.B) {
	for _, shape := range memweavetest.HostileShapes() {
		for _, size := range []int{100 << 10, 1 << 20, 16 << 20} {
			b.Run(fmt.Sprintf("%s/%dKB", shape, size>>10), func(b *testing.B) {
				if size > 1<<20 && testing.Short() {
					b.Skip("16 MiB input in -short mode")
				}
				src := memweavetest.Hostile(shape, size)
				b.ReportAllocs()
				b.SetBytes(int64(len(src)))
				n := 0
				for b.Loop() {
					n = len(chunker.Split(src, chunker.Options{}))
				}
				b.ReportMetric(float64(n), "chunks")
			})
		}
	}
}
