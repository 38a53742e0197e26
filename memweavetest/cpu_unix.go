//go:build unix

package memweavetest

import (
	"syscall"
	"time"
)

// ProcessCPU returns the CPU time (user and system, every thread) this
// process has used so far: under load from other processes it varies
// less than wall time.
func ProcessCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
