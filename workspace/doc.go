// Package workspace finds and names the Markdown files of a memweave
// workspace.
//
// A workspace is a folder holding memories as Markdown files under
// memory/ and the index under .memweave/:
//
//	<root>/
//	    memory/
//	        stack.md                  Source "memory", evergreen
//	        2026-03-14.md             Source "memory", dated 2026-03-14
//	        researcher_agent/notes.md Source "researcher_agent"
//	    .memweave/                    the index; never scanned
//
// [Discover] lists the Markdown files under memory/ plus any extra files or
// folders the caller names, skipping hidden and editor temporary files (see
// [IsIgnoredName]) and refusing to follow symbolic links out of the
// workspace. Every file is named by a workspace-relative, '/'-separated path
// ("memory/a/b.md"); a file outside the workspace is named by its absolute
// path with '/' separators.
//
// [Source], [DateOf] and [InMemory] derive a file's namespace and date from
// that relative path alone, without touching the file system. [Resolve]
// turns a user-supplied path into the same absolute and relative names, and
// [SafeMemoryPath] checks a path a caller wants to write to, refusing
// anything that would land outside memory/.
//
// A [Scanner] runs the same discovery for a long-lived process that scans
// before each search because no watcher reports changes: it keeps the
// folder listings between scans and reads a folder again only when its
// times changed; every folder and file is still stat'ed. [FolderID] tells
// a folder's identity, which two paths to one folder share, and
// [File.ViaLink] whether a file was reached through a symbolic link.
//
// All functions are safe for concurrent use by multiple goroutines; none of
// them keeps state between calls. A Scanner is safe for concurrent use too.
package workspace
