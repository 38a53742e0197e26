package history

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/memweave/memweave-go/workspace"
)

// tempPrefix begins the names of the folders [CheckOut] makes in the
// system's temporary folder: "memweave-at-<pid>-<random>".
const tempPrefix = "memweave-at-"

// makeTempDir makes the folder of a checkout, named for this process,
// after removing those of processes that are gone (killed before their
// Close): nothing else would.
func makeTempDir() (string, error) {
	removeOrphans(os.TempDir())
	dir, err := os.MkdirTemp("", fmt.Sprintf("%s%d-", tempPrefix, os.Getpid()))
	if err != nil {
		return "", fmt.Errorf("history: %w", err)
	}
	return dir, nil
}

// removeOrphans removes the checkout folders in tmp whose process is no
// longer running. A folder of another user's process, or of a process
// whose id was reused, stays.
func removeOrphans(tmp string) {
	names := workspace.Prefixed(tmp, tempPrefix)
	for _, name := range names {
		pid, _, ok := strings.Cut(strings.TrimPrefix(filepath.Base(name), tempPrefix), "-")
		n, err := strconv.Atoi(pid)
		if !ok || err != nil || n <= 0 || n == os.Getpid() || running(n) {
			continue
		}
		os.RemoveAll(name)
	}
}
