//go:build linux

package workspace

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
)

// LockHolder returns the process holding a lock on the file at path, as
// /proc/locks tells it, or 0 when none is listed or the system does not
// tell (another PID namespace lists 0 or nothing).
func LockHolder(path string) int {
	var st syscall.Stat_t
	if err := syscall.Stat(path, &st); err != nil {
		return 0
	}
	f, err := os.Open("/proc/locks")
	if err != nil {
		return 0
	}
	defer f.Close()
	// A line: "1: FLOCK  ADVISORY  WRITE 4242 08:01:1234 0 EOF", the
	// device's major and minor numbers in hex; a waiter's line has "->"
	// after the number.
	dev := uint64(st.Dev)
	id := fmt.Sprintf("%02x:%02x:%d", unix.Major(dev), unix.Minor(dev), st.Ino)
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) < 6 || fields[1] == "->" || fields[5] != id {
			continue
		}
		if pid, err := strconv.Atoi(fields[4]); err == nil && pid > 0 {
			return pid
		}
	}
	return 0
}
