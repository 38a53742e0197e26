package gitsync

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/memweave/memweave-go/history"
	"github.com/memweave/memweave-go/internal/ctlesc"
	"github.com/memweave/memweave-go/internal/ctxsleep"
	"github.com/memweave/memweave-go/internal/edithook"
	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/workspace"
)

// Errors callers branch on with errors.Is.
var (
	// ErrNoRepository: the workspace is not the top folder of a git
	// repository.
	ErrNoRepository = errors.New("gitsync: the workspace is not a git repository (run: git init, then git remote add origin URL)")
	// ErrNoRemote: the repository has no remote of the configured name.
	ErrNoRemote = errors.New("gitsync: no git remote (run: git remote add origin URL)")
	// ErrDetached: HEAD names no branch.
	ErrDetached = errors.New("gitsync: HEAD is not on a branch (run: git switch <branch>)")
	// ErrRefused: a tree breaks the rules for untrusted trees: the
	// remote's, or this machine's, which the other machines would refuse.
	ErrRefused = errors.New("gitsync: refused")
	// ErrRewritten: the remote's history was rewritten.
	ErrRewritten = errors.New("gitsync: the remote's history was rewritten (its previous tip is not an ancestor of its new one); refusing to follow it")
	// ErrInProgress: the user is in the middle of a git merge, rebase,
	// cherry-pick, revert or am in the workspace.
	ErrInProgress = errors.New("gitsync: a git operation is in progress")
	// ErrNoRemoteBranch: the remote lacks the branch sync works with but
	// has others; sync does not start a second memory beside them.
	ErrNoRemoteBranch = errors.New("gitsync: the remote has no such branch")
	// ErrPushRejected: every push attempt was rejected.
	ErrPushRejected = errors.New("gitsync: the remote kept rejecting the push")
)

// Names of the files sync keeps beside memory/.
const (
	// SettingsFile is the workspace settings file sync commits.
	SettingsFile = "memweave.json"
	// AttributesFile declares the union merge of dated logs.
	AttributesFile = ".gitattributes"
	// LockName is the sync lock, under .memweave/.
	LockName = "sync.lock"
	// runningName marks a sync running, in the git directory, where no
	// clone, remote or commit can put it: found by the next sync, that
	// sync was killed.
	runningName = "memweave-sync-running"
	// stateName is the per-machine state file, under .memweave/.
	stateName = "sync.json"
	// remoteRefs, followed by "<remote>/<branch>", records the tip of
	// that remote branch that sync last accepted.
	remoteRefs = "refs/memweave/remotes/"
	// syncedRefs, followed by "<remote>/<branch>", records the tip of
	// that remote branch that this machine's branch last took in (or
	// pushed). It differs from the remoteRefs one, which the user sets to
	// accept a rewritten history, only after such an acceptance: it is
	// then what this machine last shared, and the changes made here since
	// are this machine's own ([syncer.rewriteBase]).
	syncedRefs = "refs/memweave/synced/"
	// legacyRemoteRef is the one such ref earlier versions kept, for the
	// remote's branch named like the local one.
	legacyRemoteRef = "refs/memweave/remote"
	// incomingRef holds what a fetch brought, before it is checked. Git
	// keeps refs/worktree/ refs per worktree: a sync in another worktree
	// of the repository, fetching its own branch at the same time, has
	// its own.
	incomingRef = "refs/worktree/memweave/incoming"
)

// AttributesLines are the .gitattributes lines that make git merge dated
// logs with its built-in union merge; [Sync] adds the missing ones.
var AttributesLines = []string{
	"memory/**/[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9].[mM][dD] merge=union",
	"memory/**/[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9].[mM][aA][rR][kK][dD][oO][wW][nN] merge=union",
}

