package gitsync_test

import (
	"os"
	"testing"
)

// TestMain removes the seed remote (seeded) once the tests are done.
func TestMain(m *testing.M) {
	code := m.Run()
	if seed.dir != "" {
		os.RemoveAll(seed.dir)
	}
	os.Exit(code)
}
