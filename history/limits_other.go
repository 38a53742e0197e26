//go:build !unix

package history

import "os/exec"

// boundLimits does nothing where there is no ulimit.
func boundLimits(*exec.Cmd, int64, int64) {}
