package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/memweave/memweave-go/memweavetest"
)

// rawMCP is a "memweave mcp" subprocess driven with raw JSON-RPC lines
// (see [memweavetest.RawMCP]).
type rawMCP struct {
	*memweavetest.RawMCP
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	stderr *bytes.Buffer
}

// startRawMCP runs "memweave -w ws mcp" and completes the MCP handshake.
func startRawMCP(t *testing.T, ws string) *rawMCP {
	t.Helper()
	cmd := exec.Command(binary, "-w", ws, "mcp")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	r := &rawMCP{cmd: cmd, stdin: stdin, stderr: new(bytes.Buffer)}
	cmd.Stderr = r.stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		stdin.Close()
		cmd.Process.Kill()
		cmd.Wait()
	})
	r.RawMCP = memweavetest.NewRawMCP(t, stdin, stdout, func() string { return "stderr:\n" + r.stderr.String() })
	return r
}

// checkSearchAnswer fails unless resp answers id with a successful
// memory_search result that found want.
func checkSearchAnswer(t *testing.T, resp memweavetest.RPCResponse, id int, want string) {
	t.Helper()
	if string(resp.ID) != fmt.Sprint(id) || resp.Error != nil {
		t.Fatalf("response = id %s error %+v, want the result of request %d", resp.ID, resp.Error, id)
	}
	var res struct {
		IsError bool `json:"isError"`
	}
	if err := json.Unmarshal(resp.Result, &res); err != nil || res.IsError || !strings.Contains(string(resp.Result), want) {
		t.Fatalf("memory_search result = %s, want a success containing %q", resp.Result, want)
	}
}

// TestMCPSurvivesHugeFrame is the acceptance test for oversized requests:
// a 20 MiB frame is refused with a JSON-RPC error naming its size and the
// limit, and the next request is served as usual.
func TestMCPSurvivesHugeFrame(t *testing.T) {
	t.Parallel()
	r := startRawMCP(t, testWorkspace(t))
	content := strings.Repeat("x", 20<<20)
	huge := `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"memory_write","arguments":{"path":"notes/big.md","content":"` + content + `"}}}`
	r.Send(huge)
	r.Send(memweavetest.SearchCall(3, "ZEBRA-COMET-2026"))

	resp := r.Recv()
	want := fmt.Sprintf("request too large (%d bytes; the limit is %d)", len(huge), 4<<20)
	if string(resp.ID) != "2" || resp.Error == nil || resp.Error.Code != -32600 || resp.Error.Message != want {
		t.Fatalf("response to the huge frame = id %s error %+v, want id 2, code -32600, %q\nstderr:\n%s", resp.ID, resp.Error, want, r.stderr)
	}
	checkSearchAnswer(t, r.Recv(), 3, "ZEBRA-COMET-2026")
}

// TestMCPSurvivesMalformedFrame sends lines that are not JSON: each gets a
// parse error with a null id, and the session goes on.
func TestMCPSurvivesMalformedFrame(t *testing.T) {
	t.Parallel()
	r := startRawMCP(t, testWorkspace(t))
	for _, bad := range []string{`{"jsonrpc":"2.0","id":2,"method":`, `not json at all`} {
		r.Send(bad)
		resp := r.Recv()
		if string(resp.ID) != "null" || resp.Error == nil || resp.Error.Code != -32700 {
			t.Fatalf("response to %q = id %s error %+v, want a -32700 parse error with a null id", bad, resp.ID, resp.Error)
		}
	}
	r.Send(memweavetest.SearchCall(3, "ZEBRA-COMET-2026"))
	checkSearchAnswer(t, r.Recv(), 3, "ZEBRA-COMET-2026")
}

// TestMCPAnswersAfterStdinCloses writes requests and closes stdin at once:
// every request is answered before the server exits, and it exits 0.
func TestMCPAnswersAfterStdinCloses(t *testing.T) {
	t.Parallel()
	r := startRawMCP(t, testWorkspace(t))
	const n = 8
	for i := range n {
		if i%4 == 3 {
			r.Send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"memory_index","arguments":{"force":true}}}`, 10+i))
			continue
		}
		r.Send(memweavetest.SearchCall(10+i, "ZEBRA-COMET-2026"))
	}
	r.stdin.Close()

	got := map[string]bool{}
	for _, resp := range r.Rest() {
		if resp.Error != nil || strings.Contains(string(resp.Result), `"isError":true`) {
			t.Errorf("response %s failed: %+v %s", resp.ID, resp.Error, resp.Result)
		}
		got[string(resp.ID)] = true
	}
	for i := range n {
		if id := fmt.Sprint(10 + i); !got[id] {
			t.Errorf("request %s was not answered", id)
		}
	}
	if err := r.cmd.Wait(); err != nil {
		t.Errorf("memweave mcp: %v, want exit 0; stderr:\n%s", err, r.stderr)
	}
}

// TestMCPExitsOnSIGTERM signals an idle server: it answers what it has
// read and exits 0 at once, without waiting for stdin to close.
func TestMCPExitsOnSIGTERM(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no SIGTERM on Windows")
	}
	t.Parallel()
	r := startRawMCP(t, testWorkspace(t))
	r.Send(memweavetest.SearchCall(2, "ZEBRA-COMET-2026"))
	checkSearchAnswer(t, r.Recv(), 2, "ZEBRA-COMET-2026")
	if err := r.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- r.cmd.Wait() }()
	select {
	case err := <-exited:
		if err != nil {
			t.Errorf("memweave mcp after SIGTERM: %v, want exit 0; stderr:\n%s", err, r.stderr)
		}
	case <-time.After(10 * time.Second):
		t.Fatalf("memweave mcp still running 10s after SIGTERM; stderr:\n%s", r.stderr)
	}
}
