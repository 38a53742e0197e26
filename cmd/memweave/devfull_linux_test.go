package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestLostOutputIsAFailure runs commands whose standard output is
// /dev/full, which takes no byte: their output lost, they exited 0
// (config, mcp --new-token, --help) or 2 as for a usage error
// (--version). Each now exits 1 naming standard output, as status and
// search already did.
func TestLostOutputIsAFailure(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	for _, args := range [][]string{{"config"}, {"mcp", "--new-token"}, {"--version"}, {"--help"}, {"status"}, {"search", "--json", "anything"}} {
		full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
		if err != nil {
			t.Skipf("no /dev/full: %v", err)
		}
		cmd := exec.Command(binary, append([]string{"-w", ws}, args...)...)
		var stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = full, &stderr
		err = cmd.Run()
		full.Close()
		code := 0
		if exit := (*exec.ExitError)(nil); errors.As(err, &exit) {
			code = exit.ExitCode()
		}
		if code != 1 || !strings.Contains(stderr.String(), "no space left on device") {
			t.Errorf("memweave %q > /dev/full = exit %d, stderr %q; want exit 1 naming the lost output", args, code, stderr.String())
		}
	}
}
