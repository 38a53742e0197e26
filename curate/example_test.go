package curate_test

import (
	"cmp"
	"fmt"
	"time"

	"github.com/memweave/memweave-go/curate"
)

// Two copies of a note and a third that changes its number: the first
// two form a group around the newer copy; the third is held back.
func ExampleGroups() {
	ps := []curate.Passage{
		{File: "memory/2026-11-01.md", Text: "The payment client retries 3 times with exponential backoff before it gives up and posts the failure to the on-call channel of the payments team."},
		{File: "memory/2026-11-20.md", Text: "The payment client retries 3 times with exponential backoff before it gives up and posts the failure to the on-call channel of the payments team."},
		{File: "memory/2026-11-25.md", Text: "The payment client retries 5 times with exponential backoff before it gives up and posts the failure to the on-call channel of the payments team."},
	}
	day := func(d int) time.Time { return time.Date(2026, 11, d, 0, 0, 0, 0, time.UTC) }
	copies := []curate.Copy{{Date: day(1), File: ps[0].File}, {Date: day(20), File: ps[1].File}, {Date: day(25), File: ps[2].File}}
	// PairsPreferring compares copies of one paragraph around the one
	// Groups keeps, so a paste in many notes comes back as one group.
	prefer := func(a, b int) int { return cmp.Or(curate.Prefer(copies[a], copies[b]), cmp.Compare(a, b)) }
	pairs, held := curate.PairsPreferring(ps, curate.Threshold, prefer)
	for _, g := range curate.Groups(ps, copies, pairs) {
		fmt.Println("keep", ps[g.Keep].File)
		for _, d := range g.Drop {
			fmt.Printf("drop %s (similarity %.2f)\n", ps[d.Index].File, d.Similarity)
		}
	}
	for _, h := range held {
		fmt.Printf("held %s and %s: %s\n", ps[h.A].File, ps[h.B].File, h.Reason)
	}
	// Output:
	// keep memory/2026-11-20.md
	// drop memory/2026-11-01.md (similarity 1.00)
	// held memory/2026-11-01.md and memory/2026-11-25.md: a value differs: number: 3
	// held memory/2026-11-20.md and memory/2026-11-25.md: a value differs: number: 3
}
