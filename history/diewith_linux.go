package history

import (
	"os/exec"
	"syscall"
)

// dieWithParent has the kernel kill cmd when this process dies, so that a
// killed caller leaves no git running on in its repository.
func dieWithParent(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
