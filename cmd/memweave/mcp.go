package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/spf13/cobra"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/mcpserver"
	"github.com/memweave/memweave-go/workspace"
)

func (a *app) mcpCommand() *cobra.Command {
	var (
		noWatch      bool
		syncEvery    time.Duration
		httpAddr     string
		token        string
		allowHosts   []string
		allowOrigins []string
		newToken     bool
	)
	cmd := &cobra.Command{
		Use:   "mcp",
		Short: "Serve the memory tools to AI agents over MCP on stdin/stdout or HTTP",
		Long: `Mcp serves the workspace as a Model Context Protocol server on standard
input and output, for an MCP client (an agent, an IDE, a desktop app) to
start as a subprocess. Its thirteen tools are memory_search, memory_get,
memory_pack, memory_status, memory_write, memory_append, memory_delete,
memory_index, memory_conflicts, memory_changes, memory_feedback,
memory_resolve and memory_consolidate; paths outside memory/
are refused. The workspace must exist (see 'memweave init'): a folder
without memory/ is an error, not a new empty memory.

The server is long-lived, so it runs a file watcher (as 'memweave watch'
does): files edited by other tools are re-indexed as they change, and
searches skip their stat scan of the workspace. --no-watch turns it off;
searches then scan before each call.

Standard output carries only the protocol; warnings and errors go to
standard error. A message over 4 MiB, or one that is not JSON, is
answered with a JSON-RPC error and skipped; the session goes on.

The server stops when the client closes standard input, or on SIGINT or
SIGTERM; the calls already received finish and are answered first, for
up to 30 seconds.

A client configuration, such as Claude Desktop's:

  {"mcpServers": {"memweave": {"command": "memweave",
    "args": ["--workspace", "/path/to/workspace", "mcp"]}}}

With --http ADDR, mcp serves the streamable HTTP transport at
http://ADDR/mcp instead, to any number of clients at once, all sharing
one index and one watcher. It is stateless, as MCP's 2026-07-28
revision has it: every request stands alone, no session is kept, so
several servers on one workspace may answer any request, and no client
can hold state that locks another out. Clients of earlier revisions
work too, without what needs a session (server-to-client requests, a
standalone event stream: GET gets 405).

  memweave -w /path/to/workspace mcp --http 127.0.0.1:8765

and a client configuration for it (with a token, the header; without,
leave "headers" out):

  {"mcpServers": {"memweave": {"type": "http", "url": "http://127.0.0.1:8765/mcp",
    "headers": {"Authorization": "Bearer TOKEN"}}}}

It binds a loopback address unless a bearer token is given, with --token
or, better (the command line is visible to other users), the
MEMWEAVE_MCP_TOKEN environment variable; every request must then carry
"Authorization: Bearer TOKEN" (401 otherwise). A non-loopback address
needs a strong token: at least 32 characters, printable ASCII without
spaces, 8 of them distinct. 'memweave mcp --new-token' prints a fresh
one (32 random bytes in hex), as does 'openssl rand -hex 32'. Requests whose Host header
names another host than a loopback one or an --allow-host, or that come
from a browser page of another origin than a loopback one, an --allow-host
or an --allow-origin, are refused with 403, against DNS rebinding.
Request bodies over 4 MiB are refused with 413. 64 requests (32 MiB of
bodies over 64 KiB) are served at once: past these limits a request
gets 503 with a Retry-After. On SIGINT or SIGTERM the
server stops accepting connections, and the calls in flight finish and
are answered, for up to 30 seconds.`,
		Args: noArgs,
		RunE: action(func(cmd *cobra.Command, _ []string) (err error) {
			if newToken {
				fmt.Fprintln(a.stdout, mcpserver.NewToken())
				return nil
			}
			var (
				ln    net.Listener
				hopts *mcpserver.HTTPOptions
			)
			if httpAddr != "" {
				// Listen first: a refused address or a port in use fails
				// before the workspace is opened.
				hopts = &mcpserver.HTTPOptions{Token: token, AllowedHosts: allowHosts, AllowedOrigins: allowOrigins}
				if host, _, err := net.SplitHostPort(httpAddr); err == nil && net.ParseIP(host) != nil && !net.ParseIP(host).IsUnspecified() {
					hopts.AllowedHosts = append(hopts.AllowedHosts, host) // the address clients connect to
				}
				ln, err = mcpserver.ListenHTTP(cmd.Context(), httpAddr, hopts)
				if errors.Is(err, mcpserver.ErrNotLoopback) {
					return usageErr("mcp --http %s: %s is not a loopback address: give a token (--token or %s) to serve it", httpAddr, httpAddr, mcpserver.TokenEnv)
				}
				if errors.Is(err, mcpserver.ErrWeakToken) {
					return usageErr("mcp --http %s: the token of --token or %s is refused: %v", httpAddr, mcpserver.TokenEnv, err)
				}
				if err != nil {
					return err
				}
				defer ln.Close() // ServeHTTP closes it too
			}
			a.longLived = true
			logger := slog.New(slog.NewTextHandler(a.stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
			cfg := a.config()
			cfg.NoWatch = noWatch
			// The background work of a long-lived server (--sync-every's
			// syncs, the watcher) reports its failures only through the
			// Weave's logger. What Open logs, open prints itself.
			opened := new(atomic.Bool)
			cfg.Logger = slog.New(afterHandler{Handler: logger.Handler(), on: opened})
			w, err := a.open(cmd, cfg)
			if err != nil {
				return err
			}
			opened.Store(true)
			defer closeWeave(w, &err)
			// From here a wait for a lock outside a tool call (a periodic
			// sync's) is told without the one-shot commands' "Ctrl-C
			// stops waiting": Ctrl-C stops the server.
			ctx := workspace.WithLockNotice(cmd.Context(), func(lw workspace.LockWait) {
				fmt.Fprintln(a.stderr, "memweave: "+lw.String()+" (Ctrl-C stops the server)")
			})
			if !noWatch {
				if err := w.Watch(ctx); err != nil {
					logger.Warn("memweave: no file watcher; searches scan the workspace first", "err", err)
				}
			}
			if syncEvery > 0 {
				if err := w.SyncEvery(ctx, syncEvery); err != nil {
					return err
				}
			}
			// A client that does not read the server's stderr may close
			// it; a closed stdout fails the answer's write and ends the
			// session.
			outlivePipeReaders()
			// The signal that ends ctx starts the grace period; main
			// gave the signals back to the system before.
			stopping := context.AfterFunc(ctx, func() {
				fmt.Fprintf(a.stderr, "memweave: stopping: the calls in flight finish within %s (Ctrl-C again stops at once)\n", mcpserver.DefaultShutdownGrace)
			})
			defer stopping()
			opts := mcpserver.Options{Logger: logger}
			if ln == nil {
				mcpStdioHint(isTerminal(os.Stdin), a.stderr)
				return mcpserver.Serve(ctx, w, os.Stdin, a.raw, &opts)
			}
			hopts.Options = opts
			fmt.Fprintf(a.stderr, "memweave: serving MCP on http://%s%s\n", ln.Addr(), mcpserver.HTTPPath)
			return mcpserver.ServeHTTP(ctx, w, ln, hopts)
		}),
	}
	cmd.PreRunE = func(cmd *cobra.Command, _ []string) error {
		if !cmd.Flags().Changed("token") {
			token = os.Getenv(mcpserver.TokenEnv)
		}
		if cmd.Flags().Changed("http") {
			// An empty or malformed address must not fall back to stdio
			// or fail later as a listen error.
			// The port is a number: 99999 failed as a listen error (exit
			// 1, naming no flag), and a service name ("http") served port 80.
			_, port, err := net.SplitHostPort(httpAddr)
			if err == nil {
				_, err = strconv.ParseUint(port, 10, 16)
			}
			if err != nil {
				return usageErr("invalid --http %q: want host:port with a port number 0 to 65535, such as 127.0.0.1:8765", httpAddr)
			}
		}
		if err := notEmpty(cmd, "allow-host", "allow-origin"); err != nil {
			return err
		}
		// An entry in a form no request carries would match nothing,
		// and the client it was meant for get 403.
		for _, h := range allowHosts {
			if err := mcpserver.CheckAllowedHost(h); err != nil {
				return usageErr("invalid --allow-host %q: %s", h, reasonFor(err, h))
			}
		}
		for _, o := range allowOrigins {
			if err := mcpserver.CheckAllowedOrigin(o); err != nil {
				return usageErr("invalid --allow-origin %q: %s", o, reasonFor(err, o))
			}
		}
		if syncEvery != 0 && syncEvery < memweave.MinSyncInterval {
			return usageErr("invalid --sync-every %v: must be at least %v (0: never)", syncEvery, memweave.MinSyncInterval)
		}
		if newToken && (httpAddr != "" || cmd.Flags().Changed("token")) {
			return usageErr("mcp: --new-token prints a token and serves nothing: give it alone")
		}
		if httpAddr == "" && (cmd.Flags().Changed("token") || len(allowHosts) > 0 || len(allowOrigins) > 0) {
			return usageErr("mcp: --token, --allow-host and --allow-origin need --http")
		}
		return nil
	}
	cmd.Flags().DurationVar(&syncEvery, "sync-every", 0, "run memweave sync every `INTERVAL` (such as 30s; at least 1s) while serving, to share memory through the workspace's git remote; 0: never")
	cmd.Flags().BoolVar(&noWatch, "no-watch", false, "run no file watcher; each search scans the workspace for changes first")
	cmd.Flags().StringVar(&httpAddr, "http", "", "serve MCP over streamable HTTP on `ADDR` (host:port, such as 127.0.0.1:8765) instead of stdin/stdout")
	cmd.Flags().StringVar(&token, "token", "", "bearer `TOKEN` every HTTP request must carry (default $"+mcpserver.TokenEnv+"); required for a non-loopback --http address")
	cmd.Flags().BoolVar(&newToken, "new-token", false, "print a fresh random bearer token (32 random bytes in hex) for --token or $"+mcpserver.TokenEnv+" and exit")
	cmd.Flags().StringArrayVar(&allowHosts, "allow-host", nil, "also accept HTTP requests whose Host header names `HOST` (repeatable)")
	cmd.Flags().StringArrayVar(&allowOrigins, "allow-origin", nil, "also accept browser requests from `ORIGIN`, such as https://app.example.com (repeatable)")
	return cmd
}

// mcpStdioHint tells a person who started mcp at a terminal, where it
// would otherwise wait in silence, that it speaks the protocol on stdin
// and stdout for a client to start it, and how to stop it.
func mcpStdioHint(terminal bool, stderr io.Writer) {
	if terminal {
		fmt.Fprintln(stderr, "memweave: serving MCP (JSON-RPC) on stdin/stdout, for an MCP client to start as a subprocess; Ctrl-D ends (see 'memweave mcp --help')")
	}
}

// afterHandler passes on the records logged once on is set and drops
// the others.
type afterHandler struct {
	slog.Handler
	on *atomic.Bool
}

func (h afterHandler) Enabled(ctx context.Context, l slog.Level) bool {
	return h.on.Load() && h.Handler.Enabled(ctx, l)
}

func (h afterHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return afterHandler{Handler: h.Handler.WithAttrs(attrs), on: h.on}
}

func (h afterHandler) WithGroup(name string) slog.Handler {
	return afterHandler{Handler: h.Handler.WithGroup(name), on: h.on}
}
