package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/memweavetest"
)

func TestConsolidateCommand(t *testing.T) {
	t.Parallel()
	dup := "# Deploys\n\nThe staging deploy runs every Tuesday at noon from the release branch, built by the pipeline and checked by the web team.\n"
	ws := memweavetest.Workspace(t, map[string]string{
		"memory/2026-11-01.md": dup,
		"memory/2026-11-20.md": "# Log\n\nMet.\n\n" + strings.Replace(dup, "runs", "also runs", 1),
		"memory/2026-11-25.md": strings.Replace(dup, "Tuesday", "Thursday", 1),
	})
	out := mustRunCLI(t, "-w", ws, "consolidate")
	want := regexp.MustCompile(`^group ([0-9a-f]{12})
  keep      memory/2026-11-20.md:5-7 \(2026-11-20, name\)
  duplicate memory/2026-11-01.md:1-3 \(2026-11-01, name\) similarity 0\.95, words \+also
not duplicates memory/2026-11-01.md:1-3 and memory/2026-11-25.md:1-3, similarity 0\.\d\d: a value differs: date: thursday
`)
	m := want.FindStringSubmatch(out.stdout)
	if m == nil || !strings.Contains(out.stderr, "--apply ID") {
		t.Fatalf("consolidate printed %q, stderr %q", out.stdout, out.stderr)
	}
	if out := runCLI(t, "", nil, "-w", ws, "consolidate", "--apply"); out.code != 2 || !strings.Contains(out.stderr, "run 'memweave consolidate' to list") {
		t.Errorf("consolidate --apply without ids = %d, %q; want a usage error showing how to list ids", out.code, out.stderr)
	}
	out = mustRunCLI(t, "-w", ws, "consolidate", "--apply", m[1])
	if out.stdout != "applied "+m[1]+"\ndeleted memory/2026-11-01.md\n" {
		t.Errorf("consolidate --apply = %q", out.stdout)
	}
	if got := memweavetest.ReadFile(t, ws, "memory/2026-11-20.md"); !strings.Contains(got, "also runs") {
		t.Errorf("the kept copy changed: %q", got)
	}
	if out := runCLI(t, "", nil, "-w", ws, "consolidate", "--apply", m[1]); out.code != 1 || !strings.Contains(out.stdout, "skipped "+m[1]+": not in the current listing") {
		t.Errorf("consolidate --apply again = %d, %q, %q; want the group skipped, exit status 1", out.code, out.stdout, out.stderr)
	}
}
