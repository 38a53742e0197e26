// Package history reads the memory of a workspace as it was at a git
// revision, through the git command: [Resolve] turns a revision into a
// full commit id, [CheckOut] writes the Markdown files of memory/ at a
// revision into a temporary folder, [Changes] compares memory/ at two revisions,
// or at one and the working tree, chunk by chunk, and [CommitTimes]
// tells when files last changed.
//
// Every git call runs with the caller's context, so a cancelled context
// kills it. A revision is checked before git sees it: it may not start
// with "-" (an option such as --output=... is refused with
// [ErrBadRevision]) or hold control characters, and it is passed after
// --end-of-options. Paths read from a tree obey the workspace's path
// rules ([workspace.SafeMemoryPath]); only regular Markdown blobs are
// written, never links or submodules, so a hostile tree cannot write
// outside the target folder.
package history
