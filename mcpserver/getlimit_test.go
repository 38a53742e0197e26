package mcpserver_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/mcpserver"
)

// TestGetAnswerIsBounded: memory_get of a note larger than
// mcpserver.MaxGetBytes (a log dropped into memory/, say) answers its
// first whole lines within the limit, with truncated and the line to ask
// for next, instead of the whole file; a line alone over the limit is an
// error naming it.
func TestGetAnswerIsBounded(t *testing.T) {
	var big strings.Builder
	big.WriteString("# Log\n\n")
	for i := 0; big.Len() < 3*mcpserver.MaxGetBytes; i++ {
		fmt.Fprintf(&big, "entry %d of the long log\n", i)
	}
	cs, _ := connect(t, map[string]string{
		"memory/log.md":  big.String(),
		"memory/line.md": "# Line\n\n" + strings.Repeat("x", 2*mcpserver.MaxGetBytes) + "\n",
	})
	var got struct {
		Text      string `json:"text"`
		StartLine int    `json:"start_line"`
		EndLine   int    `json:"end_line"`
		Truncated bool   `json:"truncated"`
		NextFrom  int    `json:"next_from"`
	}
	mustCall(t, cs, "memory_get", map[string]any{"path": "log.md"}, &got)
	if len(got.Text) > mcpserver.MaxGetBytes || !got.Truncated || !strings.HasSuffix(got.Text, "\n") || got.NextFrom != got.EndLine+1 {
		t.Fatalf("memory_get log.md = %d bytes, truncated %v, lines %d-%d, next %d; want at most %d bytes of whole lines, truncated, next = end+1",
			len(got.Text), got.Truncated, got.StartLine, got.EndLine, got.NextFrom, mcpserver.MaxGetBytes)
	}
	if !strings.HasPrefix(big.String(), got.Text) {
		t.Errorf("memory_get log.md text is not the start of the file")
	}
	next := got.NextFrom
	got.Truncated, got.NextFrom = false, 0
	mustCall(t, cs, "memory_get", map[string]any{"path": "log.md", "from": next, "lines": 2}, &got)
	if got.StartLine != next || got.Truncated || strings.Count(got.Text, "\n") != 2 {
		t.Errorf("memory_get log.md from %d = lines %d-%d, truncated %v, %q", next, got.StartLine, got.EndLine, got.Truncated, got.Text)
	}
	res := call(t, cs, "memory_get", map[string]any{"path": "line.md", "from": 3})
	if !res.IsError || !strings.Contains(text(res), "line 3") {
		t.Errorf("memory_get line.md = %.200q (error %v), want an error naming line 3", text(res), res.IsError)
	}
}
