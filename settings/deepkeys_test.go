package settings

import (
	"runtime"
	"strings"
	"testing"
)

// TestParseOfDeeplyNestedUnknownKeys: a cloned memweave.json of 60 KB,
// under the size limit, holding an object nested 10,000 deep ({"a":
// {"a": ...}}) took 7 to 12 s and 338 MB of memory to be refused: the
// walk that finds each key's line built every key's dotted path,
// "a.a.a...", 10,000 of them up to 20,000 bytes each, and counted the
// lines before each key from the file's start. No setting is deeper
// than two levels: the walk stops below them, where any key is unknown,
// and the file is refused naming its first unknown key.
func TestParseOfDeeplyNestedUnknownKeys(t *testing.T) {
	nest := func(open, close, inner string, n int) string {
		return strings.Repeat(open, n) + inner + strings.Repeat(close, n)
	}
	for _, c := range []struct {
		name, data, want string
	}{
		{"tune: objects", nest(`{"a":`, "}", "1", 10000), `:1: unknown setting "a"`},
		{"check: under a setting", `{"embedder":` + nest(`{"b":`, "}", "1", 9000) + "}", `:1: unknown setting "embedder.b"`},
		{"check: lists between", "{\n\"x\":" + nest(`[{"a":`, "}]", "1", 4000) + "}", `:2: unknown setting "x"`},
		{"check: newlines", nest("{\n\"a\":", "}", "1", 8000), `:2: unknown setting "a"`},
	} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err := Parse([]byte(c.data), "memweave.json")
		runtime.ReadMemStats(&after)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Parse = %v, want an error saying %q", c.name, err, c.want)
		}
		if got := after.TotalAlloc - before.TotalAlloc; got > 16<<20 {
			t.Errorf("%s: Parse of %d bytes allocated %d bytes, want at most 16 MiB", c.name, len(c.data), got)
		}
	}
}
