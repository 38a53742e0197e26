package mcpserver

import (
	"bytes"
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/memweave/memweave-go"
)

// HTTPPath is the URL path at which [NewHTTPHandler] and [ServeHTTP]
// answer MCP requests; other paths get 404.
const HTTPPath = "/mcp"

// DefaultBodyTimeout is the default of HTTPOptions.BodyTimeout.
const DefaultBodyTimeout = 30 * time.Second

// DefaultWriteTimeout is the default of HTTPOptions.WriteTimeout.
const DefaultWriteTimeout = 30 * time.Second

// DefaultMaxConns is the default of HTTPOptions.MaxConns.
const DefaultMaxConns = 1024

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
	// accepted. A page of one of these origins may use the server from
	// a browser: its CORS preflight is answered 204 (before the token is
	// asked for) and every answer to it carries
	// Access-Control-Allow-Origin. Default: none.
	AllowedOrigins []string
	// BodyTimeout bounds how long the body of a request may take to
	// arrive, so that a client sending it slowly cannot hold a
	// connection for ever; the connection of a late body is closed.
	// Default (0 or less): [DefaultBodyTimeout].
	BodyTimeout time.Duration
	// WriteTimeout bounds how long one write of an answer may wait for a
	// client that does not read it; the connection is then closed and
	// the request's slot of MaxInFlight freed. It bounds each write, not
	// the call: a long call is not cut. Default (0 or less):
	// [DefaultWriteTimeout].
	WriteTimeout time.Duration
	// MaxInFlight bounds the requests served at once; past it a request
	// is answered with 503 and "Retry-After: 1" before its body is read.
	// Default (0 or less): [DefaultMaxInFlight].
	MaxInFlight int
	// MaxBufferedBytes bounds the bytes of the request bodies larger than
	// [SmallBodyBytes] served at once, each counted at its Content-Length
	// or, when it declares none, at MaxFrameBytes; a request that would
	// pass it is answered with 503 and "Retry-After: 1" before its body
	// is read. Smaller bodies count against MaxInFlight only. Default (0
	// or less): [DefaultMaxBufferedBytes].
	MaxBufferedBytes int64
	// MaxConns bounds the connections [ServeHTTP] holds open at once
	// (what each holds while a request is read: docs/mcp.md); a connection past
	// it is answered at once with 503 and "Retry-After: 1" and closed.
	// Default (0 or less): [DefaultMaxConns].
	MaxConns int

	// admitted, when set (by tests), is called with the counted body size
	// of each request admitted: the event a test waits for, since a client
	// cannot see admission.
	admitted func(n int64)
}

func (opts *HTTPOptions) withDefaults() HTTPOptions {
	var o HTTPOptions
	if opts != nil {
		o = *opts
	}
	o.Options = o.Options.withDefaults()
	if o.BodyTimeout <= 0 {
		o.BodyTimeout = DefaultBodyTimeout
	}
	if o.WriteTimeout <= 0 {
		o.WriteTimeout = DefaultWriteTimeout
	}
	if o.MaxInFlight <= 0 {
		o.MaxInFlight = DefaultMaxInFlight
	}
	if o.MaxBufferedBytes <= 0 {
		o.MaxBufferedBytes = DefaultMaxBufferedBytes
	}
	if o.MaxConns <= 0 {
		o.MaxConns = DefaultMaxConns
	}
	return o
}

// NewHTTPHandler returns an [http.Handler] that serves the tools of w to
// any number of concurrent MCP clients over stateless streamable HTTP at
// [HTTPPath], with the checks of opts: the Host and Origin headers (403),
// the bearer token (401), the request body size (413), the limits on
// requests in flight and their bodies (503), and one message per request
// (a JSON-RPC batch gets 400). The handler does not own w.
// A nil opts means the defaults.
//
// The server is stateless, as MCP's 2026-07-28 revision has it: each
// POST is answered on its own, no session is kept between requests, and
// no Mcp-Session-Id is issued, so any number of replicas on one
// workspace may answer any request, and no client can hold server state
// that keeps another out. Clients of earlier revisions are served too:
// their initialize is answered, and each later request is served as if
// initialized. What such a client cannot have is what needs a session:
// a standalone event stream (GET is answered with 405), requests from the
// server to the client (sampling, elicitation, roots), and resuming a
// broken stream. memweave's tools need none of them.
func NewHTTPHandler(w *memweave.Weave, opts *HTTPOptions) http.Handler {
	o := opts.withDefaults()
	return newHTTPHandler(New(w, &o.Options), o)
}

