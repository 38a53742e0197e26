package mcpserver_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"sync/atomic"
	"testing"
	"time"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/mcpserver"
)

// TestServeStopsReadingWhileAnswersWait guards that a client that writes
// tool calls and never reads the answers makes the server stop reading
// its input after about DefaultMaxInFlight calls (68 read of 1,002 here),
// so the answers held in memory are bounded; once the client reads, every
// call is answered. With 1 MB notes such a client holds the server at
// about 800 MB RSS (2 MB an answer line, as text and structured content),
// flat after 20 s (/tmp/mcp7/noread.py, round eleven).
func TestServeStopsReadingWhileAnswersWait(t *testing.T) {
	t.Parallel()
	w := openWeave(t, rawFiles, memweave.EmbedderConfig{Provider: "none"})
	inW, outR, served := servePiped(t, w, nil, false)
	const n = 1000
	sent, done := writeGetCalls(inW, n, "db.md")
	// The client reads nothing: the answers due (DefaultMaxInFlight) and as
	// many tool calls running are all the server may take before it stops
	// reading.
	bound := int64(3*mcpserver.DefaultMaxInFlight + 8)
	deadline := time.After(2 * time.Second)
wait:
	for sent.Load() <= bound {
		select {
		case <-done:
			break wait
		case <-deadline:
			break wait
		case <-time.After(10 * time.Millisecond):
		}
	}
	if got := sent.Load(); got > bound {
		t.Fatalf("the server read %d of %d requests whose answers nobody read; want at most %d", got, n+2, bound)
	}
	seen := map[string]bool{}
	sc := bufio.NewScanner(outR)
	sc.Buffer(nil, 1<<20)
	for len(seen) < n+1 && sc.Scan() {
		var resp struct {
			ID     json.RawMessage
			Error  *struct{ Code int }
			Result json.RawMessage
		}
		if err := json.Unmarshal(sc.Bytes(), &resp); err != nil || seen[string(resp.ID)] {
			t.Fatalf("answer %.200s: %v (seen before: %v)", sc.Bytes(), err, seen[string(resp.ID)])
		}
		if resp.Error != nil && resp.Error.Code != -32000 { // "server busy" answers a call past the limit
			t.Fatalf("answer %.200s, want a result or server busy", sc.Bytes())
		}
		seen[string(resp.ID)] = true
	}
	if len(seen) != n+1 {
		t.Fatalf("%d answers, want %d: %v", len(seen), n+1, sc.Err())
	}
	<-done
	inW.Close()
	if err := <-served; err != nil {
		t.Errorf("Serve: %v", err)
	}
}

// writeGetCalls writes to in, one a line, an initialize, its
// notification and n memory_get calls of path (ids 100 on), counting in
// sent each line written, as a client that never reads its answers
// would; done closes once all are written or a write fails.
func writeGetCalls(in io.Writer, n int, path string) (sent *atomic.Int64, done <-chan struct{}) {
	sent = new(atomic.Int64)
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		lines := []string{`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"v0"}}}`,
			`{"jsonrpc":"2.0","method":"notifications/initialized"}`}
		for i := range n {
			lines = append(lines, fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"memory_get","arguments":{"path":%q}}}`, 100+i, path))
		}
		for _, line := range lines {
			if _, err := io.WriteString(in, line+"\n"); err != nil {
				return
			}
			sent.Add(1)
		}
	}()
	return sent, finished
}
