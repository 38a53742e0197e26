//go:build !unix

package history

import "os"

// running reports whether the process pid exists; where it cannot tell,
// it says it does, so that no folder in use is removed.
func running(pid int) bool {
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	p.Release()
	return true
}
