package embed

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"testing"
	"time"
)

// shortFloatsEnv makes the test binary act as the child of
// TestFloatFloodStaysInBoundedMemory, answering with that float text.
const shortFloatsEnv = "MEMWEAVE_TEST_SHORT_FLOATS"

// TestFloatFloodStaysInBoundedMemory: a server answers each batch of
// an index run (256 texts, MaxInFlight requests at once) with one
// vector of as many floats as 64 inputs of 16,384 dimensions may take
// in bytes (33.7 MB), short ones ("1,", 4 bytes decoded from 2) or long
// ones (21 bytes); with the length not known yet (Dims 0, learned from
// the first answer) or set to the most an index holds (65,536). The
// answers are refused, and the process's peak RSS stays under 200 MB
// (986 MB for short floats before batches and commas were bounded).
// Memory is measured in a child process (VmHWM), not by timing.
func TestFloatFloodStaysInBoundedMemory(t *testing.T) {
	if os.Getenv(shortFloatsEnv) != "" {
		shortFloatsChild(t)
		return
	}
	skipUnderRace(t)
	for _, float := range []string{"1,", "0.12345678901234567,"} {
		for _, dims := range []string{"0", "65536"} {
			t.Run(fmt.Sprintf("%q/dims=%s", float, dims), func(t *testing.T) {
				hwm, out := childPeakRSS(t, "TestFloatFloodStaysInBoundedMemory",
					shortFloatsEnv+"="+float, "MEMWEAVE_TEST_FLOOD_DIMS="+dims)
				t.Logf("child peak RSS %d kB", hwm)
				if hwm > 200*1000 {
					t.Errorf("peak RSS %d kB, want under 200 MB\n%s", hwm, out)
				}
			})
		}
	}
}

func shortFloatsChild(t *testing.T) {
	const batch, inFlight = 64, 4
	float := os.Getenv(shortFloatsEnv)
	dims, _ := strconv.Atoi(os.Getenv("MEMWEAVE_TEST_FLOOD_DIMS"))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json")
		bw := bufio.NewWriterSize(w, 64<<10)
		defer bw.Flush()
		limit := int64(responseBase) + batch*(perVectorBytes+maxLearnedDims*perFloatBytes)
		n, _ := bw.WriteString(`{"object":"list","data":[{"object":"embedding","index":0,"embedding":[`)
		written := int64(n)
		for written < limit-64 {
			k, err := bw.WriteString(float)
			if err != nil {
				return
			}
			written += int64(k)
		}
		bw.WriteString(`1]}]}`)
	}))
	defer srv.Close()
	o, err := NewOpenAI(OpenAIConfig{BaseURL: srv.URL + "/v1", Model: "m", MaxTries: 1, Timeout: time.Minute,
		BatchSize: batch, MaxInFlight: inFlight, Dims: dims})
	if err != nil {
		t.Fatal(err)
	}
	_, err = o.EmbedDocuments(context.Background(), texts(batch*inFlight))
	t.Logf("EmbedDocuments: %v", err)
	if err == nil {
		t.Errorf("EmbedDocuments against a flood of floats succeeded")
	}
	printPeakRSS(t)
}

// bigAnswerEnv makes the test binary act as the child of
// TestLongVectorsDecodeInBoundedMemory, answering with that float text.
const bigAnswerEnv = "MEMWEAVE_TEST_BIG_ANSWER"

// TestLongVectorsDecodeInBoundedMemory: a server answers each batch of an
// index run (256 texts, 64 a batch, 4 at once) with 64 vectors of
// 16,384 dimensions, each value written with 17 digits (21 MB an
// answer) or as "1"; the 256 vectors (16.8 MB) come back, and the
// process's peak RSS stays under 60 MB. Before the answer was decoded
// as it is read (the client library's decoder buffered it whole, then
// grew each vector by appending) the long one took 155 MB (figures in
// docs/untrusted-input.md). Memory is measured in a child process
// (VmHWM), not by timing.
func TestLongVectorsDecodeInBoundedMemory(t *testing.T) {
	if os.Getenv(bigAnswerEnv) != "" {
		bigAnswerChild(t)
		return
	}
	skipUnderRace(t)
	for _, float := range []string{"0.12345678901234567", "1"} {
		t.Run(float, func(t *testing.T) {
			hwm, out := childPeakRSS(t, "TestLongVectorsDecodeInBoundedMemory", bigAnswerEnv+"="+float)
			t.Logf("child peak RSS %d kB", hwm)
			if hwm > 60*1000 {
				t.Errorf("peak RSS %d kB, want under 60 MB\n%s", hwm, out)
			}
		})
	}
}

func bigAnswerChild(t *testing.T) {
	const batch, inFlight, dims = 64, 4, 16384
	float := os.Getenv(bigAnswerEnv)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json")
		bw := bufio.NewWriterSize(w, 64<<10)
		defer bw.Flush()
		bw.WriteString(`{"object":"list","data":[`)
		for i := range batch {
			if i > 0 {
				bw.WriteString(",")
			}
			bw.WriteString(`{"object":"embedding","index":` + strconv.Itoa(i) + `,"embedding":[`)
			for j := range dims {
				if j > 0 {
					bw.WriteString(",")
				}
				bw.WriteString(float)
			}
			bw.WriteString("]}")
		}
		bw.WriteString(`],"model":"m","usage":{"prompt_tokens":1,"total_tokens":1}}`)
	}))
	defer srv.Close()
	o, err := NewOpenAI(OpenAIConfig{BaseURL: srv.URL + "/v1", Model: "m", MaxTries: 1, Timeout: time.Minute,
		BatchSize: batch, MaxInFlight: inFlight})
	if err != nil {
		t.Fatal(err)
	}
	vecs, err := o.EmbedDocuments(context.Background(), texts(batch*inFlight))
	if err != nil {
		t.Fatalf("EmbedDocuments: %v", err)
	}
	if len(vecs) != batch*inFlight || len(vecs[0]) != dims {
		t.Fatalf("got %d vectors of %d, want %d of %d", len(vecs), len(vecs[0]), batch*inFlight, dims)
	}
	printPeakRSS(t)
}

// skipUnderRace skips a flood test under the race detector, which
// multiplies the memory of every allocation, so the peak-RSS bound that
// is the test's point cannot hold under it, and its CPU time more than
// tenfold: .ci/run runs these tests without -race, bound and refusal
// both (docs/performance.md has the figures).
func skipUnderRace(t *testing.T) {
	t.Helper()
	if raceEnabled {
		t.Skip("a peak-memory bound: run without -race (.ci/run does)")
	}
}
