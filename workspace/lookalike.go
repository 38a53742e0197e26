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
		want, exact := nfc(name), false
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
			if nfc(e.Name()) == want {
				have := MemoryDir + "/" + strings.Join(append(parts[:i:i], e.Name()), "/")
				return fmt.Errorf("%+q: %w: %+q exists, the same letters composed otherwise: use that name, or rename it first", rel, ErrLookalikeName, have)
			}
		}
		return nil
	}
	return nil
}

// nfc returns name in Unicode's composed form (NFC): two names that read
// the same, their letters composed otherwise, have the same.
func nfc(name string) string { return norm.NFC.String(name) }

// lookalikes returns the pairs of names that read the same, their
// letters composed otherwise ([CheckLookalike]), each pair as the two
// names in the order given. ASCII names compose one way only, so only
// the others are compared.
func lookalikes(names []string) [][2]string {
	var pairs [][2]string
	var seen map[string]string
	for _, name := range names {
		if isASCII(name) {
			continue
		}
		if seen == nil {
			seen = make(map[string]string)
		}
		key := nfc(name)
		if first, ok := seen[key]; ok {
			pairs = append(pairs, [2]string{first, name})
			continue
		}
		seen[key] = name
	}
	return pairs
}

// isASCII reports whether s holds ASCII characters only.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
