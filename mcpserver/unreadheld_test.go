package mcpserver_test

import (
	"bufio"
	"encoding/json"
	"testing"
	"time"
)

// TestRunningCallsOfAClientThatDoesNotReadHoldLittle: 24 memory_get calls
// of a 512 KiB note sent at once, their answers read only once the server
// holds what it will hold. The answers of the calls running were each
// held whole (66 MB; 131 MB with a 1 MiB note) until round fifteen
// refused those past 8 MiB waiting "server busy ... call again", which a
// client reading every answer got too (41 of 64 calls of a 1 MiB note
// over stdio, mcp11's rss.py): several large answers finishing at once
// passed the mark. A memory_get or memory_pack call now waits for room
// for its answer before it runs: the heap stays bounded and, once the
// client reads, every call gets its result. Not run in parallel: it
// measures the heap.
func TestRunningCallsOfAClientThatDoesNotReadHoldLittle(t *testing.T) {
	if raceEnabled {
		t.Skip("slow under the race detector; TestServeStopsReadingWhileAnswersWait runs such a client")
	}
	s := serveUnread(t, 512<<10)
	// 24 answers of about 1 MB: three times what may wait unread.
	const n = 24
	_, done := writeGetCalls(s.in, n, "big.md")
	// The server holds what it will hold once every answer, and
	// initialize's, entered Write, or once it waits for room with no
	// large call running. Bounded: a server that does neither fails
	// here, naming the count, instead of hanging the package's run.
	for deadline := time.Now().Add(2 * time.Minute); s.entered.Load() < n+1 && !s.roomIdle.Load(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d answers entered Write after 2 minutes and the server waits for no room, want either", s.entered.Load(), n+1)
		}
	}
	// Twice: what json's encoders put back in their pools is freed at the
	// second collection, not the first.
	held := s.held(2)
	t.Logf("heap %d MB more, %d answers entered Write", held>>20, s.entered.Load())
	if held > 32<<20 {
		t.Errorf("%d memory_get calls of a 512 KiB note, their client reading nothing: %d MB of heap held; want at most 32 MB", n, held>>20)
	}
	sc := bufio.NewScanner(s.out)
	sc.Buffer(nil, 16<<20)
	results := 0
	for i := 0; i < n+1 && sc.Scan(); i++ {
		var resp struct {
			Result json.RawMessage
			Error  *struct{ Message string }
		}
		if err := json.Unmarshal(sc.Bytes(), &resp); err != nil {
			t.Fatalf("answer %.200s: %v", sc.Bytes(), err)
		}
		if resp.Error != nil {
			t.Errorf("answer %d: %s; want a result (the client reads its answers)", i, resp.Error.Message)
			continue
		}
		results++
	}
	if results != n+1 {
		t.Errorf("%d results, want %d", results, n+1)
	}
	<-done
	s.close(t)
}
