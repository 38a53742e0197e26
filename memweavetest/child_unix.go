//go:build unix

package memweavetest

import (
	"errors"
	"os"
	"os/exec"
	"syscall"
	"testing"
)

// Child returns a command running the test named test of this test
// binary, in a process of its own, with env ("NAME=value") added to its
// environment: the way a test runs a helper it kills or that kills
// itself.
func Child(test string, env ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^"+test+"$", "-test.count=1")
	cmd.Env = append(os.Environ(), env...)
	return cmd
}

// RunKilled runs [Child](test, env...) to its end and returns its
// output; it fails t unless SIGKILL ended the child (its [KillSelf]).
func RunKilled(t testing.TB, test string, env ...string) []byte {
	t.Helper()
	out, err := Child(test, env...).CombinedOutput()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
		t.Fatalf("%s not killed: %v\n%s", test, err, out)
	}
	return out
}

// KillSelf sends this process SIGKILL and never returns: a helper
// process calls it to stop as a process killed at that moment would.
func KillSelf() {
	syscall.Kill(os.Getpid(), syscall.SIGKILL)
	select {} // the signal is on its way
}
