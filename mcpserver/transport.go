package mcpserver

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	segjson "github.com/segmentio/encoding/json"
)

// DefaultMaxFrameBytes is the default of Options.MaxFrameBytes and
// Transport.MaxFrameBytes: the largest JSON-RPC message, in bytes, that
// the server reads (4 MiB): four times [MaxContentBytes], room for the
// largest memory_write even when every byte of its content is written as
// a two-byte JSON escape such as \n.
const DefaultMaxFrameBytes = 4 << 20

// DefaultShutdownGrace is the default of Options.ShutdownGrace and
// Transport.ShutdownGrace: how long calls in flight may run once the
// input ends or the server is asked to stop.
const DefaultShutdownGrace = 30 * time.Second

// sniffBytes is how much of an oversized message is kept to find its id.
const sniffBytes = 4 << 10

// maxUnsentBytes bounds the answers given to a connection and not yet
// written (counted by their results' size): past it no more input is
// read until some are, so a client that never reads its answers holds
// at most this much and the answers of the calls already running.
const maxUnsentBytes = 8 << 20

// maxKeptAnswerBytes is the largest result kept while maxUnsentBytes of
// answers wait: a larger one, of a call that was running when the
// client stopped reading, is replaced by a busy error, so the calls
// running then (up to [DefaultMaxInFlight]) hold at most this much each.
const maxKeptAnswerBytes = 64 << 10

// largeAnswerRoom is the room kept in maxUnsentBytes for the answer of a
// call of [largeAnswers] from the time it is handed to the server: the
// text of a memory_get or memory_pack answer as JSON writes it, at most
// [MaxAnswerJSONBytes]. The answer carries it twice (as text and as
// structured content), so the answers waiting may pass maxUnsentBytes
// by up to that again for each of the 4 calls the room admits; keeping
// twice the room would run 2 such calls at once, not [MaxLargeAnswers].
const largeAnswerRoom = MaxAnswerJSONBytes

// maxRefusalBytes bounds the bytes of the refusals the reading queued
// and the writer has not written (a client that reads nothing keeps them
// waiting): past it no more input is read until some are written, so the
// reading never waits for the client and a flood of bad lines holds at
// most this much and one more refusal (their number is bounded by
// maxReadUnwritten).
const maxRefusalBytes = 64 << 10

// maxReadUnwritten bounds the messages read while the writer has one the
// client does not take: past it no more input is read until the writer
// finishes one. Each message read is then held: a refusal waits for the
// writer, and a notification or request waits in the SDK's queue behind
// one whose answer waits (the SDK answers initialize before it handles
// the next message), so a client that reads nothing holds at most this
// many.
const maxReadUnwritten = DefaultMaxInFlight

// A callKind is what a call read is, as [conn] counts it.
type callKind int

const (
	otherCall callKind = iota // a request other than tools/call
	toolCall                  // a tools/call
	largeCall                 // a tools/call of [largeAnswers]
)

