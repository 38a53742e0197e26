package main

import (
	"errors"
	"io"
	"log/slog"

	"github.com/modelcontextprotocol/go-sdk/mcp"
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
standard error. The server stops when the client closes standard input.

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
			srv := mcpserver.New(w, &mcpserver.Options{Logger: logger})
			err = srv.Run(cmd.Context(), &mcp.StdioTransport{})
			switch {
			case cmd.Context().Err() != nil:
				return nil // a signal: the client shutting the server down
			case errors.Is(err, io.EOF):
				return nil
			}
			return err
		}),
	}
	return cmd
}