// Options are the options of [Sync]. The zero value syncs with the
// remote "origin", the current branch, git's configured author and the
// default limits.
type Options struct {
	// Remote is the git remote; "" means the remote of the branch's
	// configured upstream (git branch --set-upstream-to), or "origin"
	// when it has none. Sync fetches and pushes the upstream's branch
	// when the upstream is on that remote, else the remote's branch of
	// the same name as the local one.
	Remote string
	// Author is the commits' author, "Name <email>"; "" means git's
	// user.name and user.email, or "memweave <memweave@HOST>" unset.
	Author string
	// Host names this machine in commit messages and conflict copies;
	// "" means os.Hostname.
	Host string
	// MaxBlobBytes is the largest blob accepted from the remote; 0 means
	// 16 MiB.
	MaxBlobBytes int64
	// MaxTreeBytes bounds the files sync writes from a tree, in all:
	// those under memory/, memweave.json and .gitattributes, each path
	// counted as [history.NoteCost] counts it. A tree over it is refused ([ErrRefused], wrapping
	// [history.ErrTreeTooLarge]) before anything reaches the work tree;
	// 0 means [history.DefaultMaxTreeBytes].
	MaxTreeBytes int64
	// MaxFetchBytes bounds each file a fetch writes (the pack the remote
	// sends, above all), where the system allows (unix): past it the
	// fetch stops and the sync is refused ([ErrRefused]) before the
	// remote fills the disk; 0 means twice MaxTreeBytes.
	MaxFetchBytes int64
	// PushAttempts bounds the fetch, replay and push rounds; 0 means
	// [DefaultPushAttempts].
	PushAttempts int
	// StallTimeout stops a fetch, push or ls-remote that makes no
	// progress (git, asked for it, writes none) for that long: a remote
	// that stops sending mid-transfer. The sync fails, its error
	// wrapping [history.ErrStalled] and naming the time. 0 means
	// [DefaultStallTimeout]; below 0, no bound (the context's alone).
	StallTimeout time.Duration
	// Reindex, when set, is called after every sync that succeeds, with
	// the workspace-relative paths under memory/ that integrating the
	// remote changed (possibly none); it brings the index up to date
	// with the work tree, those paths at least, and returns how many
	// files it read. The work tree may hold notes the index lacks that no
	// sync brought (those of a fresh clone, before its first sync), so a
	// caller that keeps an index compares it with the whole work tree.
	Reindex func(ctx context.Context, paths []string) (read int, err error)
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// Result is what one [Sync] did.
type Result struct {
	// Committed is the commit of local changes, "" when none.
	Committed string `json:"committed,omitempty"`
	// CommitMessage is its message.
	CommitMessage string `json:"commit_message,omitempty"`
	// Head is the branch's commit after the sync.
	Head string `json:"head"`
	// RemoteTip is the remote branch's commit after the sync.
	RemoteTip string `json:"remote_tip,omitempty"`
	// Remote and RemoteBranch are the remote branch sync fetched and
	// pushed: the branch's configured upstream, or the remote's branch
	// of the same name (see [Options.Remote]).
	Remote       string `json:"remote"`
	RemoteBranch string `json:"remote_branch"`
	// Changed are the paths under memory/ the remote's commits changed
	// here; a conflict copy of this machine's own version, which this
	// sync wrote, is not among them.
	Changed []string `json:"changed,omitempty"`
	// Conflicts are the files changed on both sides during this sync.
	Conflicts []Conflict `json:"conflicts,omitempty"`
	// Pushed is whether the sync pushed commits.
	Pushed bool `json:"pushed"`
	// Attempts is the number of fetch and push rounds.
	Attempts int `json:"attempts"`
	// Warnings are things done that the user may want to know.
	Warnings []string `json:"warnings,omitempty"`
	// Reindexed is how many files the re-index read.
	Reindexed int `json:"reindexed"`
	// Duration is the whole sync's time, GitTime the part spent waiting
	// for git commands, ReindexTime the re-index's.
	Duration    time.Duration `json:"duration_ns"`
	GitTime     time.Duration `json:"git_time_ns"`
	ReindexTime time.Duration `json:"reindex_time_ns"`
	// TurnWait is how long the sync waited, having found the sync lock
	// busy, to leave another machine a turn after this workspace's last
	// push (docs/team.md).
	TurnWait time.Duration `json:"turn_wait_ns,omitempty"`
}

// syncer is one Sync's settings and git access.
type syncer struct {
	root, remote, branch, host string
	// reads: the syncer only reads (a status); see newSyncer.
	reads bool
	// remoteBranch is the branch of the remote sync fetches and pushes.
	remoteBranch string
	// remoteSetting names the git setting the remote came from, "" when
	// it did not come from one.
	remoteSetting string
	opts          Options
	gitEnv        []string
	// gitTime sums the time git commands took.
	gitTime time.Duration
	// localHead is HEAD once this machine's changes are committed, before
	// the remote's commits are integrated.
	localHead string
	// pushedAs is the replay diverged pushed before its checkout; the
	// branch may hold writes made during the push on top of it
	// ([syncer.takeInWrites]).
	pushedAs string
	// lastRound is set for the last fetch, replay and push round, which
	// checks the replay out before its push.
	lastRound bool
	// ownCopies are the conflict copies replay wrote of this machine's
	// own versions: no remote commit brought them.
	ownCopies []string
	// gitKilled is set once a git command of this sync was killed (its
	// context ended) or died of a signal, leaving its lock files behind.
	gitKilled bool
	// checked is the last commit sync made whose whole tree it checked
	// as the other machines would (its own commit, a replay's): the push
	// need not check that tree again ([syncer.checkPush]).
	checked string
	// filtersOff is the environment of every git call that turns off
	// the filter drivers the config defines ([syncer.offFilters]).
	filtersOff []string
	// userConfig holds the values of config the user's own files set
	// (system, global, command line), userOrder their keys in the
	// order read, once a value; repoSet the keys the repository's own
	// files set (local, worktree) ([syncer.readConfig]).
	userConfig gitConfig
	userOrder  []string
	repoSet    map[string]bool
	// config is the git config, read once ([syncer.readConfig]).
	config gitConfig
	// paths caches [syncer.gitPaths].
	paths map[string]string
	// fetchURL is the remote's URL, as git remote get-url gives it.
	fetchURL string
	// synced is what the synced ref ([syncer.syncedRef]) holds, as fetch
	// read it or sync last set it.
	synced string
	// fetchedNew is set once a fetch brought a tip sync had not seen.
	fetchedNew bool
	// blobsChecked caches [syncer.checkBlob], by path and blob.
	blobsChecked map[[2]string]string
	// bases caches [syncer.mergeBase], by the pair in order.
	bases map[[2]string]string
	// moves are the work tree moves [syncer.checkout] made: what
	// [syncer.changedPaths] would ask git again.
	moves []move
	// diffs caches [syncer.treeChanges], by the pair of commits.
	diffs map[[2]string][]change
	// pushedAt is when this sync's push landed, pushRound the length of
	// the round that made it; zero when it pushed nothing.
	pushedAt  time.Time
	pushRound time.Duration
}

// move is one move of the work tree: from and to commits ("" from an
// unborn branch) and the paths under memory/ it changed.
type move struct {
	from, to string
	paths    []string
}

// Sync commits, integrates and pushes the workspace at root (the top
// folder of its git repository); see the package doc. It records its
// time and outcome in the per-machine state file read by [ReadStatus].
// A note a killed write left aside is put back first ([memfile.Recover],
// as every open does): a long-lived process opened the workspace before
// the kill, and its sync would share the note as deleted.
func Sync(ctx context.Context, root string, opts Options) (*Result, error) {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	rec := &record{root: root, start: opts.Now()}
	t0 := time.Now()
	res, err := (*Result)(nil), memfile.Recover(ctx, root)
	if err == nil {
		res, err = syncLocked(ctx, root, opts, rec)
	}
	if res != nil {
		res.Duration = time.Since(t0)
	}
	if !rec.done && !errors.Is(err, ErrNoRepository) && !errors.Is(err, history.ErrNoGit) {
		err = rec.writeIfFree(ctx, res, err)
	}
	return res, err
}

// record writes a sync's outcome into the state file, read, changed and
// written while the sync lock is held: written after the lock was let
// go, it overwrote what a sync that took the lock meanwhile had
// recorded (its replay pushed before its checkout, the commit its
// re-index reflects) with the older copy
// (TestSyncRecordsItsStateUnderItsLock).
type record struct {
	root  string
	start time.Time
	// done is set once the outcome is written.
	done bool
	// pushedAt and pushRound are the sync's push ([syncer.pushedAt]).
	pushedAt  time.Time
	pushRound time.Duration
}

// write records res and err, which it returns, or the state file's
// write error when err is nil. The caller holds the sync lock.
func (r *record) write(ctx context.Context, res *Result, err error) error {
	r.done = true
	st, _ := readState(r.root)
	edithook.Step(ctx, "recording state")
	st.LastSync = r.start.UTC()
	st.LastError = ""
	if err != nil {
		st.LastError = err.Error()
	} else {
		st.LastSuccess = r.start.UTC()
		st.IndexedCommit = res.Head
	}
	if res != nil && len(res.Conflicts) > 0 {
		st.LastConflicts = res.Conflicts
	}
	if !r.pushedAt.IsZero() {
		st.LastPush, st.PushRound = r.pushedAt, r.pushRound
	}
	if werr := writeState(r.root, st); werr != nil && err == nil {
		err = werr
	}
	return err
}

// writeIfFree records a sync that failed before it took the sync lock
// (no remote, a cancel while it waited), when the lock is free now; a
// sync holding it records its own outcome.
func (r *record) writeIfFree(ctx context.Context, res *Result, err error) error {
	if workspace.CheckOwnFiles(r.root, LockName) != nil {
		return err
	}
	dir, derr := workspace.MakeIndexDir(r.root)
	if derr != nil {
		return err
	}
	fl := workspace.NewLock(filepath.Join(dir, LockName))
	defer fl.Close()
	if ok, lerr := fl.TryLock(); lerr != nil || !ok {
		return err
	}
	defer fl.Unlock()
	return r.write(ctx, res, err)
}

func syncLocked(ctx context.Context, root string, opts Options, rec *record) (res *Result, err error) {
	s, err := newSyncer(ctx, root, opts, false)
	if err != nil {
		return nil, err
	}
	unlock, waited, err := lockFile(ctx, root, LockName)
	if err != nil {
		return nil, err
	}
	defer unlock()
	defer func() {
		rec.pushedAt, rec.pushRound = s.pushedAt, s.pushRound
		err = rec.write(ctx, res, err)
	}()
	turnWait, err := leaveATurn(ctx, root, waited)
	if err != nil {
		return nil, fmt.Errorf("gitsync: leave a turn: %w", err)
	}
	if err := s.notInProgress(ctx); err != nil {
		return nil, err
	}
	if err := s.noHiddenNotes(ctx); err != nil {
		return nil, err
	}
	running, killed, err := s.markRunning(ctx, root)
	if err != nil {
		return nil, err
	}
	// A git this sync had killed (its context ended: a server's timeout,
	// its Close) left its locks as a killed sync's git does: the marker
	// stays for the next sync, as a killed sync's does until its locks
	// are cleared (this sync may stop at one, while a user's git runs).
	cleared := killed.IsZero()
	defer func() {
		if !s.gitKilled && cleared {
			os.Remove(running)
		}
	}()
	res = &Result{Remote: s.remote, RemoteBranch: s.remoteBranch, TurnWait: turnWait}
	if err := s.clearStaleLocks(ctx, res, killed); err != nil {
		return res, err
	}
	cleared = true
	oldHead, err := s.indexBase(ctx, root)
	if err != nil {
		return res, err
	}
	reindexed := false
	defer func() {
		if err != nil && !reindexed {
			s.reindexAfterFailure(ctx, oldHead, res)
		}
	}()
	if err := s.exchange(ctx, res); err != nil {
		return res, err
	}
	if s.fetchedNew || res.Head != oldHead {
		// Git's own upkeep of what this sync fetched and wrote: new
		// objects only. Unbounded (a big project's repack).
		s.git(ctx, nil, "maintenance", "run", "--auto", "--quiet")
	}
	reindex, err := s.moved(ctx, oldHead, res)
	if err != nil {
		return res, err
	}
	if w := s.ignoredNotes(ctx); w != "" {
		res.Warnings = append(res.Warnings, w)
	}
	res.GitTime = s.gitTime
	if s.opts.Reindex != nil {
		reindexed = true
		t := time.Now()
		n, err := s.opts.Reindex(ctx, reindex)
		res.Reindexed, res.ReindexTime = n, time.Since(t)
		if err != nil {
			return res, fmt.Errorf("gitsync: re-index: %w", err)
		}
	}
	return res, nil
}

// moved returns the paths the re-index reads, those that moved since
// oldHead, the commit the index reflects, and sets res.Changed to what
// the remote brought: the moves since this machine's own state, its
// commit included.
func (s *syncer) moved(ctx context.Context, oldHead string, res *Result) (reindex []string, err error) {
	if oldHead == res.Head || res.Head == "" {
		return nil, nil
	}
	if reindex, err = s.changedPaths(ctx, oldHead, res.Head); err != nil {
		return nil, err
	}
	res.Changed = reindex
	if s.localHead == res.Head {
		res.Changed = nil
	} else if s.localHead != "" && s.localHead != oldHead {
		if res.Changed, err = s.changedPaths(ctx, s.localHead, res.Head); err != nil {
			return nil, err
		}
	}
	res.Changed = slices.DeleteFunc(slices.Clone(res.Changed), func(p string) bool { return slices.Contains(s.ownCopies, p) })
	return reindex, nil
}

// markRunning writes this sync's running marker and returns its path,
// with the time of the marker a killed sync left (zero when none). The
// marker outlives only a sync that was killed; the locks its git left
// are no older than it. A killed sync's marker is kept as it is, its
// time that kill's: this sync may be killed too before it clears that
// sync's locks, and the next must still take them for a killed sync's,
// not for a running git's older than the marker. (Written anew and set
// back to that time, a marker killed in between kept a time newer than
// the lock, which then stopped every later sync.)
func (s *syncer) markRunning(ctx context.Context, root string) (running string, killed time.Time, err error) {
	paths, err := s.gitPaths(ctx, runningName)
	if err != nil {
		return "", time.Time{}, err
	}
	running = paths[0]
	if fi, err := os.Lstat(running); err == nil && fi.Mode().IsRegular() {
		edithook.Step(ctx, "marked running")
		return running, fi.ModTime(), nil
	}
	if err := memfile.WriteAtomic(running, []byte(strconv.Itoa(os.Getpid())+"\n"), 0o644); err != nil {
		return "", time.Time{}, fmt.Errorf("gitsync: %w", err)
	}
	edithook.Step(ctx, "marked running")
	return running, time.Time{}, nil
}

// exchange fetches, integrates the remote's commits and pushes, again
// after a rejected push (another machine pushed first) up to
// Options.PushAttempts times, recording each round in res.
func (s *syncer) exchange(ctx context.Context, res *Result) error {
	last, still := "", 0
	for attempt := 1; ; attempt++ {
		res.Attempts = attempt
		roundStart := time.Now()
		incoming, err := s.fetch(ctx)
		if err != nil {
			return err
		}
		edithook.Step(ctx, "fetched")
		if attempt > 1 && incoming == last {
			still++ // rejected while the remote did not move: no race
		}
		last = incoming
		// The last round checks the replay out before its push, so that
		// the work tree shows the remote's notes whatever the push does.
		s.lastRound = attempt >= s.opts.PushAttempts || still >= stillRounds
		head, state, err := s.integrate(ctx, incoming, res)
		if err != nil {
			return err
		}
		res.Head = head
		switch state {
		case pushedFirst:
			s.pushedAt, s.pushRound = time.Now(), time.Since(roundStart)
			return s.pushed(ctx, s.pushedAs, res)
		case notPushed:
			if err := s.setSynced(ctx, incoming, "integrated"); err != nil {
				return err
			}
			if head == "" || head == incoming {
				res.RemoteTip = incoming
				return nil
			}
			if err := s.checkPush(ctx, incoming, head, res.Conflicts); err != nil {
				return err
			}
			rejected, err := s.push(ctx, incoming, head)
			if err != nil {
				return err
			}
			if !rejected {
				s.pushedAt, s.pushRound = time.Now(), time.Since(roundStart)
				return s.pushed(ctx, head, res)
			}
		}
		if s.lastRound && still >= stillRounds {
			return fmt.Errorf("%w (%d attempts, the remote's branch not moving: locked?; this machine's commits are kept, and the next sync pushes them)", ErrPushRejected, attempt)
		}
		if s.lastRound {
			return fmt.Errorf("%w (%d attempts: another machine pushed during each; this machine's commits are kept, and the next sync pushes them)", ErrPushRejected, attempt)
		}
		// Another machine pushed first: fetch and replay again at once.
		// One of the pushes that race always lands (git updates the
		// branch under a lock), so no wait is needed to break a tie; a
		// wait only gave the machine that had just pushed the time to
		// finish its next sync first.
		if err := ctx.Err(); err != nil {
			return err
		}
	}
}

// stillRounds is how many rounds a push may be rejected while the remote
// branch stays where the round fetched it (its ref locked, say): no
// other machine is pushing, so the rounds left are not tried.
const stillRounds = 2

// DefaultStallTimeout is the default of Options.StallTimeout: a
// transfer's progress lines come each second, a remote counting its
// objects sends its own.
const DefaultStallTimeout = 2 * time.Minute

// DefaultPushAttempts is how many fetch, replay and push rounds a sync
// makes before it gives up ([ErrPushRejected]). No number of rounds is
// sure to be enough: each needs the remote's branch to stay still from
// its fetch to its push, and machines syncing in loops move it as often
// as they like (docs/team.md, step 5, gives how often a round after a
// rejected one is rejected again, and so how rarely every round is); a
// round costs a fetch of what the others pushed and a replay, no work
// tree write. Past the bound, another machine pushed during each round
// of one sync, which the error then says.
const DefaultPushAttempts = 30

// pushed records head, which the remote branch now holds, as the tip of
// both the remote and synced refs.
func (s *syncer) pushed(ctx context.Context, head string, res *Result) error {
	res.Pushed, res.RemoteTip = true, head
	// Both refs in one git call, with no old value asked for: as two
	// update-ref calls did.
	in := "update " + s.remoteRef() + " " + head + "\nupdate " + s.syncedRef() + " " + head + "\n"
	if _, err := s.gitWith(ctx, s.root, history.GitOptions{Stdin: []byte(in)}, "update-ref", "-m", "memweave sync: pushed", "--stdin"); err != nil {
		return err
	}
	s.synced = head
	return nil
}

// reindexAfterFailure runs the re-index after a sync that failed once
// the branch had moved from oldHead (a push every round rejected, say,
// after the remote's notes reached the work tree): the notes the work
// tree shows are indexed whatever stopped the sync. Its own failure is
// a warning; the sync's error is the one returned.
func (s *syncer) reindexAfterFailure(ctx context.Context, oldHead string, res *Result) {
	if s.opts.Reindex == nil {
		return
	}
	if head, _ := s.rev(ctx, "HEAD"); head == oldHead {
		return
	}
	t := time.Now()
	n, err := s.opts.Reindex(ctx, nil)
	res.Reindexed, res.ReindexTime = n, time.Since(t)
	if err != nil {
		res.Warnings = append(res.Warnings, "re-index: "+err.Error())
	}
}

// maxIgnoredNamed bounds the ignored notes a warning names one by one.
const maxIgnoredNamed = 5

// ignoredNotes says which notes (and folders) under memory/ git ignores,
// "" when none: sync never commits them, so the other machines never
// get them, whether the ignore rule is this user's or came in with a
// .gitignore from the remote. Files memweave itself keeps out of the
// index (hidden and temporary names) are left out.
func (s *syncer) ignoredNotes(ctx context.Context) string {
	out, err := s.git(ctx, nil, "ls-files", "-z", "--others", "--ignored", "--exclude-standard", "--directory", "--", workspace.MemoryDir+"/")
	if err != nil {
		return ""
	}
	var names []string
	n := 0
	for _, p := range strings.Split(string(out), "\x00") {
		dir := strings.HasSuffix(p, "/")
		parts := strings.Split(strings.TrimSuffix(p, "/"), "/")
		if p == "" || slices.ContainsFunc(parts, workspace.IsIgnoredName) || !dir && !workspace.IsMarkdown(parts[len(parts)-1]) {
			continue
		}
		if n++; len(names) < maxIgnoredNamed {
			names = append(names, p)
		}
	}
	if n == 0 {
		return ""
	}
	more := ""
	if n > len(names) {
		more = fmt.Sprintf(" and %d more", n-len(names))
	}
	return fmt.Sprintf("git ignores %s%s (a .gitignore or git's excludes), so sync does not share them; see git check-ignore -v PATH",
		strings.Join(names, ", "), more)
}

// indexBase returns the commit to re-index from: the one the index last
// reflected, since a sync killed after moving the branch but before
// re-indexing left files that this one must index. The first sync of a
// clone records HEAD as that commit before it moves the branch: killed
// after the move, it would otherwise leave the next sync no commit to
// re-index from, and the notes it brought would stay out of the index.
func (s *syncer) indexBase(ctx context.Context, root string) (string, error) {
	st, _ := readState(root)
	ids, err := s.revs(ctx, "HEAD", st.IndexedCommit)
	if err != nil {
		return "", err
	}
	head := ids[0]
	if st.IndexedCommit != "" {
		return cmp.Or(ids[1], head), nil
	}
	if head != "" {
		st.IndexedCommit = head
		if err := writeState(root, st); err != nil {
			return "", err
		}
	}
	return head, nil
}

// outsideAnyRepository reports whether git, run in root, would surely find
// no repository: neither root nor any folder above it holds a .git entry
// (a folder, a gitfile or a link) or a HEAD (a bare repository's). git
// looks for a repository in those places only ([history.Git] leaves out
// GIT_DIR and the variables that would name one elsewhere), and the
// variables that stop its search upward (GIT_CEILING_DIRECTORIES) only
// make it find less. Any other answer than "no such file", a folder it
// cannot read included, leaves the question to git.
func outsideAnyRepository(root string) bool {
	dir, err := filepath.Abs(root)
	if err != nil {
		return false
	}
	for {
		for _, name := range []string{".git", "HEAD"} {
			if _, err := os.Lstat(filepath.Join(dir, name)); !errors.Is(err, fs.ErrNotExist) {
				return false
			}
		}
		up := filepath.Dir(dir)
		if up == dir {
			return true
		}
		dir = up
	}
}

// newSyncer checks that root is the top of a repository on a branch with
// the remote, and fills in the defaults. A syncer that reads (for a
// status) starts only git commands marked as memweave's readers
// ([history.GitOptions.Reads]).
func newSyncer(ctx context.Context, root string, opts Options, reads bool) (*syncer, error) {
	if opts.MaxBlobBytes <= 0 {
		opts.MaxBlobBytes = 16 << 20
	}
	if opts.MaxTreeBytes <= 0 {
		opts.MaxTreeBytes = history.DefaultMaxTreeBytes
	}
	if opts.MaxFetchBytes <= 0 {
		opts.MaxFetchBytes = 2 * opts.MaxTreeBytes
	}
	if opts.PushAttempts <= 0 {
		opts.PushAttempts = DefaultPushAttempts
	}
	if opts.StallTimeout == 0 {
		opts.StallTimeout = DefaultStallTimeout
	}
	if opts.Host == "" {
		opts.Host, _ = os.Hostname()
	}
	if _, err := exec.LookPath("git"); err == nil && outsideAnyRepository(root) {
		// What rev-parse would answer below, without starting git twice
		// (memweave status in a folder that is no repository).
		return nil, fmt.Errorf("%w: %s", ErrNoRepository, root)
	}
	s := &syncer{root: root, remote: opts.Remote, host: safeHost(opts.Host), opts: opts, reads: reads}
	// The full name: --short gives "heads/main" when a tag is named main.
	br, brErr := s.git(ctx, nil, "symbolic-ref", "--quiet", "HEAD")
	branch, onBranch := strings.CutPrefix(strings.TrimSpace(string(br)), "refs/heads/")
	onBranch = onBranch && brErr == nil && branch != ""
	// The config first: the remote and the branch name the git paths
	// the top folder's rev-parse asks for too ([syncer.topLevel]). A
	// config git cannot read outside a repository is that error.
	if err := s.readConfig(ctx); err != nil {
		if _, terr := s.git(ctx, nil, "rev-parse", "--show-toplevel"); terr != nil {
			err = terr
		}
		return nil, notRepository(err, root)
	}
	upErr := s.upstream(ctx, branch, onBranch)
	s.branch = branch
	top, err := s.topLevel(ctx)
	if err != nil {
		return nil, notRepository(err, root)
	}
	if !sameDir(top, root) {
		return nil, fmt.Errorf("%w: %s is inside the repository at %s; sync needs the workspace to be the repository's top folder",
			ErrNoRepository, root, top)
	}
	if upErr != nil {
		return nil, upErr
	}
	url, err := s.remoteURL(ctx, false)
	if err != nil {
		from := ""
		if s.remoteSetting != "" {
			from = fmt.Sprintf(" (the upstream's remote, git config %s; change it with git branch --set-upstream-to=REMOTE/BRANCH, or pass a remote)", s.remoteSetting)
		}
		if strings.ContainsAny(s.remote, ":@") {
			return nil, fmt.Errorf("%w: %q in %s%s: the remote is a name git knows (git remote -v lists them), not a URL",
				ErrNoRemote, redactURL(s.remote), root, from)
		}
		return nil, fmt.Errorf("%w: no remote named %q in %s%s", ErrNoRemote, s.remote, root, from)
	}
	s.fetchURL = url
	if !onBranch {
		return nil, fmt.Errorf("%w: %s", ErrDetached, root)
	}
	if err := s.author(ctx); err != nil {
		return nil, err
	}
	s.offFilters()
	return s, nil
}

// notRepository is err, ErrNoRepository for root when git found no
// repository there.
func notRepository(err error, root string) error {
	if errors.Is(err, history.ErrNotRepository) {
		return fmt.Errorf("%w: %s", ErrNoRepository, root)
	}
	return err
}

// offFilters sets filtersOff: for each filter driver the config defines
// (filter.<name>.clean, .smudge or .process: programs git's add, its
// index refresh and hash-object start on every file an attribute gives
// that filter, from any config file or .git/info/attributes), settings
// that leave the programs out and the driver not required, so that git
// takes the file's bytes as they are. Sync shares notes byte for byte
// and the other machines refuse a filter attribute; a program from a
// copied workspace's .git/config, or a global git-lfs setup, has no
// part in it. To those it adds [syncer.offPlanted]'s. They are
// GIT_CONFIG_COUNT variables, after any the environment holds, since a
// driver's name may hold '=', which -c cannot carry.
func (s *syncer) offFilters() {
	var keys []string
	for key := range s.config {
		if strings.HasPrefix(key, "filter.") {
			keys = append(keys, key)
		}
	}
	slices.Sort(keys)
	var pairs [][2]string
	seen := map[string]bool{}
	for _, key := range keys {
		name, ok := strings.CutPrefix(key, "filter.")
		i := strings.LastIndexByte(name, '.')
		if !ok || i < 0 || seen[name[:i]] {
			continue
		}
		seen[name[:i]] = true
		for _, kv := range [][2]string{{"clean", ""}, {"smudge", ""}, {"process", ""}, {"required", "false"}} {
			pairs = append(pairs, [2]string{"filter." + name[:i] + "." + kv[0], kv[1]})
		}
	}
	planted, env := s.offPlanted()
	pairs = append(pairs, planted...)
	n, _ := strconv.Atoi(os.Getenv("GIT_CONFIG_COUNT"))
	n = max(n, 0)
	for _, kv := range pairs {
		s.filtersOff = append(s.filtersOff, fmt.Sprintf("GIT_CONFIG_KEY_%d=%s", n, kv[0]), fmt.Sprintf("GIT_CONFIG_VALUE_%d=%s", n, kv[1]))
		n++
	}
	if len(pairs) > 0 {
		s.filtersOff = append(s.filtersOff, "GIT_CONFIG_COUNT="+strconv.Itoa(n))
	}
	s.filtersOff = append(s.filtersOff, env...)
}

// upstream sets the remote and the remote branch sync works with: the
// branch's configured upstream (branch.<name>.remote and .merge) when it
// is on the remote asked for, or when none was asked for; otherwise the
// remote's branch named like the local one. An upstream that is a local
// branch (remote ".") is not a remote: "origin" it is.
func (s *syncer) upstream(ctx context.Context, branch string, onBranch bool) error {
	s.remote = s.opts.Remote
	var upRemote, upMerge string
	if onBranch {
		upRemote = strings.TrimSpace(s.config.last("branch." + branch + ".remote"))
		upMerge = strings.TrimSpace(s.config.last("branch." + branch + ".merge"))
		if upRemote == "." {
			upRemote = ""
		}
	}
	if s.remote == "" {
		s.remote = cmp.Or(upRemote, "origin")
		if upRemote != "" {
			s.remoteSetting = "branch." + branch + ".remote"
		}
	}
	s.remoteBranch = branch
	if upRemote != s.remote || upMerge == "" {
		return nil
	}
	name, ok := strings.CutPrefix(upMerge, "refs/heads/")
	if ok && name != "" && name != branch { // branch is HEAD's: a valid name
		_, err := s.git(ctx, nil, "check-ref-format", "--branch", name)
		ok = err == nil
	}
	if !ok {
		return fmt.Errorf("gitsync: branch.%s.merge is %q in %s: sync follows an upstream that is a branch (refs/heads/NAME); fix it with git branch --set-upstream-to=REMOTE/BRANCH",
			branch, upMerge, s.root)
	}
	s.remoteBranch = name
	return nil
}

// remoteRef is the ref recording the tip of the remote branch that sync
// last accepted.
func (s *syncer) remoteRef() string { return remoteRefs + s.remote + "/" + s.remoteBranch }

// syncedRef is the ref recording the tip of the remote branch that this
// machine's branch last took in or pushed (see [syncedRefs]).
func (s *syncer) syncedRef() string { return syncedRefs + s.remote + "/" + s.remoteBranch }

// setSynced records tip, now in the branch's history, as the remote's
// tip this machine last shared; "" records nothing.
func (s *syncer) setSynced(ctx context.Context, tip, why string) error {
	if tip == "" || tip == s.synced {
		return nil
	}
	if _, err := s.git(ctx, nil, "update-ref", "-m", "memweave sync: "+why, s.syncedRef(), tip); err != nil {
		return err
	}
	s.synced = tip
	return nil
}

// rewriteBase returns, when the user accepted a rewritten history of the
// remote (its tip sync last shared, the synced ref, is no ancestor of
// incoming) and head still holds that tip, that tip: what head changed
// since is this machine's own, to replay onto incoming; all else in
// head's tree is the old history, which the rewrite may have purged a
// note from. "" otherwise, and for a repository synced only by versions
// that kept no such ref.
func (s *syncer) rewriteBase(ctx context.Context, head, incoming string) (string, error) {
	synced := s.synced // as the fetch of incoming read it
	if synced == "" {
		return "", nil
	}
	if ok, err := s.isAncestor(ctx, synced, incoming); err != nil || ok {
		return "", err
	}
	if ok, err := s.isAncestor(ctx, synced, head); err != nil || !ok {
		return "", err
	}
	return synced, nil
}

// inProgress names the files git keeps while an operation waits for the
// user, and the operation.
var inProgress = [][2]string{{"MERGE_HEAD", "merge"}, {"CHERRY_PICK_HEAD", "cherry-pick"},
	{"REVERT_HEAD", "revert"}, {"rebase-merge", "rebase"}, {"rebase-apply", "rebase or am"}}

// notInProgress refuses a workspace where the user is in the middle of a
// git operation, or where git left a file conflicted: its index and
// notes may hold a half-done merge with conflict markers, which a sync
// would commit and push to every machine.
func (s *syncer) notInProgress(ctx context.Context) error {
	var names []string
	for _, op := range inProgress {
		names = append(names, op[0])
	}
	paths, err := s.gitPaths(ctx, names...)
	if err != nil {
		return err
	}
	for i, p := range paths {
		if _, err := os.Lstat(p); err == nil {
			return fmt.Errorf("%w: a git %s in %s waits to be finished (git %s --continue, or --abort); nothing was synced",
				ErrInProgress, inProgress[i][1], s.root, strings.Fields(inProgress[i][1])[0])
		}
	}
	// A conflict git leaves with no operation in progress (git stash
	// pop, checkout -m, apply --3way): its markers are in the file.
	out, err := s.git(ctx, nil, "ls-files", "-u", "-z")
	if err != nil {
		return err
	}
	if rec, _, _ := strings.Cut(string(out), "\x00"); rec != "" {
		_, p, _ := strings.Cut(rec, "\t")
		return fmt.Errorf("%w: git left %s in %s conflicted, with its conflict markers; nothing was synced (resolve it and git add it, or take back one side with git checkout HEAD -- %s)",
			ErrInProgress, p, s.root, p)
	}
	return nil
}

// noHiddenNotes refuses a workspace where git is told not to look at a
// file sync shares: one marked skip-worktree or assume-unchanged, or
// left out of a sparse checkout. Git's add skips it, so its edits are
// never shared, and a change the remote brings to it cannot be written
// without losing them: sync would stop at it on every run. The error
// names the file and the git command that gives it back to sync.
func (s *syncer) noHiddenNotes(ctx context.Context) error {
	out, err := s.git(ctx, nil, "ls-files", "-v", "-z", "--", workspace.MemoryDir, SettingsFile, AttributesFile)
	if err != nil {
		return err
	}
	for _, rec := range strings.Split(string(out), "\x00") {
		// "S": skip-worktree; lower case: assume-unchanged too.
		tag, p, ok := strings.Cut(rec, " ")
		if !ok || tag != "S" && tag != strings.ToLower(tag) {
			continue
		}
		if _, err := os.Lstat(filepath.Join(s.root, filepath.FromSlash(p))); tag == "S" && errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("gitsync: %s is outside this checkout's sparse-checkout patterns, so git does not look at it; sync shares every file under %s/, nothing was synced (run git sparse-checkout add /%s/, or git sparse-checkout disable, then sync again)",
				p, workspace.MemoryDir, workspace.MemoryDir)
		}
		var marks, cmds []string
		if strings.EqualFold(tag, "S") {
			marks, cmds = append(marks, "skip-worktree"), append(cmds, "git update-index --no-skip-worktree -- "+p)
		}
		if tag == strings.ToLower(tag) {
			marks, cmds = append(marks, "assume-unchanged"), append(cmds, "git update-index --no-assume-unchanged -- "+p)
		}
		return fmt.Errorf("gitsync: %s is marked %s, so git does not look at it and its edits are never shared; nothing was synced (run %s, then sync again)",
			p, strings.Join(marks, " and "), strings.Join(cmds, " && "))
	}
	return nil
}

