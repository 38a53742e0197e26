package mcpserver_test

import (
	"bufio"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/memweave/memweave-go/mcpserver"
)

// TestRunningCallsOfAClientThatDoesNotReadHoldLittle: input stops being
// read while 8 MiB of answers wait (TestUnreadAnswersHoldLittleMemory),
// but the answers of the calls already running (up to 64) were each held
// whole until the client read them: 64 memory_get calls of a 512 KiB
// note held 66 MB (131 MB with a 1 MiB note). Past 8 MiB waiting, a large answer is not kept: the
// call is answered "server busy ... call again", and the heap held stays
// near the 8 MiB (8 MB with either note). Not run in parallel: it measures the heap.
func TestRunningCallsOfAClientThatDoesNotReadHoldLittle(t *testing.T) {
	if raceEnabled {
		t.Skip("slow under the race detector; TestServeStopsReadingWhileAnswersWait runs such a client")
	}
	s := serveUnread(t, 512<<10)
	const n = mcpserver.DefaultMaxInFlight
	_, done := writeGetCalls(s.in, n, "big.md")
	// Every call is read (64 fit under the in-flight cap); wait until
	// each answer, and initialize's, has entered Write.
	select {
	case <-done:
	case <-time.After(2 * time.Minute):
		t.Fatalf("the server read fewer than %d calls in 2 minutes, want all (they fit under the in-flight cap)", n)
	}
	// Bounded: a server that never lets an answer reach Write fails
	// here, naming the count, instead of hanging the package's run.
	for deadline := time.Now().Add(2 * time.Minute); s.entered.Load() < n+1; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d answers entered Write after 2 minutes, want all", s.entered.Load(), n+1)
		}
	}
	// Twice: what json's encoders put back in their pools is freed at the
	// second collection, not the first.
	held := s.held(2)
	t.Logf("heap %d MB more", held>>20)
	if held > 32<<20 {
		t.Errorf("%d running memory_get calls of a 512 KiB note, their client reading nothing: %d MB of heap held; want at most 32 MB", n, held>>20)
	}
	sc := bufio.NewScanner(s.out)
	sc.Buffer(nil, 16<<20)
	results, busy := 0, 0
	for i := 0; i < n+1 && sc.Scan(); i++ {
		var resp struct {
			Result json.RawMessage
			Error  *struct{ Message string }
		}
		if err := json.Unmarshal(sc.Bytes(), &resp); err != nil {
			t.Fatalf("answer %.200s: %v", sc.Bytes(), err)
		}
		switch {
		case resp.Error != nil && strings.Contains(resp.Error.Message, "call again"):
			busy++
		case resp.Error != nil:
			t.Errorf("answer %d: %s", i, resp.Error.Message)
		default:
			results++
		}
	}
	if results+busy != n+1 || results < 2 {
		t.Errorf("%d results and %d refusals to call again, want %d answers, some results", results, busy, n+1)
	}
	t.Logf("%d results, %d busy", results, busy)
	s.close(t)
}
