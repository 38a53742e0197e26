// Package curator carries out curation on the notes of a workspace: it
// lists near-duplicate passages against the index and removes the copies
// chosen ([Notes.Consolidate], [Notes.Apply]), writes supersession
// markers ([Notes.Resolve]) and feedback marks ([Notes.Feedback]), and
// lists the contradictions no resolution settled ([Notes.Conflicts]).
//
// What to do is decided by package curate, which is pure; this package
// does the I/O around it: it reads the index and the notes, dates notes
// (file name, front matter, git, modification time), takes the
// workspace's write lock, and rewrites notes with [memfile.EditWith],
// which checks each file's content hash again just before the rename, so
// that a save another program made meanwhile is never lost. Every edit
// re-reads the passages it acts on under the lock and compares them by
// content hash with what it was given, and refuses when in doubt. Notes
// are cut into passages as the index cuts them ([indexer.Chunk]).
//
// The root package memweave wires a [Notes] to a Weave's settings and
// re-indexes what was changed; its methods of the same names are the
// documented entry points.
package curator