// noPrograms are the settings every git call of sync starts with: hooks
// and the file system monitor (core.fsmonitor) are programs the config
// may name, and sync needs neither.
var noPrograms = []string{"-c", "core.hooksPath=/dev/null", "-c", "core.fsmonitor=false"}

// git runs git in the workspace with [noPrograms] and sync's settings.
func (s *syncer) git(ctx context.Context, env []string, args ...string) ([]byte, error) {
	return s.gitIn(ctx, s.root, env, args...)
}

// gitIn is [syncer.git] run in the folder dir. core.safecrlf makes git
// add refuse a file whose line ends git's checkout would change (every
// note with LF ends, under core.autocrlf=true): sync never checks a file
// out through that conversion, so the check guards nothing of its own.
func (s *syncer) gitIn(ctx context.Context, dir string, env []string, args ...string) ([]byte, error) {
	return s.gitWith(ctx, dir, history.GitOptions{Env: env}, args...)
}

// gitWith is [syncer.gitIn] with the options opts (its Env after sync's
// author).
func (s *syncer) gitWith(ctx context.Context, dir string, opts history.GitOptions, args ...string) ([]byte, error) {
	pre := append(slices.Clip(noPrograms), "-c", "core.quotePath=false",
		"-c", "merge.renames=false", "-c", "diff.renames=false", "-c", "core.safecrlf=false")
	opts.Env = append(slices.Clip(s.gitEnv), opts.Env...)
	return s.runIn(ctx, dir, opts, append(pre, args...)...)
}

