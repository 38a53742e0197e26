package gitsync_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/gitsync"
)

// TestSyncRefusesNamesThatDriveATerminal: C0 control characters in a
// remote's path were refused, but not the C1 ones (U+0080 to U+009F:
// U+009B starts a CSI sequence, U+009D an OSC one, such as the clipboard
// write OSC 52, in terminals that honor them) nor bytes that are not
// UTF-8 (0x9b alone is CSI to an 8-bit terminal), nor invisible
// formatting characters (a right-to-left override makes
// "photo<RLO>gnp.md" print as "photodm.png"; a zero-width space makes a
// twin of db.md), which memweave refuses in the
// names it writes. Such a note reached the work tree, and search printed
// its name raw. Sync refuses it, naming it escaped.
func TestSyncRefusesNamesThatDriveATerminal(t *testing.T) {
	t.Parallel()
	// Each case starts from the victim synced and the attacker up to date.
	pulled := template(t, func(ws []string) {
		sync(t, ws[0], "victim")
		gitIn(t, ws[1], nil, "pull", "-q", "origin", "main")
	}, "victim", "attacker")
	for _, name := range []string{"x\u009d52;c;aGk=\u009c.md", "x\u009b2J.md", "bad\x9b31m.md", "photo\u202egnp.md", "db\u200b.md"} {
		t.Run(strings.ToValidUTF8(name, "?"), func(t *testing.T) {
			ws := pulled(t)
			victim, attacker := ws[0], ws[1]
			write(t, attacker, "memory/"+name, "hostile name\n")
			gitIn(t, attacker, nil, "add", "-A")
			gitIn(t, attacker, nil, "commit", "-qm", "name")
			gitIn(t, attacker, nil, "push", "-q", "origin", "main")
			_, err := gitsync.Sync(context.Background(), victim, gitsync.Options{Host: "victim"})
			if !errors.Is(err, gitsync.ErrRefused) {
				t.Errorf("Sync = %v, want ErrRefused", err)
			}
			if err != nil && strings.ContainsFunc(err.Error(), func(r rune) bool { return r >= 0x80 && r < 0xa0 || r == 0xfffd }) ||
				err != nil && !strings.Contains(err.Error(), "memory/") {
				t.Errorf("error %q holds the name raw, or does not name it", err)
			}
			if _, serr := os.Lstat(filepath.Join(victim, "memory", name)); serr == nil {
				t.Errorf("memory/%q reached the work tree", name)
			}
		})
	}
}
