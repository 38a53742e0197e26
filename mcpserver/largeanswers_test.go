package mcpserver_test

import (
	"bufio"
	"encoding/json"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/mcpserver"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestLargeAnswersRunFewAtOnce: of 64 memory_get calls sent at once (the
// in-flight cap) by a client that reads every answer, every one runs,
// and at most mcpserver.MaxLargeAnswers at a time, each building an
// answer of up to a megabyte in several copies; the others wait. The
// hook counts the calls inside the bound itself and holds them until
// one waits for its turn (WithLargeRunning): it read the semaphore's
// length before, which cannot pass its capacity, so a token let go
// before the call ran still passed.
func TestLargeAnswersRunFewAtOnce(t *testing.T) {
	t.Parallel()
	w := openWeave(t, map[string]string{"memory/n.md": "# N\n\n" + numberedLines("line %d of a note\n", 16<<10)}, memweave.EmbedderConfig{Provider: "none"})
	opts, peak, started := mcpserver.WithLargeRunning(nil)
	inW, outR, served := servePiped(t, w, opts, false)
	const n = mcpserver.DefaultMaxInFlight
	writeGetCalls(inW, n, "n.md")
	sc := bufio.NewScanner(outR)
	sc.Buffer(nil, 4<<20)
	for i := 0; i < n+1 && sc.Scan(); i++ {
		if strings.Contains(sc.Text(), `"error"`) {
			t.Errorf("answer %d: %.300s", i, sc.Text())
		}
	}
	if started.Load() != n || peak.Load() != mcpserver.MaxLargeAnswers {
		t.Errorf("%d memory_get calls: %d started, at most %d at once; want all %d, %d at once and no more",
			n, started.Load(), peak.Load(), n, mcpserver.MaxLargeAnswers)
	}
	inW.Close()
	if err := <-served; err != nil {
		t.Errorf("Serve: %v", err)
	}
}

// TestConcurrentLargeGetsAreBounded: 64 memory_get calls of a 1 MiB note
// at once (the in-flight cap), from a client that reads every answer,
// were each built at once, in several copies (text, structured content,
// their JSON, the output schema's check): `memweave mcp` peaked at
// 770-980 MB RSS. At most mcpserver.MaxLargeAnswers run at once now:
// here with a 512 KiB note the heap peaked at 97 MB, now 57 MB (GOGC 10).
// The heap is sampled while the calls run: a sample can only miss a
// peak, never invent one. Not run in parallel: it measures the heap.
// TestLargeAnswersRunFewAtOnce checks the bound itself, fast.
func TestConcurrentLargeGetsAreBounded(t *testing.T) {
	if raceEnabled {
		t.Skip("measures the heap; slow under the race detector")
	}
	memweavetest.Long(t, "64 answers of 1.3 MB each")
	w := openWeave(t, map[string]string{"memory/big.md": "# Big\n\n" + numberedLines("line %d of a big note, \"alpha\" <beta> & gamma\n", 512<<10)}, memweave.EmbedderConfig{Provider: "none"})
	// Collect often, so that the heap is what the calls hold, not the
	// garbage of the answers already written.
	defer debug.SetGCPercent(debug.SetGCPercent(10))
	runtime.GC()
	inW, outR, served := servePiped(t, w, nil, true)

	// Sample the heap until the answers are read.
	var peak atomic.Uint64
	stop, sampled := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(sampled)
		s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			metrics.Read(s)
			if v := s[0].Value.Uint64(); v > peak.Load() {
				peak.Store(v)
			}
			select {
			case <-stop:
				return
			case <-tick.C:
			}
		}
	}()
	const n = mcpserver.DefaultMaxInFlight
	writeGetCalls(inW, n, "big.md")
	sc := bufio.NewScanner(outR)
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
		if resp.Error == nil {
			results++
		}
	}
	close(stop)
	<-sampled
	t.Logf("%d results; heap peaked at %d MB", results, peak.Load()>>20)
	if results < 2 {
		t.Errorf("%d results, want some", results)
	}
	if peak.Load() > 80<<20 {
		t.Errorf("%d memory_get calls of a 512 KiB note at once: the heap peaked at %d MB; want at most 80 MB", n, peak.Load()>>20)
	}
	inW.Close()
	if err := <-served; err != nil {
		t.Errorf("Serve: %v", err)
	}
}