// run runs git in the workspace and adds its time to gitTime.
func (s *syncer) run(ctx context.Context, opts history.GitOptions, args ...string) ([]byte, error) {
	return s.runIn(ctx, s.root, opts, args...)
}

// runIn is [syncer.run] in the folder dir. A command that finds a lock
// of the repository taken ([lockTaken]: the index's, which an editor's
// git integration takes for a moment each time it runs git status) runs
// again once it is free, for up to foreignLockWait, as sync waits for a
// running git's lock when it starts.
func (s *syncer) runIn(ctx context.Context, dir string, opts history.GitOptions, args ...string) ([]byte, error) {
	opts.Env = append(slices.Clip(opts.Env), s.filtersOff...)
	opts.Reads = opts.Reads || s.reads
	// In a partial clone, git would fetch a blob it lacks on the fly, in
	// a fetch no stall timeout or bound watches: sync fetches what it
	// reads itself ([syncer.fetchBlobs]), and the rest of its git
	// commands fetch nothing.
	opts.NoFetch = !transfer(args)
	if transfer(args) && s.opts.StallTimeout > 0 {
		opts.StallTimeout = s.opts.StallTimeout
	}
	deadline := time.Now().Add(foreignLockWait)
	for wait := 20 * time.Millisecond; ; wait = min(2*wait, 500*time.Millisecond) {
		t := time.Now()
		out, err := history.Git(ctx, dir, opts, args...)
		s.gitTime += time.Since(t)
		var ge *history.GitError
		if err != nil && (ctx.Err() != nil || errors.As(err, &ge) && ge.ExitCode() == -1) {
			s.gitKilled = true
		}
		if !lockTaken(err, args) || time.Now().Add(wait).After(deadline) {
			return out, err
		}
		if ctxsleep.Sleep(ctx, wait) != nil {
			return out, err
		}
	}
}

