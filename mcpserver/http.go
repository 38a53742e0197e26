package mcpserver

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/memweave/memweave-go"
)

// HTTPPath is the URL path at which [NewHTTPHandler] and [ServeHTTP]
// answer MCP requests; other paths get 404.
const HTTPPath = "/mcp"

// DefaultSessionTimeout is the default of HTTPOptions.SessionTimeout: an
// HTTP session that sends no request for this long is closed.
const DefaultSessionTimeout = 30 * time.Minute

// DefaultBodyTimeout is the default of HTTPOptions.BodyTimeout.
const DefaultBodyTimeout = 30 * time.Second

// DefaultMaxSessions is the default of HTTPOptions.MaxSessions.
const DefaultMaxSessions = 1024

// TokenEnv is the environment variable the memweave command reads the
// bearer token of "mcp --http" from when --token is not given.
const TokenEnv = "MEMWEAVE_MCP_TOKEN"

// ErrNotLoopback is returned by [ListenHTTP] and [ServeHTTP] for an
// address that is not a loopback address when HTTPOptions.Token is empty:
// without a token anyone who can reach the port could read and write the
// memories.
var ErrNotLoopback = errors.New("mcpserver: refusing to serve a non-loopback address without a bearer token")

// HTTPOptions configure [NewHTTPHandler], [ListenHTTP] and [ServeHTTP].
// The zero value means the defaults: loopback clients only, no token.
type HTTPOptions struct {
	// Options configure the server as for [Serve]. Options.MaxFrameBytes
	// bounds each request body (default [DefaultMaxFrameBytes], 4 MiB; a
	// larger body is answered with 413), and Options.ShutdownGrace bounds
	// how long [ServeHTTP] lets calls in flight finish once ctx is
	// cancelled (default [DefaultShutdownGrace]).
	Options
	// Token, when set, is the bearer token every request must carry in an
	// "Authorization: Bearer <token>" header; a request without it, or
	// with another token, is answered with 401. It is compared in
	// constant time. Required to serve a non-loopback address, and there
	// it must be strong (see [CheckToken]).
	Token string
	// AllowedHosts are host names or IP addresses, without ports, that
	// the Host header of a request may name besides the loopback ones
	// ("localhost", 127.0.0.0/8, ::1), such as the name of a machine
	// serving a network with a token. A request for any other host is
	// answered with 403: this defeats DNS rebinding, where a web page
	// makes a browser send requests to the server under the page's own
	// host name. Default: none.
	AllowedHosts []string
	// AllowedOrigins are exact origins ("https://app.example.com") whose
	// browser requests are accepted besides those of loopback and
	// AllowedHosts origins. A request with any other Origin header is
	// answered with 403; a request without one (not from a browser) is
	// accepted. Default: none.
	AllowedOrigins []string
	// SessionTimeout closes an HTTP session that has sent no request for
	// this long. Default (0 or less): [DefaultSessionTimeout].
	SessionTimeout time.Duration
	// BodyTimeout bounds how long the body of a request may take to
	// arrive, so that a client sending it slowly cannot hold a
	// connection for ever; the connection of a late body is closed.
	// Default (0 or less): [DefaultBodyTimeout].
	BodyTimeout time.Duration
	// MaxSessions bounds the sessions open at once: while as many are
	// open, a request that would open another is answered with 503.
	// Requests opening sessions at the same moment may pass it by a few.
	// Default (0 or less): [DefaultMaxSessions].
	MaxSessions int
	// MaxSessionsPerClient bounds the sessions open, or being opened, at
	// once from one client address (an IPv4 address, an IPv6 /64): past
	// it, a request that would open another is answered with 503 and a
	// Retry-After of InitTimeout. Behind a reverse proxy every client has
	// the proxy's address. Default (0 or less):
	// [DefaultMaxSessionsPerClient].
	MaxSessionsPerClient int
	// InitTimeout closes a session whose client has not completed
	// initialization (sent "notifications/initialized") this long after
	// the session was opened, so that half-opened sessions cannot hold
	// the session limits. Default (0 or less): [DefaultInitTimeout].
	InitTimeout time.Duration
	// MaxInFlight bounds the requests other than GET (event streams)
	// served at once; past it a request is answered with 503 and
	// "Retry-After: 1" before its body is read. Default (0 or less):
	// [DefaultMaxInFlight].
	MaxInFlight int
	// MaxBufferedBytes bounds the bytes of the request bodies larger than
	// [SmallBodyBytes] served at once, each counted at its Content-Length
	// or, when it declares none, at MaxFrameBytes; a request that would
	// pass it is answered with 503 and "Retry-After: 1" before its body
	// is read. Smaller bodies count against MaxInFlight only. Once a
	// burst of large bodies is over, the memory it took is handed back to
	// the operating system. Default (0 or less): [DefaultMaxBufferedBytes].
	MaxBufferedBytes int64
}

