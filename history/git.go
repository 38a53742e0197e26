package history

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/memweave/memweave-go/internal/ctlesc"
	"github.com/memweave/memweave-go/internal/hexdigits"
)

// Errors callers branch on with errors.Is.
var (
	// ErrNoGit: the git command is not installed or not on $PATH.
	ErrNoGit = errors.New("history: git command not found")
	// ErrNotRepository: the workspace is not inside a git repository.
	ErrNotRepository = errors.New("history: not a git repository")
	// ErrBadRevision: the revision is malformed or names no commit.
	ErrBadRevision = errors.New("history: bad revision")
)

// ErrNotFetched is wrapped by the error of a read of history (a search
// --at, a diff) that needs an object a partial clone has not fetched:
// memweave's reads never fetch from a remote (git would, on the fly).
var ErrNotFetched = errors.New("history: not fetched into this partial clone")

// noLazyFetch keeps git's reads of history off the network: a partial
// clone fetches a missing object from its promisor remote on the fly,
// unasked. Newer git honours GIT_NO_LAZY_FETCH; older git (2.39) is
// stopped by allowing no transport.
var noLazyFetch = []string{"GIT_NO_LAZY_FETCH=1", "GIT_ALLOW_PROTOCOL=memweave-fetches-nothing"}

// notFetched returns the error of a read that failed on an object a
// partial clone lacks, if git's standard error msg says so; nil otherwise.
func notFetched(msg string) error {
	if !strings.Contains(msg, "promisor remote") {
		return nil
	}
	return fmt.Errorf("%w: notes of that revision are missing here and a search fetches nothing; fetch them first (git grep -c . REV -- memory fetches a revision's notes) and search again", ErrNotFetched)
}

// maxRevLen bounds a revision's length.
const maxRevLen = 256

// git runs git in dir with args and returns its standard output.
func git(ctx context.Context, dir string, stdin []byte, args ...string) ([]byte, error) {
	return Git(ctx, dir, GitOptions{Stdin: stdin, Reads: true}, args...)
}

// GitOptions are the options of [Git]. The zero value runs git with no
// input and this process's environment.
type GitOptions struct {
	// Stdin, when not nil, is git's standard input.
	Stdin []byte
	// Env holds extra "NAME=value" variables, after this process's.
	Env []string
	// MaxOutput, when positive, bounds the standard output kept: past it
	// git is stopped and the error wraps [ErrOutputTooLarge].
	MaxOutput int64
	// Stdout, when not nil, receives git's standard output as git writes
	// it, instead of [Git] returning it; MaxOutput does not apply. An
	// error it returns stops git, and Git fails.
	Stdout io.Writer
	// MaxFileBytes, when positive, bounds each file git and the commands
	// it starts write, where the system allows (unix): a write past it
	// fails (git runs under ulimit -f, SIGXFSZ ignored), and git stops
	// and removes its temporary files as on any write error; the error
	// then wraps [ErrFileTooLarge].
	MaxFileBytes int64
	// MaxDataBytes, when positive, bounds the memory each of git's
	// processes allocates, where the system enforces it (Linux: its heap
	// and private writable maps, RLIMIT_DATA): past it git dies, and the
	// error wraps [ErrMemoryBound]. For a command that holds what a
	// remote sends in memory (git ls-remote reads every ref first).
	MaxDataBytes int64
	// Reads marks git as one of memweave's commands that only read the
	// repository ([ReaderVar]), which a sync after a killed one need not
	// wait for. Only for commands that take no lock. Such a command
	// fetches nothing: an object a partial clone lacks fails it with
	// [ErrNotFetched].
	Reads bool
	// NoFetch keeps git off the network for an object a partial clone
	// lacks, which git would fetch from its promisor remote on the fly,
	// in a fetch of its own that no StallTimeout or bound of these
	// options watches: such an object fails git instead, and the error
	// wraps [ErrNotFetched]. Reads implies it. Not for a command that
	// reaches the remote itself (fetch, push).
	NoFetch bool
	// StallTimeout, when positive, stops git when it writes nothing, on
	// its standard output or error, for that long; the error then wraps
	// [ErrStalled]. For a transfer asked for its progress (--progress),
	// which a remote that stops sending leaves waiting for good; the
	// progress lines are left out of the error's text.
	StallTimeout time.Duration
}