// A Transport is an [mcp.Transport] that exchanges newline-delimited
// JSON-RPC messages over a reader and a writer, such as stdin and stdout,
// and outlives a misbehaving client, unlike the SDK's StdioTransport:
//
//   - A message longer than MaxFrameBytes is skipped up to its newline
//     without being held in memory, and answered with a JSON-RPC error
//     -32600 "request too large (N bytes; the limit is M)", with the
//     request's id when it is among the message's first bytes, else a null
//     id. The next message is read as usual.
//   - A line that is not JSON is answered with a -32700 parse error, and
//     one that is JSON but not a JSON-RPC message with -32600, or -32602
//     for params of the wrong type, naming the member at fault
//     ([envelopeError]); the session goes on. Batches (JSON arrays) are refused with -32600.
//   - A message with an id but neither a method nor a result or error is
//     refused with -32600 under its id.
//   - A request whose id the SDK would answer under another id, or not at
//     all, is refused with -32600 under its own id: a fraction such as
//     1.5 (answered as 1), an integer past what a float64 holds exactly
//     such as 2^53+1, or null (taken for a notification; answered with a
//     null id).
//   - At most [DefaultMaxInFlight] tool calls run at once: one past it
//     is answered at once with a JSON-RPC error -32000 "server busy", as
//     the HTTP server answers 503, and not run. Other requests and
//     notifications, such as a cancellation, are read as usual.
//   - While answers of more than 8 MiB wait to be written (the client
//     does not read them), no more input is read; each answer is
//     encoded only when its turn to be written comes. A call of
//     memory_get or memory_pack, whose answer's text may take 2 MiB as
//     JSON, is handed to the server only while the answers waiting and
//     the 2 MiB kept for each such call already running are under 8
//     MiB; until then it waits, in order, and input is read on while
//     at most 16 MiB of answers wait: a notifications/cancelled of a
//     waiting call drops it, not run and not answered. A client that reads its
//     answers gets them all; one that does not holds at most about 16
//     MiB of answers. A result over 64 KiB
//     of another call, still running when 8 MiB wait, is not kept: the
//     call is answered with a JSON-RPC error -32000 "server busy: ...
//     call again".
//   - The errors above are written as answers are, in turn, by the
//     connection's writer: reading never waits for the client to read
//     them. While the writer has a message the client does not take, at
//     most 64 more messages (and 64 KiB of such errors) are read until
//     it finishes one, so a client that reads nothing and sends lines
//     without end (bad ones, notifications, requests queued behind an
//     answer it does not read) holds at most that.
//   - When the input ends, the calls already read finish and their
//     responses are written before the connection reports the end, for up
//     to ShutdownGrace; then the calls still running are cancelled, and
//     if the client still reads nothing, the answers waiting for it are
//     given up: the session ends rather than wait for ever. Closing the
//     connection gives them up at once; a write in progress on Out, which
//     cannot be interrupted, keeps the writer's goroutine until it
//     returns.
//
// A Transport connects once.
type Transport struct {
	// In carries the client's messages. Default: os.Stdin. If it is an
	// io.Closer, closing the connection closes it.
	In io.Reader
	// Out receives the server's messages. Default: os.Stdout. Writes to it
	// are serialized.
	Out io.Writer
	// MaxFrameBytes is the largest message read, in bytes, not counting
	// its newline. Default (0 or less): [DefaultMaxFrameBytes].
	MaxFrameBytes int
	// ShutdownGrace bounds how long calls in flight may run once the input
	// ends. Default (0 or less): [DefaultShutdownGrace].
	ShutdownGrace time.Duration
	// Logger receives refused messages and read errors. Default: discard.
	Logger *slog.Logger
}

// Connect implements [mcp.Transport].
func (t *Transport) Connect(context.Context) (mcp.Connection, error) {
	return t.connect(), nil
}

func (t *Transport) connect() *conn {
	c := &conn{
		in: t.In, out: t.Out, limit: t.MaxFrameBytes, grace: t.ShutdownGrace, log: t.Logger,
		frames:    make(chan frame),
		stop:      make(chan struct{}),
		closed:    make(chan struct{}),
		failed:    make(chan struct{}),
		abandoned: make(chan struct{}),
		queued:    make(chan struct{}, 1),
		pending:   make(map[jsonrpc.ID]callKind),
		answered:  make(chan struct{}),
	}
	if c.in == nil {
		c.in = os.Stdin
	}
	if c.out == nil {
		c.out = os.Stdout
	}
	if c.limit <= 0 {
		c.limit = DefaultMaxFrameBytes
	}
	if c.grace <= 0 {
		c.grace = DefaultShutdownGrace
	}
	if c.log == nil {
		c.log = slog.New(slog.DiscardHandler)
	}
	go c.readLoop()
	go c.writeLoop()
	return c
}

// A frame is one line of input, or the error that ended the input.
type frame struct {
	data []byte // the line, without its newline; nil when oversized
	size int    // the line's length in bytes, without its newline
	head []byte // the first sniffBytes of an oversized line
	err  error
}