// lockTaken reports whether err is a git command's, run here (not a
// transfer, whose messages may be the remote's), that stopped before it
// changed anything because a lock file of the repository was there.
func lockTaken(err error, args []string) bool {
	var ge *history.GitError
	if !errors.As(err, &ge) || !strings.Contains(ge.Stderr, "Unable to create '") || !strings.Contains(ge.Stderr, ".lock': File exists") {
		return false
	}
	return subcommand(args) != "" && !transfer(args)
}

// transfer reports whether the git command of args reaches the remote:
// push, fetch or ls-remote.
func transfer(args []string) bool {
	a := subcommand(args)
	return a == "push" || a == "fetch" || a == "ls-remote"
}

// subcommand is the git command of args ("fetch"), past the global
// options before it ("-c name=value"); "" when there is none.
func subcommand(args []string) string {
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case a == "-c" || a == "-C":
			i++
		case strings.HasPrefix(a, "-"):
		default:
			return a
		}
	}
	return ""
}

// rev resolves rev to a commit id, "" when it names none.
func (s *syncer) rev(ctx context.Context, rev string) (string, error) {
	out, err := s.git(ctx, nil, "rev-parse", "--verify", "--quiet", "--end-of-options", rev+"^{commit}")
	if err != nil {
		var ge *history.GitError
		if errors.As(err, &ge) {
			return "", nil
		}
		return "", err
	}
	return strings.TrimSpace(string(out)), nil
}

// isAncestor reports whether a is an ancestor of (or equal to) b: then,
// and only then, a is their merge base ([syncer.mergeBase]).
func (s *syncer) isAncestor(ctx context.Context, a, b string) (bool, error) {
	base, err := s.mergeBase(ctx, a, b)
	return err == nil && base == a, err
}

// mergeBase returns a best common ancestor of the commits a and b, ""
// when they have none. Commits do not change: each pair is asked of git
// once a sync.
func (s *syncer) mergeBase(ctx context.Context, a, b string) (string, error) {
	key := [2]string{min(a, b), max(a, b)}
	if base, ok := s.bases[key]; ok {
		return base, nil
	}
	if a == b && objectID(a) {
		return a, nil // a commit is its own merge base
	}
	out, err := s.git(ctx, nil, "merge-base", a, b)
	var ge *history.GitError
	if errors.As(err, &ge) && ge.ExitCode() == 1 {
		err, out = nil, nil
	}
	if err != nil {
		return "", err
	}
	s.knownBase(a, b, strings.TrimSpace(string(out)))
	return s.bases[key], nil
}

// knownBase records base as the merge base of the commits a and b.
func (s *syncer) knownBase(a, b, base string) {
	if s.bases == nil {
		s.bases = map[[2]string]string{}
	}
	s.bases[[2]string{min(a, b), max(a, b)}] = base
}

// author sets the commits' author and committer.
func (s *syncer) author(ctx context.Context) error {
	name, email := "", ""
	if a := s.opts.Author; a != "" {
		n, e, ok := strings.Cut(a, "<")
		e, ok2 := strings.CutSuffix(strings.TrimSpace(e), ">")
		if !ok || !ok2 || strings.TrimSpace(n) == "" || strings.ContainsAny(a, "\x00\n") {
			return fmt.Errorf("gitsync: author %q: want \"Name <email>\"", a)
		}
		name, email = strings.TrimSpace(n), e
	} else {
		name, email = strings.TrimSpace(s.config.last("user.name")), strings.TrimSpace(s.config.last("user.email"))
	}
	if name == "" {
		name = "memweave"
	}
	if email == "" {
		email = "memweave@" + s.host
	}
	s.gitEnv = []string{"GIT_AUTHOR_NAME=" + name, "GIT_AUTHOR_EMAIL=" + email,
		"GIT_COMMITTER_NAME=" + name, "GIT_COMMITTER_EMAIL=" + email}
	return nil
}

// fetchBranch runs git's fetch of the remote branch into incomingRef and
// reports whether the remote has that branch (false, and no error, when
// it has no branch at all yet). tracking holds the remote-tracking refs
// as they were before it.
func (s *syncer) fetchBranch(ctx context.Context, tracking map[string]string) (bool, error) {
	err := s.boundedFetch(ctx, tracking, nil, "--", s.remote, "+refs/heads/"+s.remoteBranch+":"+incomingRef)
	if errors.Is(err, ErrRefused) {
		return false, err
	}
	if err != nil {
		var ge *history.GitError
		if errors.As(err, &ge) && strings.Contains(ge.Stderr, "couldn't find remote ref") {
			if prev, _ := s.rev(ctx, s.remoteRef()); prev != "" {
				return false, s.branchGone(ctx, prev)
			}
			return false, s.noOtherBranch(ctx)
		}
		return false, fmt.Errorf("gitsync: fetch %s: %w", s.remote, err)
	}
	return true, nil
}

