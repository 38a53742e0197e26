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
	"sync/atomic"
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
	s := serveUnread(t, 256<<10)
	const n = 100
	sent, done := writeGetCalls(s.in, n, "big.md")
	// Wait until the server holds what it will hold: no tool call is
	// running (each answer waits in Write, or the next call waits for
	// room for its answer) and it reads no more (the count of lines
	// sent holds still for 300 ms).
	last, still := int64(-1), time.Now()
	for s.running.Load() != 0 && !s.roomIdle.Load() || time.Since(still) < 300*time.Millisecond {
		select {
		case <-done:
		case <-time.After(10 * time.Millisecond):
		}
		if got := sent.Load(); got != last {
			last, still = got, time.Now()
		}
	}
	held := s.held(1)
	t.Logf("%d lines read; heap %d MB more", last, held>>20)
	if held > 64<<20 {
		t.Errorf("a client that reads none of its answers holds %d MB of heap (%d calls read); want at most 64 MB (a 256 KB note)", held>>20, last)
	}
	sc := bufio.NewScanner(s.out)
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
	s.close(t)
}

// unreadSession is a stdio session over a note, memory/big.md, whose
// client reads no answer until the test does: the answers fill a pipe's
// buffer, as between processes.
type unreadSession struct {
	in     *io.PipeWriter
	out    io.Reader
	served <-chan error
	// running and entered are [mcpserver.WithEntered]'s counts.
	running, entered *atomic.Int64
	// roomIdle is [mcpserver.WithRoomWait]'s flag.
	roomIdle *atomic.Bool
	// heap is the heap in use before the session started, collected.
	heap uint64
}

// serveUnread starts an unreadSession over a note of at least size
// bytes. Not for parallel tests: they measure the heap.
func serveUnread(t *testing.T, size int) *unreadSession {
	t.Helper()
	w := openWeave(t, map[string]string{"memory/big.md": "# Big\n\n" + numberedLines("line %d of a big note, alpha beta gamma delta\n", size)}, memweave.EmbedderConfig{Provider: "none"})
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	opts, running, entered := mcpserver.WithEntered(nil)
	opts, idle := mcpserver.WithRoomWait(opts)
	inW, outR, served := servePiped(t, w, opts, true)
	return &unreadSession{in: inW, out: outR, served: served, running: running, entered: entered, roomIdle: idle, heap: before.HeapAlloc}
}

// held returns the heap in use now, after gcs collections, less what
// was in use before the session started.
func (s *unreadSession) held(gcs int) int64 {
	for range gcs {
		runtime.GC()
	}
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	return int64(after.HeapAlloc) - int64(s.heap)
}

// close ends the client's input and checks that Serve returns no error.
func (s *unreadSession) close(t *testing.T) {
	t.Helper()
	s.in.Close()
	if err := <-s.served; err != nil {
		t.Errorf("Serve: %v", err)
	}
}

// numberedLines returns the lines format makes of 0, 1, 2, ... (a %d
// and a newline) up to at least size bytes: a note's body.
func numberedLines(format string, size int) string {
	var b strings.Builder
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, format, i)
	}
	return b.String()
}

// servePiped runs Serve on w with opts over pipes and returns the
// client's ends and Serve's result; the test's cleanup cancels Serve and
// closes both ends. Answers go through an [os.Pipe] when buffered (its
// buffer fills as between processes), through an [io.Pipe] otherwise.
func servePiped(t *testing.T, w *memweave.Weave, opts *mcpserver.Options, buffered bool) (in *io.PipeWriter, out io.Reader, served <-chan error) {
	t.Helper()
	inR, inW := io.Pipe()
	var outR io.ReadCloser
	var outW io.Writer
	if buffered {
		r, pw, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		outR, outW = r, pw
	} else {
		outR, outW = io.Pipe()
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- mcpserver.Serve(ctx, w, inR, outW, opts) }()
	t.Cleanup(func() { cancel(); inW.Close(); outR.Close() })
	return inW, outR, done
}

// TestCancelledWhileWaitingForRoomIsNotRun: a client sends memory_get
// calls of a 1 MiB note, reads none of the answers until it has cancelled
// every call (notifications/cancelled). A call waiting for room for its
// answer stopped the reading of all later input, its cancellation too,
// until answers were written: once the client read, the cancelled call
// ran and was answered, 1 MiB the client had given up on. The transport
// now reads on while large calls wait: a cancellation drops a waiting
// call unrun, with no answer (the spec: the receiver does not answer a
// cancelled request), and the session goes on.
func TestCancelledWhileWaitingForRoomIsNotRun(t *testing.T) {
	w := openWeave(t, map[string]string{"memory/big.md": "# Big\n\n" + numberedLines("line %d of a big note, alpha beta gamma delta\n", 1<<20)}, memweave.EmbedderConfig{Provider: "none"})
	opts, idle := mcpserver.WithRoomWait(nil)
	inR, in := io.Pipe()
	out, outW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { in.Close(); out.Close() })
	served := make(chan error, 1)
	go func() {
		served <- mcpserver.Serve(context.Background(), w, inR, outW, opts)
		outW.Close()
	}()
	const n = 8
	writeGetCalls(in, n, "big.md")
	// The wait is bounded by the test binary's own deadline, not a fixed
	// time: under -race on a loaded 2-core machine eight 1 MiB answers took
	// over 30 s to fill the pipe (CI, stop 61).
	deadline, ok := t.Deadline()
	if !ok {
		deadline = time.Now().Add(10 * time.Minute)
	}
	for deadline = deadline.Add(-10 * time.Second); !idle.Load(); {
		if time.Now().After(deadline) {
			t.Fatal("the server never waited for room for an answer")
		}
		time.Sleep(5 * time.Millisecond) // polls a flag: no ordering rests on it
	}
	go func() {
		for i := range n {
			fmt.Fprintf(in, `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":%d}}`+"\n", 100+i)
		}
		io.WriteString(in, `{"jsonrpc":"2.0","id":999,"method":"ping"}`+"\n")
		in.Close()
	}()
	sc := bufio.NewScanner(out)
	sc.Buffer(nil, 8<<20)
	var gets []int
	pinged := false
	for sc.Scan() {
		var resp struct{ ID int }
		if err := json.Unmarshal(sc.Bytes(), &resp); err != nil {
			t.Fatalf("answer %.200s: %v", sc.Bytes(), err)
		}
		pinged = pinged || resp.ID == 999
		if resp.ID >= 100 && resp.ID < 100+n {
			gets = append(gets, resp.ID)
		}
	}
	if err := <-served; err != nil {
		t.Errorf("Serve: %v", err)
	}
	if !pinged {
		t.Errorf("the ping after the cancellations was not answered")
	}
	t.Logf("memory_get answered: %v", gets)
	if len(gets) == n {
		t.Errorf("all %d memory_get calls answered %v, though each was cancelled while one waited for room: the waiting call ran after its cancellation", n, gets)
	}
	if len(gets) == 0 {
		t.Errorf("no memory_get answered; want those that ran before the wait")
	}
}
