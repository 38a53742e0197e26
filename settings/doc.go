// Package settings reads and writes a workspace's settings file,
// memweave.json, and reconciles it with a program's own configuration.
//
// The file records what a workspace's index is built with (the
// embedder, the chunking, the extra paths) and its fusion, so that every
// command, the MCP server, the adapters and memweave.Open use the same
// settings without repeating them. It travels with the memories and is
// therefore untrusted input: [Read] refuses anything but a regular file
// of at most 64 KiB inside the workspace, and names the file, key and
// line of a value out of range ([FieldError]).
//
// [Merge] applies the file's precedence rules: a value the program left
// unset is taken from the file; a value of the index's identity the
// program set must agree with the file ([MismatchError]); the fusion
// only overrides what the file sets. Each setting is one named entry of
// a table, so adding one cannot shift the meaning of another.
//
// Which of the values a file filled need this machine's approval is
// decided by package trust.
package settings