// ErrFileTooLarge is wrapped by the error of [Git] when a file git wrote
// reached GitOptions.MaxFileBytes.
var ErrFileTooLarge = errors.New("history: git wrote a file over the limit")

// ErrMemoryBound is wrapped by the error of [Git] when git ran out of
// the memory GitOptions.MaxDataBytes gave it.
var ErrMemoryBound = errors.New("history: git needed more memory than the bound")

// FileSizeBound is the size at which GitOptions.MaxFileBytes max stops a
// write: max rounded up to 512 bytes, the unit of ulimit -f. A file a
// write stopped is that long.
func FileSizeBound(max int64) int64 { return (max + 511) / 512 * 512 }

// ErrOutputTooLarge is wrapped by the error of [Git] when git writes more
// than GitOptions.MaxOutput bytes.
var ErrOutputTooLarge = errors.New("history: git output over the limit")

// limitedBuffer is a buffer that refuses to grow past max. It has no
// ReadFrom, so that io.Copy goes through Write.
type limitedBuffer struct {
	buf  bytes.Buffer
	max  int64
	over bool
}

func (b *limitedBuffer) Write(p []byte) (int, error) {
	if b.max > 0 && int64(b.buf.Len()+len(p)) > b.max {
		b.over = true
		return 0, ErrOutputTooLarge
	}
	return b.buf.Write(p)
}

// Bytes returns what was written.
func (b *limitedBuffer) Bytes() []byte { return b.buf.Bytes() }

// Git runs the git command in dir with args, bound to ctx (a cancelled
// context kills it, and, where the system allows, the helpers it started
// such as git-remote-https), and returns its standard output. It never prompts
// for credentials, takes no optional locks, and speaks the C locale; the
// environment variables that would point it at another repository
// (GIT_DIR, GIT_INDEX_FILE, ...) are left out.
// Where the system allows, git dies with this process, so a process
// killed mid-call leaves no git running on in its workspace. Errors
// carry git's standard error; [ErrNoGit] without git, [ErrNotRepository]
// outside a repository.
func Git(ctx context.Context, dir string, opts GitOptions, args ...string) ([]byte, error) {
	bin, err := exec.LookPath("git")
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrNoGit, err)
	}
	parent := ctx
	var cancel context.CancelFunc = func() {}
	if opts.StallTimeout > 0 {
		ctx, cancel = context.WithCancel(ctx)
	}
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, append([]string{"-C", dir}, args...)...)
	boundLimits(cmd, opts.MaxFileBytes, opts.MaxDataBytes)
	cmd.Env = append(gitEnviron(), opts.Env...)
	if opts.Reads {
		cmd.Env = append(cmd.Env, readerMark())
	}
	if opts.Reads || opts.NoFetch {
		cmd.Env = append(cmd.Env, noLazyFetch...)
	}
	dieWithParent(cmd)
	// A helper git started may hold its output open after git is killed:
	// stop waiting for it soon after.
	cmd.WaitDelay = time.Second
	out := &limitedBuffer{max: opts.MaxOutput}
	var errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = out, &errb
	if opts.Stdout != nil {
		cmd.Stdout = opts.Stdout
	}
	if opts.Stdin != nil {
		cmd.Stdin = bytes.NewReader(opts.Stdin)
	}
	var watch *stallWatch
	if opts.StallTimeout > 0 {
		watch = watchStall(opts.StallTimeout, cancel)
		cmd.Stdout, cmd.Stderr = watch.wrap(cmd.Stdout), watch.wrap(cmd.Stderr)
	}
	err = cmd.Run()
	if watch != nil && watch.stop() && parent.Err() == nil {
		msg := ctlesc.Escape(withoutProgress(strings.TrimSpace(errb.String())), true)
		return nil, &GitError{Args: args, Stderr: msg, Err: fmt.Errorf("%w for %v: stopped", ErrStalled, opts.StallTimeout)}
	}
	if err != nil {
		if parent.Err() != nil {
			return nil, parent.Err()
		}
		if out.over {
			return nil, fmt.Errorf("git %s: %w (%d bytes)", args[0], ErrOutputTooLarge, opts.MaxOutput)
		}
		// git's standard error carries text a remote sent back
		// ("remote: ..."), which must not drive the terminal that
		// prints the error: its control characters are escaped, but
		// line feeds and tabs.
		msg := strings.TrimSpace(errb.String())
		if opts.StallTimeout > 0 {
			msg = withoutProgress(msg)
		}
		msg = ctlesc.Escape(msg, true)
		if opts.MaxFileBytes > 0 && strings.Contains(msg, "File too large") {
			return nil, &GitError{Args: args, Stderr: msg, Err: fmt.Errorf("%w (%d bytes): %w", ErrFileTooLarge, opts.MaxFileBytes, err)}
		}
		if opts.MaxDataBytes > 0 && strings.Contains(msg, "Out of memory") {
			return nil, &GitError{Args: args, Stderr: msg, Err: fmt.Errorf("%w (%d bytes): %w", ErrMemoryBound, opts.MaxDataBytes, err)}
		}
		if strings.Contains(msg, "not a git repository") {
			return nil, fmt.Errorf("%w: %s", ErrNotRepository, dir)
		}
		if e := notFetched(msg); e != nil && opts.Reads {
			return nil, e
		} else if e != nil && opts.NoFetch {
			return nil, &GitError{Args: args, Stderr: msg, Err: fmt.Errorf("%w: %w", ErrNotFetched, err)}
		}
		return out.Bytes(), &GitError{Args: args, Stderr: msg, Err: err}
	}
	return out.Bytes(), nil
}

