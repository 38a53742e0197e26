package gitsync

import (
	"cmp"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/memweave/memweave-go/history"
	"github.com/memweave/memweave-go/internal/ctxsleep"
	"github.com/memweave/memweave-go/internal/edithook"
	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/workspace"
)

// Conflict is a file changed on both sides: Path holds the remote's
// version and Copy the local one. When one side made a folder where the
// other has a file, the folder stays at Path and Copy holds the file
// (named for "remote" when it is the remote's).
type Conflict struct {
	Path string `json:"path"`
	Copy string `json:"copy"`
}

// pushState says what integrate did about the push.
type pushState int

const (
	notPushed    pushState = iota // nothing tried: exchange pushes head when it is not incoming
	pushedFirst                   // the replay was pushed, then checked out
	rejectedOnly                  // the replay's push was rejected: the branch holds this machine's commits, the work tree is untouched
)

// integrate commits the local changes and moves the branch and the work
// tree onto incoming, under the workspace's write lock: no memweave
// writer changes a note between the commit and the work tree update, so
// none is lost. It returns the branch's commit after. A replay of this
// machine's commits onto incoming is pushed before it is checked out
// (the lock let go during the push; what writers changed meanwhile is
// replayed onto it, [syncer.takeInWrites]): rejected, the next round replays the same
// commits onto the remote's new tip, with nothing to undo, and its
// window between fetch and push holds no work tree update. (Checked out
// first, each round's window was a fetch, a replay and a checkout, longer
// than the whole sync of a machine that had only its own commit to push:
// one syncing in a loop won every round, and the other's sync failed.)
func (s *syncer) integrate(ctx context.Context, incoming string, res *Result) (string, pushState, error) {
	unlock, err := memfile.Lock(ctx, s.root)
	if err != nil {
		return "", notPushed, fmt.Errorf("gitsync: %w", err)
	}
	defer func() { unlock() }()
	// An edit killed since Sync's Recover may have left a note aside:
	// back before the commit, which would record it as deleted.
	if err := memfile.RecoverLocked(s.root); err != nil {
		return "", notPushed, fmt.Errorf("gitsync: %w", err)
	}
	if err := s.resumeCheckout(ctx); err != nil {
		return "", notPushed, err
	}
	if err := ensureAttributes(s.root); err != nil {
		return "", notPushed, err
	}
	head, err := s.commitLocal(ctx, res)
	if err != nil {
		return "", notPushed, err
	}
	if s.localHead == "" {
		s.localHead = head
	}
	if incoming == "" || head == incoming {
		return head, notPushed, nil
	}
	target, state := incoming, notPushed
	if head != "" {
		// One merge base answers both: incoming is in head (nothing new
		// from the remote), or head in incoming (a fast-forward).
		base, err := s.mergeBase(ctx, head, incoming)
		switch {
		case err != nil:
			return "", notPushed, err
		case base == incoming:
			return head, notPushed, nil
		case base != head:
			if target, state, err = s.diverged(ctx, head, incoming, res, &unlock); err != nil || state == rejectedOnly {
				return head, state, err
			}
		}
	}
	if err := s.checkout(ctx, head, target); err != nil {
		if state != pushedFirst || !errors.Is(err, errChangedSinceCommit) {
			return "", notPushed, err
		}
		// A writer changed a note the move takes during the push.
		if target, err = s.takeInWrites(ctx, head, target, res); err != nil || target == "" {
			return head, rejectedOnly, err
		}
	}
	if state == pushedFirst {
		if err := s.recordReplay(replayed{}, replayed{}); err != nil {
			return "", notPushed, err
		}
	}
	return target, state, nil
}

// diverged returns the commit to move head to when head and incoming
// both have commits the other lacks: incoming itself when head holds
// nothing of this machine's own since an accepted rewrite, else the
// replay of this machine's changes onto it.
func (s *syncer) diverged(ctx context.Context, head, incoming string, res *Result, unlock *func()) (string, pushState, error) {
	base, err := s.rewriteBase(ctx, head, incoming)
	switch {
	case err != nil:
		return "", notPushed, err
	case base == head:
		return incoming, notPushed, nil // nothing of this machine's own since
	}
	pushed, err := s.pushedReplay(ctx, head, incoming)
	if err != nil {
		return "", notPushed, err
	} else if pushed.head == head {
		return incoming, notPushed, nil // incoming holds all of head
	} else if pushed.head != "" {
		base = pushed.head
	}
	conflicts := len(res.Conflicts)
	target, err := s.replay(ctx, head, incoming, base, res)
	if err != nil || target == incoming {
		return target, notPushed, err
	}
	if s.lastRound || s.checkPush(ctx, incoming, target, res.Conflicts) != nil {
		// Checked out, as any other merge, and refused after.
		return target, notPushed, nil
	}
	// The record of an earlier replay pushed (whose checkout failed)
	// stays beside this one until the push is settled: this one is not
	// on the remote if the push is rejected, and without the earlier
	// record the next round replayed, from the merge base, changes the
	// remote already holds, a conflict copy for each note changed since.
	// Put back only after the rejection, it was lost to a sync killed in
	// between (TestSyncKeepsThePushedReplaysRecordWhenAPushIsRejected).
	if err := s.recordReplay(replayed{head, target}, pushed); err != nil {
		return "", notPushed, err
	}
	// The push, over a network maybe, runs without the workspace lock,
	// which would hold every memweave writer as long; the move takes it
	// again.
	(*unlock)()
	*unlock = func() {}
	edithook.Step(ctx, "pushing a replay")
	rejected, err := s.push(ctx, incoming, target)
	switch {
	case err != nil:
		return "", notPushed, err
	case rejected:
		// The next round's replay makes these conflicts again; the
		// earlier replay's record is the one that holds.
		res.Conflicts = res.Conflicts[:conflicts]
		if err := s.recordReplay(pushed, replayed{}); err != nil {
			return "", notPushed, err
		}
		return "", rejectedOnly, nil
	}
	s.pushedAs = target
	relock, err := memfile.Lock(ctx, s.root)
	if err != nil {
		return "", notPushed, fmt.Errorf("gitsync: %w", err)
	}
	*unlock = relock
	return target, pushedFirst, nil
}

