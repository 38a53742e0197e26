//go:build unix

package static

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestMappingReadTurnsAFaultIntoAnError: a model file truncated between
// the check before an embedding and its reads faults those reads; read
// returns that as an error wrapping ErrChanged, where the process died
// of SIGBUS.
func TestMappingReadTurnsAFaultIntoAnError(t *testing.T) {
	p := filepath.Join(t.TempDir(), ModelFile)
	if err := os.WriteFile(p, make([]byte, 3*os.Getpagesize()), 0o644); err != nil {
		t.Fatal(err)
	}
	m, err := mapFile(p)
	if err != nil {
		t.Fatal(err)
	}
	defer m.close()
	if err := os.Truncate(p, 0); err != nil {
		t.Fatal(err)
	}
	var b byte
	err = m.read(func() { b = m.b[2*os.Getpagesize()] })
	if !errors.Is(err, ErrChanged) {
		t.Errorf("read of a truncated mapping = %v (byte %d), want ErrChanged", err, b)
	}
}
