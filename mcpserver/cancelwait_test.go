package mcpserver_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"testing"
	"time"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/mcpserver"
)

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
	for deadline := time.Now().Add(30 * time.Second); !idle.Load(); {
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
