package memweave_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// indexBytes returns the size of the workspace's index database and its
// write-ahead log.
func indexBytes(tb testing.TB, root string) int64 {
	tb.Helper()
	var n int64
	for _, name := range []string{"index.db", "index.db-wal"} {
		fi, err := os.Stat(filepath.Join(root, ".memweave", name))
		if err == nil {
			n += fi.Size()
		} else if name == "index.db" {
			tb.Fatal(err)
		}
	}
	return n
}

// indexed indexes the workspace root with the default (offline hash)
// embedder and returns the index size over textBytes and the time taken.
func indexed(tb testing.TB, root string, textBytes int64) (float64, time.Duration) {
	tb.Helper()
	w := open(tb, root, memweave.Config{MaxFileBytes: 64 << 20})
	start := time.Now()
	res := mustIndex(tb, w)
	d := time.Since(start)
	if len(res.Warnings) > 0 {
		tb.Fatalf("Index warnings: %v", res.Warnings)
	}
	return float64(indexBytes(tb, root)) / float64(textBytes), d
}

// maxAmplification bounds index bytes over text bytes for the keyword and
// vector index of the hash embedder. Synthetic notes measure about 4.8x
// (TestIndexAmplification logs it); the bound leaves room for short
// chunks.
const maxAmplification = 12

// TestIndexAmplification indexes 1 MB of each hostile shape, and a
// synthetic workspace of ordinary notes, and checks that the index stays
// within maxAmplification times the text. Six 20 KB headings over 1 MB
// of paragraphs made a 190 MB index (190x) before heading paths were
// bounded (226x measured), tiny sections made 291x (a vector and rows per
// 6-byte chunk) before they were packed; the nested markers took minutes
// to index.
func TestIndexAmplification(t *testing.T) {
	memweavetest.Long(t, "indexes 6 MB")
	root := t.TempDir()
	n, err := memweavetest.Synth(root, memweavetest.SynthOptions{Files: 40, ChunksPerFile: 20})
	if err != nil {
		t.Fatal(err)
	}
	f, d := indexed(t, root, n)
	t.Logf("normal: %d bytes, index %.1fx, %v", n, f, d)
	if f > maxAmplification {
		t.Errorf("index of %d bytes of notes is %.1fx the text, want <= %dx", n, f, maxAmplification)
	}
	for _, shape := range memweavetest.HostileShapes() {
		t.Run(shape, func(t *testing.T) {
			root := t.TempDir()
			doc := string(memweavetest.Hostile(shape, 1<<20))
			memweavetest.WriteFile(t, root, "memory/hostile.md", doc)
			f, d := indexed(t, root, int64(len(doc)))
			t.Logf("%s: %d bytes, index %.1fx, %v", shape, len(doc), f, d)
			if f > maxAmplification {
				t.Errorf("index of %d bytes (%s) is %.1fx the text, want <= %dx", len(doc), shape, f, maxAmplification)
			}
			// The regression this guards took minutes; under the race
			// detector at a load of 40, a sound index took 21 s.
			if d > time.Minute {
				t.Errorf("Index of %d bytes (%s) took %v, want well under a minute", len(doc), shape, d)
			}
		})
	}
}

// BenchmarkIndexAdversarial indexes a workspace holding one hostile file
// of 1 MB or 16 MiB (skipped with -short) with the hash embedder, and
// reports the index size over the text as amp.
func BenchmarkIndexAdversarial(b *testing.B) {
	for _, shape := range memweavetest.HostileShapes() {
		for _, size := range []int{1 << 20, 16 << 20} {
			b.Run(fmt.Sprintf("%s/%dKB", shape, size>>10), func(b *testing.B) {
				if size > 1<<20 && testing.Short() {
					b.Skip("16 MiB input in -short mode")
				}
				doc := string(memweavetest.Hostile(shape, size))
				b.SetBytes(int64(len(doc)))
				var f float64
				for b.Loop() {
					b.StopTimer()
					root := b.TempDir()
					memweavetest.WriteFile(b, root, "memory/hostile.md", doc)
					w := open(b, root, memweave.Config{MaxFileBytes: 64 << 20})
					b.StartTimer()
					mustIndex(b, w)
					b.StopTimer()
					w.Close()
					f = float64(indexBytes(b, root)) / float64(len(doc))
					b.StartTimer()
				}
				b.ReportMetric(f, "amp")
			})
		}
	}
}