// GitError is a git command that failed: its arguments, its standard
// error and the exit error.
type GitError struct {
	Args   []string
	Stderr string
	Err    error
}

func (e *GitError) Error() string {
	if e.Stderr == "" {
		return fmt.Sprintf("history: git %s: %v", e.subcommand(), e.Err)
	}
	return fmt.Sprintf("history: git %s: %s: %v", e.subcommand(), e.Stderr, e.Err)
}

// subcommand is the git command e ran ("fetch"), past the global options
// before it ("-c name=value").
func (e *GitError) subcommand() string {
	for i := 0; i < len(e.Args); i++ {
		switch a := e.Args[i]; {
		case a == "-c" || a == "-C":
			i++
		case !strings.HasPrefix(a, "-"):
			return a
		}
	}
	return "(no command)"
}

// Unwrap returns the exit error.
func (e *GitError) Unwrap() error { return e.Err }

// ExitCode is git's exit status, -1 when it did not exit by itself.
func (e *GitError) ExitCode() int {
	var x *exec.ExitError
	if errors.As(e.Err, &x) {
		return x.ExitCode()
	}
	return -1
}

// checkRev refuses, with [ErrBadRevision], a revision [RevisionProblem]
// finds a problem in.
func checkRev(rev string) error {
	if p := RevisionProblem(rev); p != "" {
		return fmt.Errorf("%w %q: %s", ErrBadRevision, rev, p)
	}
	return nil
}

// RevisionProblem says why rev is refused before git reads it: git could
// read it as an option, it holds a control character or a
// back-reference; "" when none of these. A revision it passes may still
// name no commit.
func RevisionProblem(rev string) string {
	if rev == "" || len(rev) > maxRevLen || rev[0] == '-' {
		return fmt.Sprintf("must be 1 to %d characters, not starting with '-'", maxRevLen)
	}
	for i, r := range rev {
		if r < 0x20 || r == 0x7f {
			return "control character"
		}
		// A back-reference in a message search (":/regex", "^{/regex}")
		// makes git's regular expression matcher take time exponential
		// in the length of each commit message. No ref name holds '\'.
		if r == '\\' && i+1 < len(rev) && rev[i+1] >= '1' && rev[i+1] <= '9' {
			return fmt.Sprintf("a back-reference (%s) in a message search can take time exponential in a commit message's length; search without it", rev[i:i+2])
		}
	}
	return ""
}