// takeInWrites commits what memweave writers changed while the replay
// pushed, which the move to pushed refused, replays it onto pushed
// off the work tree and moves there: the next sync pushes it. A further
// round, a fetch, a replay and a push, gave the writers of a busy
// workspace (three agents appending) the time to change a note again,
// and the sync went on to its round bound, pushing each round
// (TestSyncPushesAReplayWithoutTheWriteLock). It returns "" when the move
// is refused again (a program that takes no lock writes there): the
// next round replays those changes.
func (s *syncer) takeInWrites(ctx context.Context, head, pushed string, res *Result) (string, error) {
	now, err := s.commitLocal(ctx, res)
	if err != nil || now == head {
		return "", err
	}
	target, err := s.replay(ctx, now, pushed, head, res)
	if err != nil {
		return "", err
	}
	if err := s.checkout(ctx, now, target); err != nil {
		if errors.Is(err, errChangedSinceCommit) {
			return "", nil
		}
		return "", err
	}
	s.localHead = now
	return target, nil
}

// replayed is a replay recorded in the state file: this machine's
// branch at head, and as, the replay of its changes onto the remote's.
type replayed struct{ head, as string }

// recordReplay records, before its push, that cur.as replays cur.head's
// changes: pushed, and its checkout then failed (a full disk, a note
// another program changed, a kill), the branch stays at cur.head while
// the remote holds cur.as, and the next sync must not replay those
// changes onto it again: a dated log's union merge wrote each of its new
// entries twice. earlier is an earlier replay known pushed, kept until
// cur's push is settled. Zero values clear the records.
func (s *syncer) recordReplay(cur, earlier replayed) error {
	st, _ := readState(s.root)
	if (replayed{st.ReplayedHead, st.ReplayedAs}) == cur && (replayed{st.EarlierHead, st.EarlierAs}) == earlier {
		return nil
	}
	st.ReplayedHead, st.ReplayedAs = cur.head, cur.as
	st.EarlierHead, st.EarlierAs = earlier.head, earlier.as
	return writeState(s.root, st)
}

// pushedReplay returns the recorded replay whose commit incoming holds,
// the latest first, when head is on top of the branch's commit it
// replayed: what head changed since is all that is left to replay. The
// zero value when none.
func (s *syncer) pushedReplay(ctx context.Context, head, incoming string) (replayed, error) {
	st, _ := readState(s.root)
	for _, r := range []replayed{{st.ReplayedHead, st.ReplayedAs}, {st.EarlierHead, st.EarlierAs}} {
		if r.as == "" || r.head == "" {
			continue
		}
		ok, err := s.isAncestor(ctx, r.as, incoming)
		if err == nil && ok {
			ok, err = s.isAncestor(ctx, r.head, head)
		}
		if err != nil {
			return replayed{}, err
		}
		if ok {
			return r, nil
		}
	}
	return replayed{}, nil
}

// foreignLockWait is how long a sync waits for a git lock file that no
// killed sync left, which a running git command holds.
var foreignLockWait = 10 * time.Second

// clearStaleLocks waits a little for git's lock files on what sync
// touches (the index, the branch, sync's own refs, packed-refs) to go,
// then removes those a killed sync left: with the sync lock held, sync's
// own refs' locks, and, when the previous sync was killed (killed, its
// marker's time, is not zero), the others that are no older than it and
// that no process holds open ([heldOpen]), since its git died with it;
// for a ref's lock, which git holds closed, only while no git runs in the
// repository's worktrees either ([gitRunsIn]: a user's git update-ref,
// here or in another worktree, sharing packed-refs).
// Any other lock on the index or a branch is a running git command's (a
// git add running a slow filter, say): sync
// waits up to foreignLockWait for it, then stops, naming it, and never
// removes it, which would make that command fail.
func (s *syncer) clearStaleLocks(ctx context.Context, res *Result, killed time.Time) error {
	names := s.lockNames()
	const ownLocks = 3 // the first names: sync's own refs
	paths, err := s.gitPaths(ctx, names...)
	if err != nil {
		return err
	}
	var locks, foreign []string
	var gitRuns *bool
	for i, p := range paths {
		fi, err := os.Lstat(p)
		if err != nil {
			continue
		}
		killedOne := i < ownLocks || !killed.IsZero() && !fi.ModTime().Before(killed) && !heldOpen(p)
		if killedOne && i >= ownLocks && names[i] != "index.lock" {
			// A ref's lock is closed while git holds it: no killed
			// sync's while a git runs in the repository.
			if gitRuns == nil {
				gitRuns = new(bool)
				*gitRuns = gitRunsIn(s.repoDirs(ctx))
			}
			killedOne = !*gitRuns
		}
		if killedOne {
			locks = append(locks, p)
		} else {
			foreign = append(foreign, p)
		}
	}
	gone := func(p string) bool {
		_, err := os.Lstat(p)
		return errors.Is(err, fs.ErrNotExist)
	}
	for deadline := time.Now().Add(foreignLockWait); len(foreign) > 0; {
		if time.Now().After(deadline) {
			return fmt.Errorf("gitsync: %s exists: a git command running in %s holds it, and sync waited %v for it; nothing was synced (if no git command runs there, one was killed: remove the file)",
				foreign[0], s.root, foreignLockWait)
		}
		if err := ctxsleep.Sleep(ctx, 100*time.Millisecond); err != nil {
			return err
		}
		foreign = slices.DeleteFunc(foreign, gone)
	}
	for i := 0; i < 20 && len(locks) > 0; i++ {
		if err := ctxsleep.Sleep(ctx, 100*time.Millisecond); err != nil {
			return err
		}
		locks = slices.DeleteFunc(locks, gone)
	}
	for _, p := range locks {
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("gitsync: remove stale %s: %w", p, err)
		}
		res.Warnings = append(res.Warnings, "removed a stale "+p+" (left by a git command that was killed)")
	}
	return nil
}

