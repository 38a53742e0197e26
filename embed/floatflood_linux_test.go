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
	for _, float := range []string{"1,", "0.12345678901234567,"} {
		for _, dims := range []string{"0", "65536"} {
			t.Run(fmt.Sprintf("%q/dims=%s", float, dims), func(t *testing.T) {
				hwm, out := childPeakRSS(t, "TestFloatFloodStaysInBoundedMemory",
					shortFloatsEnv+"="+float, "MEMWEAVE_TEST_FLOOD_DIMS="+dims)
				t.Logf("child peak RSS %d kB", hwm)
				if hwm > 200*1000 && !raceEnabled {
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
