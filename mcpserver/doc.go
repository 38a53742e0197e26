// Package mcpserver exposes a memweave workspace to AI agents as a Model
// Context Protocol (MCP) server.
//
// [New] returns an *mcp.Server (github.com/modelcontextprotocol/go-sdk)
// with eight tools:
//
//	memory_search  hybrid keyword and semantic search       read-only
//	memory_get     exact lines of a memory file             read-only
//	memory_pack    best passages within a token budget      read-only
//	memory_status  the index's state                        read-only
//	memory_write   create or replace a file under memory/   destructive, idempotent
//	memory_append  add a note to today's dated log          additive
//	memory_delete  remove a file under memory/              destructive, idempotent
//	memory_index   bring the index up to date               additive, idempotent
//
// Every tool's inputs and outputs are typed, with JSON schemas inferred
// from Go structs; every output is also given as text for clients that
// ignore structured content. A failing call, such as a path outside the
// memory folder or a missing file, comes back as a tool result with
// IsError set and a message saying what to do, never as a protocol error;
// a panic in a tool is recovered the same way.
//
// Serve it over stdin and stdout with the SDK's StdioTransport, as the
// memweave command's mcp subcommand does:
//
//	srv := mcpserver.New(w, &mcpserver.Options{Logger: logger})
//	err := srv.Run(ctx, &mcp.StdioTransport{})
//
// On stdio, stdout carries the protocol: diagnostics go to the Logger,
// which should write to stderr.
package mcpserver