// lockNames are the lock files [syncer.clearStaleLocks] looks at, sync's
// own refs' first.
func (s *syncer) lockNames() []string {
	return []string{s.remoteRef() + ".lock", s.syncedRef() + ".lock", incomingRef + ".lock", "index.lock", "HEAD.lock", "packed-refs.lock",
		"refs/heads/" + s.branch + ".lock", "refs/remotes/" + s.remote + "/" + s.remoteBranch + ".lock"}
}

// repoDirs returns the folders of the repository's worktrees and its git
// folder, as the file system names them (links resolved), where a git
// command updating its refs runs.
func (s *syncer) repoDirs(ctx context.Context) []string {
	var dirs []string
	add := func(d string) {
		if !filepath.IsAbs(d) {
			d = filepath.Join(s.root, d)
		}
		if real, err := filepath.EvalSymlinks(d); err == nil {
			d = real
		}
		dirs = append(dirs, filepath.Clean(d))
	}
	add(s.root)
	if out, err := s.git(ctx, nil, "rev-parse", "--git-common-dir"); err == nil {
		add(strings.TrimSpace(string(out)))
	}
	out, _ := s.git(ctx, nil, "worktree", "list", "--porcelain", "-z")
	for _, f := range strings.Split(string(out), "\x00") {
		if d, ok := strings.CutPrefix(f, "worktree "); ok {
			add(d)
		}
	}
	return dirs
}

// gitPathArgs turns names into git rev-parse --git-path arguments.
func gitPathArgs(names []string) []string {
	var args []string
	for _, n := range names {
		args = append(args, "--git-path", n)
	}
	return args
}

// ensureAttributes adds the missing [AttributesLines] to .gitattributes,
// and removes the temporary copies a sync killed while writing it left
// (git would list them for good). The caller holds the write lock, which
// every writer of .gitattributes (sync) holds.
func ensureAttributes(root string) error {
	p := filepath.Join(root, AttributesFile)
	if err := memfile.RemoveAtomicLeftovers(p); err != nil {
		return fmt.Errorf("gitsync: %w", err)
	}
	data, err := readAttributes(p)
	if err != nil {
		return fmt.Errorf("gitsync: %w", err)
	}
	have := make(map[string]bool)
	for _, l := range strings.Split(string(data), "\n") {
		have[strings.TrimSpace(l)] = true
	}
	add := data
	for _, l := range AttributesLines {
		if !have[l] {
			if len(add) > 0 && add[len(add)-1] != '\n' {
				add = append(add, '\n')
			}
			add = append(add, l+"\n"...)
		}
	}
	if len(add) == len(data) {
		return nil
	}
	// A temporary file of its own, renamed over p: never a file of a
	// fixed name, which a link could send elsewhere.
	if err := memfile.WriteAtomic(p, add, 0o644); err != nil {
		return fmt.Errorf("gitsync: %w", err)
	}
	return nil
}

