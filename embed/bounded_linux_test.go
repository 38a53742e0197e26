package embed

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// hugeEnv makes the test binary act as the child of
// TestHugeAnswerIsRefusedInBoundedMemory: it embeds against a server
// streaming that many bytes and reports its own peak RSS.
const hugeEnv = "MEMWEAVE_TEST_HUGE_ANSWER_BYTES"

// TestHugeAnswerIsRefusedInBoundedMemory: an embedding server answering
// a 3-input batch with far more than 3 vectors can need (1 GiB in the
// long run, 64 MiB under -short; a stream of floats, with and without a
// Content-Length) is refused, and the process's peak RSS stays under
// 200 MB. Memory is measured in a child process (VmHWM), not by timing.
func TestHugeAnswerIsRefusedInBoundedMemory(t *testing.T) {
	if os.Getenv(hugeEnv) != "" {
		hugeChild(t)
		return
	}
	size := int64(1 << 30)
	if testing.Short() {
		size = 64 << 20
	}
	for _, declared := range []string{"chunked", "content-length"} {
		t.Run(declared, func(t *testing.T) {
			hwm, out := childPeakRSS(t, "TestHugeAnswerIsRefusedInBoundedMemory",
				hugeEnv+"="+strconv.FormatInt(size, 10), "MEMWEAVE_TEST_HUGE_DECLARED="+declared)
			t.Logf("answer of %d bytes (%s): child peak RSS %d kB", size, declared, hwm)
			if hwm > 200*1000 {
				t.Errorf("peak RSS %d kB, want under 200 MB\n%s", hwm, out)
			}
		})
	}
}

// headersEnv makes the test binary act as the child of
// TestHugeHeadersAreRefusedInBoundedMemory.
const headersEnv = "MEMWEAVE_TEST_HUGE_HEADERS"

// TestHugeHeadersAreRefusedInBoundedMemory: a server answering each of
// four requests in flight, and each retry, with 10 MB of headers (Go's
// own bound) is refused after 256 KiB of them: the child's peak RSS
// stays under 80 MB, server included (135-150 MB before, 110-125 MB of
// it the client's).
func TestHugeHeadersAreRefusedInBoundedMemory(t *testing.T) {
	if os.Getenv(headersEnv) != "" {
		big := strings.Repeat("a", 10<<20-4096)
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("X-Pad", big)
			w.WriteHeader(http.StatusInternalServerError)
		}))
		defer srv.Close()
		o, err := NewOpenAI(OpenAIConfig{BaseURL: srv.URL + "/v1", Model: "m", Dims: 8, BatchSize: 1, MaxInFlight: 4, RetryBaseDelay: time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := o.EmbedDocuments(context.Background(), texts(4)); err == nil || !strings.Contains(err.Error(), "headers exceeded") {
			t.Errorf("EmbedDocuments against 10 MB of headers = %v, want an error saying the headers exceeded the bound", err)
		}
		printPeakRSS(t)
		return
	}
	hwm, out := childPeakRSS(t, "TestHugeHeadersAreRefusedInBoundedMemory", headersEnv+"=1")
	t.Logf("child peak RSS %d kB", hwm)
	if hwm > 80*1000 && !raceEnabled {
		t.Errorf("peak RSS %d kB, want under 80 MB\n%s", hwm, out)
	}
}

// childPeakRSS runs the test binary's test named test in a child
// process with env added to its environment, and returns the peak RSS
// in kB that the child printed (printPeakRSS), with its output.
func childPeakRSS(t *testing.T, test string, env ...string) (int64, []byte) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^"+test+"$", "-test.v")
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	var hwm int64 = -1
	for _, line := range strings.Split(string(out), "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "VmHWM-kB="); ok {
			hwm, _ = strconv.ParseInt(v, 10, 64)
		}
	}
	if hwm < 0 {
		t.Fatalf("child reported no VmHWM:\n%s", out)
	}
	return hwm, out
}

// printPeakRSS prints, in a child of childPeakRSS, the process's peak
// RSS for the parent to read.
func printPeakRSS(t *testing.T) {
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Skipf("no /proc: %v", err)
	}
	for _, line := range strings.Split(string(status), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			fmt.Printf("VmHWM-kB=%s\n", strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")))
		}
	}
}

// hugeChild runs in the child: a server streams a never-ending vector,
// the client must refuse it.
func hugeChild(t *testing.T) {
	size, _ := strconv.ParseInt(os.Getenv(hugeEnv), 10, 64)
	declared := os.Getenv("MEMWEAVE_TEST_HUGE_DECLARED") == "content-length"
	srv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		const head = `{"object":"list","data":[{"object":"embedding","index":0,"embedding":[`
		if declared {
			rw.Header().Set("Content-Length", strconv.FormatInt(size, 10))
		}
		bw := bufio.NewWriterSize(rw, 64<<10)
		defer bw.Flush()
		n, _ := bw.WriteString(head)
		written := int64(n)
		for written < size-8 {
			k, err := bw.WriteString("0.123456,")
			if err != nil {
				return
			}
			written += int64(k)
		}
	}))
	defer srv.Close()
	o, err := NewOpenAI(OpenAIConfig{BaseURL: srv.URL + "/v1", Model: "m", MaxTries: 1, Timeout: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	_, err = o.EmbedDocuments(context.Background(), []string{"a", "b", "c"})
	if err == nil || !errors.Is(err, ErrRejected) || !strings.Contains(err.Error(), "larger than") {
		t.Errorf("EmbedDocuments against a huge answer = %v, want a refusal naming the size", err)
	}
	printPeakRSS(t)
}

// TestRedirectToAnotherHostCarriesNoKey: the API key goes only to the
// configured host; a redirect elsewhere (here from 127.0.0.1 to
// localhost, another host name) is not followed, so the other host gets
// neither the key nor the texts.
func TestRedirectToAnotherHostCarriesNoKey(t *testing.T) {
	var (
		mu      sync.Mutex
		gotAuth []string
	)
	other := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		mu.Lock()
		gotAuth = append(gotAuth, r.Header.Get("Authorization"))
		mu.Unlock()
		http.Error(rw, `{"error":{"message":"nope"}}`, http.StatusBadRequest)
	}))
	defer other.Close()
	target := strings.Replace(other.URL, "127.0.0.1", "localhost", 1)
	first := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer sk-redirect-secret" {
			t.Errorf("configured host got Authorization %q", r.Header.Get("Authorization"))
		}
		http.Redirect(rw, r, target+r.URL.Path, http.StatusTemporaryRedirect)
	}))
	defer first.Close()
	o, err := NewOpenAI(OpenAIConfig{BaseURL: first.URL + "/v1", Model: "m", APIKey: "sk-redirect-secret", MaxTries: 1})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := o.EmbedQuery(context.Background(), "q"); err == nil || !strings.Contains(err.Error(), target) {
		t.Errorf("EmbedQuery = %v, want an error naming the redirect to %s", err, target)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(gotAuth) != 0 {
		t.Errorf("the other host got %d requests (Authorization %q)", len(gotAuth), gotAuth)
	}
}
