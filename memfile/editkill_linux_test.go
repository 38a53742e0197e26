package memfile_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/internal/edithook"
	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/memweavetest"
)

// envKillStep names the step at which the edit helper kills itself:
// "checked" (the note aside, checked, the new content not yet linked) or
// "link" (the new content linked at its name, the old one still aside).
const envKillStep = "MEMFILE_TEST_KILL_STEP"

// Contents of memory/a.md in the tests below.
const (
	editOld = "# A\n\nthe old text\n"
	editNew = "# A\n\nthe old text\nand the edit's line\n"
)

// TestEditStepHelper is not a test: run by the test below in a process of
// its own, it edits memory/a.md from editOld to editNew with
// memfile.EditWith and sends itself SIGKILL at the step envKillStep names.
func TestEditStepHelper(t *testing.T) {
	if os.Getenv(envHelper) != "edit" {
		t.Skip("helper process only")
	}
	kill := func(step string) {
		if step == os.Getenv(envKillStep) {
			memweavetest.KillSelf()
		}
	}
	ctx := edithook.WithStep(context.Background(), kill)
	ctx = edithook.WithChecked(ctx, func(string) { kill("checked") })
	_, err := memfile.EditWith(ctx, os.Getenv(envRoot), "memory/a.md", memfile.EditOptions{}, func(_ string, old []byte) ([]byte, error) {
		return []byte(editNew), nil
	})
	fmt.Println("edit:", err)
	os.Exit(0)
}

// TestRecoverDropsOnlySupersededAsides kills an in-place edit after it
// checked the note it moved aside, then recovers as the next command
// does. The old copy aside goes when it provably holds what the edit
// checked and a file holds the note's name (the edit's new content, or a
// save another program made meanwhile): before, every such kill left a
// copy in memory/.memweave-tmp for good. A copy written to in place since
// the check (an editor that kept the file open) may be the only holder of
// that write, and stays.
func TestRecoverDropsOnlySupersededAsides(t *testing.T) {
	const editorSave = "# A\n\nthe editor's save\n"
	const inPlace = "# A\n\nwritten in place into the file aside\n"
	for _, tc := range []struct {
		name, step  string
		save, write string // a save at memory/a.md, a write into the copy aside, after the kill
		want        string // memory/a.md after Recover
		kept        string // the copy left in TempDir, "" for none
	}{
		{name: "killed after the link", step: "link", want: editNew},
		{name: "killed after the check, saved meanwhile", step: "checked", save: editorSave, want: editorSave},
		{name: "killed after the link, written aside", step: "link", write: inPlace, want: editNew, kept: inPlace},
		{name: "killed after the check, saved and written aside", step: "checked", save: editorSave, write: inPlace, want: editorSave, kept: inPlace},
		{name: "killed after the check", step: "checked", want: editOld},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := memweavetest.Workspace(t, map[string]string{"memory/a.md": editOld})
			memweavetest.RunKilled(t, "TestEditStepHelper", envHelper+"=edit", envRoot+"="+root, envKillStep+"="+tc.step)
			if tc.save != "" {
				memweavetest.WriteFile(t, root, "memory/a.md", tc.save)
			}
			if tc.write != "" {
				var aside []string
				for _, name := range strings.Fields(tempFiles(t, root)) {
					if strings.HasPrefix(name, ".memweave-aside-") {
						aside = append(aside, name)
					}
				}
				if len(aside) != 1 {
					t.Fatalf("after the kill %s holds %q, want the note aside", memfile.TempDir, aside)
				}
				if err := os.WriteFile(filepath.Join(root, "memory", memfile.TempDir, aside[0]), []byte(tc.write), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if err := memfile.Recover(context.Background(), root); err != nil {
				t.Fatal(err)
			}
			if got := memweavetest.ReadFile(t, root, "memory/a.md"); got != tc.want {
				t.Errorf("memory/a.md after Recover = %q, want %q", got, tc.want)
			}
			var kept []string
			for _, name := range strings.Fields(tempFiles(t, root)) {
				data, _ := os.ReadFile(filepath.Join(root, "memory", memfile.TempDir, name))
				kept = append(kept, string(data))
			}
			if want := []string{tc.kept}; tc.kept == "" && len(kept) > 0 || tc.kept != "" && fmt.Sprint(kept) != fmt.Sprint(want) {
				t.Errorf("after Recover %s holds %q, want %q", memfile.TempDir, kept, tc.kept)
			}
		})
	}
}