func (opts *HTTPOptions) withDefaults() HTTPOptions {
	var o HTTPOptions
	if opts != nil {
		o = *opts
	}
	o.Options = o.Options.withDefaults()
	if o.SessionTimeout <= 0 {
		o.SessionTimeout = DefaultSessionTimeout
	}
	if o.MaxSessions <= 0 {
		o.MaxSessions = DefaultMaxSessions
	}
	if o.BodyTimeout <= 0 {
		o.BodyTimeout = DefaultBodyTimeout
	}
	if o.MaxSessionsPerClient <= 0 {
		o.MaxSessionsPerClient = DefaultMaxSessionsPerClient
	}
	if o.InitTimeout <= 0 {
		o.InitTimeout = DefaultInitTimeout
	}
	if o.MaxInFlight <= 0 {
		o.MaxInFlight = DefaultMaxInFlight
	}
	if o.MaxBufferedBytes <= 0 {
		o.MaxBufferedBytes = DefaultMaxBufferedBytes
	}
	return o
}

// NewHTTPHandler returns an [http.Handler] that serves the tools of w to
// any number of concurrent MCP clients over the streamable HTTP
// transport at [HTTPPath], with the checks of opts: the Host and Origin
// headers (403), the bearer token (401), the request body size (413),
// and the limits on sessions and on requests in flight (503).
// All sessions share w. The handler does not own w. A nil opts means the
// defaults.
//
// [ServeHTTP] serves the handler and shuts it down gracefully; a caller
// mounting it in its own server should end long-lived GET streams itself
// before shutting that server down.
func NewHTTPHandler(w *memweave.Weave, opts *HTTPOptions) http.Handler {
	o := opts.withDefaults()
	return newHTTPHandler(New(w, &o.Options), o, nil)
}

// newHTTPHandler returns the handler serving srv. GET requests, the
// clients' long-lived event streams, end when stopping is done.
func newHTTPHandler(srv *mcp.Server, o HTTPOptions, stopping context.Context) *guard {
	sdk := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, &mcp.StreamableHTTPOptions{
		Logger:              o.Logger,
		SessionTimeout:      o.SessionTimeout,
		MaxRequestBodyBytes: int64(o.MaxFrameBytes),
	})
	lim := newLimiter(sdk, srv, o)
	var h http.Handler = lim
	if o.Token != "" {
		want := sha256.Sum256([]byte(o.Token))
		verify := func(_ context.Context, token string, _ *http.Request) (*auth.TokenInfo, error) {
			got := sha256.Sum256([]byte(token))
			if subtle.ConstantTimeCompare(got[:], want[:]) != 1 {
				return nil, auth.ErrInvalidToken
			}
			// One user: the token's holder.
			return &auth.TokenInfo{UserID: "memweave-token"}, nil
		}
		h = auth.RequireBearerToken(verify, &auth.RequireBearerTokenOptions{AllowMissingExpiration: true})(h)
	}
	g := &guard{next: h, log: o.Logger, stopping: stopping, origins: o.AllowedOrigins, srv: srv, lim: lim, maxSessions: o.MaxSessions, bodyTimeout: o.BodyTimeout}
	for _, host := range o.AllowedHosts {
		g.hosts = append(g.hosts, strings.ToLower(strings.Trim(host, "[]")))
	}
	return g
}

// guard checks the path, Host and Origin of each request before passing
// it on.
type guard struct {
	next     http.Handler
	log      *slog.Logger
	hosts    []string // lower case, without brackets
	origins  []string
	stopping context.Context // nil: never
	// srv and maxSessions bound the sessions open at once.
	srv         *mcp.Server
	maxSessions int
	bodyTimeout time.Duration
	// calls counts the requests other than GET being served.
	calls atomic.Int64
	lim   *limiter
}