// conn is the [mcp.Connection] of a [Transport].
type conn struct {
	in    io.Reader
	out   io.Writer
	limit int
	grace time.Duration
	log   *slog.Logger

	frames    chan frame    // from readLoop
	stop      chan struct{} // closed by drain: read no more input
	stopOnce  sync.Once
	closed    chan struct{} // closed by Close
	closeErr  error
	closeOnce sync.Once
	// failed is closed when a refusal could not be written, failErr
	// says why: Read returns it.
	failed   chan struct{}
	failErr  error
	failOnce sync.Once
	// abandoned is closed when the reading has ended and the writer is
	// still busy with what waits for a client that does not read: the
	// messages given to Write and not written are given up.
	abandoned   chan struct{}
	abandonOnce sync.Once
	// queued wakes writeLoop when a message is queued.
	queued chan struct{}

	// mu guards pending, writing, tools, unsent, reserved, answered,
	// queue, sending and refusing.
	mu sync.Mutex
	// pending holds the ids of the calls read whose answer has not
	// entered Write, with their kind.
	pending map[jsonrpc.ID]callKind
	// writing counts the answers in Write and the refusals of Read not
	// yet written.
	writing int
	// queue holds the messages to write, in order: writeLoop alone
	// writes to out.
	queue []*outgoing
	// sending is set while writeLoop writes a message taken from queue.
	sending bool
	// refusing counts the bytes of the refusals queued and not written.
	refusing int
	// readUnwritten counts the frames read since writeLoop last finished
	// a write, or was given one while idle.
	readUnwritten int
	// written counts the messages writeLoop wrote; graceWritten is
	// written when the grace period began.
	written, graceWritten int
	// tools counts the tools/call requests in pending.
	tools int
	// unsent counts the result bytes of the messages in Write.
	unsent int
	// reserved counts the room kept for the answers of the large calls
	// handed to the server that have not entered Write, largeAnswerRoom
	// each.
	reserved int
	// answered is closed, and replaced, whenever a message given to
	// Write is written, and when a large call's answer enters Write.
	answered chan struct{}
	// entered, when set (by tests), is called when an answer enters
	// Write, with tools then.
	entered func(tools int)
	// roomWait, when set (by tests), is Options.roomWait.
	roomWait func(reserved int)
	// readPaused, when set (by tests), is Options.readPaused.
	readPaused func(refusing int)

	// held and ended are used by Read alone (one goroutine). held holds
	// the memory_get and memory_pack calls read and waiting, in order,
	// for room for their answers; ended, the end of input read while
	// calls were held.
	held  []*jsonrpc.Request
	ended *frame
}

// readLoop reads frames from in until it fails or the connection closes.
func (c *conn) readLoop() {
	br := bufio.NewReaderSize(c.in, 64<<10)
	for {
		f := readFrame(br, c.limit)
		select {
		case c.frames <- f:
		case <-c.closed:
			return
		}
		if f.err != nil {
			return
		}
	}
}

// readFrame reads the next line of br. A line longer than limit is read
// through, not kept: the frame has its size and its first bytes.
func readFrame(br *bufio.Reader, limit int) frame {
	var line []byte
	n, over := 0, false
	for {
		chunk, err := br.ReadSlice('\n')
		n += len(chunk)
		switch {
		case over:
		case n > limit+2: // room for "\r\n"
			over = true
			line = append(line, chunk...)
			line = append([]byte(nil), line[:min(len(line), sniffBytes)]...) // let the rest go
		default:
			line = append(line, chunk...)
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if n == 0 && err != nil {
			return frame{err: err}
		}
		// A line, or the last bytes of the input without a newline; an
		// error other than the end of input comes again on the next read.
		size := n
		if err == nil {
			size--
			if size > 0 && !over && line[len(line)-2] == '\r' {
				size--
			}
		}
		if over || size > limit {
			return frame{size: size, head: line[:min(len(line), sniffBytes)]}
		}
		return frame{data: line[:size], size: size}
	}
}

// Read implements [mcp.Connection]. It answers bad messages itself, and
// reports the end of input only once the calls it has returned are
// answered or the grace period has passed. A memory_get or memory_pack
// call is held until there is room for its answer; meanwhile Read reads
// on, so that a cancellation of a held call drops it ([conn.cancelHeld]).
// It never waits for the client to read: it queues its refusals for the
// writer, and stops reading while more than maxRefusalBytes of them wait
// or the writer, busy, has finished no message for maxReadUnwritten
// frames.
func (c *conn) Read(ctx context.Context) (jsonrpc.Message, error) {
	msg, err := c.read(ctx)
	if err != nil {
		// The session reads no more: what waits for a client that does
		// not read would hold the session's end for ever.
		c.abandon(!errors.Is(err, io.EOF))
	}
	return msg, err
}

// read is Read until its end.
func (c *conn) read(ctx context.Context) (jsonrpc.Message, error) {
	for {
		if len(c.held) > 0 && c.keepRoom() {
			req := c.held[0]
			c.held = c.held[1:]
			return req, nil
		}
		f, ok, err := c.nextFrame(ctx)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue // answers were written: room again
		}
		if f.err != nil {
			if len(c.held) > 0 {
				c.ended = &f // the held calls were read first: they run first
				continue
			}
			if !errors.Is(f.err, io.EOF) {
				c.log.Warn("mcp input failed", "error", f.err)
			}
			c.drain()
			return nil, c.waitAnswered(ctx)
		}
		msg, id, code, text := c.decode(f)
		if req, ok := msg.(*jsonrpc.Request); ok && c.kind(req.ID) == largeCall {
			c.held = append(c.held, req)
			continue
		}
		if c.cancelHeld(msg) {
			continue
		}
		if msg != nil {
			return msg, nil
		}
		if code == 0 {
			continue // a blank line
		}
		c.log.Warn("refused an mcp message", "code", code, "error", text)
		if err := c.refuse(id, code, text); err != nil {
			return nil, err
		}
	}
}