// readAttributes returns the content of the .gitattributes file at p,
// nil when there is none. A symbolic link there is refused, as git
// refuses to follow one: a cloned repository can carry a link to any
// file of this machine, which, read and rewritten with sync's lines,
// would be committed and pushed. Anything but a regular file is refused
// without blocking on it ([workspace.ReadFile]), and so is a file
// over maxAttributes. Errors name p.
func readAttributes(p string) ([]byte, error) {
	fi, err := os.Lstat(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if fi.Mode()&fs.ModeSymlink != 0 {
		return nil, &fs.PathError{Op: "read", Path: p, Err: errors.New("a symbolic link, which git does not follow either: replace it with a file")}
	}
	data, _, err := workspace.ReadFile("", nil, p, maxAttributes)
	if err != nil {
		return nil, err
	}
	if len(data) > maxAttributes {
		return nil, fmt.Errorf("read %s: larger than %d bytes", p, maxAttributes)
	}
	return data, nil
}

// commitLocal commits what changed under memory/, memweave.json and
// .gitattributes, with git's plumbing (no hook runs), and returns the
// branch's commit after ("" on an unborn branch with nothing to commit).
// When it commits nothing (a file the other machines would refuse, say),
// the user's git index holds those paths as it did before: nothing sync
// staged stays staged.
func (s *syncer) commitLocal(ctx context.Context, res *Result) (_ string, err error) {
	specs := []string{workspace.MemoryDir}
	// What the index holds of them: to put back on failure, and whether
	// memweave.json and .gitattributes are tracked ("<mode> <blob>
	// <stage>\t<path>" records).
	staged, err := s.git(ctx, nil, "ls-files", "-s", "-z", "--", workspace.MemoryDir, SettingsFile, AttributesFile)
	if err != nil {
		return "", fmt.Errorf("gitsync: commit: %w", err)
	}
	for _, f := range []string{SettingsFile, AttributesFile} {
		if _, err := os.Lstat(filepath.Join(s.root, f)); err == nil || indexHolds(staged, f) {
			specs = append(specs, f)
		}
	}
	defer func() {
		if err != nil {
			if rerr := s.restageAs(context.WithoutCancel(ctx), specs, staged); rerr != nil {
				err = errors.Join(err, fmt.Errorf("gitsync: restore the git index: %w", rerr))
			}
		}
	}()
	if err := s.addAll(ctx, specs); err != nil {
		return "", fmt.Errorf("gitsync: commit: %w", err)
	}
	head, err := s.rev(ctx, "HEAD")
	if err != nil {
		return "", err
	}
	args := []string{"diff", "--cached", "--name-status", "-z", "--no-renames"}
	if head != "" {
		args = append(args, head)
	}
	out, err := s.git(ctx, nil, append(args, "--")...)
	if err != nil {
		return "", fmt.Errorf("gitsync: commit: %w", err)
	}
	rec := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
	if len(out) == 0 {
		return head, nil
	}
	msg, memDeleted := commitMessage(s.host, rec)
	if msg == "" {
		return head, nil // only what the user staged outside memory/
	}
	tree, err := s.writeOwnTree(ctx, !stagedOutside(rec))
	if err != nil {
		return "", fmt.Errorf("gitsync: commit: %w", err)
	}
	if err := s.notEveryNoteDeleted(ctx, tree, memDeleted); err != nil {
		return "", err
	}
	// The other machines check what they fetch: refuse here, naming the
	// file, what they would refuse there. Outside memory/ the tree holds
	// what head holds (writeOwnTree).
	against := head
	if head != "" {
		against = checkedOutside
	}
	if err := s.checkTree(ctx, strings.TrimSpace(string(tree)), against, s.remoteRef(), ownChanges); err != nil {
		return "", err
	}
	commit, err := s.commitTree(ctx, strings.TrimSpace(string(tree)), msg, head)
	if err != nil {
		return "", err
	}
	if _, err := s.git(ctx, nil, "update-ref", "-m", "memweave sync: commit", "refs/heads/"+s.branch, commit, head); err != nil {
		return "", fmt.Errorf("gitsync: commit: %w", err)
	}
	res.Committed, res.CommitMessage, s.checked = commit, msg, commit
	return commit, nil
}

// indexHolds reports whether the git ls-files -s -z records staged hold
// the path p.
func indexHolds(staged []byte, p string) bool {
	for _, rec := range strings.Split(string(staged), "\x00") {
		if _, got, ok := strings.Cut(rec, "\t"); ok && got == p {
			return true
		}
	}
	return false
}

// commitMessage returns the message of a sync commit from host whose
// staged changes are rec (git diff --name-status -z records: status,
// path), "" when none of them is a synced file, and how many files under
// memory/ it deletes.
func commitMessage(host string, rec []string) (msg string, memDeleted int) {
	counts := map[string]int{}
	var lines []string
	for i := 0; i+1 < len(rec); i += 2 {
		if rec[i] == "D" && strings.HasPrefix(rec[i+1], workspace.MemoryDir+"/") {
			memDeleted++
		}
		if !synced(rec[i+1]) {
			continue
		}
		counts[rec[i][:1]]++
		if len(lines) < 50 {
			lines = append(lines, rec[i][:1]+" "+rec[i+1])
		}
	}
	if len(lines) == 0 {
		return "", memDeleted
	}
	return fmt.Sprintf("memweave sync from %s: %d added, %d changed, %d deleted\n\n%s\n",
		host, counts["A"], counts["M"]+counts["T"], counts["D"], strings.Join(lines, "\n")), memDeleted
}

// stagedOutside reports whether the staged changes rec (as for
// commitMessage) include a path sync does not commit.
func stagedOutside(rec []string) bool {
	for i := 0; i+1 < len(rec); i += 2 {
		if !synced(rec[i+1]) {
			return true
		}
	}
	return false
}

// notEveryNoteDeleted refuses a commit whose tree holds nothing under
// memory/ where the branch held several files (deleted of them go): an
// empty memory/ folder (a mount that failed, a folder swapped for a new
// one) is more often a mistake than a wish, and the other machines'
// syncs would delete every note too. A user who means it commits the
// deletion with git, which sync then shares. The last note alone may go.
func (s *syncer) notEveryNoteDeleted(ctx context.Context, tree string, deleted int) error {
	if deleted < 2 {
		return nil
	}
	left, err := s.git(ctx, nil, "ls-tree", "--name-only", tree, "--", workspace.MemoryDir+"/")
	if err != nil || len(left) > 0 {
		return err
	}
	return fmt.Errorf("%w this machine's changes: they delete every note under %s/ (%d files), and every other machine's sync would delete them too; nothing was committed (if %s/ is a mount that failed, mount it; to delete every note on purpose, run git rm -r -q --cached %s && git commit, then sync)",
		ErrRefused, workspace.MemoryDir, deleted, workspace.MemoryDir, workspace.MemoryDir)
}

// restageAs makes the git index entries of specs those of staged, as
// ls-files -s -z listed them: what is staged now under specs is removed,
// then staged's entries (unmerged stages too) are put back.
func (s *syncer) restageAs(ctx context.Context, specs []string, staged []byte) error {
	now, err := s.git(ctx, nil, append([]string{"ls-files", "-z", "--"}, specs...)...)
	if err != nil {
		return err
	}
	if len(now) > 0 {
		if _, err := s.run(ctx, history.GitOptions{Stdin: now, Env: s.gitEnv},
			append(slices.Clip(noPrograms), "update-index", "-z", "--force-remove", "--stdin")...); err != nil {
			return err
		}
	}
	if len(staged) == 0 {
		return nil
	}
	_, err = s.run(ctx, history.GitOptions{Stdin: staged, Env: s.gitEnv},
		append(slices.Clip(noPrograms), "update-index", "-z", "--index-info")...)
	return err
}

// synced reports whether sync commits the workspace-relative path p:
// memory/, memweave.json and .gitattributes.
func synced(p string) bool {
	return strings.HasPrefix(p, workspace.MemoryDir+"/") || p == SettingsFile || p == AttributesFile
}

// writeOwnTree writes the tree of the index with what the user staged
// outside memory/, memweave.json and .gitattributes left as HEAD has it,
// through a copy of the index under .memweave/: sync commits only what it
// shares, and the user's staged work stays staged, uncommitted. With
// onlySynced (the index differs from HEAD in synced paths alone), the
// index's own tree is that tree.
func (s *syncer) writeOwnTree(ctx context.Context, onlySynced bool) (string, error) {
	if onlySynced {
		tree, err := s.git(ctx, nil, "write-tree")
		return strings.TrimSpace(string(tree)), err
	}
	out, err := s.git(ctx, nil, "diff", "--cached", "--raw", "-z", "--no-renames", "--no-abbrev", "HEAD", "--",
		".", ":(top,exclude)"+workspace.MemoryDir, ":(top,exclude)"+SettingsFile, ":(top,exclude)"+AttributesFile)
	var ge *history.GitError
	if errors.As(err, &ge) {
		// An unborn branch: everything staged outside memory/ is new.
		out, err = s.git(ctx, nil, "diff", "--cached", "--raw", "-z", "--no-renames", "--no-abbrev", "--",
			".", ":(top,exclude)"+workspace.MemoryDir, ":(top,exclude)"+SettingsFile, ":(top,exclude)"+AttributesFile)
	}
	if err != nil {
		return "", err
	}
	if len(out) == 0 {
		tree, err := s.git(ctx, nil, "write-tree")
		return strings.TrimSpace(string(tree)), err
	}
	// Each record: ":oldmode newmode oldblob newblob status", then the
	// path; the old side is HEAD's.
	var entries []byte
	recs := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
	for i := 0; i+1 < len(recs); i += 2 {
		f := strings.Fields(strings.TrimPrefix(recs[i], ":"))
		if len(f) != 5 {
			return "", fmt.Errorf("unexpected diff record %q", recs[i])
		}
		if f[4] == "A" {
			entries = appendEntry(entries, stage{"0", strings.Repeat("0", len(f[2]))}, recs[i+1])
		} else {
			entries = appendEntry(entries, stage{f[0], f[2]}, recs[i+1])
		}
	}
	idx := filepath.Join(s.root, workspace.IndexDir, "sync-commit.index")
	os.Remove(idx + ".lock")
	defer os.Remove(idx)
	real, err := s.gitPaths(ctx, "index")
	if err != nil {
		return "", err
	}
	data, err := os.ReadFile(real[0])
	if err != nil {
		return "", err
	}
	if err := memfile.WriteAtomic(idx, data, 0o644); err != nil { // a link at idx is replaced, not followed
		return "", err
	}
	env := []string{"GIT_INDEX_FILE=" + idx}
	if _, err := s.run(ctx, history.GitOptions{Stdin: entries, Env: env},
		append(slices.Clip(noPrograms), "update-index", "-z", "--index-info")...); err != nil {
		return "", err
	}
	tree, err := s.git(ctx, env, "write-tree")
	return strings.TrimSpace(string(tree)), err
}

// addAll stages what changed in specs, memory/ first. A memory/ folder
// that holds nothing git sees (missing, or empty, as in a new workspace)
// has nothing to add, which git's add reports as an error. A temporary
// file a killed write left, by this build or an older one
// ([memfile.LeftoverGlob]), is no note: it is never staged, nor is an
// editor's lock, swap, backup or auto-save file
// ([workspace.EditorGlobs]), which the index leaves out too.
func (s *syncer) addAll(ctx context.Context, specs []string) error {
	add := func(specs []string) error {
		args := append(append([]string{"add", "-A", "--"}, specs...), workspace.EditorGlobs...)
		_, err := s.git(ctx, nil, append(args, ":(exclude,glob)**/"+memfile.LeftoverGlob)...)
		return err
	}
	err := add(specs)
	var ge *history.GitError
	if errors.As(err, &ge) && strings.Contains(ge.Stderr, "pathspec '"+workspace.MemoryDir+"' did not match") {
		if len(specs) == 1 {
			return nil
		}
		err = add(specs[1:])
	}
	return err
}

// commitTree makes a commit of tree with msg and the given parents.
func (s *syncer) commitTree(ctx context.Context, tree, msg string, parents ...string) (string, error) {
	args := []string{"commit-tree", tree}
	for _, p := range parents {
		if p != "" {
			args = append(args, "-p", p)
		}
	}
	out, err := s.run(ctx, history.GitOptions{Stdin: []byte(msg), Env: s.gitEnv},
		append(slices.Clip(noPrograms), args...)...)
	if err != nil {
		return "", fmt.Errorf("gitsync: commit: %w", err)
	}
	commit := strings.TrimSpace(string(out))
	if len(args) == 4 {
		// One parent: the merge base of the commit and its parent is the
		// parent, which git need not be asked ([syncer.mergeBase]).
		s.knownBase(commit, args[3], args[3])
	}
	return commit, nil
}

// mergeTree runs git merge-tree on incoming and head with memweave's
// attributes ([AttributesLines]) alone and git's built-in merges: the
// .gitattributes files of the work tree, which any remote may have
// brought, the user's global attributes file and the repository's
// info/attributes are out of its sight, and so is every config file, so
// no attribute (merge=union on every note, -merge or binary on dated
// logs) and no merge driver the config names (merge.<name>.driver,
// which git looks up before its built-in "union", or merge.default) changes
// what a note changed on both sides becomes: a conflict copy, reported,
// and no program runs. merge-tree runs in a repository of its own under
// .memweave/ that reads and writes the workspace's objects
// (GIT_OBJECT_DIRECTORY) and holds no config but the object format,
// with a work tree holding only memweave's .gitattributes (git reads a
// merge's attributes relative to the folder it runs in) and an index
// file that does not exist. Git's guess that a folder was renamed (one
// side moved every file out of it) is off: it moved the notes the other
// side has or adds there after them, to paths no machine gave them.
// The folders of earlier merges, which a sync killed during its merge
// left, go first: every sync holds the sync lock, so none is in use.
func (s *syncer) mergeTree(ctx context.Context, incoming, head string) ([]byte, error) {
	left := workspace.Prefixed(filepath.Join(s.root, workspace.IndexDir), mergeFolderPrefix)
	for _, p := range left {
		if err := os.RemoveAll(p); err != nil {
			return nil, fmt.Errorf("gitsync: merge: remove the folder of a killed merge: %w", err)
		}
	}
	dir, err := os.MkdirTemp(filepath.Join(s.root, workspace.IndexDir), mergeFolderPrefix)
	if err != nil {
		return nil, fmt.Errorf("gitsync: merge: %w", err)
	}
	defer os.RemoveAll(dir)
	attrs := filepath.Join(dir, AttributesFile)
	// .gitattributes itself merges line by line too: each line stands
	// alone, and the side the merge would drop holds lines its user wrote.
	lines := append(slices.Clip(AttributesLines), "/"+AttributesFile+" merge=union")
	if err := os.WriteFile(attrs, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		return nil, fmt.Errorf("gitsync: merge: %w", err)
	}
	gitDir, env, err := s.bareGitDir(ctx, dir)
	if err != nil {
		return nil, fmt.Errorf("gitsync: merge: %w", err)
	}
	env = append(env, "GIT_INDEX_FILE="+filepath.Join(dir, "index"))
	return s.gitIn(ctx, dir, env,
		"--git-dir="+gitDir, "--work-tree="+dir, "-c", "core.attributesFile="+attrs, "-c", "merge.directoryRenames=false",
		"merge-tree", "--write-tree", "-z", "--no-messages", "--allow-unrelated-histories", incoming, head)
}

// bareGitDir makes, in the folder dir, a git directory that reads and
// writes the workspace repository's objects (and knows its shallow
// commits) and has no config but its object format, and returns it with
// the environment that keeps git from reading the system's and the
// user's config files in it.
func (s *syncer) bareGitDir(ctx context.Context, dir string) (string, []string, error) {
	paths, err := s.gitPaths(ctx, "objects", "shallow")
	if err != nil {
		return "", nil, err
	}
	// git rev-parse --show-object-format: the config's, sha1 unset.
	format, objects, shallow := cmp.Or(strings.ToLower(s.config.last("extensions.objectformat")), "sha1"), paths[0], paths[1]
	gitDir := filepath.Join(dir, "repo.git") // not dir/git, which XDG_CONFIG_HOME=dir would make the global config
	config := "[core]\n\trepositoryformatversion = 0\n"
	if format != "sha1" {
		config = "[core]\n\trepositoryformatversion = 1\n[extensions]\n\tobjectformat = " + format + "\n"
	}
	files := map[string]string{"HEAD": "ref: refs/heads/main\n", "config": config}
	if data, err := os.ReadFile(shallow); err == nil {
		files["shallow"] = string(data)
	}
	for _, sub := range []string{"refs", "objects"} {
		if err := os.MkdirAll(filepath.Join(gitDir, sub), 0o755); err != nil {
			return "", nil, err
		}
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(gitDir, name), []byte(text), 0o644); err != nil {
			return "", nil, err
		}
	}
	env := []string{"GIT_OBJECT_DIRECTORY=" + objects, "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=" + os.DevNull,
		"HOME=" + dir, "XDG_CONFIG_HOME=" + dir}
	return gitDir, env, nil
}

