package mcpserver

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"net"
	"net/http"
	"net/netip"
	"runtime/debug"
	"strconv"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// DefaultInitTimeout is the default of HTTPOptions.InitTimeout.
const DefaultInitTimeout = 5 * time.Second

// DefaultMaxSessionsPerClient is the default of
// HTTPOptions.MaxSessionsPerClient.
const DefaultMaxSessionsPerClient = 64

// DefaultMaxInFlight is the default of HTTPOptions.MaxInFlight.
const DefaultMaxInFlight = 64

// DefaultMaxBufferedBytes is the default of HTTPOptions.MaxBufferedBytes.
const DefaultMaxBufferedBytes = 32 << 20

// SmallBodyBytes is the largest request body that HTTPOptions.
// MaxBufferedBytes does not count: a client sending ordinary calls is
// served while large bodies wait.
const SmallBodyBytes = 64 << 10

// freeAfterBytes is how many bytes of large bodies must have been taken
// in since memory was last handed back before the end of a burst hands it
// back again (see [limiter.release]).
const freeAfterBytes = 16 << 20

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
func checkTokenChars(token string) error {
	for i := 0; i < len(token); i++ {
		if c := token[i]; c <= ' ' || c >= 0x7f {
			return fmt.Errorf("%w: character %d is %q; a token is printable ASCII without spaces", ErrWeakToken, i+1, c)
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
// being served at once and the bytes of their bodies, the sessions of
// each client address, and closes the sessions whose client does not
// complete initialization in time.
type limiter struct {
	next        http.Handler
	srv         *mcp.Server
	maxInFlight int
	maxBytes    int64
	maxFrame    int64
	perClient   int
	initTimeout time.Duration

	// mu guards the fields below.
	mu       sync.Mutex
	inFlight int   // requests other than GET being served
	bytes    int64 // body bytes of those over SmallBodyBytes
	taken    int64 // body bytes over SmallBodyBytes taken in since memory was handed back
	// opening counts, by client, the requests without a session that are
	// being served: each may open one.
	opening map[string]int
	// sessions are the sessions opened through the limiter, by ID, until
	// they are found closed.
	sessions map[string]*session
	stopped  bool
}

// session is a session the limiter opened.
type session struct {
	client      string
	initialized bool
	timer       *time.Timer // closes the session unless initialized; nil once it is
}

func newLimiter(next http.Handler, srv *mcp.Server, o HTTPOptions) *limiter {
	l := &limiter{
		next: next, srv: srv,
		maxInFlight: o.MaxInFlight, maxBytes: o.MaxBufferedBytes, maxFrame: int64(o.MaxFrameBytes),
		perClient: o.MaxSessionsPerClient, initTimeout: o.InitTimeout,
		opening: make(map[string]int), sessions: make(map[string]*session),
	}
	srv.AddReceivingMiddleware(func(h mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			res, err := h(ctx, method, req)
			if method == "notifications/initialized" && err == nil {
				if ss, ok := req.GetSession().(*mcp.ServerSession); ok {
					l.initialized(ss.ID())
				}
			}
			return res, err
		}
	})
	return l
}

func (l *limiter) ServeHTTP(rw http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet {
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
	}
	if r.Method == http.MethodPost && r.Header.Get("Mcp-Session-Id") == "" {
		client := clientOf(r.RemoteAddr)
		if !l.admit(client) {
			rw.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(l.initTimeout.Seconds()))))
			http.Error(rw, fmt.Sprintf("Service Unavailable: %d MCP sessions of this client are open, the limit", l.perClient), http.StatusServiceUnavailable)
			return
		}
		sw := &sessionWriter{ResponseWriter: rw, open: func(id string) { l.opened(client, id) }}
		defer l.unadmit(client)
		rw = sw
	}
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
		l.taken += n
	}
	if testHookAcquired != nil {
		testHookAcquired(n)
	}
	return true
}

// testHookAcquired, when set (by tests only), is called with a request's
// body size each time acquire admits one: the event a test waits for
// instead of a guessed time, since a client cannot see admission.
var testHookAcquired func(n int64)

