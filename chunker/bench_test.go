package chunker_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/memweave/memweave-go/chunker"
)

var words = strings.Fields(`the a cache index vector query embed chunk token
	sqlite memory agent note search rank score decay file line heading list
	code block budget overlap section parser markdown document weave`)

// genDoc returns a Markdown document of about size bytes, the same for
// the same seed: nested headings, paragraphs, lists, code fences and the
// odd long line.
func genDoc(size int, seed uint64) []byte {
	r := rand.New(rand.NewPCG(seed, 1))
	var b strings.Builder
	sentence := func(n int) {
		for i := 0; i < n; i++ {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(words[r.IntN(len(words))])
		}
		b.WriteString(".")
	}
	for sec := 1; b.Len() < size; sec++ {
		fmt.Fprintf(&b, "%s Section %d\n\n", strings.Repeat("#", 1+r.IntN(3)), sec)
		for blocks := 2 + r.IntN(6); blocks > 0; blocks-- {
			switch r.IntN(6) {
			case 0, 1, 2: // paragraph, wrapped
				for lines := 1 + r.IntN(6); lines > 0; lines-- {
					sentence(6 + r.IntN(8))
					b.WriteByte('\n')
				}
			case 3: // list
				for items := 2 + r.IntN(6); items > 0; items-- {
					b.WriteString("- ")
					sentence(4 + r.IntN(10))
					b.WriteByte('\n')
				}
			case 4: // code fence
				b.WriteString("```go\n")
				for lines := 2 + r.IntN(20); lines > 0; lines-- {
					fmt.Fprintf(&b, "\tx%d := f(%d) // ", lines, r.IntN(1000))
					sentence(3)
					b.WriteByte('\n')
				}
				b.WriteString("```\n")
			case 5: // one long line
				sentence(100 + r.IntN(300))
				b.WriteByte('\n')
			}
			b.WriteByte('\n')
		}
	}
	return []byte(b.String())
}

// BenchmarkSplit splits generated documents of 10 KB to 1 MB with the
// default options. It reports chunks/s next to MB/s, and fill%, the mean
// chunk size as a share of the cap.
func BenchmarkSplit(b *testing.B) {
	for _, size := range []int{10 << 10, 100 << 10, 1 << 20} {
		src := genDoc(size, 42)
		b.Run(fmt.Sprintf("%dKB", size>>10), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(src)))
			var chunks []chunker.Chunk
			n := 0
			start := time.Now()
			for b.Loop() {
				chunks = chunker.Split(src, chunker.Options{})
				n += len(chunks)
			}
			b.ReportMetric(float64(n)/time.Since(start).Seconds(), "chunks/s")
			// Quality: how full chunks are, on average, against the cap.
			tokens := 0
			for _, c := range chunks {
				tokens += chunker.EstimateTokens(c.Text)
			}
			b.ReportMetric(100*float64(tokens)/float64(len(chunks)*chunker.DefaultMaxTokens), "fill%")
		})
	}
}