// stage is one side of a conflicted path: its mode and blob.
type stage struct{ mode, oid string }

// mergeFolderPrefix starts the name of the folder, under .memweave/,
// that [syncer.mergeTree] runs git merge-tree in.
const mergeFolderPrefix = "sync-attributes-"

// replay merges the local commits since the merge base of head and
// incoming (since base, when not "": [syncer.rewriteBase]) onto
// incoming, off the work tree (git merge-tree), and commits the result
// on top of incoming. A path both sides changed keeps
// incoming's version, and the local one goes to a conflict copy; a path
// one side deleted and the other changed keeps the change.
func (s *syncer) replay(ctx context.Context, head, incoming, base string, res *Result) (string, error) {
	ours, theirs, since := incoming, head, incoming
	if base != "" {
		var err error
		if ours, theirs, err = s.onBase(ctx, base, incoming, head); err != nil {
			return "", fmt.Errorf("gitsync: merge: %w", err)
		}
		since = base
	}
	out, err := s.mergeTree(ctx, ours, theirs)
	var ge *history.GitError
	if err != nil && !(errors.As(err, &ge) && ge.ExitCode() == 1) {
		return "", fmt.Errorf("gitsync: merge: %w", err)
	}
	tree, conflicted, order := parseMergeTree(out)
	resolved, settled, err := s.mergeMetadata(ctx, ours, theirs)
	if err != nil {
		return "", err
	}
	order = slices.DeleteFunc(order, func(p string) bool { return settled[p] })
	var conflicts []Conflict
	if len(order) > 0 || len(resolved) > 0 {
		var more []byte
		// After an accepted rewrite, the sides merge-tree names (in a
		// file moved aside, "<path>~<commit>") and conflict copies take
		// are the commits onBase made: the same trees.
		if more, conflicts, err = s.resolveConflicts(ctx, theirs, ours, conflicted, order, res); err != nil {
			return "", err
		}
		if tree, err = s.resolveTree(ctx, tree, append(resolved, more...)); err != nil {
			return "", err
		}
	}
	// Both sides passed the checks, but their merge may not: two logs of
	// a day under the size limit can make one over it. Pushed, it would
	// stop every other machine's sync; refused here, nothing is written.
	if err := s.checkTree(ctx, tree, checkedOutside, head, mergedTree); err != nil {
		return "", err
	}
	// --no-show-signature: log.showSignature in a config runs gpg.program
	// on each signed commit listed.
	subjects, _ := s.git(ctx, nil, "log", "--no-show-signature", "--format=- %s", "-n", "20", since+".."+head)
	msg := fmt.Sprintf("memweave sync from %s: replay local changes onto %.12s\n\n%s", s.host, incoming, subjects)
	if len(conflicts) > 0 {
		msg += "\nChanged on both sides (the remote's version kept at the path, this machine's in the copy):\n"
		for _, c := range conflicts {
			msg += "  " + c.Path + " -> " + c.Copy + "\n"
		}
	}
	commit, err := s.commitTree(ctx, tree, msg, incoming)
	if err != nil {
		return "", err
	}
	res.Conflicts, s.checked = append(res.Conflicts, conflicts...), commit
	return commit, nil
}

