package gitsync

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/memweave/memweave-go/history"
)

// heldOpen reports whether a process of this machine has the file at
// path open, as git has a lock file while it works (a git add running a
// slow clean filter): no file time tells such a lock from one a killed
// sync's git left. It looks through /proc/<pid>/fd of the processes it
// may read, which are this user's; another user's process is not seen.
func heldOpen(path string) bool {
	fi, err := os.Stat(path)
	if err != nil {
		return false
	}
	procs, err := os.ReadDir("/proc")
	if err != nil {
		return true // cannot tell: say held, so that nothing is removed
	}
	for _, p := range procs {
		if n := p.Name(); n[0] < '0' || n[0] > '9' {
			continue
		}
		dir := filepath.Join("/proc", p.Name(), "fd")
		fds, err := os.ReadDir(dir)
		if err != nil {
			continue
		}
		for _, fd := range fds {
			if st, err := os.Stat(filepath.Join(dir, fd.Name())); err == nil && os.SameFile(st, fi) {
				return true
			}
		}
	}
	return false
}

// gitRunsIn reports whether a git process of this machine runs with its
// working folder in one of dirs (or below): git holds a ref's lock
// (packed-refs.lock, refs/heads/x.lock) with the file closed while it
// updates refs, so [heldOpen] cannot see it. A git memweave started only
// to read ([memweaveReader]) does not count. Like heldOpen, it sees this
// user's processes only.
func gitRunsIn(dirs []string) bool {
	procs, err := os.ReadDir("/proc")
	if err != nil {
		return true
	}
	for _, p := range procs {
		if n := p.Name(); n[0] < '0' || n[0] > '9' {
			continue
		}
		exe, err := os.Readlink(filepath.Join("/proc", p.Name(), "exe"))
		if err != nil || !strings.HasPrefix(filepath.Base(exe), "git") {
			continue
		}
		cwd, err := os.Readlink(filepath.Join("/proc", p.Name(), "cwd"))
		if err != nil {
			continue
		}
		for _, d := range dirs {
			if (cwd == d || strings.HasPrefix(cwd, d+string(filepath.Separator))) && !memweaveReader(p.Name()) {
				return true
			}
		}
	}
	return false
}

// memweaveReader reports whether the process pid is a git memweave
// started only to read: its environment holds [history.ReaderVar] set to
// the id of its parent, the memweave process that started it (a user's
// git that inherited the variable has another parent).
func memweaveReader(pid string) bool {
	env, err := os.ReadFile(filepath.Join("/proc", pid, "environ"))
	if err != nil {
		return false
	}
	stat, err := os.ReadFile(filepath.Join("/proc", pid, "stat"))
	if err != nil {
		return false
	}
	// stat: pid (comm) state ppid ...; comm may hold spaces and ')'.
	i := bytes.LastIndexByte(stat, ')')
	if i < 0 {
		return false
	}
	fields := strings.Fields(string(stat[i+1:]))
	if len(fields) < 2 {
		return false
	}
	return slices.Contains(strings.Split(string(env), "\x00"), history.ReaderVar+"="+fields[1])
}
