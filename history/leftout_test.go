package history_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/history"
)

// TestLeftOut names each entry a checkout left out, up to 20, and counts
// the rest in one more.
func TestLeftOut(t *testing.T) {
	var skipped []string
	for i := range 25 {
		skipped = append(skipped, fmt.Sprintf("memory/%02d.md: not a regular file", i))
	}
	co := &history.Checkout{Snapshot: &history.Snapshot{Commit: "0123456789abcdef", Skipped: skipped}}
	got := co.LeftOut()
	if len(got) != 21 {
		t.Fatalf("LeftOut() = %d skips, want 21", len(got))
	}
	if got[0].Path != "memory/00.md" || got[0].Err.Error() != "left out of the search at 0123456789ab: not a regular file" {
		t.Errorf("LeftOut()[0] = %q, %v, want memory/00.md, left out ... not a regular file", got[0].Path, got[0].Err)
	}
	if last := got[20]; last.Path != "" || !strings.HasPrefix(last.Err.Error(), "5 more entries") {
		t.Errorf("LeftOut()[20] = %q, %v, want no path, 5 more entries", last.Path, last.Err)
	}
}