// onBase returns two commits holding the trees of incoming and head,
// children of one commit holding base's tree: git merge-tree, which
// takes the merge base from the history, then merges what head changed
// since base onto incoming, as a cherry-pick would. They are loose
// objects no ref names.
func (s *syncer) onBase(ctx context.Context, base, incoming, head string) (ours, theirs string, err error) {
	root, err := s.commitTree(ctx, base+"^{tree}", "memweave sync: base\n")
	if err != nil {
		return "", "", err
	}
	if ours, err = s.commitTree(ctx, incoming+"^{tree}", "memweave sync: remote\n", root); err != nil {
		return "", "", err
	}
	theirs, err = s.commitTree(ctx, head+"^{tree}", "memweave sync: local\n", root)
	return ours, theirs, err
}

// resolveConflicts decides each path merge-tree left conflicted, in
// order: a path both sides changed keeps incoming's version and the
// local one goes to a conflict copy (memweave's own files excepted); a
// path one side deleted and the other changed keeps the change. It
// returns the entries for resolveTree and the conflicts it made.
func (s *syncer) resolveConflicts(ctx context.Context, head, incoming string, conflicted map[string]map[byte]stage, order []string, res *Result) (resolved []byte, conflicts []Conflict, err error) {
	for _, p := range order {
		st := conflicted[p]
		theirs, okT := st['2'] // incoming
		ours, okO := st['3']   // local
		if okT {
			theirs = s.asCommitted(ctx, incoming, p, theirs)
		}
		if okO {
			ours = s.asCommitted(ctx, head, p, ours)
		}
		switch {
		case okT && okO:
			resolved = appendEntry(resolved, theirs, p)
			switch p {
			case SettingsFile:
				saved, err := s.saveLocalSettings(ctx, ours.oid, head)
				if err != nil {
					return nil, nil, err
				}
				res.Warnings = append(res.Warnings, fmt.Sprintf("%s changed on both sides: kept the remote's, saved this machine's as %s", p, saved))
			case AttributesFile:
				res.Warnings = append(res.Warnings, fmt.Sprintf("%s changed on both sides: kept the remote's; the next sync adds memweave's lines back", p))
			default:
				cp := conflictCopy(p, s.host, head)
				resolved = appendEntry(resolved, ours, cp)
				conflicts = append(conflicts, Conflict{Path: p, Copy: cp})
				s.ownCopies = append(s.ownCopies, cp)
			}
		case okO || okT:
			side, commit, host := theirs, incoming, "remote"
			if okO {
				side, commit, host = ours, head, s.host
			}
			// A file one side made a folder of: git moved the file
			// aside to "<path>~<commit>". It becomes a conflict copy,
			// listed and reported like the others.
			if orig, moved := strings.CutSuffix(p, "~"+commit); moved && orig != "" {
				cp := conflictCopy(orig, host, commit)
				resolved = appendEntry(resolved, stage{"0", strings.Repeat("0", len(side.oid))}, p)
				resolved = appendEntry(resolved, side, cp)
				conflicts = append(conflicts, Conflict{Path: orig, Copy: cp})
				if okO {
					s.ownCopies = append(s.ownCopies, cp)
				}
				continue
			}
			resolved = appendEntry(resolved, side, p)
		}
	}
	return resolved, conflicts, nil
}

