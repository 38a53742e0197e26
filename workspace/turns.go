package workspace

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gofrs/flock"
)

// A Turnstile is a mutex of one process whose waiters are served in the
// order they came, and whose wait ends with a context or a check. The
// zero value is unlocked.
type Turnstile struct {
	mu   sync.Mutex
	held bool
	// queue holds a channel per waiter, first come first; Unlock hands
	// the turn to the first by closing its channel.
	queue []chan struct{}
}

// Lock takes t, waiting for its turn. While it waits it calls check (when
// not nil) at once and then every period; check's error or ctx's ends the
// wait, with t not taken.
func (t *Turnstile) Lock(ctx context.Context, period time.Duration, check func() error) error {
	t.mu.Lock()
	if !t.held {
		t.held = true
		t.mu.Unlock()
		return nil
	}
	turn := make(chan struct{})
	t.queue = append(t.queue, turn)
	t.mu.Unlock()
	var tick <-chan time.Time
	if check != nil {
		if err := check(); err != nil {
			return t.leave(turn, err)
		}
		tk := time.NewTicker(period)
		defer tk.Stop()
		tick = tk.C
	}
	for {
		select {
		case <-turn:
			return nil
		case <-ctx.Done():
			return t.leave(turn, ctx.Err())
		case <-tick:
			if err := check(); err != nil {
				return t.leave(turn, err)
			}
		}
	}
}

// leave ends the wait of turn with err. A turn handed over meanwhile is
// passed on.
func (t *Turnstile) leave(turn chan struct{}, err error) error {
	t.mu.Lock()
	if i := slices.Index(t.queue, turn); i >= 0 {
		t.queue = slices.Delete(t.queue, i, i+1)
		t.mu.Unlock()
		return err
	}
	t.mu.Unlock()
	t.Unlock()
	return err
}

// Unlock releases t, to its first waiter if any.
func (t *Turnstile) Unlock() {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.queue) == 0 {
		t.held = false
		return
	}
	next := t.queue[0]
	t.queue = t.queue[1:]
	close(next)
}

// TurnsSuffix names the folder, beside a lock file, of the tickets of
// the processes waiting for it ([LockInTurn]).
const TurnsSuffix = ".turns"

// maxTickets bounds the entries of a turns folder that [LockInTurn]
// reads; a folder with more (planted, or a flood of crashed waiters)
// is not read, and the wait polls the lock as it comes.
const maxTickets = 256

// ticketSeq tells apart the tickets of one process.
var ticketSeq atomic.Uint64

// LockInTurn takes the cross-process lock fl (from [NewLock]) in the
// order its waiters came: a process that finds the lock taken, or others
// waiting, queues a ticket in the turns folder beside the lock file
// (path + [TurnsSuffix]), a file it holds locked while it waits, named by
// a number one past the highest ticket queued, taken under the folder's
// short lock (seq.lock), so that the order holds whatever the clocks of
// the waiters say; it tries the lock only once every ticket before its
// own is gone or its process dead, and removes its ticket once it holds
// the lock. A holder that lets the lock go and asks again queues behind
// the processes already waiting, instead of winning a poll lottery
// against them. Between tries it calls pause with the time to wait (5 ms
// for the first in line, 10 ms behind it); pause's error ends the wait
// (a context's, a timeout's) with the ticket removed. A turns folder
// that cannot be used (a link, unwritable, too many entries) leaves the
// wait to poll the lock without a ticket, as old versions do, whose
// waits poll alike.
func LockInTurn(fl *flock.Flock, pause func(time.Duration) error) error {
	dir := fl.Path() + TurnsSuffix
	var mine *ticket
	defer func() { mine.drop() }()
	queued := true // whether the turns folder is used
	for {
		first := true
		if queued {
			head, err := queueHead(dir, mine.nameOrEmpty())
			if err != nil {
				mine.drop()
				mine, queued = nil, false
			}
			first = head == "" || head == mine.nameOrEmpty()
		}
		if first {
			ok, err := fl.TryLock()
			if err != nil {
				return fmt.Errorf("lock %s: %w", fl.Path(), err)
			}
			if ok {
				return nil
			}
		}
		if queued && mine == nil {
			t, err := enqueue(dir)
			switch {
			case errors.Is(err, errSeqBusy):
			case err != nil:
				queued = false
				continue
			default:
				mine = t
				continue
			}
		}
		d := 10 * time.Millisecond
		if first {
			d = 5 * time.Millisecond
		}
		if err := pause(d); err != nil {
			return err
		}
	}
}

