package mcpserver

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"sync"
)

// DefaultMaxInFlight is the default of HTTPOptions.MaxInFlight, and the
// most tool calls a stdio [Transport] runs at once.
const DefaultMaxInFlight = 64

// DefaultMaxBufferedBytes is the default of HTTPOptions.MaxBufferedBytes.
const DefaultMaxBufferedBytes = 32 << 20

// SmallBodyBytes is the largest request body that HTTPOptions.
// MaxBufferedBytes does not count: a client sending ordinary calls is
// served while large bodies wait.
const SmallBodyBytes = 64 << 10

// MinTokenLength is the shortest bearer token [ListenHTTP] and
// [ServeHTTP] accept on an address that is not a loopback one.
const MinTokenLength = 32

// minTokenSymbols is the fewest distinct characters such a token holds.
const minTokenSymbols = 8

// ErrWeakToken is returned by [CheckToken], and by [ListenHTTP] and
// [ServeHTTP] for a token they refuse: one holding white space, control
// or non-ASCII characters (on any address), or, on an address that is not
// a loopback one, one shorter than [MinTokenLength] or of fewer than 8
// distinct characters. [NewToken] makes a strong one.
var ErrWeakToken = errors.New("mcpserver: weak bearer token")

// CheckToken reports why token may not guard an address that is not a
// loopback one, as an error wrapping [ErrWeakToken], or nil. A strong
// token has at least [MinTokenLength] characters, all printable ASCII
// other than the space, at least 8 of them distinct: 32 random hex
// digits carry 128 bits, 32 random base64 characters 192. Generate one
// with [NewToken] ("memweave mcp --new-token") or "openssl rand -hex 32".
func CheckToken(token string) error {
	if err := checkTokenChars(token); err != nil {
		return err
	}
	if len(token) < MinTokenLength {
		return fmt.Errorf("%w: %d characters, want at least %d (generate one with \"memweave mcp --new-token\" or \"openssl rand -hex 32\")", ErrWeakToken, len(token), MinTokenLength)
	}
	var seen [128]bool
	n := 0
	for i := 0; i < len(token); i++ {
		if !seen[token[i]] {
			seen[token[i]] = true
			n++
		}
	}
	if n < minTokenSymbols {
		return fmt.Errorf("%w: only %d distinct characters, want at least %d (generate one with \"memweave mcp --new-token\" or \"openssl rand -hex 32\")", ErrWeakToken, n, minTokenSymbols)
	}
	return nil
}

// checkTokenChars refuses a token that holds a character a bearer header
// cannot carry as it is: white space, control or non-ASCII characters.
// The error shows a space or control character, which no token holds,
// but not a non-ASCII one: that may be part of the secret.
func checkTokenChars(token string) error {
	for i := 0; i < len(token); i++ {
		switch c := token[i]; {
		case c >= 0x80:
			return fmt.Errorf("%w: byte %d is not ASCII; a token is printable ASCII without spaces", ErrWeakToken, i+1)
		case c <= ' ' || c == 0x7f:
			return fmt.Errorf("%w: byte %d is %q; a token is printable ASCII without spaces", ErrWeakToken, i+1, rune(c))
		}
	}
	return nil
}

// NewToken returns a fresh random bearer token: 32 bytes from
// crypto/rand, in hex (64 characters).
func NewToken() string {
	b := make([]byte, 32)
	rand.Read(b) // never fails (crypto/rand)
	return hex.EncodeToString(b)
}

// limiter admits the requests the handler serves: it bounds the requests
// being served at once and the bytes of their bodies. It is the server's
// one admission mechanism: a stateless server holds nothing else a client
// could fill.
type limiter struct {
	next        http.Handler
	maxInFlight int
	maxBytes    int64
	maxFrame    int64
	admitted    func(n int64) // see HTTPOptions.admitted

	// mu guards the fields below.
	mu       sync.Mutex
	inFlight int   // requests being served
	bytes    int64 // body bytes of those over SmallBodyBytes
	// idle is closed, and replaced, each time inFlight drops to zero.
	idle chan struct{}
}

func newLimiter(next http.Handler, o HTTPOptions) *limiter {
	return &limiter{
		next:        next,
		maxInFlight: o.MaxInFlight, maxBytes: o.MaxBufferedBytes, maxFrame: int64(o.MaxFrameBytes),
		admitted: o.admitted,
		idle:     make(chan struct{}),
	}
}

func (l *limiter) ServeHTTP(rw http.ResponseWriter, r *http.Request) {
	if r.ContentLength > l.maxFrame {
		rw.Header().Set("Connection", "close") // the body is not read
		http.Error(rw, fmt.Sprintf("request body exceeds %d bytes", l.maxFrame), http.StatusRequestEntityTooLarge)
		return
	}
	n := r.ContentLength
	if n < 0 {
		n = l.maxFrame // not declared: it may be as large as allowed
	}
	if !l.acquire(n) {
		rw.Header().Set("Retry-After", "1")
		rw.Header().Set("Connection", "close") // the body is not read
		http.Error(rw, "Service Unavailable: too many MCP requests in flight; retry", http.StatusServiceUnavailable)
		return
	}
	defer l.release(n)
	l.next.ServeHTTP(rw, r)
}

// acquire counts a request with a body of n bytes in, or reports false
// when it would pass MaxInFlight or MaxBufferedBytes.
func (l *limiter) acquire(n int64) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.inFlight >= l.maxInFlight || n > SmallBodyBytes && l.bytes+n > l.maxBytes {
		return false
	}
	l.inFlight++
	if n > SmallBodyBytes {
		l.bytes += n
	}
	if l.admitted != nil {
		l.admitted(n)
	}
	return true
}

// release counts out a request acquire admitted.
func (l *limiter) release(n int64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.inFlight--
	if n > SmallBodyBytes {
		l.bytes -= n
	}
	if l.inFlight == 0 {
		close(l.idle)
		l.idle = make(chan struct{})
	}
}

// wait waits until no request is being served, or ctx is done.
func (l *limiter) wait(ctx context.Context) {
	for {
		l.mu.Lock()
		n, idle := l.inFlight, l.idle
		l.mu.Unlock()
		if n == 0 {
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-idle:
		}
	}
}