// asCommitted returns the entry commit has at the path p, st when it has
// none there. git merge-tree follows renames (merge.renames does not stop
// it): a note both sides moved, to two names, and edited gets at each
// name, listed as one side's, the content merge of the two, conflict
// markers included. The side's own version is the one to keep there.
func (s *syncer) asCommitted(ctx context.Context, commit, p string, st stage) stage {
	out, err := s.git(ctx, nil, "--literal-pathspecs", "ls-tree", "-z", "--full-tree", commit, "--", p)
	if err != nil {
		return st
	}
	meta, got, ok := strings.Cut(strings.TrimSuffix(string(out), "\x00"), "\t")
	f := strings.Fields(meta)
	if !ok || got != p || len(f) != 3 || f[1] != "blob" {
		return st
	}
	return stage{f[0], f[2]}
}

// parseMergeTree reads the output of git merge-tree -z: the merged tree,
// then the conflicted paths' stages (by stage number, '2' incoming and
// '3' local) with the paths in the order met.
func parseMergeTree(out []byte) (tree string, conflicted map[string]map[byte]stage, order []string) {
	recs := strings.Split(string(out), "\x00")
	tree = strings.TrimSpace(recs[0])
	conflicted = map[string]map[byte]stage{}
	for _, r := range recs[1:] {
		meta, p, ok := strings.Cut(r, "\t")
		f := strings.Fields(meta)
		if !ok || len(f) != 3 || len(f[2]) != 1 {
			continue
		}
		if conflicted[p] == nil {
			conflicted[p] = map[byte]stage{}
			order = append(order, p)
		}
		conflicted[p][f[2][0]] = stage{f[0], f[1]}
	}
	return tree, conflicted, order
}