// release counts a request acquire admitted out. When it ends a burst,
// no large body being left in flight after at least freeAfterBytes of
// them, it hands the memory they took back to the operating system: the
// runtime would otherwise keep it until the heap grows again.
func (l *limiter) release(n int64) {
	l.mu.Lock()
	l.inFlight--
	free := false
	if n > SmallBodyBytes {
		l.bytes -= n
		if free = l.bytes == 0 && l.taken >= freeAfterBytes; free {
			l.taken = 0
		}
	}
	l.mu.Unlock()
	if free {
		debug.FreeOSMemory()
	}
}

// admit counts in a request of client that may open a session, or
// reports false when client has MaxSessionsPerClient sessions open or
// being opened. It forgets the sessions that have closed.
func (l *limiter) admit(client string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	// Listed under l.mu: a session recorded by opened is listed already.
	live := make(map[string]bool, len(l.sessions))
	for ss := range l.srv.Sessions() {
		live[ss.ID()] = true
	}
	n := l.opening[client]
	for id, s := range l.sessions {
		switch {
		case !live[id]:
			if s.timer != nil {
				s.timer.Stop()
			}
			delete(l.sessions, id)
		case s.client == client:
			n++
		}
	}
	if n >= l.perClient {
		return false
	}
	l.opening[client]++
	return true
}

// unadmit counts out a request admit counted in.
func (l *limiter) unadmit(client string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.opening[client]--; l.opening[client] <= 0 {
		delete(l.opening, client)
	}
}

// opened records the session id opened for client, and closes it unless
// its client completes initialization within InitTimeout.
func (l *limiter) opened(client, id string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.stopped || l.sessions[id] != nil {
		return
	}
	s := &session{client: client}
	s.timer = time.AfterFunc(l.initTimeout, func() { l.expire(id) })
	l.sessions[id] = s
}

// initialized records that the client of session id completed
// initialization.
func (l *limiter) initialized(id string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if s := l.sessions[id]; s != nil && s.timer != nil {
		s.timer.Stop()
		s.timer = nil
		s.initialized = true
	}
}

// expire closes session id unless its client completed initialization.
func (l *limiter) expire(id string) {
	l.mu.Lock()
	s := l.sessions[id]
	if s == nil || s.initialized || l.stopped {
		l.mu.Unlock()
		return
	}
	delete(l.sessions, id)
	l.mu.Unlock()
	for ss := range l.srv.Sessions() {
		if ss.ID() == id {
			ss.Close()
		}
	}
}

// stop stops the timers of the sessions still initializing.
func (l *limiter) stop() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.stopped = true
	for _, s := range l.sessions {
		if s.timer != nil {
			s.timer.Stop()
		}
	}
}

// sessionWriter passes the ID of the session a response opens, from its
// Mcp-Session-Id header, to open before the response is sent.
type sessionWriter struct {
	http.ResponseWriter
	open func(id string)
	once sync.Once
}

func (w *sessionWriter) capture() {
	w.once.Do(func() {
		if id := w.Header().Get("Mcp-Session-Id"); id != "" {
			w.open(id)
		}
	})
}

func (w *sessionWriter) WriteHeader(code int) {
	w.capture()
	w.ResponseWriter.WriteHeader(code)
}

func (w *sessionWriter) Write(b []byte) (int, error) {
	w.capture()
	return w.ResponseWriter.Write(b)
}

// Unwrap lets [http.ResponseController] reach the connection.
func (w *sessionWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// Flush sends what was written so far.
func (w *sessionWriter) Flush() {
	w.capture()
	http.NewResponseController(w.ResponseWriter).Flush()
}

// clientOf returns the client a remote address belongs to, for
// MaxSessionsPerClient: its IP address, or, for IPv6, its /64 network
// (one host's share).
func clientOf(remote string) string {
	host, _, err := net.SplitHostPort(remote)
	if err != nil {
		host = remote
	}
	ip, err := netip.ParseAddr(host)
	if err != nil {
		return host
	}
	ip = ip.Unmap()
	if ip.Is6() {
		p, _ := ip.Prefix(64)
		return p.String()
	}
	return ip.String()
}
