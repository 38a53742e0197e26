package main

import "testing"

// TestChangesNamesTheExtraArgument: a third revision is refused naming
// it, as every command's extra argument is ("files takes no arguments,
// got "extra""). Before: "changes needs REV1 and an optional REV2",
// which names nothing the caller got wrong.
func TestChangesNamesTheExtraArgument(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	out := runCLI(t, "", nil, "-w", ws, "changes", "HEAD~1", "HEAD", "extra")
	if out.code != 2 || out.stdout != "" {
		t.Errorf("changes HEAD~1 HEAD extra: exit %d, stdout %q; want 2 and nothing", out.code, out.stdout)
	}
	checkErrorLine(t, out.stderr, `memweave: changes takes REV1 and an optional REV2, got 3 arguments: "extra" and any after it are extra`)
	out = runCLI(t, "", nil, "-w", ws, "changes")
	checkErrorLine(t, out.stderr, "memweave: changes needs REV1 and an optional REV2")
}