// appendEntry adds a git update-index --index-info record.
func appendEntry(b []byte, st stage, p string) []byte {
	return append(b, st.mode+" "+st.oid+"\t"+p+"\x00"...)
}

// resolveTree writes tree with the entries changed, through a temporary
// index under .memweave/, and returns the new tree.
func (s *syncer) resolveTree(ctx context.Context, tree string, entries []byte) (string, error) {
	idx := filepath.Join(s.root, workspace.IndexDir, "sync-merge.index")
	os.Remove(idx)
	os.Remove(idx + ".lock")
	defer os.Remove(idx)
	env := []string{"GIT_INDEX_FILE=" + idx}
	if _, err := s.git(ctx, env, "read-tree", tree); err != nil {
		return "", fmt.Errorf("gitsync: merge: %w", err)
	}
	if _, err := s.run(ctx, history.GitOptions{Stdin: entries, Env: env},
		append(slices.Clip(noPrograms), "update-index", "-z", "--index-info")...); err != nil {
		return "", fmt.Errorf("gitsync: merge: %w", err)
	}
	out, err := s.git(ctx, env, "write-tree")
	if err != nil {
		return "", fmt.Errorf("gitsync: merge: %w", err)
	}
	return strings.TrimSpace(string(out)), nil
}

// saveLocalSettings writes this machine's memweave.json, which lost to
// the remote's, under .memweave/ and returns its path.
func (s *syncer) saveLocalSettings(ctx context.Context, oid, head string) (string, error) {
	data, err := s.git(ctx, nil, "cat-file", "blob", oid)
	if err != nil {
		return "", fmt.Errorf("gitsync: save local %s: %w", SettingsFile, err)
	}
	p := filepath.Join(s.root, workspace.IndexDir, fmt.Sprintf("memweave.conflict-%.8s.json", head))
	if err := memfile.WriteAtomic(p, data, 0o644); err != nil {
		return "", fmt.Errorf("gitsync: save local %s: %w", SettingsFile, err)
	}
	return p, nil
}

// maxNameBytes is the longest file name most file systems take
// (NAME_MAX).
const maxNameBytes = 255

// maxPathBytes is the longest path in the repository sync takes: macOS
// holds 1,024 bytes in a whole path (PATH_MAX; Linux 4,096), the
// workspace's own path included, and sync writes a temporary name
// beside each file.
const maxPathBytes = 900

// conflictCopy names the copy of p that keeps host's version from its
// commit: "notes/db.md" becomes "notes/db.conflict-host-1a2b3c4d.md".
// The name stays within maxNameBytes: a note named near the limit keeps
// the start of its name, then a hash of the whole name, so that two such
// notes get two copies; a copy the file system cannot hold stops every
// sync before it pushes.
func conflictCopy(p, host, commit string) string {
	dir, base := path.Split(p)
	ext := path.Ext(base)
	if len(ext) > 32 {
		ext = "" // no note's extension
	}
	stem := strings.TrimSuffix(base, ext)
	suffix := fmt.Sprintf(".conflict-%s-%.8s%s", host, commit, ext)
	if len(stem)+len(suffix) > maxNameBytes {
		sum := sha256.Sum256([]byte(base))
		tag := fmt.Sprintf("-%x", sum[:4])
		cut := maxNameBytes - len(suffix) - len(tag)
		for cut > 0 && !utf8.RuneStart(stem[cut]) {
			cut--
		}
		stem = stem[:cut] + tag
	}
	return dir + stem + suffix
}
