package mcpserver_test

import (
	"os"
	"path/filepath"
	"testing"
)

// A blank memory_append is refused by a tool error naming the tool and
// its text argument, as every other argument error is (before: the bare
// "append: empty text"), and writes no log.
func TestAppendBlankTextNamesTheArgument(t *testing.T) {
	cs, root := connect(t, nil)
	for _, text := range []string{"", "   ", "\n\t\n"} {
		mustFail(t, cs, "memory_append", map[string]any{"text": text}, "memory_append: text is blank")
	}
	if ents, err := os.ReadDir(filepath.Join(root, "memory")); err != nil || len(ents) != 0 {
		t.Errorf("memory/ after blank appends holds %v (%v), want nothing", ents, err)
	}
}
