package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/memweave/memweave-go/memweavetest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// startHTTPServer runs "memweave mcp --http 127.0.0.1:0" with flags on
// the workspace ws until the test ends and returns the process and its URL.
func startHTTPServer(t *testing.T, ws string, flags ...string) (*os.Process, string) {
	t.Helper()
	cmd := exec.Command(binary, append([]string{"-w", ws, "mcp", "--http", "127.0.0.1:0"}, flags...)...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	first := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for n := 0; sc.Scan(); n++ {
			if n == 0 {
				first <- sc.Text()
			}
		}
	}()
	select {
	case line := <-first:
		const prefix = "memweave: serving MCP on "
		if !strings.HasPrefix(line, prefix) {
			t.Fatalf("first stderr line = %q, want %q and the URL", line, prefix)
		}
		return cmd.Process, strings.TrimPrefix(line, prefix)
	case <-time.After(30 * time.Second):
		t.Fatal("memweave mcp --http printed no URL in 30s")
	}
	return nil, ""
}

// procKB returns the field (VmHWM, VmRSS) of /proc/PID/status, in KiB.
func procKB(t *testing.T, pid int, field string) int {
	t.Helper()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.Lines(string(b)) {
		if v, ok := strings.CutPrefix(line, field+":"); ok {
			n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(v), " kB"))
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
	}
	t.Fatalf("/proc/%d/status has no %s", pid, field)
	return 0
}

// post sends an MCP POST of body (with session, when set) and returns the
// response's status and session header; the body is read and discarded.
func post(ctx context.Context, client *http.Client, endpoint, session string, body io.Reader) (int, string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, body)
	if err != nil {
		return 0, "", err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if session != "" {
		req.Header.Set("Mcp-Session-Id", session)
		req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
	}
	resp, err := client.Do(req)
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	io.Copy(io.Discard, resp.Body)
	return resp.StatusCode, resp.Header.Get("Mcp-Session-Id"), nil
}

const floodInitialize = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"flood","version":"1"}}}`

// TestMCPHTTPFlood attacks the real command over HTTP from one address:
// 2,000 initialize requests never completed, each answered (the server
// is stateless: it keeps no session a flood could fill), after which a
// new client is served at once; then 256 clients sending 4 MiB requests
// at once for 5 seconds, during which the server's peak RSS stays within
// 500 MB and a normal client's searches all succeed.
func TestMCPHTTPFlood(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc")
	}
	memweavetest.Long(t, "sends 1 GiB and more")
	proc, endpoint := startHTTPServer(t, testWorkspace(t), "--no-watch")
	ctx := context.Background()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 300, MaxConnsPerHost: 300}}

	// 2,000 initialize requests never completed.
	var wg sync.WaitGroup
	jobs := make(chan int)
	var answered, sessions atomic.Int64
	for range 16 {
		wg.Go(func() {
			for range jobs {
				code, session, err := post(ctx, client, endpoint, "", strings.NewReader(floodInitialize))
				if err == nil && code == http.StatusOK {
					answered.Add(1)
				}
				if session != "" {
					sessions.Add(1)
				}
			}
		})
	}
	for i := range 2000 {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	if answered.Load() != 2000 || sessions.Load() != 0 {
		t.Errorf("2000 initialize requests: %d answered with 200, %d opened a session; want all answered, none", answered.Load(), sessions.Load())
	}
	c := mcp.NewClient(&mcp.Implementation{Name: "normal", Version: "v1"}, nil)
	cs, err := c.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: endpoint, MaxRetries: -1}, nil)
	if err != nil {
		t.Fatalf("a new client after 2000 initialize requests never completed = %v, want it served at once", err)
	}
	defer cs.Close()

	// 256 clients sending 4 MiB requests at once, with no session: each
	// request stands alone.
	big := []byte(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"memory_search","arguments":{"query":"` +
		strings.Repeat("w", 4<<20-200) + `"}}}`)
	rssBefore := procKB(t, proc.Pid, "VmRSS")
	stop := time.Now().Add(5 * time.Second)
	var served, sent atomic.Int64
	for range 256 {
		wg.Go(func() {
			for time.Now().Before(stop) {
				code, _, err := post(ctx, client, endpoint, "", bytes.NewReader(big))
				sent.Add(1)
				if err == nil && code == http.StatusOK {
					served.Add(1)
				}
			}
		})
	}
	var (
		searches, failed int
		slowest          time.Duration
	)
	for time.Now().Before(stop) {
		began := time.Now()
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "memory_search", Arguments: map[string]any{"query": "ZEBRA-COMET-2026"}})
		searches++
		slowest = max(slowest, time.Since(began))
		if err != nil || res.IsError || !strings.Contains(fmt.Sprint(res.StructuredContent), "memory/stack.md") {
			failed++
			t.Logf("search during the flood: %v, %v", res, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	wg.Wait()
	peak := procKB(t, proc.Pid, "VmHWM")
	time.Sleep(2 * time.Second)
	after := procKB(t, proc.Pid, "VmRSS")
	t.Logf("256 clients x 4 MiB for 5s: %d sent, %d served; normal client: %d of %d searches failed, the slowest in %v; RSS %d MB before, peak %d MB, %d MB 2s after",
		sent.Load(), served.Load(), failed, searches, slowest, rssBefore>>10, peak>>10, after>>10)
	// How many searches fit in 5 s depends on the machine's load (the
	// test's own clients share it); that each is answered does not.
	if failed > 0 || searches == 0 {
		t.Errorf("normal client during the flood: %d of %d searches failed, want all served", failed, searches)
	}
	if peak > 500<<10 {
		t.Errorf("peak RSS during the flood = %d MB, want <= 500 MB", peak>>10)
	}
	// What the burst took is handed back by the Go runtime's scavenger,
	// over minutes: the server no longer forces it back, which stops the
	// whole process to collect and return everything at once.
}

// TestMCPTokens checks "mcp --new-token", which prints a fresh strong
// token, and that a non-loopback --http refuses a weak token from the
// flag or the environment, naming both.
func TestMCPTokens(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	a, b := runCLI(t, "", nil, "-w", ws, "mcp", "--new-token"), runCLI(t, "", nil, "mcp", "--new-token")
	for _, out := range []output{a, b} {
		if tok := strings.TrimSpace(out.stdout); out.code != 0 || len(tok) != 64 || strings.Trim(tok, "0123456789abcdef") != "" {
			t.Errorf("mcp --new-token = exit %d, stdout %q, stderr %q; want 64 hex digits", out.code, out.stdout, out.stderr)
		}
	}
	if a.stdout == b.stdout {
		t.Errorf("mcp --new-token printed %q twice", a.stdout)
	}
	for _, tt := range []struct {
		args []string
		env  []string
	}{
		{[]string{"mcp", "--http", "0.0.0.0:0", "--token", "short-token"}, nil},
		{[]string{"mcp", "--http", "0.0.0.0:0"}, []string{"MEMWEAVE_MCP_TOKEN=" + strings.Repeat(" ", 40)}},
	} {
		out := runCLI(t, "", tt.env, append([]string{"-w", ws}, tt.args...)...)
		if out.code != 2 || !strings.Contains(out.stderr, "--token or MEMWEAVE_MCP_TOKEN is refused") {
			t.Errorf("memweave %q (env %q) = exit %d, stderr %q; want exit 2 naming --token and MEMWEAVE_MCP_TOKEN", tt.args, tt.env, out.code, out.stderr)
		}
	}
}
