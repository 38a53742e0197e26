package memweave_test

import (
	"context"
	"fmt"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// BenchmarkConflictsShaped measures Conflicts over a workspace shaped
// against the detector's limits (memweavetest.ConflictShape: groups of
// 128 near-identical claims of 64 words, three per chunk), at 2k and
// 20k chunks, and reports whether the answer was truncated. The 20k case
// indexes for about 15 s first; skip it with -short. Peak memory of the
// CLI on the same shape is measured with /usr/bin/time -v (see README).
func BenchmarkConflictsShaped(b *testing.B) {
	for _, chunks := range []int{2000, 20000} {
		b.Run(fmt.Sprintf("chunks=%d", chunks), func(b *testing.B) {
			if chunks > 2000 && testing.Short() {
				b.Skip("20k chunks: skipped with -short")
			}
			root := b.TempDir()
			if err := memweavetest.ConflictShape(root, chunks); err != nil {
				b.Fatal(err)
			}
			w := open(b, root, memweave.Config{})
			mustIndex(b, w)
			var resp *memweave.ConflictsResponse
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				var err error
				if resp, err = w.Conflicts(context.Background(), memweave.NoSync()); err != nil {
					b.Fatal(err)
				}
			}
			truncated := 0.0
			if resp.Truncated {
				truncated = 1
			}
			b.ReportMetric(truncated, "truncated")
			b.ReportMetric(float64(resp.Total), "conflicts")
		})
	}
}

// TestConflictsTruncated checks that a memory of near-identical claims,
// more per group than Conflicts compares, comes back flagged truncated
// with a note saying how to search the rest, and that a small memory
// does not.
func TestConflictsTruncated(t *testing.T) {
	root := t.TempDir()
	if err := memweavetest.ConflictShape(root, 100); err != nil {
		t.Fatal(err)
	}
	w := open(t, root, memweave.Config{})
	mustIndex(t, w)
	resp, err := w.Conflicts(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if !resp.Truncated || resp.Note == "" {
		t.Errorf("Conflicts over 300 near-identical claims: truncated %v, note %q; want truncated with a note", resp.Truncated, resp.Note)
	}
	small := memweavetest.Workspace(t, map[string]string{
		"memory/a.md": "# A\n\nThe staging database runs PostgreSQL 15.\n",
		"memory/b.md": "# B\n\nThe staging database runs PostgreSQL 16.\n",
	})
	w = open(t, small, memweave.Config{})
	mustIndex(t, w)
	if resp, err = w.Conflicts(context.Background()); err != nil || resp.Truncated || len(resp.Conflicts) != 1 {
		t.Errorf("Conflicts over two notes = %+v, %v; want one conflict, not truncated", resp, err)
	}
}
