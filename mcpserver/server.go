package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/internal/ctlesc"
	"github.com/memweave/memweave-go/workspace"
)

// Options configure [New]. The zero value means the defaults.
type Options struct {
	// Name identifies the server to clients. Default "memweave".
	Name string
	// Version is the server's version, sent to clients as
	// serverInfo.version. Default: [Version].
	Version string
	// Logger receives diagnostics: failed tool calls and the SDK's own
	// messages. Default: discard. On stdio it must not write to stdout.
	Logger *slog.Logger
	// Instructions tell the client's model how to use the tools. Default:
	// a short guide to searching before answering and to storing durable
	// facts.
	Instructions string
	// MaxFrameBytes is the largest JSON-RPC message [Serve] reads, in
	// bytes; a larger one is answered with an error and skipped. Default
	// (0 or less): [DefaultMaxFrameBytes].
	MaxFrameBytes int
	// ShutdownGrace bounds how long [Serve] lets calls in flight finish
	// once the client closes its input or the context is cancelled.
	// Default (0 or less): [DefaultShutdownGrace].
	ShutdownGrace time.Duration

	// entered, when set (by tests), is called by [Serve]'s connection
	// when an answer enters Write, with the tool calls still running.
	entered func(tools int)
	// roomWait, when set (by tests), is called by [Serve]'s connection
	// each time a memory_get or memory_pack call read waits for room for
	// its answer, with the calls of those tools handed to the server
	// whose answers have not entered Write.
	roomWait func(reserved int)
	// readPaused, when set (by tests), is called by [Serve]'s connection
	// each time it stops reading for its writer (refusals or messages
	// read past maxRefusalBytes or maxReadUnwritten), with the bytes of
	// refusals waiting.
	readPaused func(refusing int)
	// largeRunning, when set (by tests), is called as a call of the
	// tools [MaxLargeAnswers] bounds starts, with the number running,
	// and with 0 as one finds every turn taken and waits.
	largeRunning func(n int)
}

// withDefaults returns a copy of opts (which may be nil) with the
// defaults filled in.
func (opts *Options) withDefaults() Options {
	var o Options
	if opts != nil {
		o = *opts
	}
	if o.Name == "" {
		o.Name = "memweave"
	}
	if o.Version == "" {
		o.Version = Version()
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.Instructions == "" {
		o.Instructions = DefaultInstructions
	}
	if o.MaxFrameBytes <= 0 {
		o.MaxFrameBytes = DefaultMaxFrameBytes
	}
	if o.ShutdownGrace <= 0 {
		o.ShutdownGrace = DefaultShutdownGrace
	}
	return o
}

// DefaultInstructions are the server instructions sent when
// Options.Instructions is empty.
const DefaultInstructions = `This server is a long-term memory kept as Markdown files under memory/.
Before answering questions about earlier work, decisions, people, preferences or project details, call memory_search; then memory_get reads the exact lines a result points to, and memory_pack gathers the best passages that fit a token budget.
To remember something durable, call memory_append: it adds a note to today's dated log. Use memory_write only to create or fully replace a curated topic file (such as notes/database.md), and memory_delete only to remove a file that is obsolete as a whole.
Paths are relative to memory/ (or start with memory/); paths outside it are refused.`

// modulePath is the import path of the memweave-go module.
const modulePath = "github.com/memweave/memweave-go"

// New returns an MCP server whose tools search, read and write the
// memories of w. The server does not own w: the caller closes it once
// the server has stopped. A nil opts means the defaults.
func New(w *memweave.Weave, opts *Options) *mcp.Server {
	o := opts.withDefaults()
	srv := mcp.NewServer(&mcp.Implementation{Name: o.Name, Title: "memweave memory", Version: o.Version},
		&mcp.ServerOptions{Instructions: o.Instructions, Logger: slog.New(clientFaults{o.Logger.Handler()})})
	t := &tools{w: w, log: o.Logger, inputs: map[string]*jsonschema.Schema{}, large: make(chan struct{}, MaxLargeAnswers), largeRunning: o.largeRunning}
	t.dir = w.Config().Workspace
	t.root, _ = os.Stat(t.dir)
	t.register(srv)
	srv.AddReceivingMiddleware(t.checkArgs, t.boundLarge)
	return srv
}

// MaxLargeAnswers is the most calls of the tools whose answer may hold
// a megabyte (memory_get, memory_pack) that a server runs at once, over
// all its sessions; the others wait their turn. Each such answer is
// built in several copies (the text, the structured content, their JSON
// and its check against the output schema); docs/mcp.md gives the
// memory it saves and the command that measures it.
const MaxLargeAnswers = 4

// largeAnswers are the tools that [MaxLargeAnswers] bounds.
var largeAnswers = map[string]bool{"memory_get": true, "memory_pack": true}

// boundLarge is a receiving middleware that runs at most
// [MaxLargeAnswers] calls of the tools of [largeAnswers] at once, from
// their arguments' check to the result the SDK encodes; a call waits
// for its turn, or its cancellation.
func (t *tools) boundLarge(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		p, ok := req.GetParams().(*mcp.CallToolParamsRaw)
		if !ok || method != "tools/call" || !largeAnswers[p.Name] {
			return next(ctx, method, req)
		}
		select {
		case t.large <- struct{}{}:
		default:
			if t.largeRunning != nil {
				t.largeRunning(0)
			}
			select {
			case t.large <- struct{}{}:
			case <-ctx.Done():
				return nil, fmt.Errorf("%s: %w", p.Name, context.Cause(ctx))
			}
		}
		defer func() { <-t.large }()
		// Counted apart from the tokens: the hook sees the calls that
		// run, which the channel's length cannot exceed by construction.
		n := t.largeNow.Add(1)
		defer t.largeNow.Add(-1)
		if t.largeRunning != nil {
			t.largeRunning(int(n))
		}
		return next(ctx, method, req)
	}
}

