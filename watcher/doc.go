// Package watcher keeps an index up to date with a memweave workspace's
// files as they change, and tells a search, before it runs, exactly which
// files changed.
//
// [Start] subscribes to the operating system's file events (fsnotify, one
// inotify instance on Linux) for memory/ and every folder below it,
// folders created later included, the workspace root (so that memory/ may
// be deleted and created again), the extra folders and the folders of
// extra files. Events for hidden and temporary names
// ([workspace.IsIgnoredName]) and for files that are not Markdown
// ([workspace.IsMarkdown]) are ignored; events for folders are not. The
// watcher records the paths the events name.
//
// [Watcher.Sync] is the freshness check of a search: it creates and
// removes a barrier file in Options.SyncDir and waits for that file's
// event. The kernel queues an event before the system call that caused it
// returns and delivers one watcher's events in order, so once the
// barrier's event has arrived every change completed before Sync began
// has been recorded. Sync then hands the recorded paths to the [Syncer],
// which re-indexes just those; with nothing recorded it returns at once.
// The first Sync, and any after an overflow of the kernel's queue, asks
// for a full scan instead (Changes.All); after an overflow the watcher
// also walks the folders again, since the lost events may have created
// or removed some.
//
// Without Options.OnDemand the watcher also syncs in the background:
// after a burst of events settles (Options.Debounce, at most four
// Debounce periods for a steady stream), and once when it starts, to
// catch up with changes made while nothing watched.
//
// A link to a folder that discovery follows (into memory/ or an extra
// path, or from an extra folder anywhere in the root) is watched under
// the link's path, as discovery lists its files, unless the folder is
// watched under its own path already. If the operating system's watcher
// cannot start or fails, or one folder is reachable by two paths that
// discovery may both walk (a bind mount, two links to one folder; see
// [ErrAlias]), the watcher polls (state [Polling]): every Sync is a full
// scan, a background watcher syncs every Options.PollInterval, and the
// watcher tries to return to file events every twelve intervals. A failed
// Sync keeps its changes for the next one; Options.Fatal says which
// errors stop the watcher instead (state [Failed], returned by
// [Watcher.Stop]).
//
// The package owns the watching only: what a change means for the index is
// the [Syncer]'s business. It imports the standard library, fsnotify and
// memweave's workspace package, and must not import the index, indexer or
// search packages or the root memweave package, which wires it in.
package watcher