// newHTTPHandler returns the handler serving srv.
func newHTTPHandler(srv *mcp.Server, o HTTPOptions) *guard {
	srv.AddReceivingMiddleware(endWithRequest)
	sdk := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, &mcp.StreamableHTTPOptions{
		Stateless:           true,
		Logger:              o.Logger,
		MaxRequestBodyBytes: int64(o.MaxFrameBytes),
		// A call of the 2026-07-28 revision ends with its request: a
		// client that goes away cancels it.
		PropagateRequestCancellation: true,
		// The guard checks Host and Origin first, with the allowed
		// hosts and any letter case: the SDK's own check of a loopback
		// server knows neither, and refused every --allow-host.
		DisableLocalhostProtection: true,
	})
	lim := newLimiter(oneMessage(sdk, int64(o.MaxFrameBytes)), o)
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
	g := &guard{next: h, log: o.Logger, origins: o.AllowedOrigins, lim: lim, bodyTimeout: o.BodyTimeout, writeTimeout: o.WriteTimeout}
	for _, host := range o.AllowedHosts {
		g.hosts = append(g.hosts, canonicalHost(host))
	}
	return g
}

// oneMessage reads the request body (at most limit bytes) and refuses
// with 400 and a JSON-RPC error what [refuseMessage] refuses (a batch,
// a body of more than one JSON value, an id the SDK would answer under
// another id or not at all), before passing the others on to next with
// the body as read. The SDK serves the calls of a batch from a client of
// a revision before 2025-06-18 all at once, as one request: the limits on
// requests in flight would not bound them. The stdio [Transport] refuses
// both too. The SDK reads a body whole before serving it: reading it here
// first holds one more copy until the SDK has read it, within the
// admission limits.
func oneMessage(next http.Handler, limit int64) http.Handler {
	return http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		if r.Body == nil || r.Body == http.NoBody {
			next.ServeHTTP(rw, r)
			return
		}
		body, err := readBody(http.MaxBytesReader(rw, r.Body, limit), r.ContentLength, limit)
		data := bytes.TrimLeft(body, " \t\r\n")
		var env envelope
		if err == nil { // else the SDK reads the error again and answers it
			var trailing []byte
			var ok bool
			env, trailing, ok = probeMessage(data)
			if code, id, text := refuseMessage(data, env, trailing, ok); code != 0 {
				writeRPCError(rw, http.StatusBadRequest, id, code, text)
				return
			}
		}
		var rest io.Reader = &dropReader{body}
		if err != nil {
			rest = io.MultiReader(rest, failedReader{err})
		}
		r.Body = struct {
			io.Reader
			io.Closer
		}{rest, r.Body}
		if id := env.requestID(); id != nil {
			rr := &rpcRefusal{ResponseWriter: rw, id: id}
			next.ServeHTTP(rr, r)
			rr.finish()
			return
		}
		next.ServeHTTP(rw, r)
	})
}

// requestID is the id of the request env is the envelope of, a string
// or a number, or nil when env is no request with such an id.
func (env envelope) requestID() json.RawMessage {
	if k := rawKind(env.ID); len(env.Method) == 0 || k != "a string" && k != "a number" {
		return nil
	}
	return append(json.RawMessage(nil), env.ID...)
}

// rpcRefusal is the ResponseWriter of a request with an id: the
// plain-text 400 the SDK answers some with before serving them (a method
// it does not serve, an id on a notification, a call without params, a
// missing header) goes out as the JSON-RPC error stdio gives them, under
// the request's id, and still with 400. A client reading JSON-RPC could
// not match the plain text to its request.
type rpcRefusal struct {
	http.ResponseWriter
	id      json.RawMessage
	refused bool   // a plain-text 400 is held back
	text    []byte // its first bytes
}

// WriteHeader holds back a plain-text 400 (see [rpcRefusal.finish]) and
// passes any other status on.
func (w *rpcRefusal) WriteHeader(status int) {
	if status == http.StatusBadRequest && strings.HasPrefix(w.Header().Get("Content-Type"), "text/plain") {
		w.refused = true
		return
	}
	w.ResponseWriter.WriteHeader(status)
}