// nextFrame returns the next frame of input: the end of input kept while
// calls were held once none is, else one read. It reads while the
// answers waiting are at most maxUnsentBytes (twice that with calls
// held), the refusals waiting at most maxRefusalBytes, and, while the
// writer has a message to write, the frames read since it was given one
// while idle or last finished one fewer than maxReadUnwritten; it
// reports ok false when a message is written, for Read to look again.
// When the input stops first, the calls held are forgotten and it
// reports the end once the others are answered.
func (c *conn) nextFrame(ctx context.Context) (f frame, ok bool, err error) {
	if len(c.held) == 0 && c.ended != nil {
		f, c.ended = *c.ended, nil
		return f, true, nil
	}
	limit := maxUnsentBytes
	if len(c.held) > 0 {
		limit = 2 * maxUnsentBytes
	}
	c.mu.Lock()
	answered, reserved, refusing := c.answered, c.reserved, c.refusing
	stuck := c.sending || len(c.queue) > 0
	paused := refusing > maxRefusalBytes || stuck && c.readUnwritten >= maxReadUnwritten
	full := c.unsent > limit || paused
	c.mu.Unlock()
	if len(c.held) > 0 && c.roomWait != nil {
		c.roomWait(reserved / largeAnswerRoom)
	}
	if paused && c.readPaused != nil {
		c.readPaused(refusing)
	}
	frames := c.frames
	if full || c.ended != nil {
		frames = nil
	}
	select {
	case <-ctx.Done():
		return f, false, ctx.Err()
	case <-c.closed:
		return f, false, io.EOF
	case <-c.failed:
		return f, false, c.failErr
	case <-c.stop:
		for _, req := range c.held {
			c.forget(req.ID)
		}
		c.held = nil
		return f, false, c.waitAnswered(ctx)
	case <-answered:
		return f, false, nil
	case f = <-frames:
		c.mu.Lock()
		c.readUnwritten++
		c.mu.Unlock()
		return f, true, nil
	}
}