func (g *guard) ServeHTTP(rw http.ResponseWriter, r *http.Request) {
	if r.URL.Path != HTTPPath {
		http.NotFound(rw, r)
		return
	}
	if !g.hostAllowed(hostOnly(r.Host)) {
		g.log.Warn("refused an mcp request for a foreign host", "host", r.Host, "remote", r.RemoteAddr)
		http.Error(rw, "Forbidden: the Host header names no host this server answers for", http.StatusForbidden)
		return
	}
	if origin := r.Header.Get("Origin"); origin != "" && !g.originAllowed(origin) {
		g.log.Warn("refused an mcp request from a foreign origin", "origin", origin, "remote", r.RemoteAddr)
		http.Error(rw, "Forbidden: requests from this Origin are not allowed", http.StatusForbidden)
		return
	}
	if r.Method == http.MethodPost && r.Header.Get("Mcp-Session-Id") == "" && g.full() {
		g.log.Warn("refused an mcp session: too many are open", "limit", g.maxSessions, "remote", r.RemoteAddr)
		rw.Header().Set("Retry-After", "60")
		http.Error(rw, fmt.Sprintf("Service Unavailable: %d MCP sessions are open, the limit", g.maxSessions), http.StatusServiceUnavailable)
		return
	}
	if r.Method != http.MethodGet {
		g.calls.Add(1)
		defer g.calls.Add(-1)
		g.limitBody(rw, r)
	} else if g.stopping != nil {
		// An event stream lasts as long as its session: end it once the
		// server stops and the calls have been answered, so that shutdown
		// waits only for calls. (A client whose stream ends may give up
		// its session, calls in flight included.)
		ctx, cancel := context.WithCancel(r.Context())
		defer cancel()
		stop := context.AfterFunc(g.stopping, cancel)
		defer stop()
		r = r.WithContext(ctx)
	}
	g.next.ServeHTTP(rw, r)
}

// limitBody sets a read deadline for the body of r, lifted once the body
// has been read: a call may then run, and its answer stream, for as long
// as it takes.
func (g *guard) limitBody(rw http.ResponseWriter, r *http.Request) {
	rc := http.NewResponseController(rw)
	if r.Body == nil || r.Body == http.NoBody || rc.SetReadDeadline(time.Now().Add(g.bodyTimeout)) != nil {
		return
	}
	r.Body = &deadlineBody{ReadCloser: r.Body, lift: func() { rc.SetReadDeadline(time.Time{}) }}
}

// deadlineBody calls lift once its reader reports the end of the body.
type deadlineBody struct {
	io.ReadCloser
	lift func()
	once sync.Once
}

func (b *deadlineBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if errors.Is(err, io.EOF) {
		b.once.Do(b.lift)
	}
	return n, err
}

// full reports whether maxSessions sessions are open. Only initialized
// sessions count: the go-sdk's client probes with a request that opens a
// session the server closes once it is answered, and that one may still
// be listed when the client's initialize arrives.
func (g *guard) full() bool {
	n := 0
	for ss := range g.srv.Sessions() {
		if ss.InitializeParams() == nil {
			continue
		}
		if n++; n >= g.maxSessions {
			return true
		}
	}
	return false
}

// hostAllowed reports whether host, without port or brackets, is a
// loopback name or address or one of the allowed hosts.
func (g *guard) hostAllowed(host string) bool {
	host = strings.ToLower(host)
	return isLoopbackHost(host) || slices.Contains(g.hosts, host)
}

// originAllowed reports whether a browser request from origin may pass.
func (g *guard) originAllowed(origin string) bool {
	if slices.Contains(g.origins, origin) {
		return true
	}
	u, err := url.Parse(origin)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return false // includes "null"
	}
	return g.hostAllowed(u.Hostname())
}

// hostOnly returns the host of a Host header value, without its port
// and brackets.
func hostOnly(hostport string) string {
	if host, _, err := net.SplitHostPort(hostport); err == nil {
		return host
	}
	return strings.Trim(hostport, "[]")
}

// isLoopbackHost reports whether host, without port or brackets, is
// "localhost" or a loopback IP address.
func isLoopbackHost(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip, err := netip.ParseAddr(host)
	return err == nil && ip.IsLoopback()
}

// ListenHTTP listens on the TCP address addr ("127.0.0.1:8765";
// "127.0.0.1:0" picks a free port) for [ServeHTTP]. Unless opts has a
// Token, an address whose host is not a loopback address or "localhost"
// is refused with [ErrNotLoopback]; an empty host (all interfaces) is
// refused too. A token [CheckToken] finds weak is refused there with
// [ErrWeakToken], as is, on any address, a token holding white space.
func ListenHTTP(ctx context.Context, addr string, opts *HTTPOptions) (net.Listener, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, fmt.Errorf("mcpserver: listen %q: %w", addr, err)
	}
	if err := checkAddrToken(isLoopbackHost(host), addr, opts); err != nil {
		return nil, err
	}
	var lc net.ListenConfig
	ln, err := lc.Listen(ctx, "tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("mcpserver: %w", err)
	}
	if err := checkListener(ln, opts); err != nil {
		ln.Close()
		return nil, err
	}
	return ln, nil
}

