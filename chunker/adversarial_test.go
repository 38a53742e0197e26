package chunker_test

import (
	"fmt"
	"testing"

	"github.com/memweave/memweave-go/chunker"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestSplitAdversarial splits each adversarial shape at 200 KB and checks
// Split's invariants on the result. That Split stays linear is not timed
// here, where a loaded machine would make it flaky: FuzzMaskHostile checks
// that goldmark never sees a run over the parse budget, and
// BenchmarkSplitAdversarial shows the time per byte staying flat.
func TestSplitAdversarial(t *testing.T) {
	for _, shape := range memweavetest.HostileShapes() {
		t.Run(shape, func(t *testing.T) {
			src := memweavetest.Hostile(shape, 200<<10)
			checkChunks(t, string(src), chunker.Options{}, chunker.Split(src, chunker.Options{}))
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
