package gitsync

import (
	"strings"
	"testing"
)

// TestBadPathRefusesNamesAnotherSystemTakesForAnother: a name ending in a
// dot or a space is the same file as the name without them on Windows
// (memory/notes/db.md. would overwrite db.md there), on every machine;
// on Windows, where they are refused (windowsNames), a name Windows
// cannot hold: a device name whatever its extension (aux.md writes to
// no file), or a character it forbids (a:b.md is the stream b.md of
// the file a). Names that only look alike pass. The tune part is the
// first of each list; the rest were written after, as the check part.
//
// Not parallel: it sets windowsNames, which the parallel sync tests read
// through badPath (the race detector caught one in CI).
func TestBadPathRefusesNamesAnotherSystemTakesForAnother(t *testing.T) {
	everywhere := []string{"memory/notes/db.md.", "memory/notes/db.md ", "memory/notes./db.md", "memory/sp /x.md", "memory/x.md..."}
	onWindows := []string{"memory/aux.md", "memory/notes/a:b.md", "memory/q?.md", "memory/NUL", "memory/Con.md", "memory/lpt1.txt.md",
		"memory/com9.md", "memory/x<y>.md", "memory/p|q.md", "memory/st*r.md", `memory/quo"te.md`, "memory/prn/x.md", "memory/conin$.md", "memory/aux .md"}
	fine := []string{"memory/auxiliary.md", "memory/console.md", "memory/nullable.md", "memory/com10.md", "memory/lpt.md", "memory/a.b.md",
		"memory/notes/db.md", "memory/x-y_z (1).md", "memory/café.md", "memory/.hidden.md", "memory/com.md"}
	for _, win := range []bool{false, true} {
		old := windowsNames
		windowsNames = win
		for _, p := range everywhere {
			if why := badPath(p); !strings.Contains(why, "dot or a space") {
				t.Errorf("windows %v: badPath(%q) = %q, want a refusal of its trailing dot or space", win, p, why)
			}
		}
		for _, p := range onWindows {
			if why := badPath(p); win != strings.Contains(why, "Windows") {
				t.Errorf("windows %v: badPath(%q) = %q", win, p, why)
			}
		}
		for _, p := range fine {
			if why := badPath(p); why != "" {
				t.Errorf("windows %v: badPath(%q) = %q, want it accepted", win, p, why)
			}
		}
		windowsNames = old
	}
}
