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

// ProcessSwitches returns the voluntary and involuntary context switches
// of this process so far (every thread): on a paravirtualised machine
// each one costs an exit to the hypervisor.
func ProcessSwitches() (voluntary, involuntary int64) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, 0
	}
	return int64(ru.Nvcsw), int64(ru.Nivcsw)
}

// ProcessFaults returns the minor page faults of this process so far
// (every thread): each is a page of memory the kernel maps on first
// touch, or maps again after the Go runtime or malloc gave it back.
func ProcessFaults() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return int64(ru.Minflt)
}