// decode returns the message in f, or the id, code and text of the error
// that answers it. A blank line gives neither.
func (c *conn) decode(f frame) (msg jsonrpc.Message, id json.RawMessage, code int, text string) {
	if f.data == nil && f.head != nil {
		return nil, sniffID(f.head), jsonrpc.CodeInvalidRequest,
			fmt.Sprintf("request too large (%d bytes; the limit is %d)", f.size, c.limit)
	}
	// JSON's white space only: a line ending in a vertical tab or a
	// no-break space is not JSON.
	data := bytes.Trim(f.data, " \t\r\n")
	if len(data) == 0 {
		return nil, nil, 0, ""
	}
	env, trailing, ok := probeMessage(data)
	switch {
	case !ok && nestsDeeper(data, maxDepth):
		return nil, sniffID(data), jsonrpc.CodeInvalidRequest, errDeep
	case len(trailing) > 0 || !ok && !json.Valid(data): // a value read whole is valid JSON
		return nil, nil, jsonrpc.CodeParseError, "parse error: the message is not valid JSON"
	case data[0] == '[':
		return nil, nil, jsonrpc.CodeInvalidRequest, errBatch + " line"
	}
	if id, code, text := envelopeError(data, env, ok); code != 0 {
		return nil, id, code, text
	}
	msg, err := jsonrpc.DecodeMessage(data)
	if err != nil {
		return nil, sniffID(data), jsonrpc.CodeInvalidRequest, "invalid request: " + err.Error()
	}
	if text := noMethodError(msg); text != "" {
		return nil, sniffID(data), jsonrpc.CodeInvalidRequest, text
	}
	if req, ok := msg.(*jsonrpc.Request); ok && !stringID(req.ID) {
		if id, text := unechoedID(env.ID, env.Method); text != "" {
			return nil, id, jsonrpc.CodeInvalidRequest, text
		}
	}
	if req, ok := msg.(*jsonrpc.Request); ok && req.IsCall() {
		kind := callKindOf(req.Method, env.Params)
		c.mu.Lock()
		defer c.mu.Unlock()
		_, dup := c.pending[req.ID]
		switch {
		case dup:
			return nil, sniffID(data), jsonrpc.CodeInvalidRequest, "invalid request: the id of a request still in progress"
		case kind != otherCall && c.tools >= DefaultMaxInFlight:
			return nil, sniffID(data), codeBusy, fmt.Sprintf("server busy: %d tool calls are running; retry once one is answered", c.tools)
		}
		c.pending[req.ID] = kind
		if kind != otherCall {
			c.tools++
		}
	}
	return msg, nil, 0, ""
}

// callKindOf returns the kind of a call of method with params (JSON).
func callKindOf(method string, params json.RawMessage) callKind {
	if method != "tools/call" {
		return otherCall
	}
	var p struct {
		Name string `json:"name"`
	}
	if json.Unmarshal(params, &p) == nil && largeAnswers[p.Name] {
		return largeCall
	}
	return toolCall
}

// kind returns the kind of the pending call id, otherCall when none.
func (c *conn) kind(id jsonrpc.ID) callKind {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.pending[id]
}

// keepRoom reports whether the answers waiting and the room kept for the
// large calls running are under maxUnsentBytes, and if so keeps room for
// one more large call's answer.
func (c *conn) keepRoom() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.unsent+c.reserved >= maxUnsentBytes {
		return false
	}
	c.reserved += largeAnswerRoom
	return true
}

// cancelHeld reports whether msg is a notifications/cancelled of a call
// held, and if so drops that call: it is not run, and, as the MCP spec
// asks of a cancelled request, not answered.
func (c *conn) cancelHeld(msg jsonrpc.Message) bool {
	n, ok := msg.(*jsonrpc.Request)
	if !ok || n.IsCall() || n.Method != "notifications/cancelled" || len(c.held) == 0 {
		return false
	}
	var p struct {
		RequestID any `json:"requestId"`
	}
	if json.Unmarshal(n.Params, &p) != nil {
		return false
	}
	id, err := jsonrpc.MakeID(p.RequestID)
	if err != nil {
		return false
	}
	i := slices.IndexFunc(c.held, func(r *jsonrpc.Request) bool { return r.ID == id })
	if i < 0 {
		return false
	}
	c.held = slices.Delete(c.held, i, i+1)
	c.forget(id)
	return true
}

// forget removes the tool call id, read but never handed to the server,
// from the calls pending.
func (c *conn) forget(id jsonrpc.ID) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.pending[id]; ok {
		delete(c.pending, id)
		c.tools--
	}
}

// noMethodError is the text refusing msg when it has an id and neither
// a method nor a result or error: no request, and no response either,
// which the SDK took for the answer to a call it never made and dropped,
// leaving the client waiting. "" for any other message.
func noMethodError(msg jsonrpc.Message) string {
	resp, ok := msg.(*jsonrpc.Response)
	if !ok || !resp.ID.IsValid() || resp.Result != nil || resp.Error != nil {
		return ""
	}
	return "invalid request: a message with an id needs a method (a request), or a result or an error (a response)"
}