// Write passes b on, or, after a plain-text 400 was held back, keeps its
// first 1 KiB for the JSON-RPC error and reports b written.
func (w *rpcRefusal) Write(b []byte) (int, error) {
	if !w.refused {
		return w.ResponseWriter.Write(b)
	}
	if len(w.text) < 1024 {
		w.text = append(w.text, b[:min(len(b), 1024-len(w.text))]...)
	}
	return len(b), nil
}

// Unwrap lets [http.ResponseController] reach the connection's writer.
func (w *rpcRefusal) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// finish writes the refusal held back, if any: a method not served is
// -32601, as on stdio, anything else -32600.
func (w *rpcRefusal) finish() {
	if !w.refused {
		return
	}
	text, code := strings.TrimSpace(string(w.text)), jsonrpc.CodeInvalidRequest
	if name, ok := strings.CutPrefix(text, "JSON RPC not handled: "); ok {
		text, code = "method not found: "+strings.TrimSuffix(name, " unsupported"), jsonrpc.CodeMethodNotFound
	}
	w.Header().Del("X-Content-Type-Options")
	writeRPCError(w.ResponseWriter, http.StatusBadRequest, w.id, code, text)
}

// refuseMessage returns the JSON-RPC error code, id and text answering
// the request body data, without its leading white space, given what
// [probeMessage] read of it, or a zero code for one to serve: a batch,
// more than one JSON value (the SDK would serve the first and drop the
// rest), a body nesting too deep ([errDeep]), a body that is not JSON, a
// wrong envelope ([envelopeError]), an id the SDK cannot echo, or an id
// with neither a method nor a result or error ([noMethodError]).
func refuseMessage(data []byte, env envelope, trailing []byte, ok bool) (code int, id json.RawMessage, text string) {
	if len(data) > 0 && data[0] == '[' {
		return jsonrpc.CodeInvalidRequest, nil, errBatch + " request"
	}
	if ok && len(trailing) > 0 {
		// Named as Go quotes it: "\v", "\u00a0", a second message.
		return jsonrpc.CodeParseError, nil, fmt.Sprintf("parse error: the body holds more than one JSON value: %q follows the first "+
			"(only space, tab, CR and LF may); send one message per request", trailing[:min(len(trailing), 16)])
	}
	if !ok && nestsDeeper(data, maxDepth) {
		return jsonrpc.CodeInvalidRequest, sniffID(data), errDeep
	}
	if !ok && !json.Valid(data) {
		return jsonrpc.CodeParseError, nil, "parse error: the body is not valid JSON"
	}
	if id, code, text := envelopeError(data, env, ok); code != 0 {
		return code, id, text
	}
	if id, text := unechoedID(env.ID, env.Method); text != "" {
		return jsonrpc.CodeInvalidRequest, id, text
	}
	if len(env.Method) == 0 && len(env.ID) > 0 {
		if msg, err := jsonrpc.DecodeMessage(data); err == nil && noMethodError(msg) != "" {
			return jsonrpc.CodeInvalidRequest, append(json.RawMessage(nil), env.ID...), noMethodError(msg)
		}
	}
	return 0, nil, ""
}

