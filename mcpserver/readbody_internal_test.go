package mcpserver

import (
	"bytes"
	"errors"
	"math"
	"net/http"
	"net/http/httptest"
	"testing"
)

// TestReadBodyOfUnknownLengthStaysWithinTheLimit: oneMessage reads a
// request body ahead of the SDK; one without a declared length (chunked)
// was read into a bytes.Buffer, whose doubling left a body just under
// the 4 MiB limit in an 8 MiB buffer: the admission limits count 4 MiB
// for it (MaxBufferedBytes), and the SDK's own copy comes on top. The
// buffer now grows to the limit and no further.
func TestReadBodyOfUnknownLengthStaysWithinTheLimit(t *testing.T) {
	const limit = DefaultMaxFrameBytes
	for _, n := range []int{0, 1, 511, 513, 64 << 10, limit - 100, limit - 1, limit} {
		data := bytes.Repeat([]byte{'x'}, n)
		r := http.MaxBytesReader(httptest.NewRecorder(), readerOnly{bytes.NewReader(data)}, limit)
		got, err := readBody(r, -1, limit)
		if err != nil || !bytes.Equal(got, data) {
			t.Fatalf("readBody of %d bytes = %d bytes, %v; want them all", n, len(got), err)
		}
		if c := cap(got); c > max(2*n, 512) && c > limit+64<<10 {
			t.Errorf("readBody of %d bytes of unknown length (limit %d) holds a buffer of %d bytes, want at most %d", n, limit, c, limit+64<<10)
		}
	}
	// A limit as large as an int64 goes (a library's MaxFrameBytes) still
	// doubles: limit+1 must not overflow into one-byte steps.
	data := bytes.Repeat([]byte{'x'}, 1<<20)
	got, err := readBody(http.MaxBytesReader(httptest.NewRecorder(), readerOnly{bytes.NewReader(data)}, math.MaxInt64), -1, math.MaxInt64)
	if err != nil || len(got) != len(data) || cap(got) > 2<<20 {
		t.Errorf("readBody under a limit of MaxInt64 = %d bytes (cap %d), %v", len(got), cap(got), err)
	}
	// Past the limit: the MaxBytesReader's error, the limit's bytes.
	data = bytes.Repeat([]byte{'x'}, limit+10)
	r := http.MaxBytesReader(httptest.NewRecorder(), readerOnly{bytes.NewReader(data)}, limit)
	got, err = readBody(r, -1, limit)
	var mbe *http.MaxBytesError
	if !errors.As(err, &mbe) || len(got) > limit || cap(got) > limit+64<<10 {
		t.Errorf("readBody past the limit = %d bytes (cap %d), %v; want at most %d bytes and a *http.MaxBytesError", len(got), cap(got), err, limit)
	}
}

// readerOnly hides a reader's WriteTo, as a request body has none.
type readerOnly struct{ r *bytes.Reader }

func (o readerOnly) Read(p []byte) (int, error) { return o.r.Read(p) }

func (readerOnly) Close() error { return nil }
