package settings

import (
	"fmt"
	"strings"
	"testing"
)

// TestParseRefusesThousandsOfExtraPaths: a cloned memweave.json listing
// 12,000 extra paths ("a" again and again, or a0 to a6999, within the
// 64 KiB) made every command, status and search too, take 3.4 to 5.7 s
// checking each one's approval and reach (336,000 stat calls). A file
// listing more than MaxExtraPaths is refused naming the key, its line
// and the count; one at the limit is read.
func TestParseRefusesThousandsOfExtraPaths(t *testing.T) {
	list := func(n int, name func(int) string) string {
		names := make([]string, n)
		for i := range names {
			names[i] = fmt.Sprintf("%q", name(i))
		}
		return "{\n  \"extra_paths\": [" + strings.Join(names, ", ") + "]\n}\n"
	}
	same := func(int) string { return "a" }
	distinct := func(i int) string { return fmt.Sprintf("a%d", i) }
	for _, c := range []struct {
		name string
		data string
	}{
		{"tune: 12,000 times a", list(12000, same)},
		{"check: 7,000 distinct", list(7000, distinct)},
		{"check: one past the limit", list(MaxExtraPaths+1, distinct)},
	} {
		_, err := Parse([]byte(c.data), "memweave.json")
		if err == nil || !strings.Contains(err.Error(), "memweave.json:2") || !strings.Contains(err.Error(), "extra_paths") || !strings.Contains(err.Error(), fmt.Sprintf("at most %d", MaxExtraPaths)) {
			t.Errorf("%s: Parse = %v, want an error naming memweave.json:2, extra_paths and the limit", c.name, err)
		}
	}
	if _, err := Parse([]byte(list(MaxExtraPaths, distinct)), "memweave.json"); err != nil {
		t.Errorf("Parse of %d extra paths = %v, want it read", MaxExtraPaths, err)
	}
}
