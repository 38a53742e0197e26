package mcpserver_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/mcpserver"
)

// TestUnreadAnswersHoldLittleMemory: a client that sends memory_get calls
// of a 1 MB note and never reads the answers held the server at about
// 830 MB RSS (round eleven, /tmp/mcp7/noread.py): each of the ~64
// answers waiting was held several times (the result, its encoded JSON,
// the encoded line, that line with its newline). Not run in parallel: it
// measures the heap.
func TestUnreadAnswersHoldLittleMemory(t *testing.T) {
	if raceEnabled {
		t.Skip("27 s under the race detector; the same client without the heap bound is TestServeStopsReadingWhileAnswersWait")
	}
	var b strings.Builder
	for i := 0; b.Len() < 256<<10; i++ {
		fmt.Fprintf(&b, "line %d of a big note, alpha beta gamma delta\n", i)
	}
	w := openWeave(t, map[string]string{"memory/big.md": "# Big\n\n" + b.String()}, memweave.EmbedderConfig{Provider: "none"})
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	inR, inW := io.Pipe()
	outR, outW, err := os.Pipe() // a pipe's buffer, as between processes
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	opts, running, _ := mcpserver.WithEntered(nil)
	go func() { served <- mcpserver.Serve(ctx, w, inR, outW, opts) }()
	t.Cleanup(func() { cancel(); inW.Close(); outR.Close() })
	const n = 100
	sent, done := writeGetCalls(inW, n, "big.md")
	// Wait until the server holds what it will hold: no tool call is
	// running (each answer waits in Write) and it reads no more (the
	// count of lines sent holds still for 300 ms).
	last, still := int64(-1), time.Now()
	for running.Load() != 0 || time.Since(still) < 300*time.Millisecond {
		select {
		case <-done:
		case <-time.After(10 * time.Millisecond):
		}
		if got := sent.Load(); got != last {
			last, still = got, time.Now()
		}
	}
	runtime.GC()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	held := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	t.Logf("%d lines read; heap %d MB more", last, held>>20)
	if held > 64<<20 {
		t.Errorf("a client that reads none of its answers holds %d MB of heap (%d calls read); want at most 64 MB (a 256 KB note)", held>>20, last)
	}
	sc := bufio.NewScanner(outR)
	sc.Buffer(nil, 8<<20)
	answered := 0
	for answered < n+1 && sc.Scan() {
		var resp struct{ ID json.RawMessage }
		if err := json.Unmarshal(sc.Bytes(), &resp); err != nil {
			t.Fatalf("answer %.200s: %v", sc.Bytes(), err)
		}
		answered++
	}
	if answered != n+1 {
		t.Fatalf("%d answers, want %d: %v", answered, n+1, sc.Err())
	}
	<-done
	inW.Close()
	if err := <-served; err != nil {
		t.Errorf("Serve: %v", err)
	}
}
