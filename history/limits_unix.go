//go:build unix

package history

import (
	"os"
	"os/exec"
	"strconv"

	"golang.org/x/sys/unix"
)

// boundLimits makes cmd run under a soft file size limit of maxFile
// (rounded up to 512-byte blocks, sh's unit), with SIGXFSZ ignored, and
// a soft data limit of maxData (rounded up to KiB, sh's unit), which the
// command and those it starts inherit. A write past the file bound fails
// with EFBIG, which git reports and cleans up after, instead of killing
// it with its temporary files left behind; an allocation past the data
// bound fails, and git dies saying "Out of memory" (Linux counts a
// process's heap and private writable maps; macOS takes the limit and
// does not enforce it). A lower limit this process already has stays (it
// is tighter, and the hard limit cannot be raised: `ulimit -f` alone sets
// the hard one too, and failed there, git never running). A bound that is
// not positive is not set; nothing is without /bin/sh.
func boundLimits(cmd *exec.Cmd, maxFile, maxData int64) {
	if maxFile <= 0 && maxData <= 0 {
		return
	}
	if _, err := os.Stat("/bin/sh"); err != nil {
		return // no shell to set it: git runs unbounded, as it would anyway
	}
	script, args := "", []string{}
	if maxFile > 0 {
		script += `ulimit -S -f "$1" && trap '' XFSZ && `
		args = append(args, strconv.FormatInt(lowerOf(unix.RLIMIT_FSIZE, FileSizeBound(maxFile), 512), 10))
	} else {
		args = append(args, "-")
	}
	if maxData > 0 {
		// Not every sh has -d (the file bound is older): without it, git
		// runs as it would anyway.
		script += `{ ulimit -S -d "$2" 2>/dev/null || true; } && `
		args = append(args, strconv.FormatInt(lowerOf(unix.RLIMIT_DATA, (maxData+1023)/1024*1024, 1024), 10))
	} else {
		args = append(args, "-")
	}
	script += `shift 2 && exec "$@"`
	cmd.Args = append(append([]string{"sh", "-c", script, "sh"}, args...), cmd.Args...)
	cmd.Path = "/bin/sh"
}

// lowerOf returns max, or the soft limit resource already has when it is
// lower, in units of unit bytes.
func lowerOf(resource int, max, unit int64) int64 {
	n := max / unit
	var r unix.Rlimit
	if unix.Getrlimit(resource, &r) == nil && r.Cur != unix.RLIM_INFINITY {
		// r.Cur is unsigned on some systems, signed on others.
		if cur := uint64(r.Cur) / uint64(unit); cur < uint64(n) {
			n = int64(cur)
		}
	}
	return n
}
