package main

import (
	"errors"
	"testing"

	"github.com/memweave/memweave-go"
)

// TestWatchLinesSayAFailureOnce: watch printed a failed run's warning
// again whenever its text changed at all, and the hold of a full disk
// names the free space, which moves between poll ticks ("(it has 300)",
// "(it has 310)"): a line per tick. A failure that reads alike but for
// its numbers is printed once, until another line is.
func TestWatchLinesSayAFailureOnce(t *testing.T) {
	hold := func(free string) error {
		return errors.New("index: write: a write failed on a full disk; the index writes again once /ws/.memweave has 1324 KiB free (it has " + free + "), leaving the space to the notes")
	}
	var l watchLines
	same := func(s string) string { return s }
	steps := []struct {
		ev    memweave.WatchEvent
		print bool
	}{
		{memweave.WatchEvent{Path: "memory/a.md", Err: hold("300")}, true},
		{memweave.WatchEvent{Path: "memory/b.md", Err: hold("300")}, false},
		{memweave.WatchEvent{Path: "memory/a.md", Err: hold("310")}, false},
		{memweave.WatchEvent{Path: "memory/a.md", Err: errors.New("memory/a.md: not a text file")}, true},
		{memweave.WatchEvent{Path: "memory/a.md", Err: hold("290")}, true},
		{memweave.WatchEvent{Path: "memory/a.md"}, true},
		{memweave.WatchEvent{Path: "memory/b.md"}, true},
		{memweave.WatchEvent{Path: "memory/a.md", Err: hold("280")}, true},
	}
	for i, s := range steps {
		if line, ok := l.of(s.ev, same); ok != s.print {
			t.Errorf("event %d %q: printed %v, want %v", i, line, ok, s.print)
		}
	}
}