// checkListener refuses a listener on a non-loopback address unless opts
// has a strong token, and a token holding white space on any address.
func checkListener(ln net.Listener, opts *HTTPOptions) error {
	a, ok := ln.Addr().(*net.TCPAddr)
	return checkAddrToken(ok && a.IP.IsLoopback(), ln.Addr().String(), opts)
}

// checkAddrToken checks the token of opts for an address addr, a
// loopback one or not.
func checkAddrToken(loopback bool, addr string, opts *HTTPOptions) error {
	token := ""
	if opts != nil {
		token = opts.Token
	}
	switch {
	case token == "" && loopback:
		return nil
	case token == "":
		return fmt.Errorf("%w: %s (give a token, or listen on 127.0.0.1)", ErrNotLoopback, addr)
	case loopback:
		return checkTokenChars(token)
	}
	if err := CheckToken(token); err != nil {
		return fmt.Errorf("%w; %s is not a loopback address", err, addr)
	}
	return nil
}

// ServeHTTP serves the memories of w to any number of concurrent MCP
// clients over streamable HTTP on ln, at [HTTPPath], with the checks of
// [NewHTTPHandler], until ctx is cancelled or serving fails. It closes
// ln. A listener on a non-loopback address is refused with
// [ErrNotLoopback] unless opts has a Token.
//
// When ctx is cancelled, ServeHTTP stops accepting connections; the
// calls in flight finish and are answered, for up to opts.ShutdownGrace,
// after which their connections are closed and the calls cancelled; then
// the clients' event streams (GET requests) end and the sessions close.
// It returns nil after such a shutdown, or an error when calls were still
// running 5 seconds after their cancellation (they are left to end on
// their own).
// The server does not own w: the caller closes it once ServeHTTP has
// returned. A nil opts means the defaults.
func ServeHTTP(ctx context.Context, w *memweave.Weave, ln net.Listener, opts *HTTPOptions) error {
	if err := checkListener(ln, opts); err != nil {
		ln.Close()
		return err
	}
	o := opts.withDefaults()
	srv := New(w, &o.Options)
	stopping, stop := context.WithCancel(context.Background())
	defer stop()
	g := newHTTPHandler(srv, o, stopping)
	hs := &http.Server{
		Handler:           g,
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(o.Logger.Handler(), slog.LevelWarn),
		BaseContext:       func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
	}
	// A connection that has not sent a request yet (the client's
	// transport may dial one and never use it) would hold Shutdown for
	// five seconds: it is closed once the calls are answered.
	var unused connSet
	hs.ConnState = unused.track
	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()
	select {
	case err := <-served:
		stop()
		g.lim.stop()
		closeSessions(srv)
		return fmt.Errorf("mcpserver: serve http: %w", err)
	case <-ctx.Done():
	}
	grace, cancel := context.WithTimeout(context.Background(), o.ShutdownGrace)
	defer cancel()
	shut := make(chan error, 1)
	go func() { shut <- hs.Shutdown(grace) }() // stops accepting at once
	g.waitCalls(grace)
	stop()
	unused.closeAll()
	var result error
	if err := <-shut; err != nil {
		o.Logger.Warn("mcp calls still running after the grace period; cancelling them", "grace", o.ShutdownGrace)
		hs.Close()
	}
	<-served // http.ErrServerClosed
	g.lim.stop()
	if !closeSessions(srv) {
		result = errors.New("mcpserver: tool calls still running after the grace period and cancellation")
	}
	return result
}

// connSet holds the connections that have not sent a request yet.
type connSet struct {
	mu sync.Mutex
	m  map[net.Conn]bool
	// closed is set by closeAll: a connection accepted later is closed
	// at once.
	closed bool
}

// track is an [http.Server.ConnState] hook keeping the set.
func (s *connSet) track(c net.Conn, state http.ConnState) {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case state != http.StateNew:
		delete(s.m, c)
	case s.closed:
		c.Close()
	default:
		if s.m == nil {
			s.m = make(map[net.Conn]bool)
		}
		s.m[c] = true
	}
}

// closeAll closes the connections in the set, and those that join it
// later.
func (s *connSet) closeAll() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed = true
	for c := range s.m {
		c.Close()
	}
}

// waitCalls waits until no request other than GET is being served, or
// ctx is done.
func (g *guard) waitCalls(ctx context.Context) {
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for g.calls.Load() > 0 {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// closeSessions closes every session of srv, cancelling their calls, and
// waits up to cancelWait for them to end. It reports whether they did;
// when they did not, its waiting goroutines end with the sessions.
func closeSessions(srv *mcp.Server) bool {
	var wg sync.WaitGroup
	for ss := range srv.Sessions() {
		ss.Close()
		wg.Go(func() { ss.Wait() })
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
		return true
	case <-time.After(cancelWait):
		return false
	}
}
