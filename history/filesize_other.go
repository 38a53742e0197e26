//go:build !unix

package history

import "os/exec"

// boundFileSize does nothing where there is no ulimit.
func boundFileSize(*exec.Cmd, int64) {}
