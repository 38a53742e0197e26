//go:build unix

package history_test

import (
	"context"
	"os"
	"os/exec"
	"testing"

	"github.com/memweave/memweave-go/history"
)

// TestFileBoundUnderALowerHardLimit: GitOptions.MaxFileBytes ran git
// under `ulimit -f N`, which sets the hard limit too and fails where the
// process already has a lower one (a shell profile's `ulimit -f`, a
// service's LimitFSIZE): sh stopped at "ulimit: error setting limit"
// and git never ran, so every sync's fetch failed. The bound that
// already holds is kept (it is tighter), and git runs.
func TestFileBoundUnderALowerHardLimit(t *testing.T) {
	if os.Getenv("MEMWEAVE_HARDLIMIT_CHILD") == "1" {
		out, err := history.Git(context.Background(), t.TempDir(), history.GitOptions{MaxFileBytes: 1 << 40}, "version")
		if err != nil {
			t.Fatalf("Git with MaxFileBytes 1 TiB under a hard limit of 512 MiB = %q, %v; want git's version", out, err)
		}
		return
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skip("no /bin/sh")
	}
	// ulimit -f sets the hard limit as well as the soft one: the child
	// cannot raise it.
	cmd := exec.Command("/bin/sh", "-c", `ulimit -f 1048576 && exec "$0" -test.run='^TestFileBoundUnderALowerHardLimit$' -test.count=1`, os.Args[0])
	cmd.Env = append(os.Environ(), "MEMWEAVE_HARDLIMIT_CHILD=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("child under a hard file size limit: %v\n%s", err, out)
	}
}
