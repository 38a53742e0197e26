package mcpserver_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/memweave/memweave-go"
)

// TestUnknownToolNamesTheNearestTool: a tools/call of a name no tool
// has, but one a model or a person would plausibly type for one (a
// trailing space, capitals, a dash, the name without its memory_
// prefix, a typo), is refused as before (-32602, the name quoted) and
// says which tool was likely meant, so that an agent corrects its call
// instead of giving up; a name near none gets no guess.
func TestUnknownToolNamesTheNearestTool(t *testing.T) {
	t.Parallel()
	w := openWeave(t, rawFiles, memweave.EmbedderConfig{})
	s := serveRaw(t, w, nil)
	for i, tc := range []struct{ name, want string }{
		// tune
		{"memory_get ", "memory_get"},
		{"Memory_Search", "memory_search"},
		// check
		{"memory-write", "memory_write"},
		{"search", "memory_search"},
		{"memory_serach", "memory_search"},
		{"memory.status", "memory_status"},
		{"delete_file", ""},
		{"x", ""},
	} {
		s.Send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":%q,"arguments":{}}}`, i+1, tc.name))
		resp := s.Recv()
		got := ""
		if resp.Error != nil {
			got = resp.Error.Message
		}
		wantHint := fmt.Sprintf("did you mean %q?", tc.want)
		if resp.Error == nil || resp.Error.Code != -32602 || !strings.Contains(got, fmt.Sprintf("unknown tool %q", tc.name)) ||
			tc.want != "" && !strings.Contains(got, wantHint) || tc.want == "" && strings.Contains(got, "did you mean") {
			t.Errorf("tools/call %q = %+v; want -32602 naming it, hint %q", tc.name, resp.Error, tc.want)
		}
	}
}
