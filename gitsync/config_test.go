package gitsync_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/gitsync"
)

// TestSyncMergeRunsNoProgramOfTheConfig: a merge driver is a program
// named in git's config (merge.<name>.driver), and git looks a driver up
// there before its built-in ones, so a "union" driver, a merge.default
// or a driver that .git/info/attributes names for notes decided how
// sync merged a dated log or a note changed on both sides, by running a
// program memweave did not choose (one that keeps one side drops the
// other machine's entries). The config may be a copied workspace's
// .git/config or ~/.gitconfig; either way sync's merge uses git's
// built-in merges under memweave's own attributes and runs none of it.
func TestSyncMergeRunsNoProgramOfTheConfig(t *testing.T) {
	cases := []struct {
		name   string
		config [][2]string // git config --local
		global string      // a global config file's text
		info   string      // .git/info/attributes
	}{
		{name: "union driver", config: [][2]string{{"merge.union.driver", "echo ran >> MARK; exit 0"}}},
		{name: "merge.default", config: [][2]string{{"merge.default", "mine"}, {"merge.mine.driver", "echo ran >> MARK; exit 0"}}},
		{name: "info/attributes", config: [][2]string{{"merge.mine.driver", "echo ran >> MARK; exit 0"}}, info: "memory/** merge=mine\n"},
		{name: "global union driver", global: "[merge \"union\"]\n\tdriver = echo ran >> MARK; exit 0\n"},
	}
	synced := template(t, func(ws []string) { sync(t, ws[0], "a"); sync(t, ws[1], "b") }, "a", "b")
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ws := synced(t)
			a, b := ws[0], ws[1]
			mark := filepath.Join(t.TempDir(), "ran")
			for _, kv := range c.config {
				run(t, b, "config", kv[0], strings.ReplaceAll(kv[1], "MARK", mark))
			}
			if c.global != "" {
				g := filepath.Join(t.TempDir(), "gitconfig")
				if err := os.WriteFile(g, []byte(strings.ReplaceAll(c.global, "MARK", mark)), 0o644); err != nil {
					t.Fatal(err)
				}
				t.Setenv("GIT_CONFIG_GLOBAL", g)
			}
			if c.info != "" {
				write(t, b, ".git/info/attributes", c.info)
			}

			write(t, a, "memory/notes/db.md", "# DB\n\nPostgres 17, on host a.\n")
			write(t, a, "memory/2026-03-14.md", "- from a\n")
			sync(t, a, "a")
			write(t, b, "memory/notes/db.md", "# DB\n\nMySQL 8, on host b.\n")
			write(t, b, "memory/2026-03-14.md", "- from b\n")
			res := sync(t, b, "b")

			if data, err := os.ReadFile(mark); err == nil {
				t.Errorf("sync ran the configured merge driver (%s wrote %q)", mark, data)
			}
			if log := read(t, b, "memory/2026-03-14.md"); !strings.Contains(log, "from a") || !strings.Contains(log, "from b") {
				t.Errorf("log = %q, want both entries", log)
			}
			if got := read(t, b, "memory/notes/db.md"); got != "# DB\n\nPostgres 17, on host a.\n" {
				t.Errorf("db.md = %q, want the remote's version", got)
			}
			if !slices.ContainsFunc(res.Conflicts, func(cf gitsync.Conflict) bool { return cf.Path == "memory/notes/db.md" }) {
				t.Errorf("Sync(b).Conflicts = %v, want memory/notes/db.md reported", res.Conflicts)
			}
		})
	}
}

// TestSyncRunsNoOtherProgramOfTheConfig: beyond merge drivers, git's
// config can name programs that commands sync runs would start: a file
// system monitor (core.fsmonitor, run by add, diff and update-index), an
// external diff (diff.external, and a textconv that .gitattributes
// selects), a filter driver that attributes select (filter.<name>.clean
// or .process, run by add and update-index on every note; a global
// git-lfs setup is one) and, for a remote on this machine's disk, the
// upload-pack the fetch starts (remote.<name>.uploadpack). Sync needs
// none of them (it commits a note's bytes as they are), so none runs,
// whoever wrote the config (a workspace copied with its .git/ carries
// another person's).
func TestSyncRunsNoOtherProgramOfTheConfig(t *testing.T) {
	cases := []struct {
		name   string
		config [][2]string
		attrs  string // .git/info/attributes
	}{
		{name: "core.fsmonitor", config: [][2]string{{"core.fsmonitor", "SCRIPT"}}},
		{name: "diff.external", config: [][2]string{{"diff.external", "SCRIPT"}}},
		{name: "textconv", config: [][2]string{{"diff.conv.textconv", "SCRIPT"}}, attrs: "*.md diff=conv\n"},
		{name: "clean filter", config: [][2]string{{"filter.x.clean", "SCRIPT"}, {"filter.x.smudge", "SCRIPT"}, {"filter.x.required", "true"}}, attrs: "*.md filter=x\n"},
		{name: "process filter", config: [][2]string{{"filter.a.b=c.process", "SCRIPT"}}, attrs: "*.md filter=a.b=c\n"},
		{name: "upload-pack", config: [][2]string{{"remote.origin.uploadpack", "SCRIPT"}}},
	}
	synced := template(t, func(ws []string) { sync(t, ws[0], "a"); sync(t, ws[1], "b") }, "a", "b")
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ws := synced(t)
			a, b := ws[0], ws[1]
			tmp := t.TempDir()
			mark, script := filepath.Join(tmp, "ran"), filepath.Join(tmp, "prog.sh")
			if err := os.WriteFile(script, []byte("#!/bin/sh\necho \"$@\" $(ps -o args= -p $PPID) >> "+mark+"\nexit 1\n"), 0o755); err != nil {
				t.Fatal(err)
			}
			for _, kv := range c.config {
				run(t, b, "config", kv[0], strings.ReplaceAll(kv[1], "SCRIPT", script))
			}
			if c.attrs != "" {
				write(t, b, ".git/info/attributes", c.attrs)
			}
			write(t, a, "memory/notes/db.md", "# DB\n\nPostgres 17, on host a.\n")
			write(t, a, "memory/2026-03-14.md", "- from a\n")
			sync(t, a, "a")
			write(t, b, "memory/notes/db.md", "# DB\n\nMySQL 8, on host b.\n")
			write(t, b, "memory/2026-03-14.md", "- from b\n")
			write(t, b, "memory/notes/new.md", "# New\n")
			sync(t, b, "b")
			sync(t, b, "b")
			if data, err := os.ReadFile(mark); err == nil {
				t.Errorf("sync ran %s (%s wrote %q)", c.config[0][0], mark, data)
			}
		})
	}
}
