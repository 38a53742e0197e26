package chunker_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/memweave/memweave-go/chunker"
)

// adversarialShapes name the inputs that made goldmark's block parser
// (or the index, through heading paths) super-linear.
var adversarialShapes = []string{"markers", "links", "indent", "longline", "headings", "sections"}

// adversarial returns a document of about size bytes of the given shape:
//
//   - markers: one line of nested list markers, "- - - ... x";
//   - links: a heading of "[a](" repeated;
//   - indent: a list nested one level deeper on every line;
//   - longline: one line of words;
//   - headings: six nested headings of 20 KB each over paragraphs;
//   - sections: tiny sections, "# 1\nb\n" repeated.
func adversarial(shape string, size int) []byte {
	var b strings.Builder
	b.Grow(size + 64)
	switch shape {
	case "markers":
		b.WriteString(strings.Repeat("- ", size/2))
		b.WriteString("x\n")
	case "links":
		b.WriteString("# ")
		b.WriteString(strings.Repeat("[a](", size/4))
		b.WriteString("\n")
	case "indent":
		for k := 0; b.Len() < size; k++ {
			b.WriteString(strings.Repeat("  ", k))
			b.WriteString("- x\n")
		}
	case "longline":
		for b.Len() < size {
			b.WriteString("cache index vector ")
		}
		b.WriteString("\n")
	case "headings":
		const headBytes = 20 << 10
		para := "The cache holds the index and the vectors for a day.\n"
		for h := 1; h <= 6; h++ {
			fmt.Fprintf(&b, "%s H%d ", strings.Repeat("#", h), h)
			b.WriteString(strings.Repeat("w", headBytes))
			b.WriteString("\n\n")
			for n := 0; n < size/6/len(para); n++ {
				b.WriteString(para)
				if n%4 == 3 {
					b.WriteString("\n")
				}
			}
		}
	case "sections":
		for n := 0; b.Len() < size; n++ {
			fmt.Fprintf(&b, "# %d\nb\n", n%10)
		}
	default:
		panic("unknown shape " + shape)
	}
	return []byte(b.String())
}

// TestSplitAdversarialTime splits each adversarial shape at 200 KB, a
// size at which the version-2 chunker (goldmark on every line) took 5 to
// 35 s on the nested markers, and checks Split's invariants. The bound is
// generous for slow or -race builds: the shapes now split in milliseconds.
func TestSplitAdversarialTime(t *testing.T) {
	const bound = 2 * time.Second
	for _, shape := range adversarialShapes {
		t.Run(shape, func(t *testing.T) {
			src := adversarial(shape, 200<<10)
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
	for _, shape := range adversarialShapes {
		for _, size := range []int{100 << 10, 1 << 20, 16 << 20} {
			b.Run(fmt.Sprintf("%s/%dKB", shape, size>>10), func(b *testing.B) {
				if size > 1<<20 && testing.Short() {
					b.Skip("16 MiB input in -short mode")
				}
				src := adversarial(shape, size)
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
