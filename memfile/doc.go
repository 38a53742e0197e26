// Package memfile writes, appends to, removes and reads the Markdown
// files of a memweave workspace, safely.
//
// It owns the file side of memweave's write path: the atomic replacement
// of a file ([Replace]: a synced temporary file renamed over the old one),
// the removal of one ([Remove]), the workspace's write lock, held across
// goroutines and processes ([Lock], a file lock on
// <root>/.memweave/write.lock), appending a whole note to a dated log
// ([AppendWith], [DatedPath], [CheckSource]; journaled in
// <root>/.memweave/append.journal, so that [Recover] undoes a note a
// killed process left torn), rewriting a file in place ([Edit],
// [EditWith]: the file is moved aside, its content hash compared there
// with the one the edit read, and the new content linked in only where
// no file is, so that a save made meanwhile by an editor that does not
// take the lock is kept, never overwritten) and reading
// line ranges as search results number them ([Lines]). Which paths may be written is
// decided by package workspace ([workspace.SafeMemoryPath]); memfile
// applies that rule again once folders exist, just before writing.
//
// memfile knows nothing of the index: it must not import the index,
// search or root memweave packages, and it builds without cgo. Keeping
// the index in step with the files is the caller's job.
package memfile