// Resolve returns the full commit id that rev names in the repository
// holding dir. It fails with [ErrBadRevision] for a malformed revision or
// one that names no commit, [ErrNotRepository] outside a repository and
// [ErrNoGit] without git.
func Resolve(ctx context.Context, dir, rev string) (string, error) {
	if err := checkRev(rev); err != nil {
		return "", err
	}
	if _, err := git(ctx, dir, nil, "rev-parse", "--git-dir"); err != nil {
		return "", err
	}
	// ":/text" (the youngest commit whose message matches text) takes
	// the rest of the string as its pattern, a "^{commit}" added to it
	// included; it names a commit as it is.
	spec := rev + "^{commit}"
	if strings.HasPrefix(rev, ":/") {
		spec = rev
	}
	out, err := git(ctx, dir, nil, "rev-parse", "--verify", "--quiet", "--end-of-options", spec)
	if err != nil {
		if errors.Is(err, ctx.Err()) && ctx.Err() != nil {
			return "", err
		}
		if strings.Contains(rev, "..") && !strings.Contains(rev, ":") {
			return "", fmt.Errorf("%w %q: a range names no one commit; give its ends as two revisions", ErrBadRevision, rev)
		}
		return "", fmt.Errorf("%w %q: names no commit%s", ErrBadRevision, rev, shallowHint(ctx, dir))
	}
	id := strings.TrimSpace(string(out))
	if !IsObjectID(id) {
		// "^REV" verifies as "^<id>": the excluded end of a range.
		return "", fmt.Errorf("%w %q: names no one commit (git reads it as %q); give the commit itself", ErrBadRevision, rev, id)
	}
	return id, nil
}

// shallowHint is what a revision naming no commit adds when the
// repository holding dir is a shallow clone, whose older commits and tags
// are not there; "" otherwise.
func shallowHint(ctx context.Context, dir string) string {
	out, err := git(ctx, dir, nil, "rev-parse", "--is-shallow-repository")
	if err != nil || strings.TrimSpace(string(out)) != "true" {
		return ""
	}
	return " in this shallow clone, whose history is cut: an older commit or tag may not be in it (git fetch --unshallow --tags brings them)"
}

// IsObjectID reports whether s is a full git object id: 40 (SHA-1) or 64
// (SHA-256) lowercase hex digits.
func IsObjectID(s string) bool {
	if len(s) != 40 && len(s) != 64 {
		return false
	}
	return hexdigits.Lower(s)
}

// CommitTimes returns a function giving the time of the last change of a
// workspace-relative path; zero when unknown (no git, no repository, a
// path never committed). The last change is the first commit git log
// --topo-order lists for the path: the last in history, whatever the
// clocks said. Its time is its committer date bounded by what the
// history proves, as a machine whose clock is wrong dates its commits
// in the future or before their parents: never before the date of a
// commit it descends from (now at most), and a date after now is
// replaced by the earliest date, not after now, of a commit that
// descends from it, or by now when none does. So a change is never dated
// before one it came after, and one wrong clock does not make its notes
// the newest for good. The first call runs one git log over the
// workspace for every path, the rest read its answer: a call costs one
// git process, however many paths it asks about. The function is safe
// for concurrent use and uses ctx for its git call.
func CommitTimes(ctx context.Context, dir string, now time.Time) func(path string) time.Time {
	times := sync.OnceValue(func() map[string]time.Time {
		m, _ := commitTimes(ctx, dir, now.Unix())
		return m
	})
	return func(path string) time.Time { return times()[path] }
}

// commitMark starts each commit of commitTimes' git log.
const commitMark = "commit-time "

// logCommit is a commit of commitTimes' git log: its committer date and
// the indexes of its parents in the log (those the log lists).
type logCommit struct {
	date    int64
	parents []int32
}