// cancelWait is how long [Serve] waits, after the grace period, for
// cancelled calls to return.
const cancelWait = 5 * time.Second

// Serve serves the memories of w to one client over newline-delimited
// JSON-RPC on in and out, such as stdin and stdout, with a [Transport]:
// oversized and malformed messages are answered with errors and skipped.
// It returns nil when the client closes in or when ctx is cancelled; in
// both cases the calls already read finish and their responses are
// written first, for up to opts.ShutdownGrace, after which the calls still
// running are cancelled. The server does not own w: the caller closes it
// once Serve has returned. A nil opts means the defaults.
func Serve(ctx context.Context, w *memweave.Weave, in io.Reader, out io.Writer, opts *Options) error {
	o := opts.withDefaults()
	srv := New(w, &o)
	t := &Transport{In: in, Out: out, MaxFrameBytes: o.MaxFrameBytes, ShutdownGrace: o.ShutdownGrace, Logger: o.Logger}
	c := t.connect()
	c.entered = o.entered
	c.roomWait = o.roomWait
	c.readPaused = o.readPaused
	// The session outlives ctx: its cancellation drains the connection.
	ss, err := srv.Connect(context.WithoutCancel(ctx), connected{c}, nil)
	if err != nil {
		c.Close()
		return fmt.Errorf("mcpserver: %w", err)
	}
	done := make(chan error, 1)
	go func() { done <- ss.Wait() }()
	select {
	case err := <-done:
		return sessionEnd(err)
	case <-ctx.Done():
	}
	c.drain()
	timer := time.NewTimer(o.ShutdownGrace + cancelWait)
	defer timer.Stop()
	select {
	case err := <-done:
		return sessionEnd(err)
	case <-timer.C:
		c.Close()
		return errors.New("mcpserver: tool calls still running after the grace period and cancellation")
	}
}

// sessionEnd is the error of Serve for a session that ended with err.
func sessionEnd(err error) error {
	if err == nil || errors.Is(err, io.EOF) {
		return nil
	}
	return fmt.Errorf("mcpserver: %w", err)
}

// connected is a Transport whose connection already exists.
type connected struct{ c *conn }

func (t connected) Connect(context.Context) (mcp.Connection, error) { return t.c, nil }

// Version returns the version of memweave-go built into the running
// binary, the default of Options.Version and what "memweave --version"
// prints: the module version ("(devel)" when unknown) and, when the binary
// is the memweave-go module itself and its build recorded them, the VCS
// commit and whether the tree had uncommitted changes, as in
// "v1.2.0 (commit 0123456789ab)" or "(devel) (commit 0123456789ab, modified)".
func Version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return develVersion
	}
	return versionOf(bi)
}

// develVersion is the version of a build that recorded none.
const develVersion = "(devel)"

// versionOf formats the version of memweave-go recorded in bi.
func versionOf(bi *debug.BuildInfo) string {
	v, main := "", bi.Main.Path == modulePath
	if main {
		v = bi.Main.Version
	}
	for _, d := range bi.Deps {
		if d.Path == modulePath {
			v = d.Version
		}
	}
	if v == "" {
		v = develVersion
	}
	if !main {
		return v // the VCS settings are those of another module
	}
	var rev, modified string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value
		}
	}
	if rev == "" {
		return v
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if modified == "true" {
		return fmt.Sprintf("%s (commit %s, modified)", v, rev)
	}
	return fmt.Sprintf("%s (commit %s)", v, rev)
}

