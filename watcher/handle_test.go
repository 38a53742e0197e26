package watcher

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/fsnotify/fsnotify"
)

type nopSyncer struct{}

func (nopSyncer) Sync(context.Context, Changes) ([]Event, error) { return nil, nil }

// TestHandle checks which events schedule a Sync and how folder events
// change the watched folders. The cases run in order on one watcher.
func TestHandle(t *testing.T) {
	root := t.TempDir()
	for _, d := range []string{"memory/sub", "notes"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	opts, err := withDefaults(nopSyncer{}, Options{Root: root, ExtraPaths: []string{"notes", "TODO.md"}})
	if err != nil {
		t.Fatal(err)
	}
	l := newTree(&Watcher{opts: opts}, opts)
	if err := l.startOS(); err != nil {
		t.Fatal(err)
	}
	defer l.stopOS()
	p := func(rel string) string { return filepath.Join(root, filepath.FromSlash(rel)) }

	tests := []struct {
		name string
		op   fsnotify.Op
		want bool
	}{
		{"memory/a.md", fsnotify.Write, true},
		{"memory/sub/b.markdown", fsnotify.Create, true},
		{"memory/C.MD", fsnotify.Remove, true},
		{"memory/a.md", fsnotify.Chmod, true},
		{"memory/notes.txt", fsnotify.Write, false},
		{"memory/.hidden.md", fsnotify.Write, false},
		{"memory/draft.md~", fsnotify.Write, false},
		{"memory/a.md.tmp", fsnotify.Create, false},
		{"memory/#a.md#", fsnotify.Create, false},
		{"README.md", fsnotify.Write, false},
		{"other/x.md", fsnotify.Write, false},
		{"TODO.md", fsnotify.Write, true},
		{"notes/n.md", fsnotify.Write, true},
		{"notes/n.txt", fsnotify.Write, false},
		{"memory", fsnotify.Create, true},
		{"memory/sub", fsnotify.Rename, true},    // a watched folder
		{"memory/other", fsnotify.Remove, false}, // not a watched folder
	}
	for _, tt := range tests {
		ev := fsnotify.Event{Name: p(tt.name), Op: tt.op}
		got, err := l.handle(ev)
		if err != nil || (len(got) > 0) != tt.want {
			t.Errorf("handle(%v) = %v, %v; want paths: %v", ev, got, err, tt.want)
		}
	}
	if _, ok := l.dirs[p("memory/sub")]; ok {
		t.Error("memory/sub still watched after its rename")
	}

	// A new folder is watched with the folders below it.
	if err := os.MkdirAll(p("memory/new/deep"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(p("memory/new/.git"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p("memory/new/deep/n.md"), []byte("# N\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := l.handle(fsnotify.Event{Name: p("memory/new"), Op: fsnotify.Create})
	if want := []string{p("memory/new"), p("memory/new/deep/n.md")}; err != nil || !slices.Equal(got, want) {
		t.Errorf("handle(create memory/new) = %v, %v; want %v", got, err, want)
	}
	for dir, want := range map[string]bool{"memory/new": true, "memory/new/deep": true, "memory/new/.git": false} {
		if _, ok := l.dirs[p(dir)]; ok != want {
			t.Errorf("%s watched = %v, want %v", dir, ok, want)
		}
	}
}

func TestWithin(t *testing.T) {
	dir := filepath.FromSlash("/w/memory")
	tests := []struct {
		path string
		want bool
	}{
		{"/w/memory/a.md", true},
		{"/w/memory/sub/a.md", true},
		{"/w/memory", false},
		{"/w/memory2/a.md", false},
		{"/w/a.md", false},
	}
	for _, tt := range tests {
		if got := within(dir, filepath.FromSlash(tt.path)); got != tt.want {
			t.Errorf("within(%q, %q) = %v, want %v", dir, tt.path, got, tt.want)
		}
	}
}
