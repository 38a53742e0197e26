package main

import (
	"strings"
	"testing"

	"github.com/memweave/memweave-go/memweavetest"
)

// A note's bidirectional override or isolate (U+202E, U+2066) reorders
// the rest of the line a terminal shows it on: search printed it raw in
// a result's one-line preview, so a hostile note could show "deploy key
// is 1234" as other text than the note holds. The preview, like a
// message, now writes these controls escaped, as it writes C0 and C1
// controls.
func TestSearchPreviewEscapesBidiControls(t *testing.T) {
	t.Parallel()
	ws := memweavetest.Workspace(t, map[string]string{
		"memory/keys.md": "The deploy key is \u202e4321 not\u202c final.\n",
		"memory/iso.md":  "The backup code is \u2067ydob\u2069 here.\n", // check
	})
	for q, want := range map[string]string{"deploy key": `\u202e4321 not\u202c`, "backup code": `\u2067ydob\u2069`} {
		out := mustRunCLI(t, "-w", ws, "search", q)
		if strings.ContainsAny(out.stdout, "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069") || !strings.Contains(out.stdout, want) {
			t.Errorf("search %q: stdout %q, want the bidi controls escaped: %s", q, out.stdout, want)
		}
	}
}