// boundedFetch runs git fetch with args after its options, stdin (nil:
// none) as its input, bounded: on disk, in memory and (as every
// transfer) in time. A fetch past a bound drops what it fetched
// (tracking holds the remote-tracking refs as they were before) and
// fails with ErrRefused, naming the bound.
func (s *syncer) boundedFetch(ctx context.Context, tracking map[string]string, stdin []byte, args ...string) error {
	// One pack, whatever the object count (fetch.unpackLimit), so that
	// MaxFetchBytes bounds it; git's maintenance, which may repack a big
	// project's repository, runs after, unbounded.
	pre := append([]string{"-c", "http.lowSpeedLimit=1000", "-c", "http.lowSpeedTime=60", "-c", "fetch.unpackLimit=1",
		"fetch", "--quiet", "--progress", "--no-tags", "--no-recurse-submodules", "--no-write-fetch-head", "--no-auto-maintenance"},
		s.localPack(ctx, false)...)
	_, err := s.gitWith(ctx, s.root, history.GitOptions{Stdin: stdin, MaxFileBytes: s.opts.MaxFetchBytes, MaxDataBytes: s.transferMemory()},
		append(pre, args...)...)
	if errors.Is(err, history.ErrMemoryBound) {
		s.dropFetched(ctx, tracking)
		s.removeCutPacks(ctx)
		return fmt.Errorf("%w the fetch from %s: %w", ErrRefused, s.remote, s.memoryBoundHit(err))
	}
	if errors.Is(err, history.ErrFileTooLarge) {
		s.dropFetched(ctx, tracking)
		s.removeCutPacks(ctx)
		return fmt.Errorf("%w the fetch from %s: the remote sent a pack of more than %d bytes, the bound (twice Config.MaxTreeBytes unless set; raise that for a larger memory): %w",
			ErrRefused, s.remote, s.opts.MaxFetchBytes, err)
	}
	return err
}

// fetchBlobs fetches, in a partial clone (git clone --filter=blob:none),
// the objects sync reads that the clone lacks: those of commit's tree,
// which the check of that tree (every blob's size) and the merge read,
// and, when base is the merge base of head and commit, base's version
// of each path both changed since, which the merge reads. In one bounded
// fetch from sync's remote, which sent commit and holds base: git
// fetched each on the fly, unbounded, one process a blob, and only from
// its promisor remote, which may be another remote (the clone's origin,
// where sync's remote brought nothing of what the clone's commits from
// origin reach). Nothing to do in a full clone.
func (s *syncer) fetchBlobs(ctx context.Context, commit, base, head string, tracking map[string]string) error {
	promisor := s.config.isTrue("remote."+s.remote+".promisor") || s.config.last("extensions.partialclone") == s.remote
	if !promisor && !s.config.partialClone() {
		return nil
	}
	missing, err := s.missingObjects(ctx, commit, nil)
	if err == nil && base != "" && base != head && base != commit {
		var reads map[string]bool
		if reads, err = s.bothChangedBases(ctx, base, head, commit); err == nil && len(reads) > 0 {
			var more string
			more, err = s.missingObjects(ctx, base, reads)
			missing += more
		}
	}
	if err != nil || missing == "" {
		return err
	}
	// As git's own fetch of what a partial clone lacks: those objects
	// alone, none of what they reach. From a remote that is not a
	// promisor, without --filter, which would make it one (git writes
	// remote.<name>.promisor): a blob reaches nothing, and the blobs a
	// tree reaches are what the check reads.
	args := []string{"--stdin", "--", s.remote}
	if promisor {
		args = append([]string{"--filter=blob:none"}, args...)
	}
	err = s.boundedFetch(ctx, tracking, []byte(missing), args...)
	if err != nil && !errors.Is(err, ErrRefused) {
		s.dropFetched(ctx, tracking)
		return fmt.Errorf("gitsync: fetch the notes of %.12s from %s into this partial clone (nothing changed here; sync again once %s answers: `git -C %s ls-remote %s` checks it): %w",
			commit, s.remote, s.remote, s.root, s.remote, err)
	}
	return err
}

// missingObjects lists, one id a line, the objects of commit's tree
// this partial clone lacks (those in only, when not nil), as git's
// rev-list finds them without fetching.
func (s *syncer) missingObjects(ctx context.Context, commit string, only map[string]bool) (string, error) {
	out, err := s.run(ctx, history.GitOptions{MaxOutput: history.MaxListing}, "rev-list", "--objects", "--missing=print", "--no-walk", commit)
	if errors.Is(err, history.ErrOutputTooLarge) {
		return "", fmt.Errorf("%w the tree at %.12s: its listing is over %d bytes", ErrRefused, commit, history.MaxListing)
	}
	if err != nil {
		return "", fmt.Errorf("gitsync: list what the partial clone lacks of %.12s: %w", commit, err)
	}
	var missing strings.Builder
	for line := range strings.SplitSeq(string(out), "\n") {
		if id, ok := strings.CutPrefix(line, "?"); ok && (only == nil || only[id]) {
			missing.WriteString(id + "\n")
		}
	}
	return missing.String(), nil
}

// bothChangedBases returns the blobs at base of the files that both
// head and commit changed since (a three-way merge reads them), from
// git's comparison of the trees, which reads no blob.
func (s *syncer) bothChangedBases(ctx context.Context, base, head, commit string) (map[string]bool, error) {
	var changed [2]map[string]string // path -> its blob at base
	for i, c := range []string{head, commit} {
		out, err := s.run(ctx, history.GitOptions{MaxOutput: history.MaxListing}, "diff-tree", "-r", "-z", "--no-renames", "--no-abbrev", base, c)
		if err != nil {
			return nil, fmt.Errorf("gitsync: compare %.12s with the merge base %.12s: %w", c, base, err)
		}
		changed[i] = map[string]string{}
		recs := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
		for j := 0; j+1 < len(recs); j += 2 {
			// ":oldmode newmode oldblob newblob status", then the path.
			if f := strings.Fields(strings.TrimPrefix(recs[j], ":")); len(f) == 5 && f[4] == "M" {
				changed[i][recs[j+1]] = f[2]
			}
		}
	}
	reads := map[string]bool{}
	for p, oid := range changed[1] {
		if _, ok := changed[0][p]; ok {
			reads[oid] = true
		}
	}
	return reads, nil
}

// fetch fetches the remote branch into incomingRef, checks it, and
// returns its commit ("" when the remote has no such branch yet).
func (s *syncer) fetch(ctx context.Context) (string, error) {
	tracking, err := s.trackingRefs(ctx)
	if err != nil {
		return "", err
	}
	if found, err := s.fetchBranch(ctx, tracking); err != nil || !found {
		return "", err
	}
	ids, err := s.revs(ctx, incomingRef, s.remoteRef(), legacyRemoteRef, s.syncedRef(), "HEAD")
	if err != nil || ids[0] == "" {
		s.dropFetched(ctx, tracking)
		if err != nil {
			return "", fmt.Errorf("gitsync: fetch %s: %w", s.remote, err)
		}
		return "", fmt.Errorf("gitsync: fetch %s: its branch %s names no commit", s.remote, s.remoteBranch)
	}
	incoming, prev, synced, against, head := ids[0], ids[1], ids[3], ids[4], ids[4]
	if prev == "" && s.remoteBranch == s.branch {
		// Earlier versions kept one ref, for the branch of the same name.
		prev = ids[2]
	}
	s.synced = synced
	// A tip sync recorded was checked when it arrived; the
	// remote-tracking ref (a clone's, before its first sync) was not, nor
	// a tip the user recorded to accept a rewritten history, which
	// differs from the one this machine last took in.
	checked := prev != "" && (synced == "" || synced == prev)
	if prev == "" {
		// As it was before this fetch, which moved it to incoming.
		prev = tracking["refs/remotes/"+s.remote+"/"+s.remoteBranch]
	}
	if prev != "" && prev != incoming {
		ok, err := s.isAncestor(ctx, prev, incoming)
		if err != nil {
			return "", err
		}
		if !ok {
			s.dropFetched(ctx, tracking)
			return "", fmt.Errorf("%w: %s/%s was %.12s, now %.12s (if the rewrite is intended, review it, then run: git fetch %s && git update-ref %s %s/%s)",
				ErrRewritten, s.remote, s.remoteBranch, prev, incoming, s.remote, s.remoteRef(), s.remote, s.remoteBranch)
		}
	}
	if incoming == prev && checked {
		return incoming, nil // checked when it arrived
	}
	s.fetchedNew = true
	// Outside memory/, the remote may change nothing since the history
	// it shares with this machine, whose own commits there are its own.
	if against != "" {
		if base, err := s.mergeBase(ctx, against, incoming); err == nil && base != "" {
			against = base
		}
	}
	if err := s.fetchBlobs(ctx, incoming, against, head, tracking); err != nil {
		return "", err
	}
	if err := s.checkTree(ctx, incoming, against, head, remoteTree); err != nil {
		// Leave no ref to what was refused, so git can drop its objects.
		s.dropFetched(ctx, tracking)
		return "", err
	}
	if _, err := s.git(ctx, nil, "update-ref", "-m", "memweave sync: fetched", s.remoteRef(), incoming); err != nil {
		return "", err
	}
	return incoming, nil
}

// removeCutPacks removes the temporary pack files a fetch stopped at
// MaxFetchBytes left (git's index-pack does not remove its own): those
// of exactly that size that no process holds open.
func (s *syncer) removeCutPacks(ctx context.Context) {
	out, err := s.gitPaths(ctx, "objects/pack")
	if err != nil {
		return
	}
	dir := out[0]
	tmps := workspace.Prefixed(dir, "tmp_pack_")
	for _, p := range tmps {
		if fi, err := os.Lstat(p); err == nil && fi.Mode().IsRegular() && fi.Size() == history.FileSizeBound(s.opts.MaxFetchBytes) && !heldOpen(p) {
			os.Remove(p)
		}
	}
}