// tools holds what the tool handlers share.
type tools struct {
	w   *memweave.Weave
	log *slog.Logger
	// inputs are the tools' input schemas, by name, set by register.
	inputs map[string]*jsonschema.Schema
	// large holds a token for each call of [largeAnswers] running.
	large chan struct{}
	// largeRunning is [Options.largeRunning].
	largeRunning func(n int)
	// largeNow counts the calls of [largeAnswers] running, for
	// largeRunning.
	largeNow atomic.Int64
	// dir is the workspace's folder, and root that folder as it was when
	// the server started (nil when it could not be read then).
	dir  string
	root os.FileInfo
}

// workspaceGone returns the error of a tool call made once the folder
// the server serves is gone from its path (renamed, moved or deleted),
// or another stands there, and nil while it is the one it started with.
// The server's open index and watcher follow the folder it started
// with; the library's errors then read as "not found" or "no such file"
// and a search finds nothing, which an agent takes for its answer.
func (t *tools) workspaceGone() error {
	dir := t.dir
	fi, err := os.Stat(dir)
	switch {
	case dir == "" || err == nil && (t.root == nil || os.SameFile(fi, t.root)):
		return nil
	case err == nil:
		return fmt.Errorf("the workspace %s this server started on is gone: another folder stands at its path now; nothing was read or written: restart the server to serve that folder (memweave -w %s mcp)", dir, dir)
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("the workspace %s is gone since this server started (renamed, moved or deleted): nothing was read or written; restart the server on its new path (memweave -w NEWPATH mcp), or move it back", dir)
	}
	return nil // unreadable: the tool's own error says so
}

// handler adapts fn, which returns a tool's output or an error, to the
// SDK: errors become tool results with IsError set and a message fit for
// the model, panics become errors, and failures are logged.
func handler[In, Out any](t *tools, name string, fn func(context.Context, In) (*mcp.CallToolResult, Out, error)) mcp.ToolHandlerFor[In, Out] {
	return func(ctx context.Context, _ *mcp.CallToolRequest, in In) (res *mcp.CallToolResult, out Out, err error) {
		defer func() {
			if p := recover(); p != nil {
				t.log.Error("tool panicked", "tool", name, "panic", p, "stack", string(debug.Stack()))
				var zero Out
				res, out, err = nil, zero, fmt.Errorf("%s failed: internal error: %v", name, p)
			}
		}()
		// A call kept waiting for a lock is logged, and the outputs
		// that report waits (see waitReporter) say so.
		waits := new(lockWaitList)
		ctx = workspace.WithLockNotice(ctx, func(w workspace.LockWait) {
			t.log.Warn("tool call waiting for a lock", "tool", name, "lock", w.Path, "pid", w.PID)
			waits.add(w)
		})
		if err = t.workspaceGone(); err == nil {
			res, out, err = fn(ctx, in)
		}
		if err != nil {
			var zero Out
			msg := toolMessage(name, in, err, t.clean(err.Error()))
			t.log.Warn("tool call failed", "tool", name, "error", msg)
			return nil, zero, errors.New(msg)
		}
		if o, ok := any(&out).(waitReporter); ok {
			o.addWaits(waits.warnings())
		}
		return res, out, nil
	}
}

// toolMessage is the message msg of tool's error err, for input in, as
// the client reads it: starting with the tool's name (the library's
// errors start with its operation: "edit memory/db.md: ...", "feedback:
// ..."), and naming expect_hash when the file's hash did not match it.
func toolMessage(tool string, in any, err error, msg string) string {
	if h, ok := in.(interface{ expectHash() string }); ok && h.expectHash() != "" && errors.Is(err, memweave.ErrChanged) {
		msg = "expect_hash does not match the file any more: " + msg
	}
	if op := strings.TrimPrefix(tool, "memory_") + ": "; strings.HasPrefix(msg, op) {
		msg = msg[len(op):]
	}
	if !strings.HasPrefix(msg, tool+" ") && !strings.HasPrefix(msg, tool+":") {
		msg = tool + ": " + msg
	}
	return msg
}

// lockWaitList is the waits for a lock of one tool call that lasted
// [workspace.LockNoticeDelay].
type lockWaitList struct {
	mu    sync.Mutex
	waits []workspace.LockWait
}

func (l *lockWaitList) add(w workspace.LockWait) {
	l.mu.Lock()
	l.waits = append(l.waits, w)
	l.mu.Unlock()
}

// warnings returns the waits as warnings, nil when none: a model that
// saw a write take seconds learns why.
func (l *lockWaitList) warnings() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []string
	for _, w := range l.waits {
		out = append(out, "waited more than "+workspace.LockNoticeDelay.String()+": "+strings.TrimPrefix(w.String(), "waiting "))
	}
	return out
}

