package main

import (
	"log/slog"
	"os"

	"github.com/spf13/cobra"

	"github.com/memweave/memweave-go/mcpserver"
)

func (a *app) mcpCommand() *cobra.Command {
	var noWatch bool
	cmd := &cobra.Command{
		Use:   "mcp",
		Short: "Serve the memory tools to an AI agent over MCP on stdin/stdout",
		Long: `Mcp serves the workspace as a Model Context Protocol server on standard
input and output, for an MCP client (an agent, an IDE, a desktop app) to
start as a subprocess. Its tools are memory_search, memory_get,
memory_pack, memory_status, memory_write, memory_append, memory_delete
and memory_index; paths outside memory/ are refused.

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
    "args": ["--workspace", "/path/to/workspace", "mcp"]}}}`,
		Args: noArgs,
		RunE: action(func(cmd *cobra.Command, _ []string) (err error) {
			w, err := a.openWeave(cmd)
			if err != nil {
				return err
			}
			defer closeWeave(w, &err)
			logger := slog.New(slog.NewTextHandler(a.stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
			if !noWatch {
				if err := w.Watch(cmd.Context()); err != nil {
					logger.Warn("memweave: no file watcher; searches scan the workspace first", "err", err)
				}
			}
			return mcpserver.Serve(cmd.Context(), w, os.Stdin, a.stdout, &mcpserver.Options{Logger: logger})
		}),
	}
	cmd.Flags().BoolVar(&noWatch, "no-watch", false, "run no file watcher; each search scans the workspace for changes first")
	return cmd
}