// commitTimes asks git once for the last change of every path under dir,
// relative to dir, and dates it as [CommitTimes] says, showing no
// signature: log.showSignature, in any config, would run gpg.program on
// each signed commit of the history. The log is read as git writes it,
// keeping each commit's date and parents and each path's first commit: a
// short history can name paths a great many times.
func commitTimes(ctx context.Context, dir string, now int64) (map[string]time.Time, error) {
	last := make(map[string]int32) // path: its last change, an index in commits
	var commits []logCommit
	var parents [][]string // each commit's parents, resolved after the log
	index := make(map[string]int32)
	// A record after a path is a path, as is the first of a commit's
	// paths, which starts with a newline: a file may be named as a
	// commit line starts ("commit-time 5 abc").
	afterPath := false
	recs := &records{each: func(rec []byte) error {
		if s, ok := bytes.CutPrefix(rec, []byte(commitMark)); ok && !afterPath {
			f := strings.Fields(string(s))
			if len(f) < 2 {
				return fmt.Errorf("history: git log: bad commit line %q", s)
			}
			n, err := strconv.ParseInt(f[0], 10, 64)
			if err != nil {
				return fmt.Errorf("history: git log: bad commit line %q", s)
			}
			index[f[1]] = int32(len(commits))
			commits = append(commits, logCommit{date: n})
			parents = append(parents, f[2:])
			return nil
		}
		afterPath = len(rec) > 0
		rec = bytes.TrimPrefix(rec, []byte("\n"))
		if _, seen := last[string(rec)]; len(rec) > 0 && len(commits) > 0 && !seen {
			last[string(rec)] = int32(len(commits) - 1)
		}
		return nil
	}}
	// --parents rewrites each commit's parents to the commits the log
	// lists: the history of the workspace's paths alone.
	_, err := Git(ctx, dir, GitOptions{Stdout: recs, Reads: true}, "-c", "core.quotePath=false", "log", "--no-show-signature", "--topo-order", "--parents",
		"--format=%x00"+commitMark+"%ct %H %P", "--name-only", "--no-renames", "-z", "--relative", "--", ".")
	if err == nil {
		err = recs.flush()
	}
	if err != nil {
		return nil, err
	}
	for i, ps := range parents {
		for _, p := range ps {
			if j, ok := index[p]; ok {
				commits[i].parents = append(commits[i].parents, j)
			}
		}
	}
	dates := boundedDates(commits, now)
	m := make(map[string]time.Time, len(last))
	for p, i := range last {
		m[p] = time.Unix(dates[i], 0).UTC()
	}
	return m, nil
}

// boundedDates dates each commit of commits, listed children first (git
// log --topo-order), as [CommitTimes] says: a date after now is replaced
// by the earliest date not after now of a commit descending from it
// (now when none), and each date is raised to the latest of the commits
// it descends from.
func boundedDates(commits []logCommit, now int64) []int64 {
	// Children come first: a commit's earliest descendant date is final
	// when its turn comes, and goes to its parents.
	earliest := make([]int64, len(commits))
	for i := range earliest {
		earliest[i] = now
	}
	for i, c := range commits {
		e := earliest[i]
		if c.date <= now {
			e = min(e, c.date)
		}
		for _, p := range c.parents {
			earliest[p] = min(earliest[p], e)
		}
	}
	// Parents come last: walk back up, raising each date to its parents'.
	dates := make([]int64, len(commits))
	for i := len(commits) - 1; i >= 0; i-- {
		d := commits[i].date
		if d > now {
			d = earliest[i]
		}
		for _, p := range commits[i].parents {
			d = max(d, dates[p])
		}
		dates[i] = d
	}
	return dates
}

// maxRecord bounds a record of [records]: longer ones are skipped.
const maxRecord = 64 << 10

// records is a writer that calls each for every NUL-terminated record
// written to it, holding only the record under way. A record over
// maxRecord bytes (a path no file system holds, in a hostile tree) is
// skipped whole.
type records struct {
	each    func(rec []byte) error
	partial []byte
	long    bool // the record under way is over maxRecord: skipped
}

func (r *records) Write(p []byte) (int, error) {
	n := len(p)
	for {
		i := bytes.IndexByte(p, 0)
		if i < 0 {
			break
		}
		rec := p[:i]
		if len(r.partial) > 0 {
			rec = append(r.partial, rec...)
		}
		if !r.long && len(rec) <= maxRecord {
			if err := r.each(rec); err != nil {
				return 0, err
			}
		}
		r.partial, r.long, p = r.partial[:0], false, p[i+1:]
	}
	if r.long || len(r.partial)+len(p) > maxRecord {
		r.partial, r.long = r.partial[:0], true
		return n, nil
	}
	r.partial = append(r.partial, p...)
	return n, nil
}

// flush hands each the last record when it has no terminating NUL.
func (r *records) flush() error {
	if len(r.partial) == 0 || r.long {
		return nil
	}
	rec := r.partial
	r.partial = nil
	return r.each(rec)
}

// ReaderVar names the variable of the environment that marks the git
// commands memweave starts only to read a repository (ls-tree, cat-file,
// log, rev-parse: no ref, index or object written). Its value is the
// process id of the memweave process that started the command, its
// parent, so that a user's git that inherited it is not taken for one.
const ReaderVar = "MEMWEAVE_GIT_READER"

// readerMark is the environment entry of [ReaderVar] for this process.
func readerMark() string { return ReaderVar + "=" + strconv.Itoa(os.Getpid()) }