// maxListBytes bounds the memory of git ls-remote, which reads every
// ref a remote lists before it prints one (a few hundred bytes a branch;
// figures in docs/team.md): some 200,000 branches fit.
const maxListBytes = 64 << 20

// noOtherBranch refuses to start the remote branch when the remote has
// other branches: the team's memory is on one of them (git's default
// branch name, main or master, differs between machines), and a second
// one beside it would split the memory while every sync succeeds. An
// empty remote, a new team's, gets its first branch. A remote that lists
// more branches than git ls-remote holds within maxListBytes is refused
// as one with branches, without their names.
func (s *syncer) noOtherBranch(ctx context.Context) error {
	var heads headNames
	_, err := s.gitWith(ctx, s.root, history.GitOptions{Stdout: &heads, MaxDataBytes: maxListBytes},
		append(append([]string{"ls-remote", "--heads"}, s.localPack(ctx, false)...), "--", s.remote)...)
	if errors.Is(err, history.ErrMemoryBound) {
		return fmt.Errorf("%w: %s has no branch %s but lists more branches than git ls-remote reads within %d MiB: sync will not start a second memory beside those; sync with one (git config branch.%s.remote %s && git config branch.%s.merge refs/heads/BRANCH), or, to start %s on purpose, push it once (git push %s %s)",
			ErrNoRemoteBranch, s.remote, s.remoteBranch, maxListBytes>>20, s.branch, s.remote, s.branch, s.remoteBranch, s.remote, s.branch+":"+s.remoteBranch)
	}
	if err != nil {
		return fmt.Errorf("gitsync: list the branches of %s: %w", s.remote, err)
	}
	if heads.n == 0 {
		return nil
	}
	more := ""
	if heads.n > len(heads.first) {
		more = fmt.Sprintf(" and %d more", heads.n-len(heads.first))
	}
	one := "BRANCH" // a name the remote chose goes into no command to run
	if shellWord(heads.first[0]) {
		one = heads.first[0]
	}
	return fmt.Errorf("%w: %s has no branch %s but has %s%s: sync will not start a second memory beside those, which the machines syncing with them would never see; sync with one (git config branch.%s.remote %s && git config branch.%s.merge refs/heads/%s), or, to start %s on purpose, push it once (git push %s %s)",
		ErrNoRemoteBranch, s.remote, s.remoteBranch, strings.Join(heads.first, ", "), more, s.branch, s.remote, s.branch, one, s.remoteBranch, s.remote, s.branch+":"+s.remoteBranch)
}

// branchGone is the error of a remote whose branch sync last saw at
// prev is gone: a branch renamed (git branch -m in the remote, a master
// to main move) leaves another at prev, which it names with the commands
// that follow it; sync follows none by itself.
func (s *syncer) branchGone(ctx context.Context, prev string) error {
	gone := fmt.Errorf("%w: %s/%s was %.12s, now it is gone", ErrRewritten, s.remote, s.remoteBranch, prev)
	var heads headNames
	_, err := s.gitWith(ctx, s.root, history.GitOptions{Stdout: &heads, MaxDataBytes: maxListBytes},
		append(append([]string{"ls-remote", "--heads"}, s.localPack(ctx, false)...), "--", s.remote)...)
	if err != nil || heads.n == 0 {
		return gone
	}
	follow := func(name string) string {
		return fmt.Sprintf("git config branch.%s.remote %s && git config branch.%s.merge refs/heads/%s", s.branch, s.remote, s.branch, name)
	}
	if i := slices.Index(heads.ids, prev); i >= 0 && shellWord(heads.first[i]) {
		return fmt.Errorf("%w; the remote's branch %s is at that commit (renamed?): to sync with it, run %s, then sync again",
			gone, heads.first[i], follow(heads.first[i]))
	}
	more := ""
	if heads.n > len(heads.first) {
		more = fmt.Sprintf(" and %d more", heads.n-len(heads.first))
	}
	return fmt.Errorf("%w; the remote has %s%s: review them (git fetch %s), and to sync with one whose history holds %.12s, run %s",
		gone, strings.Join(heads.first, ", "), more, s.remote, prev, follow("NAME"))
}

// shellWord reports whether the branch name s, which the remote chose,
// may go into a command the user is told to run: letters, digits and
// "._/-" alone. Git takes "$(...)" and ";" in a branch name.
func shellWord(s string) bool {
	return s != "" && !strings.HasPrefix(s, "-") && !strings.ContainsFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("._/-", r))
	})
}

// headNames takes git ls-remote --heads' output as git writes it and
// keeps the first five branch names (and their commits) and the count,
// whatever the length.
type headNames struct {
	first, ids []string
	n          int
	line       []byte // the start of a line not yet ended
}

// Write takes the next bytes of the listing; it never fails.
func (h *headNames) Write(p []byte) (int, error) {
	for rest := p; len(rest) > 0; {
		i := bytes.IndexByte(rest, '\n')
		if i < 0 {
			if len(h.line) < 4096 { // a ref name is shorter
				h.line = append(h.line, rest...)
			}
			break
		}
		line := append(h.line, rest[:i]...)
		h.line, rest = h.line[:0], rest[i+1:]
		if id, ref, ok := strings.Cut(string(line), "\t"); ok {
			h.n++
			if len(h.first) < 5 {
				h.first = append(h.first, ctlesc.Controls(strings.TrimPrefix(ref, "refs/heads/")))
				h.ids = append(h.ids, id)
			}
		}
	}
	return len(p), nil
}

// trackingRefs returns the refs a fetch of the remote branch may move,
// by name, with their commits ("" for one that does not exist yet): git
// updates the remote-tracking refs the remote's fetch setting
// (remote.<name>.fetch) maps that branch to, whatever sync then decides,
// and refs/remotes/<remote>/<branch>, a clone's, is read too. It reads
// those names alone, in one listing: a clone of a remote that lists a
// million branches holds as many refs under refs/remotes/<remote>/
// (docs/team.md gives what listing them all costs).
func (s *syncer) trackingRefs(ctx context.Context) (map[string]string, error) {
	names := []string{"refs/remotes/" + s.remote + "/" + s.remoteBranch}
	for _, spec := range s.config.all("remote." + s.remote + ".fetch") {
		if dst := fetchedInto(spec, "refs/heads/"+s.remoteBranch); dst != "" && !slices.Contains(names, dst) {
			names = append(names, dst)
		}
	}
	// One listing of those names; a pattern also matches the refs under
	// it (refs/remotes/origin/main/x), which are left out.
	out, err := s.git(ctx, nil, append([]string{"for-each-ref", "--format=%(objectname) %(refname)", "--"}, names...)...)
	if err != nil {
		return nil, fmt.Errorf("gitsync: read the remote-tracking refs %s: %w", strings.Join(names, ", "), err)
	}
	refs := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if id, got, ok := strings.Cut(line, " "); ok && slices.Contains(names, got) {
			refs[got] = id
		}
	}
	return refs, nil
}

// fetchedInto returns the ref the fetch refspec spec ("+refs/heads/*:
// refs/remotes/origin/*", as in remote.<name>.fetch) maps the remote's
// ref to, "" when it maps it to none (another branch, a negative
// refspec, no destination).
func fetchedInto(spec, ref string) string {
	src, dst, ok := strings.Cut(strings.TrimPrefix(strings.TrimSpace(spec), "+"), ":")
	if !ok || dst == "" || strings.HasPrefix(src, "^") {
		return ""
	}
	before, after, glob := strings.Cut(src, "*")
	switch {
	case !glob && (src == ref || "refs/"+src == ref || "refs/heads/"+src == ref):
		return dst
	case glob && len(ref) >= len(before)+len(after) && strings.HasPrefix(ref, before) && strings.HasSuffix(ref, after):
		return strings.Replace(dst, "*", ref[len(before):len(ref)-len(after)], 1)
	}
	return ""
}

// dropFetched deletes incomingRef, after sync refused what the fetch
// brought there, and puts back the remote-tracking refs the same fetch
// moved to it ([syncer.restoreTracking]). They hold what incomingRef
// holds, read before it goes: not always the commit sync refused, which
// a hostile remote's branch may name through an annotated tag.
func (s *syncer) dropFetched(ctx context.Context, before map[string]string) {
	fetched, _ := s.git(ctx, nil, "rev-parse", "--verify", "--quiet", "--end-of-options", incomingRef)
	s.git(ctx, nil, "update-ref", "-d", incomingRef)
	if id := strings.TrimSpace(string(fetched)); id != "" {
		s.restoreTracking(ctx, before, id)
	}
}

// restoreTracking puts back, as before holds them, the remote-tracking
// refs that now name refused, the object a fetch brought and sync
// refused: no ref of the repository is left naming it, so a git pull or
// merge of the remote-tracking branch does not take in what sync
// refused. One that named refused already before (a killed sync's fetch
// moved it) goes back to the tip sync last checked, or in a clone never
// synced to the merge base of HEAD and refused. A ref that names
// another commit is left alone: another worktree's fetch, of another
// branch, moved it meanwhile.
func (s *syncer) restoreTracking(ctx context.Context, before map[string]string, refused string) {
	now, err := s.trackingRefs(ctx)
	if err != nil {
		return
	}
	for name, id := range now {
		if id != refused {
			continue
		}
		switch old, ok := before[name]; {
		case !ok:
			s.git(ctx, nil, "update-ref", "-d", name, id)
		case old != id:
			s.git(ctx, nil, "update-ref", "-m", "memweave sync: refused", name, old, id)
		default:
			// It named refused before this fetch: a sync killed between
			// its fetch and its check (or the user's git fetch) moved it.
			// Back to the tip sync last checked; in a clone never synced,
			// to what the branch shares with it.
			checked, _ := s.rev(ctx, s.remoteRef())
			if checked == "" {
				if head, _ := s.rev(ctx, "HEAD"); head != "" {
					checked, _ = s.mergeBase(ctx, head, id)
				}
			}
			if checked != "" && checked != id {
				s.git(ctx, nil, "update-ref", "-m", "memweave sync: refused", name, checked, id)
			}
		}
	}
}