// A ticket is a waiter's place in a turns folder: its file, which the
// waiter holds locked while it waits.
type ticket struct {
	name, path string
	// lock is held on the file, taken under its temporary name.
	lock *flock.Flock
}

// nameOrEmpty is t's name, "" for no ticket.
func (t *ticket) nameOrEmpty() string {
	if t == nil {
		return ""
	}
	return t.name
}

// drop removes t, if any, and lets its lock go.
func (t *ticket) drop() {
	if t == nil || t.lock == nil {
		return
	}
	os.Remove(t.path)
	t.lock.Unlock()
	t.lock.Close()
	t.lock = nil
}

// enqueue makes a ticket in dir, created under a temporary name and
// locked before it takes its place, so that no other waiter sees it
// unlocked and removes it as a dead process's.
func enqueue(dir string) (*ticket, error) {
	if err := os.Mkdir(dir, 0o755); err != nil && !errors.Is(err, os.ErrExist) {
		return nil, err
	}
	if fi, err := os.Lstat(dir); err != nil || !fi.IsDir() {
		return nil, fmt.Errorf("%s: not a folder", dir)
	}
	seqPath := filepath.Join(dir, seqLock)
	seq := NewLock(seqPath)
	defer seq.Close()
	if ok, err := seq.TryLock(); err != nil || !ok {
		return nil, errSeqBusy
	}
	// The file goes once used, so that an emptied turns folder is
	// empty: a lock taken on one another waiter removed meanwhile is no
	// lock, and the waiter tries again.
	mine, err1 := seq.Stat()
	now, err2 := os.Lstat(seqPath)
	if err1 != nil || err2 != nil || !os.SameFile(mine, now) {
		seq.Unlock()
		return nil, errSeqBusy
	}
	defer func() {
		os.Remove(seqPath)
		seq.Unlock()
	}()
	n, err := nextTicket(dir)
	if err != nil {
		return nil, err
	}
	name, tmp, l, err := newTicket(dir, n)
	if err != nil {
		return nil, err
	}
	path := filepath.Join(dir, name)
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		l.Unlock()
		l.Close()
		return nil, err
	}
	return &ticket{name: name, path: path, lock: l}, nil
}

// seqLock is the file of a turns folder whose lock a waiter holds while
// it numbers its ticket and puts it in place; it is held for a few
// system calls, and removed before it is let go.
const seqLock = "seq.lock"

// errSeqBusy says that another waiter holds seqLock: the wait tries to
// queue again after its pause.
var errSeqBusy = errors.New("turns folder busy")

// nextTicket returns the number of the next ticket of dir: one past the
// highest a live waiter holds, 1 for none. Old versions named tickets by
// the wall clock; one past theirs keeps a ticket behind them too. A
// ticket no process holds is a dead waiter's, or a file planted there,
// and is removed (see held): counted, one numbered at the maximum would
// give every later ticket that number, ordered by process id, not by
// arrival, for as long as the queue was never empty.
func nextTicket(dir string) (uint64, error) {
	ents, err := readTurns(dir)
	if err != nil {
		return 0, err
	}
	type queued struct {
		n    uint64
		name string
	}
	var tickets []queued
	for _, e := range ents {
		rest, ok := strings.CutPrefix(e.Name(), "q-")
		num, _, _ := strings.Cut(rest, "-")
		if n, err := strconv.ParseUint(num, 16, 64); ok && err == nil && e.Type().IsRegular() {
			tickets = append(tickets, queued{n, e.Name()})
		}
	}
	slices.SortFunc(tickets, func(a, b queued) int { return cmp.Compare(b.n, a.n) })
	for _, t := range tickets {
		if !held(filepath.Join(dir, t.name)) {
			continue
		}
		if t.n == math.MaxUint64 {
			return t.n, nil
		}
		return t.n + 1, nil
	}
	return 1, nil
}

