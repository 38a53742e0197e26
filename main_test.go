package memweave_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// TestMain points this machine's approvals of workspace settings at a
// folder of the tests' own, never the user's configuration.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "memweave-test-config-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Setenv("XDG_CONFIG_HOME", filepath.Join(dir, "config"))
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
