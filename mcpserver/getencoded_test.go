package mcpserver_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/mcpserver"
)

// TestGetAnswerIsBoundedEncoded: mcpserver.MaxGetBytes counted the
// note's bytes, while an answer carries their JSON encoding, twice (the
// text content and structuredContent): a 1 MiB note of control
// characters made 12.5 MB answers, and 64 such memory_get calls over
// HTTP took the server past 1 GB RSS. The limit now counts the text as
// JSON encodes it: the answer holds the whole lines that fit, truncated,
// with the line to ask for next.
func TestGetAnswerIsBoundedEncoded(t *testing.T) {
	lines := map[string]string{
		// tune
		"ctl.md": strings.Repeat("\x01", 999),
		// check
		"html.md":   strings.Repeat("<&>", 333),
		"quotes.md": strings.Repeat(`"\`, 499),
		"seps.md":   strings.Repeat("\u2028", 333),
		"bad.md":    strings.Repeat("\xff", 999),
	}
	notes := map[string]string{}
	for name, line := range lines {
		notes["memory/"+name] = strings.Repeat(line+"\n", 600<<10/len(line)) // under the limit in bytes, over it encoded
	}
	cs, _ := connect(t, notes)
	for name := range lines {
		var got struct {
			Text      string `json:"text"`
			EndLine   int    `json:"end_line"`
			Truncated bool   `json:"truncated"`
			NextFrom  int    `json:"next_from"`
		}
		mustCall(t, cs, "memory_get", map[string]any{"path": name}, &got)
		enc, _ := json.Marshal(got.Text)
		if len(enc) > mcpserver.MaxGetBytes+2 || !got.Truncated || got.NextFrom != got.EndLine+1 || got.EndLine < 2 {
			t.Errorf("memory_get %s = %d bytes as JSON, truncated %v, end %d, next %d; want at most %d, truncated, next = end+1",
				name, len(enc), got.Truncated, got.EndLine, got.NextFrom, mcpserver.MaxGetBytes)
		}
	}
}