// readBody reads r, which stops past limit bytes, to its end into a
// buffer of size bytes, its declared length, when known, and returns
// what it read and the error that ended it, if not the end. A body of
// unknown length (chunked) is read into a buffer that doubles up to
// limit and one byte, not past it: the admission limits count limit
// bytes for such a body, and a bytes.Buffer's doubling could hold twice
// that.
func readBody(r io.Reader, size, limit int64) ([]byte, error) {
	if size > 0 {
		var buf bytes.Buffer
		buf.Grow(int(size) + bytes.MinRead)
		_, err := buf.ReadFrom(r)
		return buf.Bytes(), err
	}
	buf := make([]byte, 0, bytes.MinRead)
	for {
		if len(buf) == cap(buf) {
			more := max(int64(cap(buf)), 1) // double
			if rest := limit - int64(len(buf)); rest >= 0 && rest < more {
				more = rest + 1 // the limit and one byte: the reader's error
			}
			grown := make([]byte, len(buf), int64(len(buf))+more)
			buf = grown[:copy(grown, buf)]
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
	}
}

// dropReader reads b and lets it go once read: the SDK keeps a copy of
// the body for as long as its call runs, this one need not stay with it.
type dropReader struct{ b []byte }

func (d *dropReader) Read(p []byte) (int, error) {
	if len(d.b) == 0 {
		d.b = nil
		return 0, io.EOF
	}
	n := copy(p, d.b)
	if d.b = d.b[n:]; len(d.b) == 0 {
		d.b = nil
	}
	return n, nil
}

// failedReader is a reader that fails with err.
type failedReader struct{ err error }

func (f failedReader) Read([]byte) (int, error) { return 0, f.err }

// writeRPCError answers an HTTP request with status and a JSON-RPC
// error response of code holding text under id (nil: null).
func writeRPCError(rw http.ResponseWriter, status int, id json.RawMessage, code int, text string) {
	b, err := rpcError(id, code, text)
	if err != nil {
		http.Error(rw, text, status)
		return
	}
	rw.Header().Set("Content-Type", "application/json")
	rw.WriteHeader(status)
	rw.Write(b)
}

// guard checks the path, Host and Origin of each request, and bounds how
// long its body may take, before passing it on.
type guard struct {
	next        http.Handler
	log         *slog.Logger
	hosts       []string // lower case, without brackets
	origins     []string
	bodyTimeout time.Duration
	// writeTimeout bounds each write of an answer ([stallWriter]).
	writeTimeout time.Duration
	// lim admits the requests; it counts those being served.
	lim *limiter
}

func (g *guard) ServeHTTP(rw http.ResponseWriter, r *http.Request) {
	sw := &stallWriter{ResponseWriter: rw, rc: http.NewResponseController(rw), timeout: g.writeTimeout}
	sw.lift()      // a deadline left by the connection's last request
	defer sw.arm() // what net/http writes once the handler returns waits no longer
	if r.URL.Path != HTTPPath {
		http.NotFound(rw, r)
		return
	}
	if !g.hostAllowed(hostOnly(r.Host)) {
		g.log.Warn("refused an mcp request for a foreign host", "host", r.Host, "remote", r.RemoteAddr)
		http.Error(rw, "Forbidden: the Host header names no host this server answers for", http.StatusForbidden)
		return
	}
	// A request has one origin: with two Origin headers, a proxy or
	// stack in front may take the one not checked here.
	if origins := r.Header.Values("Origin"); len(origins) > 1 {
		g.log.Warn("refused an mcp request with more than one origin", "origins", origins, "remote", r.RemoteAddr)
		http.Error(rw, "Forbidden: the request has more than one Origin header", http.StatusForbidden)
		return
	} else if len(origins) == 1 && origins[0] != "" && !g.originAllowed(origins[0]) {
		g.log.Warn("refused an mcp request from a foreign origin", "origin", origins[0], "remote", r.RemoteAddr)
		http.Error(rw, "Forbidden: requests from this Origin are not allowed", http.StatusForbidden)
		return
	}
	if origin := r.Header.Get("Origin"); origin != "" && slices.Contains(g.origins, origin) && allowCORS(rw, r, origin) {
		return
	}
	g.limitBody(rw, r)
	g.next.ServeHTTP(sw, r.WithContext(context.WithValue(r.Context(), requestKey{}, r.Context())))
}

// stallWriter bounds each write and flush of an answer by timeout: a
// client that reads nothing for that long loses its connection, and its
// call the slot it holds. The deadline is lifted after each write, so
// a long call between writes is not cut.
type stallWriter struct {
	http.ResponseWriter
	rc      *http.ResponseController
	timeout time.Duration
}

func (w *stallWriter) Write(p []byte) (int, error) {
	if w.arm() {
		defer w.lift()
	}
	return w.ResponseWriter.Write(p)
}

// FlushError flushes the answer, as [http.ResponseController.Flush]
// looks for.
func (w *stallWriter) FlushError() error {
	if w.arm() {
		defer w.lift()
	}
	return w.rc.Flush()
}

// Unwrap returns the writer w wraps, for [http.ResponseController].
func (w *stallWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// arm sets the write deadline, reporting whether the writer takes one
// (a recorder does not).
func (w *stallWriter) arm() bool {
	return w.rc.SetWriteDeadline(time.Now().Add(w.timeout)) == nil
}

// lift removes the write deadline.
func (w *stallWriter) lift() { _ = w.rc.SetWriteDeadline(time.Time{}) }

// corsAllowHeaders are the request headers a browser MCP client sends
// that a CORS preflight must allow.
const corsAllowHeaders = "Authorization, Content-Type, Accept, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID"

// allowCORS lets a page of origin, one of HTTPOptions.AllowedOrigins,
// read the answer to r, and answers r itself when it is a CORS preflight
// (without the token: a browser never sends one there), reporting
// whether it did. Loopback origins get no CORS headers: a page served on
// another local port has not been allowed by name.
func allowCORS(rw http.ResponseWriter, r *http.Request, origin string) bool {
	h := rw.Header()
	h.Set("Access-Control-Allow-Origin", origin)
	h.Add("Vary", "Origin")
	if r.Method != http.MethodOptions || r.Header.Get("Access-Control-Request-Method") == "" {
		h.Set("Access-Control-Expose-Headers", "Mcp-Session-Id, Mcp-Protocol-Version, WWW-Authenticate, Retry-After")
		return false
	}
	h.Set("Access-Control-Allow-Methods", "POST, GET, DELETE")
	h.Set("Access-Control-Allow-Headers", corsAllowHeaders)
	h.Set("Access-Control-Max-Age", "600")
	rw.WriteHeader(http.StatusNoContent)
	return true
}

// requestKey is the key of the context of the HTTP request a call came
// in, among the values of the call's context.
type requestKey struct{}

// endWithRequest ends each call when the HTTP request it came in ends
// first, its client gone: the stateless server keeps no stream to resume,
// so the answer could never be delivered. The SDK does so for clients of
// the 2026-07-28 revision alone (PropagateRequestCancellation); a client
// of an earlier revision that sends notifications/cancelled sends it in
// another request, to another session, and the call would run to its
// end. The SDK's contexts keep the request's values, not its end.
func endWithRequest(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		if rctx, ok := ctx.Value(requestKey{}).(context.Context); ok {
			var cancel context.CancelFunc
			ctx, cancel = context.WithCancel(ctx)
			defer cancel()
			defer context.AfterFunc(rctx, cancel)()
		}
		return next(ctx, method, req)
	}
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

// hostAllowed reports whether host, without port or brackets, is a
// loopback name or address or one of the allowed hosts.
func (g *guard) hostAllowed(host string) bool {
	host = canonicalHost(host)
	return isLoopbackHost(host) || slices.Contains(g.hosts, host)
}

// canonicalHost returns host, without brackets, in one form for each
// name or address: lower case, and an IP address as [netip.Addr] writes
// it ("2001:db8:0::1" and "2001:DB8::1" are "2001:db8::1").
func canonicalHost(host string) string {
	host = strings.ToLower(strings.Trim(host, "[]"))
	if ip, err := netip.ParseAddr(host); err == nil {
		return ip.String()
	}
	return host
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

// checkAllowed checks each of hosts with [CheckAllowedHost] and of
// origins with [CheckAllowedOrigin].
func checkAllowed(hosts, origins []string) error {
	for _, h := range hosts {
		if err := CheckAllowedHost(h); err != nil {
			return err
		}
	}
	for _, o := range origins {
		if err := CheckAllowedOrigin(o); err != nil {
			return err
		}
	}
	return nil
}

// CheckAllowedHost reports why host cannot be an entry of
// HTTPOptions.AllowedHosts, or nil: an entry is a host name or an IP
// address, without port, scheme or path, as a request's Host header
// names it before its port ("mcp.example.com", "192.168.1.5", "::1").
// Any other entry would match no request. [ListenHTTP] and [ServeHTTP]
// refuse one.
func CheckAllowedHost(host string) error {
	if _, err := netip.ParseAddr(strings.Trim(host, "[]")); err == nil || isHostName(host) {
		return nil
	}
	return fmt.Errorf("mcpserver: allowed host %q matches no request: want a host name or IP address without port, scheme or path, such as mcp.example.com", host)
}

// isHostName reports whether s is a DNS name: dot-separated labels of
// letters, digits, '-' and '_'.
func isHostName(s string) bool {
	if s == "" || len(s) > 253 {
		return false
	}
	for label := range strings.SplitSeq(s, ".") {
		if label == "" || len(label) > 63 || strings.ContainsFunc(label, func(r rune) bool {
			return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_')
		}) {
			return false
		}
	}
	return true
}

// CheckAllowedOrigin reports why origin cannot be an entry of
// HTTPOptions.AllowedOrigins, or nil: an entry is an origin as a browser
// sends it in the Origin header, "scheme://host[:port]" with an http or
// https scheme, in lower case, without a path or the scheme's default
// port ("https://app.example.com", "http://localhost:3000"). Any other
// entry would match no request. [ListenHTTP] and [ServeHTTP] refuse one.
func CheckAllowedOrigin(origin string) error {
	u, err := url.Parse(origin)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Opaque != "" || CheckAllowedHost(u.Hostname()) != nil {
		return fmt.Errorf("mcpserver: allowed origin %q matches no request: want scheme://host[:port] with scheme http or https, such as https://app.example.com", origin)
	}
	want := u.Scheme + "://" + strings.ToLower(u.Host)
	if ip, err := netip.ParseAddr(u.Hostname()); err == nil && ip.Is6() && !ip.Is4In6() && ip.Zone() == "" {
		// A browser writes an IPv6 address in its shortest form.
		want = u.Scheme + "://[" + ip.String() + "]"
		if u.Port() != "" {
			want += ":" + u.Port()
		}
	}
	if port := u.Port(); port != "" {
		if n, err := strconv.ParseUint(port, 10, 16); err != nil || n == 0 {
			return fmt.Errorf("mcpserver: allowed origin %q matches no request: the port must be a number 1 to 65535", origin)
		}
		if port == map[string]string{"http": "80", "https": "443"}[u.Scheme] {
			want = strings.TrimSuffix(want, ":"+port)
		}
	}
	if want != origin {
		return fmt.Errorf("mcpserver: allowed origin %q matches no request: a browser sends it as %q (lower case, no path, no default port)", origin, want)
	}
	return nil
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
// loopback one or not, and its allowed hosts and origins.
func checkAddrToken(loopback bool, addr string, opts *HTTPOptions) error {
	token := ""
	if opts != nil {
		token = opts.Token
		if err := checkAllowed(opts.AllowedHosts, opts.AllowedOrigins); err != nil {
			return err
		}
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
// after which their connections are closed and the calls cancelled.
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
	g := newHTTPHandler(srv, o)
	ln = &capListener{Listener: ln, max: int64(o.MaxConns)}
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
		closeSessions(srv)
		return fmt.Errorf("mcpserver: serve http: %w", err)
	case <-ctx.Done():
	}
	grace, cancel := context.WithTimeout(context.Background(), o.ShutdownGrace)
	defer cancel()
	shut := make(chan error, 1)
	go func() { shut <- hs.Shutdown(grace) }() // stops accepting at once
	g.lim.wait(grace)
	unused.closeAll()
	var result error
	if err := <-shut; err != nil {
		o.Logger.Warn("mcp calls still running after the grace period; cancelling them", "grace", o.ShutdownGrace)
		hs.Close()
	}
	<-served // http.ErrServerClosed
	if !closeSessions(srv) {
		result = errors.New("mcpserver: tool calls still running after the grace period and cancellation")
	}
	return result
}

// tooManyConns answers a connection past HTTPOptions.MaxConns.
const tooManyConns = "HTTP/1.1 503 Service Unavailable\r\nRetry-After: 1\r\nContent-Type: text/plain; charset=utf-8\r\n" +
	"Content-Length: 28\r\nConnection: close\r\n\r\ntoo many connections; retry\n"

// capListener is a listener that holds at most max connections open: past
// it, Accept answers a connection with tooManyConns, closes it and
// accepts the next. Unlike a listener that waits, it never leaves a
// client hanging unanswered.
type capListener struct {
	net.Listener
	max  int64
	open atomic.Int64
}

// Accept implements [net.Listener].
func (l *capListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		if l.open.Add(1) <= l.max {
			return &cappedConn{Conn: c, l: l}, nil
		}
		l.open.Add(-1)
		// The answer fits a socket's buffer: the write does not wait
		// for the client, and the deadline bounds it if it did.
		c.SetWriteDeadline(time.Now().Add(time.Second))
		io.WriteString(c, tooManyConns)
		c.Close()
	}
}

// cappedConn is a connection counted by its capListener until closed.
type cappedConn struct {
	net.Conn
	l    *capListener
	once sync.Once
}

// Close implements [net.Conn].
func (c *cappedConn) Close() error {
	c.once.Do(func() { c.l.open.Add(-1) })
	return c.Conn.Close()
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

// closeSessions closes every session of srv, each the session of one
// request still being served, cancelling their calls, and waits up to
// cancelWait for them to end. It reports whether they did;
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
