package history

import (
	"os/exec"
	"syscall"
)

// dieWithParent has the kernel kill cmd when this process dies, so that a
// killed caller leaves no git running on in its repository, and runs it
// in a process group of its own that a cancelled context kills whole:
// git's helpers (git-remote-https, ssh) go with it.
func dieWithParent(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL, Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}
