//go:build !unix

package memweavetest

import "time"

// ProcessCPU returns 0: this system has no getrusage.
func ProcessCPU() time.Duration { return 0 }

// ProcessSwitches returns 0, 0: this system has no getrusage.
func ProcessSwitches() (voluntary, involuntary int64) { return 0, 0 }

// ProcessFaults returns 0: this system has no getrusage.
func ProcessFaults() int64 { return 0 }
