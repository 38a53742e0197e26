package main

import (
	"bufio"
	"bytes"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/memweave/memweave-go/memweavetest"
)

// peakRSS runs cmd to its end and returns its peak resident set in kB:
// the larger of its VmHWM, read from /proc/<pid>/status while it runs,
// and the kernel's record of it at exit (ru_maxrss).
func peakRSS(t *testing.T, cmd *exec.Cmd) (kB int64, err error) {
	t.Helper()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	status := "/proc/" + strconv.Itoa(cmd.Process.Pid) + "/status"
	for {
		select {
		case err := <-done:
			if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
				kB = max(kB, ru.Maxrss)
			}
			return kB, err
		case <-time.After(20 * time.Millisecond):
			data, rerr := os.ReadFile(status)
			if rerr != nil {
				continue
			}
			for _, line := range strings.Split(string(data), "\n") {
				if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
					n, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
					kB = max(kB, n)
				}
			}
		}
	}
}

// TestIndexRefusesAHugeEmbeddingAnswer: an embedding server answering
// one index run of three notes with 1 GiB (64 MiB unless long tests are on) is
// refused, the notes stay pending and searchable by keyword, and the
// process's peak RSS stays under 200 MB.
func TestIndexRefusesAHugeEmbeddingAnswer(t *testing.T) {
	size := int64(1 << 30)
	if !memweavetest.LongEnabled() {
		size = 64 << 20
	}
	srv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		bw := bufio.NewWriterSize(rw, 64<<10)
		defer bw.Flush()
		n, _ := bw.WriteString(`{"object":"list","data":[{"object":"embedding","index":0,"embedding":[`)
		for written := int64(n); written < size; {
			k, err := bw.WriteString("0.123456,")
			if err != nil {
				return
			}
			written += int64(k)
		}
	}))
	defer srv.Close()
	ws := testWorkspace(t)
	cmd := exec.Command(binary, "-w", ws, "--embedder", "openai", "--embedding-model", "m",
		"--embedding-url", srv.URL+"/v1", "index")
	cmd.Env = append(os.Environ(), "XDG_CONFIG_HOME="+t.TempDir())
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	kB, err := peakRSS(t, cmd)
	if err != nil {
		t.Fatalf("index: %v\n%s", err, stderr.String())
	}
	t.Logf("index against a %d-byte answer: peak RSS %d kB", size, kB)
	if kB > 200*1000 {
		t.Errorf("peak RSS %d kB, want under 200 MB", kB)
	}
	if !strings.Contains(stderr.String(), "larger than") {
		t.Errorf("index stderr does not say the answer was too large:\n%s", stderr.String())
	}
}

// TestCrawlingEmbedderStallsNoWriterAndSearchFallsBack: against an
// embedding server sending one byte a second, an append from another
// process during an index run finishes within 2 s, and a search answers
// by keyword within its query deadline and says so.
func TestCrawlingEmbedderStallsNoWriterAndSearchFallsBack(t *testing.T) {
	memweavetest.Long(t, "waits out a crawling server's deadlines")
	var calls atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		rw.WriteHeader(http.StatusOK)
		for _, b := range []byte(`{"object":"list","data":[`) {
			if _, err := rw.Write([]byte{b}); err != nil {
				return
			}
			rw.(http.Flusher).Flush()
			select {
			case <-r.Context().Done():
				return
			case <-time.After(time.Second):
			}
		}
	}))
	defer srv.Close()
	ws := testWorkspace(t)
	mustRunCLI(t, "-w", ws, "--embedder", "openai", "--embedding-model", "m", "--embedding-url", srv.URL+"/v1", "config")
	index := exec.Command(binary, "-w", ws, "index")
	if err := index.Start(); err != nil {
		t.Fatal(err)
	}
	defer index.Process.Kill()
	for deadline := time.Now().Add(20 * time.Second); calls.Load() == 0; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("index never called the embedding server")
		}
	}
	start := time.Now()
	out := runStdin(t, "", nil, nil, "-w", ws, "append", "HERON-19 noted while the server crawls")
	took := time.Since(start)
	t.Logf("append during a crawling index: %v", took)
	if out.code != 0 || took > 2*time.Second {
		t.Errorf("append during a crawling index: exit %d after %v, want 0 within 2s; stderr:\n%s", out.code, took, out.stderr)
	}
	start = time.Now()
	out = runCLI(t, "", nil, "-w", ws, "search", "--json", "HERON-19")
	took = time.Since(start)
	t.Logf("search against a crawling server: %v", took)
	if out.code != 0 || !strings.Contains(out.stdout, `"mode": "keyword"`) || !strings.Contains(out.stdout, "HERON-19 noted") {
		t.Errorf("search during a crawling server: exit %d, want keyword results:\nstdout %q\nstderr %q", out.code, out.stdout, out.stderr)
	}
	if !strings.Contains(out.stdout, "keyword search only") && !strings.Contains(out.stdout, "keyword-only") {
		t.Errorf("search does not say its results are keyword-only:\n%s", out.stdout)
	}
	// The freshness check's wait for vectors and the query deadline,
	// with slack for a loaded machine.
	if took > 20*time.Second {
		t.Errorf("search took %v, want it within its deadlines", took)
	}
}
