// Package gitsync shares a workspace's memory between machines through a
// git remote, with the git command: [Sync] commits what changed under
// memory/ (and memweave.json and .gitattributes), fetches, replays the
// local commits on top of the remote's, and pushes, never forcing. The
// remote branch is the branch's configured upstream when it has one,
// else the remote's branch named like the local one ([Options.Remote]);
// [Result] and [Status] name it. A remote that lacks that branch but has
// others is refused ([ErrNoRemoteBranch]), not given a second branch
// beside the team's.
//
// The remote is untrusted input. A fetch writes no file (the pack the
// remote sends) over [Options.MaxFetchBytes], on unix. Before anything
// fetched reaches the work tree, its tree is checked ([ErrRefused]): no link, submodule or
// blob over the size limit under memory/ (nor memory/ itself a link or a
// submodule), memweave.json or .gitattributes (outside them, the
// project's own entries, a link among them, are compared whole with this
// machine's, below); no control character (C0 or C1),
// byte that is not UTF-8, invisible formatting character (a
// right-to-left override), backslash, ".." or ".git" in a path (nor
// another spelling a macOS or Windows file system takes for ".git":
// ".GIT", ".git.", ".git" with a zero-width joiner inside); no name
// ending in a dot or a space, which Windows takes for the name without
// them, and on Windows no name it cannot hold (a device name such as
// "aux.md", one of <>:"|?*); no file
// or folder name over 255 bytes, which no file system holds, nor a path
// over 900 bytes (macOS holds 1,024 in a whole path); no two paths
// that read the same, their letters composed otherwise ("café" with its
// é as one character and as e and an accent: one file on macOS, and
// memweave writes no such twin), nor two that differ only in case where
// the work tree's file system does not tell them apart
// (core.ignorecase); and no file outside memory/
// that the remote added, changed, deleted or gave another mode since the
// history it shares with this machine, except memweave.json and
// .gitattributes; and no .gitattributes (in any such spelling) naming an attribute that can run
// a program (a filter, a diff or merge driver), only git's built-in
// merges, text, line endings and linguist hints. This machine's own tree
// gets the same checks before it is committed, and again before it is
// pushed (the user's own plain git commits got none), so it never
// pushes what the others would refuse. A clone's first sync checks the remote's
// whole tree, what the clone brought included. A remote whose history
// was rewritten (the tip seen last, or the one a clone made its
// remote-tracking branch of, is not an ancestor of the new one) is
// refused with [ErrRewritten], not followed; once its user accepts the
// rewrite (the error says how), sync checks the new tree and replays onto
// it only what this machine changed since it last synced, so a note the
// rewrite purged does not come back. Git runs
// with hooks disabled, and fetched commits are merged
// with git merge-tree, off the work tree, so no conflict marker is ever
// written to a note. The merge reads memweave's attributes
// ([AttributesLines]) alone, never a .gitattributes the work tree holds
// or the repository's info/attributes, and no config file: it runs in a
// git directory of its own that shares the repository's objects. So a
// remote's attributes cannot make a note changed on both sides merge
// line by line, or a dated log keep one side, and a merge driver that
// git's config names (merge.union.driver, which git prefers to its
// built-in union, merge.default, a driver info/attributes picks) never
// runs: only git's built-in text and union merges do. No git call of
// sync starts a hook or a file system monitor (core.fsmonitor) either,
// nor does a push to a remote on this machine's disk start that
// repository's hooks or core.alternateRefsCommand, which git would run
// here, as this user. A program the repository's own config files name
// for reaching a remote (core.sshCommand, a credential helper,
// core.askPass, core.gitProxy) gives way to the user's own (system and
// global config, the environment) or git's default, and the ext:: and
// fd:: transports, which run what the URL names, are not allowed.
//
// Dated logs (memory/**/YYYY-MM-DD.md) merge with git's union merge,
// declared in .gitattributes ([AttributesLines]), so appends made on two
// machines are both kept, and so does .gitattributes itself (each
// line stands alone). A note changed on both sides that holds front
// matter merges it field by field ([frontmatter.Merge3]: feedback marks
// add up), its text below as git merges it. Any other file changed on
// both sides keeps the
// remote's version at its path and the local one in a sibling conflict
// copy, "<name>.conflict-<host>-<commit>.<ext>", which [Conflicts]
// lists until someone merges it by hand and deletes it.
//
// Sync writes the files a move brings itself, each atomically (a new
// file renamed over the old one), never with git's checkout, which
// unlinks a file before it writes the new one: a sync killed at any
// moment leaves every note whole, in its old version or its new one, so
// a note appended after the kill lands on a whole note. A marker under
// .memweave/ names the move meanwhile, and the next sync gives a note left
// missing or cut short (by the git checkout of an earlier version) its new
// version before it commits.
//
// Sync pushes no note of this machine's holding git conflict markers
// that the remote's version lacks (a half-done merge committed with a
// plain git commit -a): every machine would leave it out of search. It
// stops before the push, naming the file and line ([ErrRefused]).
//
// Sync commits only memory/, memweave.json and .gitattributes: what the
// user staged elsewhere stays staged, uncommitted. It does not commit a
// memory/ left with no file where the branch had several (a mount that
// failed): that is refused, and a deletion of every note is the user's
// own git commit. It does not run while
// the user is in the middle of a git merge, rebase, cherry-pick, revert
// or am, or while git leaves a file conflicted with no operation in
// progress (after a git stash pop, say) ([ErrInProgress]), nor while git
// is told not to look at a file it shares (skip-worktree,
// assume-unchanged, a sparse checkout leaving it out), and it warns
// about notes git ignores, which it cannot share. A note another program saves while sync moves the work
// tree is kept: the move stops there, and the next sync commits the save.
//
// Two syncs of one workspace never interleave (a lock file under
// .memweave/), and a sync holds the workspace's write lock only while it
// commits and updates the work tree, never across a network call. It
// removes the git lock files of a sync that was killed, never those of a
// git command that runs: it waits for them a while, then stops. A sync
// knows that the one before it was killed, or had a git command killed
// (its context ended), by a mark it keeps in the git directory while it
// runs and leaves then (no clone or remote brings one there), and
// takes a lock for that sync's only when it is no older than the mark
// and no process holds it open (on Linux; elsewhere, where git does not
// die with sync, never).
package gitsync
