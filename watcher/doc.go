// Package watcher keeps an index up to date with a memweave workspace's
// files as they change.
//
// [Start] subscribes to the operating system's file events (fsnotify) for
// memory/ and every folder below it, folders created later included, the
// workspace root (so that memory/ may be deleted and created again), the
// extra folders and the folders of extra files. Symbolic links to folders
// are not followed for events. Events for hidden and temporary names
// ([workspace.IsIgnoredName]) and for files that are not Markdown
// ([workspace.IsMarkdown]) are ignored; events for folders are not. After a
// burst of events settles (Options.Debounce, at most four Debounce periods
// for a steady stream), the watcher calls [Syncer.Sync] once. It also calls
// it once when it starts, to catch up with changes made while nothing
// watched.
//
// If the operating system's watcher cannot start, fails, or reports that its
// event queue overflowed, the watcher calls Sync every Options.PollInterval
// instead (state [Polling]) and tries to return to file events every twelve
// intervals. A failed Sync is retried at the next poll tick, unless
// Options.Fatal says the error is fatal: then the watcher stops in state
// [Failed] and [Watcher.Stop] returns the error.
//
// The package owns the watching only: what a change means for the index is
// the [Syncer]'s business. It imports the standard library, fsnotify and
// memweave's workspace package, and must not import the index, indexer or
// search packages or the root memweave package, which wires it in.
package watcher