// An envelope is the top-level members of a JSON-RPC message that
// [probeMessage] reads, each as JSON (nil when absent).
type envelope struct {
	JSONRPC json.RawMessage `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  json.RawMessage `json:"method"`
	Params  json.RawMessage `json:"params"`
	Error   json.RawMessage `json:"error"`
}

// probeMessage reads the top-level "jsonrpc", "id", "method", "params"
// and "error" of the JSON value data begins with as the SDK reads them
// (case-sensitive, the last of duplicate keys), skipping the other values
// without copying them, and returns what follows that value past JSON's
// white space (space, tab, CR, LF; not a vertical tab or a no-break
// space): empty for one message. ok is false when data is not such a
// value or nests deeper than the SDK reads (the SDK refuses those).
func probeMessage(data []byte) (env envelope, trailing []byte, ok bool) {
	if nestsDeeper(data, maxDepth) {
		return env, nil, false // the parse below recurses once a level
	}
	const flags = segjson.DontMatchCaseInsensitiveStructFields | segjson.DontCopyRawMessage
	rest, err := segjson.Parse(data, &env, flags)
	if err != nil {
		return envelope{}, nil, false
	}
	return env, bytes.TrimLeft(rest, " \t\r\n"), true
}

// unechoedID returns the raw id of a request, given the id and method
// [probeMessage] read, and the text of the error refusing it, when the
// SDK would not answer it under that id: a null id (taken for a
// notification: never answered), a fraction or a number past what a
// float64 holds exactly (answered as another number). A message without
// a method (a response) or an id passes.
func unechoedID(id, method json.RawMessage) (json.RawMessage, string) {
	raw := bytes.TrimSpace(id)
	if len(raw) == 0 || len(method) == 0 || raw[0] == '"' {
		return nil, ""
	}
	if string(raw) == "null" {
		return json.RawMessage("null"), "invalid request: the id is null; use a string or an integer"
	}
	if n, err := strconv.ParseInt(string(raw), 10, 64); err == nil {
		if f := float64(n); f < 1<<63 && int64(f) == n {
			return nil, ""
		}
	}
	return append(json.RawMessage(nil), raw...), "invalid request: the id " + string(raw) +
		" would be answered as another number; use a string, or an integer a float64 holds exactly (up to 2^53)"
}

// maxDepth is the deepest nesting of arrays and objects the SDK decodes
// (its internal/json's defaultMaxDepth).
const maxDepth = 1000

// nestsDeeper reports whether the JSON text data nests arrays and
// objects deeper than depth, in one pass that skips strings as the SDK's
// check does.
func nestsDeeper(data []byte, depth int) bool {
	n, inString, escaped := 0, false, false
	for _, b := range data {
		switch {
		case escaped:
			escaped = false
		case inString && b == '\\':
			escaped = true
		case b == '"':
			inString = !inString
		case inString:
		case b == '{' || b == '[':
			if n++; n > depth {
				return true
			}
		case b == '}' || b == ']':
			n = max(n-1, 0)
		}
	}
	return false
}

// stringID reports whether id is a string, which the SDK echoes as it
// came: such a request needs no second reading by [unechoedID].
func stringID(id jsonrpc.ID) bool {
	_, ok := id.Raw().(string)
	return ok
}

// codeBusy is the JSON-RPC error code of a tools/call refused because
// [DefaultMaxInFlight] tool calls are running: a server error, in the
// range JSON-RPC leaves to implementations.
const codeBusy = -32000

// sniffID returns the top-level "id" of the JSON object data begins with,
// as JSON, or null when it is not found before data ends or is not a
// string or a number.
func sniffID(data []byte) json.RawMessage {
	null := json.RawMessage("null")
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return null
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return null
		}
		if key, _ := tok.(string); key != "id" {
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				return null
			}
			continue
		}
		var v any
		if err := dec.Decode(&v); err != nil {
			return null
		}
		switch v.(type) {
		case string, json.Number:
			b, err := json.Marshal(v)
			if err != nil {
				return null
			}
			return b
		}
		return null
	}
	return null
}

// errBatch is the start of the error answering a JSON-RPC batch (a JSON
// array of messages), on stdio ("line") and HTTP ("request").
const errBatch = "invalid request: batches are not supported; send one message per"

// errDeep is the error answering a message that nests deeper than
// [maxDepth], on stdio and HTTP, under its id when it comes before the
// deep member. The SDK refused it in its words ("unmarshaling jsonrpc
// message: json: exceeded maximum nesting depth of 1000") and, past Go's
// scanner's 10,000 levels, [json.Valid] took it for not JSON.
var errDeep = fmt.Sprintf("invalid request: the message nests arrays and objects more than %d levels deep", maxDepth)

// rpcError returns a JSON-RPC error response to id (nil: null).
func rpcError(id json.RawMessage, code int, text string) ([]byte, error) {
	if id == nil {
		id = json.RawMessage("null")
	}
	return json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   jsonrpc.Error   `json:"error"`
	}{"2.0", id, jsonrpc.Error{Code: int64(code), Message: text}})
}

// refuse queues a JSON-RPC error response for writeLoop.
func (c *conn) refuse(id json.RawMessage, code int, text string) error {
	b, err := rpcError(id, code, text)
	if err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.refusing += len(b)
	c.writing++
	c.enqueueLocked(&outgoing{line: b, counted: true})
	return nil
}

// An outgoing is a message queued for writeLoop.
type outgoing struct {
	msg     jsonrpc.Message // a message given to Write, encoded at its turn
	line    []byte          // or a refusal of Read, encoded
	size    int             // the bytes counted in unsent
	counted bool            // counted in writing
	done    chan error      // receives the write's error; nil for a refusal
}

// Write implements [mcp.Connection]. The message is encoded when its
// turn to be written comes: answers waiting for a client that does not
// read hold their results only, not a copy of each encoded line. Write
// returns once the message is written, the connection is closed, or the
// reading has ended while the client reads nothing ([conn.abandon]).
func (c *conn) Write(_ context.Context, msg jsonrpc.Message) error {
	resp, _ := msg.(*jsonrpc.Response)
	o := &outgoing{msg: msg, done: make(chan error, 1)}
	c.mu.Lock()
	if resp != nil {
		o.size = len(resp.Result)
		// The id and the place of a tool call are free before the
		// answer is written: a client that reads it may send the next
		// call, under the same id.
		kind, ok := c.pending[resp.ID]
		if ok {
			delete(c.pending, resp.ID)
			c.writing++
			o.counted = true
			if kind != otherCall {
				c.tools--
			}
		}
		if kind == largeCall {
			// Wakes waitRoom: the room kept is now the answer's size.
			c.reserved -= largeAnswerRoom
			close(c.answered)
			c.answered = make(chan struct{})
		}
		if resp.Error != nil {
			resp.Error = withCode(resp.Error)
		}
		// A large call's answer had room kept for it before it ran.
		if kind != largeCall && o.size > maxKeptAnswerBytes && c.unsent >= maxUnsentBytes {
			// The client reads none of what waits: an answer this large
			// is not kept for it (calls already running would each hold
			// one), the call is refused as busy.
			resp.Result, resp.Error = nil, &jsonrpc.Error{Code: codeBusy, Message: fmt.Sprintf(
				"server busy: %d bytes of answers wait for the client to read them; this answer of %d bytes was not kept: call again once they are read", c.unsent, o.size)}
			o.size = 0
		}
	}
	c.unsent += o.size
	tools := c.tools
	c.enqueueLocked(o)
	c.mu.Unlock()
	if c.entered != nil && resp != nil {
		c.entered(tools)
	}
	select {
	case err := <-o.done:
		return err
	case <-c.closed:
		return errWriteClosed
	case <-c.abandoned:
		return errUnread
	}
}

// errWriteClosed answers a Write waiting when the connection closes.
var errWriteClosed = errors.New("message not written: the connection is closed")

// errUnread answers a Write waiting when the reading has ended while the
// client read nothing.
var errUnread = errors.New("message not written: the client read none of the answers waiting before the session ended")

// enqueueLocked queues o for writeLoop; mu is held.
func (c *conn) enqueueLocked(o *outgoing) {
	if !c.sending && len(c.queue) == 0 {
		c.readUnwritten = 0 // the writer was idle: what was read is not its
	}
	c.queue = append(c.queue, o)
	select {
	case c.queued <- struct{}{}:
	default:
	}
}

// writeLoop writes the messages queued, in order, until the connection
// closes. It alone writes to out, so that neither the reading nor a
// Write waits on a client that does not read: once the connection
// closes, it ends when its write in progress returns (out's Write cannot
// be interrupted), and what is still queued is not written.
func (c *conn) writeLoop() {
	for {
		o := c.dequeue()
		if o == nil {
			return
		}
		err := c.send(o)
		c.mu.Lock()
		c.sending = false
		c.unsent -= o.size
		c.refusing -= len(o.line)
		c.readUnwritten = 0
		c.written++
		if o.counted {
			c.writing--
		}
		close(c.answered)
		c.answered = make(chan struct{})
		c.mu.Unlock()
		switch {
		case o.done != nil:
			o.done <- err
		case err != nil:
			c.failOnce.Do(func() { c.failErr = err; close(c.failed) })
		}
	}
}

// dequeue returns the next message queued, waiting for one; nil once the
// connection closes.
func (c *conn) dequeue() *outgoing {
	for {
		select {
		case <-c.closed:
			return nil
		default:
		}
		c.mu.Lock()
		if len(c.queue) > 0 {
			o := c.queue[0]
			c.queue[0] = nil
			c.queue = c.queue[1:]
			c.sending = true
			c.mu.Unlock()
			return o
		}
		c.mu.Unlock()
		select {
		case <-c.queued:
		case <-c.closed:
			return nil
		}
	}
}

// abandon gives up the messages given to Write and not written, once the
// reading has ended: always when it ended at once (always is true: the
// context was cancelled, or a refusal could not be written), else only
// when the writer is still busy and wrote nothing since the grace period
// began, the client having read nothing for that long; a client that
// reads, even slowly, gets every answer, those of the calls cancelled
// then too.
func (c *conn) abandon(always bool) {
	c.mu.Lock()
	busy := (c.sending || len(c.queue) > 0) && c.written == c.graceWritten
	c.mu.Unlock()
	if always || busy {
		c.abandonOnce.Do(func() { close(c.abandoned) })
	}
}

// send encodes o's message, when not encoded, and writes it as one line.
func (c *conn) send(o *outgoing) error {
	b := o.line
	if b == nil {
		var err error
		if b, err = jsonrpc.EncodeMessage(o.msg); err != nil {
			return err
		}
	}
	return c.writeLine(b)
}

// writeLine writes b and a newline. A line without room for its newline
// is written in two pieces, not copied.
func (c *conn) writeLine(b []byte) error {
	if cap(b) > len(b) {
		_, err := c.out.Write(append(b, '\n'))
		return err
	}
	if _, err := c.out.Write(b); err != nil {
		return err
	}
	_, err := c.out.Write([]byte{'\n'})
	return err
}

// withCode returns err as a JSON-RPC error with a code: the SDK refuses
// a request out of order (a call before initialize, a second
// initialize) with a plain error, which it would send with code 0, no
// JSON-RPC error; such a refusal is an invalid request (-32600).
func withCode(err error) error {
	var we *jsonrpc.Error
	if errors.As(err, &we) && we.Code != 0 {
		return err
	}
	return &jsonrpc.Error{Code: jsonrpc.CodeInvalidRequest, Message: err.Error()}
}

// drain stops reading input: Read returns io.EOF once the calls already
// read are answered or the grace period has passed.
func (c *conn) drain() { c.stopOnce.Do(func() { close(c.stop) }) }

// waitAnswered waits until no call is pending, the grace period passes or
// the connection closes, and returns io.EOF; or ctx's error if it is done
// first.
func (c *conn) waitAnswered(ctx context.Context) error {
	c.mu.Lock()
	c.graceWritten = c.written
	c.mu.Unlock()
	timer := time.NewTimer(c.grace)
	defer timer.Stop()
	for {
		c.mu.Lock()
		n, answered := len(c.pending)+c.writing, c.answered
		c.mu.Unlock()
		if n == 0 {
			return io.EOF
		}
		select {
		case <-answered:
		case <-timer.C:
			c.log.Warn("mcp calls still running after the grace period; cancelling them", "calls", n, "grace", c.grace)
			return io.EOF
		case <-c.closed:
			return io.EOF
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// Close implements [mcp.Connection]. It closes In when it is an
// io.Closer.
func (c *conn) Close() error {
	c.closeOnce.Do(func() {
		close(c.closed)
		if cl, ok := c.in.(io.Closer); ok {
			c.closeErr = cl.Close()
		}
	})
	return c.closeErr
}

// SessionID implements [mcp.Connection]; a stream has no session id.
func (c *conn) SessionID() string { return "" }
