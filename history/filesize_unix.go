//go:build unix

package history

import (
	"os"
	"os/exec"
	"strconv"
)

// boundFileSize makes cmd run under ulimit -f max (rounded up to 512-byte
// blocks, sh's unit), with SIGXFSZ ignored, which the command and those
// it starts inherit: a write past the bound fails with EFBIG, which git
// reports and cleans up after, instead of killing it with its
// temporary files left behind. Nothing when max is not positive or
// there is no /bin/sh.
func boundFileSize(cmd *exec.Cmd, max int64) {
	if max <= 0 {
		return
	}
	if _, err := os.Stat("/bin/sh"); err != nil {
		return // no shell to set it: git runs unbounded, as it would anyway
	}
	blocks := strconv.FormatInt(FileSizeBound(max)/512, 10)
	cmd.Args = append([]string{"sh", "-c", `ulimit -f "$1" && trap '' XFSZ && shift && exec "$@"`, "sh", blocks}, cmd.Args...)
	cmd.Path = "/bin/sh"
}
