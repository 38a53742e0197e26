package main

import (
	"log/slog"
	"os"

	"github.com/spf13/cobra"

	"github.com/memweave/memweave-go/mcpserver"
)

func (a *app) mcpCommand() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "mcp",
		Short: "Serve the memory tools to an AI agent over MCP on stdin/stdout",
		Long: `Mcp serves the workspace as a Model Context Protocol server on standard
input and output, for an MCP client (an agent, an IDE, a desktop app) to
start as a subprocess. Its tools are memory_search, memory_get,
memory_pack, memory_status, memory_write, memory_append and
memory_index; paths outside memory/ are refused.

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
			return mcpserver.Serve(cmd.Context(), w, os.Stdin, a.stdout, &mcpserver.Options{Logger: logger})
		}),
	}
	return cmd
}
