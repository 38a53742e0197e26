//go:build unix

package history

import (
	"os"
	"os/exec"
	"strconv"

	"golang.org/x/sys/unix"
)

// boundFileSize makes cmd run under a soft file size limit of max
// (rounded up to 512-byte blocks, sh's unit), with SIGXFSZ ignored,
// which the command and those it starts inherit: a write past the bound
// fails with EFBIG, which git reports and cleans up after, instead of
// killing it with its temporary files left behind. A lower limit this
// process already has stays (it is tighter, and the hard limit cannot
// be raised: `ulimit -f` alone sets the hard one too, and failed there,
// git never running). Nothing when max is not positive or there is no
// /bin/sh.
func boundFileSize(cmd *exec.Cmd, max int64) {
	if max <= 0 {
		return
	}
	if _, err := os.Stat("/bin/sh"); err != nil {
		return // no shell to set it: git runs unbounded, as it would anyway
	}
	blocks := FileSizeBound(max) / 512
	var r unix.Rlimit
	if unix.Getrlimit(unix.RLIMIT_FSIZE, &r) == nil && r.Cur != unix.RLIM_INFINITY {
		// r.Cur is unsigned on some systems, signed on others.
		if cur := uint64(r.Cur) / 512; cur < uint64(blocks) {
			blocks = int64(cur)
		}
	}
	cmd.Args = append([]string{"sh", "-c", `ulimit -S -f "$1" && trap '' XFSZ && shift && exec "$@"`, "sh", strconv.FormatInt(blocks, 10)}, cmd.Args...)
	cmd.Path = "/bin/sh"
}