// newTicket creates and locks the file of ticket number n in dir under
// its temporary name ("t-" where the ticket's name starts "q-").
func newTicket(dir string, n uint64) (name, tmp string, l *flock.Flock, err error) {
	name = fmt.Sprintf("q-%016x-%d-%d", n, os.Getpid(), ticketSeq.Add(1))
	tmp = filepath.Join(dir, "t"+name[1:])
	l = flock.New(tmp, flock.SetFlag(os.O_CREATE|os.O_EXCL|os.O_RDONLY|openNonblock))
	if ok, err := l.TryLock(); err != nil || !ok {
		os.Remove(tmp)
		l.Close()
		return "", "", nil, fmt.Errorf("%s: cannot lock", tmp)
	}
	return name, tmp, l, nil
}

// staleTemp is the age past which a temporary ticket ("t-") that no
// process holds is a killed waiter's and is removed: its waiter holds it
// from a moment after it is created until it is renamed, so one younger
// may be a live waiter's between the two.
const staleTemp = time.Minute

// queueHead returns the first ticket of dir that a live process holds,
// "" when none, removing the tickets of dead processes before mine (a
// waiter killed while it waited). Once it reaches mine it looks no
// further.
func queueHead(dir, mine string) (string, error) {
	ents, err := readTurns(dir)
	if errors.Is(err, os.ErrNotExist) && mine == "" {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	names := make([]string, 0, len(ents))
	for _, e := range ents {
		switch {
		case !e.Type().IsRegular():
		case strings.HasPrefix(e.Name(), "q-"):
			names = append(names, e.Name())
		case strings.HasPrefix(e.Name(), "t-"):
			dropStaleTemp(dir, e)
		}
	}
	slices.Sort(names)
	for _, n := range names {
		if n == mine || held(filepath.Join(dir, n)) {
			return n, nil
		}
	}
	if mine != "" {
		return "", fmt.Errorf("%s: ticket %s gone", dir, mine)
	}
	return "", nil
}

// readTurns lists the turns folder dir, refusing one of more than
// maxTickets entries.
func readTurns(dir string) ([]os.DirEntry, error) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, err
	}
	ents, err := f.ReadDir(maxTickets + 1)
	f.Close()
	if err != nil && err != io.EOF {
		return nil, err
	}
	if len(ents) > maxTickets {
		return nil, fmt.Errorf("%s: more than %d entries", dir, maxTickets)
	}
	return ents, nil
}

// dropStaleTemp removes the temporary ticket e of dir when it is older
// than staleTemp and no process holds it: a waiter killed between making
// its ticket and renaming it into place left it, and nothing else would
// remove it (such files pile up to maxTickets, past which every wait
// polls). A younger one is left: its waiter may not have locked it yet.
func dropStaleTemp(dir string, e os.DirEntry) {
	fi, err := e.Info()
	if err != nil || time.Since(fi.ModTime()) < staleTemp {
		return
	}
	held(filepath.Join(dir, e.Name()))
}

// held reports whether a live process holds the ticket at path; a
// ticket none holds is a dead waiter's, and is removed.
func held(path string) bool {
	l := flock.New(path, flock.SetFlag(os.O_RDONLY|openNonblock))
	defer l.Close()
	ok, err := l.TryLock()
	if err != nil {
		return false
	}
	if ok {
		os.Remove(path)
		l.Unlock()
		return false
	}
	return true
}
