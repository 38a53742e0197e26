package workspace

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/text/unicode/norm"
)

// CheckLookalike refuses, wrapping [ErrLookalikeName], a new memory file
// rel (workspace-relative, "memory/..."; see [SafeMemoryPath]) of the
// workspace root when a component of it that does not exist yet reads
// as a name its folder holds: the same letters composed otherwise
// (Unicode's NFC of both is the same), "café" with its é as one
// character or as e and a combining accent. Every output would show two
// notes of one name, one of which the user could not name to read or
// edit. The error names the one that exists, quoted in ASCII so the two
// differ. Names alike in letter case only are not lookalikes.
func CheckLookalike(root, rel string) error {
	dir := filepath.Join(root, MemoryDir)
	parts := strings.Split(strings.TrimPrefix(filepath.ToSlash(rel), MemoryDir+"/"), "/")
	for i, name := range parts {
		entries, err := os.ReadDir(dir)
		if err != nil {
			return nil // a folder to create: nothing to be alike
		}
		want, exact := norm.NFC.String(name), false
		for _, e := range entries {
			if e.Name() == name {
				exact = true
				break
			}
		}
		if exact {
			dir = filepath.Join(dir, name)
			continue
		}
		for _, e := range entries {
			if norm.NFC.String(e.Name()) == want {
				have := MemoryDir + "/" + strings.Join(append(parts[:i:i], e.Name()), "/")
				return fmt.Errorf("%+q: %w: %+q exists, the same letters composed otherwise: use that name, or rename it first", rel, ErrLookalikeName, have)
			}
		}
		return nil
	}
	return nil
}
