package mcpserver_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/memweavetest"
)

// TestAppendPastTheSizeLimit: memory_append refuses a note that would
// take the day's log past the size limit (16 MiB), as the CLI and the
// library do, with a tool error naming the log and the limit; the log
// is untouched, and its notes stay found.
func TestAppendPastTheSizeLimit(t *testing.T) {
	const day = "memory/2026-11-30.md" // memweavetest.Now's
	log := strings.Repeat("The queue retries a job LARK-7 times.\n", (16<<20-100)/38)
	cs, ws := connect(t, map[string]string{day: log})
	mustFail(t, cs, "memory_append", map[string]any{"text": strings.Repeat("A long note. ", 20)},
		fmt.Sprintf("%s: the log is %d bytes", day, len(log)))
	if got := memweavetest.ReadFile(t, ws, day); got != log {
		t.Errorf("the log changed: %d bytes, want %d", len(got), len(log))
	}
}