// A waitReporter is a tool's output that reports, first among its
// warnings, what lock the call waited for past
// [workspace.LockNoticeDelay]: the outputs of the tools that write.
type waitReporter interface{ addWaits(warnings []string) }

func (o *WriteResult) addWaits(ws []string)    { o.Warnings = append(ws, o.Warnings...) }
func (o *DeleteResult) addWaits(ws []string)   { o.Warnings = append(ws, o.Warnings...) }
func (o *feedbackOutput) addWaits(ws []string) { o.Warnings = append(ws, o.Warnings...) }
func (o *resolveOutput) addWaits(ws []string)  { o.Warnings = append(ws, o.Warnings...) }

// addWaits also sets Warning, the warnings joined, for clients of
// earlier versions.
func (o *AppendResult) addWaits(ws []string) {
	o.Warnings = append(ws, o.Warnings...)
	o.Warning = strings.Join(o.Warnings, "; ")
}

func (o *consolidateOutput) addWaits(ws []string) {
	waits := make([]memweave.Warning, len(ws))
	for i, w := range ws {
		waits[i] = memweave.Warning{Err: errors.New(w)}
	}
	o.Warnings = append(waits, o.Warnings...)
}

// clean makes an error message read well on its own ([ctlesc.Message]):
// one line, without the library's "memweave: " prefixes, its control and
// bidi characters escaped (it may quote an argument, a file's name or
// text, which must not reorder or drive what shows it). The API key is
// never in it: the embedder leaves it out of the server's messages it
// quotes.
func (t *tools) clean(msg string) string { return ctlesc.Message(msg) }

// pathError explains a refused or missing path to the model, keeping the
// library's message for the details.
func pathError(op, path string, err error) error {
	var hint string
	switch {
	case errors.Is(err, workspace.ErrOutsideMemory):
		hint = "refused: the path is outside the memory folder; give a path relative to memory/, such as notes/topic.md, without .. or a leading /"
	case errors.Is(err, workspace.ErrNotMarkdown):
		hint = "refused: only Markdown files (.md or .markdown) can be used"
	case errors.Is(err, workspace.ErrIgnoredName):
		hint = "refused: hidden and temporary names (starting with '.', ending in '~' or .tmp) are not allowed"
	case errors.Is(err, workspace.ErrBadName):
		hint = "refused: the path has a name that is unsafe on some systems (a backslash, a control or invisible formatting character, a character that prints as a slash, or a trailing dot or space)"
	case errors.Is(err, workspace.ErrNotFolder):
		hint = "refused: the path goes on below a file as if it were a folder"
	case errors.Is(err, syscall.ENAMETOOLONG):
		hint = "refused: the path has a name longer than the file system allows; use a shorter one"
	case errors.Is(err, memweave.ErrNotFound):
		hint = "not found: no such memory file; memory_search returns the paths that exist"
	case errors.Is(err, fs.ErrNotExist): // the system call's words, its path relative to another folder
		return fmt.Errorf("%s %q not found: no such memory file; memory_search returns the paths that exist", op, path)
	case errors.Is(err, memweave.ErrInvalidSource):
		return fmt.Errorf("%s: %w", op, err) // says what a source may be
	default:
		return err
	}
	return fmt.Errorf("%s %q %s (%w)", op, path, hint, err)
}

// clientFaultMessages are the messages the SDK logs at Error for a
// client's protocol fault that costs the server nothing: a repeated
// notifications/initialized, or one before initialize. The session goes
// on either way.
var clientFaultMessages = map[string]bool{
	"duplicate initialized notification": true,
	"initialized before initialize":      true,
}

// clientFaults is the handler of the SDK's logger: it logs
// clientFaultMessages at Debug, not at Error, so that a retrying client
// does not fill the server's log with errors that are not the server's.
type clientFaults struct{ slog.Handler }

// Handle implements [slog.Handler].
func (h clientFaults) Handle(ctx context.Context, r slog.Record) error {
	if r.Level == slog.LevelError && clientFaultMessages[r.Message] {
		r.Level = slog.LevelDebug
		if !h.Handler.Enabled(ctx, r.Level) {
			return nil
		}
	}
	return h.Handler.Handle(ctx, r)
}

// WithAttrs implements [slog.Handler].
func (h clientFaults) WithAttrs(attrs []slog.Attr) slog.Handler {
	return clientFaults{h.Handler.WithAttrs(attrs)}
}

// WithGroup implements [slog.Handler].
func (h clientFaults) WithGroup(name string) slog.Handler {
	return clientFaults{h.Handler.WithGroup(name)}
}