// push pushes head, which holds incoming ("" when the remote has no
// such branch yet), to the remote branch, never forcing. It reports a
// rejection (the remote moved meanwhile) as rejected, not as an error.
// The push holds only while the branch is at incoming (the lease; head
// fast-forwards it, so nothing is forced): renamed or deleted since the
// fetch, a plain push made it again beside the one it became, and the
// machines on either never saw the others' notes.
func (s *syncer) push(ctx context.Context, incoming, head string) (rejected bool, err error) {
	lease := "--force-with-lease=refs/heads/" + s.remoteBranch + ":" + incoming
	args := append([]string{"-c", "http.lowSpeedLimit=1000", "-c", "http.lowSpeedTime=60", "push", "--porcelain", "--progress", "--no-verify", "--no-recurse-submodules", lease},
		s.localPack(ctx, true)...)
	out, err := s.gitWith(ctx, s.root, history.GitOptions{MaxDataBytes: s.transferMemory()}, append(args, "--", s.remote, head+":refs/heads/"+s.remoteBranch)...)
	if err == nil {
		return false, nil
	}
	if errors.Is(err, history.ErrMemoryBound) {
		return false, fmt.Errorf("%w the push to %s: %w", ErrRefused, s.remote, s.memoryBoundHit(err))
	}
	var ge *history.GitError
	if errors.As(err, &ge) && (bytes.Contains(out, []byte("branch is currently checked out")) || strings.Contains(ge.Stderr, "branch is currently checked out")) {
		return false, fmt.Errorf("gitsync: push to %s: its branch %s is checked out in a work tree there; sync pushes into no work tree, which it would write as this user with that repository's programs (its filters, its file system monitor): make the remote a bare repository (git clone --bare), or switch that work tree to another branch", s.remote, s.remoteBranch)
	}
	if errors.As(err, &ge) && (bytes.Contains(out, []byte("rejected")) || strings.Contains(ge.Stderr, "rejected") ||
		strings.Contains(ge.Stderr, "failed to lock") || strings.Contains(ge.Stderr, "cannot lock ref")) {
		return true, nil
	}
	return false, fmt.Errorf("gitsync: push to %s: %w", s.remote, err)
}

// transferMemory bounds the memory of each git process of a fetch or a
// push (Linux): git reads every ref the remote lists into memory first
// (a push always, speaking protocol v0; a fetch when the remote answers
// in v0, which the remote chooses), about 200 to 400 bytes a ref, and
// the remote chooses how many; what a fetch indexes is bounded by
// MaxFetchBytes. Twice MaxFetchBytes and 64 MiB: 1,088 MiB by default.
func (s *syncer) transferMemory() int64 { return 2*s.opts.MaxFetchBytes + 64<<20 }

// memoryBoundHit says that git needed more than transferMemory.
func (s *syncer) memoryBoundHit(err error) error {
	return fmt.Errorf("git needed more memory than the bound, %d MiB (twice Config.MaxFetchBytes and 64 MiB; a remote listing millions of refs takes that): %w", s.transferMemory()>>20, err)
}

// localReceivePack is the receive-pack sync pushes to a remote on this
// machine's disk with. Git runs it here, as this user, in the remote's
// repository, whose hooks (pre-receive, post-receive, ...),
// core.alternateRefsCommand and core.fsmonitor whoever can write that
// folder chose (a teammate, on a shared drive): it runs none of them, as
// sync's own git calls run no hook, and it updates no branch checked out
// in a work tree there (receive.denyCurrentBranch=updateInstead), which
// would check files out with that repository's filters. A remote reached over the network runs its own
// receive-pack, on its own machine, and is left alone.
const localReceivePack = "git -c core.hooksPath=/dev/null -c core.alternateRefsCommand=true -c core.fsmonitor=false -c receive.denyCurrentBranch=refuse receive-pack"

// localUploadPack is the upload-pack sync fetches from a remote on this
// machine's disk with, whatever remote.<name>.uploadpack names: a
// program of the config, run here, as this user.
const localUploadPack = "git upload-pack"

// localPack returns the option that makes git start this machine's own
// receive-pack (push) or upload-pack for a remote on this machine's disk
// ([localURL]), none for another remote, whose own runs on its machine.
func (s *syncer) localPack(ctx context.Context, push bool) []string {
	url := s.fetchURL
	if push {
		var err error
		if url, err = s.remoteURL(ctx, true); err != nil {
			return nil
		}
	}
	if !localURL(url) {
		return nil
	}
	if push {
		return []string{"--receive-pack=" + localReceivePack}
	}
	return []string{"--upload-pack=" + localUploadPack}
}

// localURL reports whether git reaches the remote URL u on this
// machine's disk (a path or file://), as git decides: not a URL with a
// scheme, not a remote helper's "transport::address", and not an
// scp-like "host:path", where a colon comes before any slash.
func localURL(u string) bool {
	if scheme, _, ok := strings.Cut(u, "://"); ok {
		return scheme == "file"
	}
	if helper, _, ok := strings.Cut(u, "::"); ok && helper != "" && !strings.ContainsFunc(helper, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '+' || r == '-' || r == '.')
	}) {
		return false // "transport::address": a remote helper
	}
	if filepath.VolumeName(u) != "" {
		return true // C:/path, on Windows
	}
	colon, slash := strings.IndexByte(u, ':'), strings.IndexByte(u, '/')
	return colon < 0 || slash >= 0 && slash < colon
}

// changedPaths lists the paths under memory/ that differ between a and
// b (all of b's when a is "").
func (s *syncer) changedPaths(ctx context.Context, a, b string) ([]string, error) {
	for _, m := range s.moves {
		if m.from == a && m.to == b {
			return slices.Clone(m.paths), nil
		}
	}
	if changes, ok := s.diffs[[2]string{a, b}]; ok {
		var paths []string
		for _, c := range changes {
			if strings.HasPrefix(c.path, workspace.MemoryDir+"/") {
				paths = append(paths, c.path)
			}
		}
		return paths, nil
	}
	var out []byte
	var err error
	if a == "" {
		out, err = s.git(ctx, nil, "ls-tree", "-r", "-z", "--name-only", "--full-tree", b, "--", workspace.MemoryDir+"/")
	} else {
		out, err = s.git(ctx, nil, "diff", "--name-only", "-z", "--no-renames", a, b, "--", workspace.MemoryDir+"/")
	}
	if err != nil {
		return nil, fmt.Errorf("gitsync: list changed paths: %w", err)
	}
	var paths []string
	for _, p := range strings.Split(string(out), "\x00") {
		if p != "" {
			paths = append(paths, p)
		}
	}
	return paths, nil
}

// lockFile takes the lock file name under root's .memweave/ folder,
// waiting in turn until it is free or ctx is done. A link at that folder,
// at the lock or at its turns folder is refused ([workspace.CheckOwnFiles]), as the write lock
// refuses one: sync writes its own files in that folder once it holds
// the lock.
func lockFile(ctx context.Context, root, name string) (unlock func(), waited bool, err error) {
	if err := workspace.CheckOwnFiles(root, name, name+workspace.TurnsSuffix); err != nil {
		return nil, false, fmt.Errorf("gitsync: lock: %w", err)
	}
	dir, err := workspace.MakeIndexDir(root)
	if err != nil {
		return nil, false, fmt.Errorf("gitsync: lock: %w", err)
	}
	fl := workspace.NewLock(filepath.Join(dir, name))
	stop := workspace.NoticeLockWait(ctx, fl.Path())
	// In turn: a sync that lets it go and asks again comes after those
	// waiting ([workspace.LockInTurn]).
	err = workspace.LockInTurn(fl, func(d time.Duration) error {
		if !waited {
			waited = true
			edithook.Step(ctx, "waiting for the sync lock")
		}
		return ctxsleep.Sleep(ctx, d)
	})
	stop()
	if err != nil {
		return nil, waited, fmt.Errorf("gitsync: lock %s: %w", fl.Path(), err)
	}
	return func() { fl.Unlock(); fl.Close() }, waited, nil
}

// redactURL hides the user and password of a URL ("https://user:token@host")
// or the user of an scp-like address ("user@host:path").
func redactURL(r string) string {
	if u, err := url.Parse(r); err == nil && u.User != nil {
		u.User = url.User("REDACTED")
		return u.String()
	}
	if _, after, ok := strings.Cut(r, "://"); ok {
		r = after // unparsable: keep no part that may be a user
	}
	if i := strings.LastIndex(r, "@"); i >= 0 {
		return "REDACTED" + r[i:]
	}
	return r
}

// sameDir reports whether a and b name the same folder.
func sameDir(a, b string) bool {
	fa, err1 := os.Stat(a)
	fb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(fa, fb)
}

// safeHost keeps the letters, digits, '-' and '_' of a host name, for
// conflict copy names.
func safeHost(h string) string {
	var b strings.Builder
	for _, r := range h {
		if r < 0x80 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			b.WriteRune(r)
		}
		if b.Len() >= 32 {
			break
		}
	}
	if b.Len() == 0 {
		return "host"
	}
	return b.String()
}
