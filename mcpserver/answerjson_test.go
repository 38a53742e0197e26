package mcpserver_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/mcpserver"
	"github.com/memweave/memweave-go/memweavetest"
	"github.com/memweave/memweave-go/settings"
)

// noteOfLines returns a note of lines made of unit repeated, each line
// width units long, until it is at least size bytes.
func noteOfLines(unit string, width, size int) string {
	line := strings.Repeat(unit, width) + "\n"
	return "# Note\n\n" + strings.Repeat(line, size/len(line)+1)
}

// jsonSize returns how many bytes encoding/json writes for s.
func jsonSize(t testing.TB, s string) int {
	t.Helper()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return len(b)
}

// TestAnswersAreBoundedByTheirJSONSize: an answer's text was bounded in
// the note's bytes (mcpserver.MaxGetBytes), but JSON writes a control
// character, "<", ">" and "&" as 6 bytes (\u0001, \u003c), U+2028 and a
// byte that is not UTF-8 likewise, so a 1 MiB note of them made a 6 MiB
// text, and an answer that holds it twice 12.5 MB: 64 such calls held
// gigabytes. The text of memory_get and memory_pack is now bounded as
// JSON writes it too (mcpserver.MaxAnswerJSONBytes); a note of ordinary
// text, newlines and quotes included (2 bytes each at most), still comes
// whole up to MaxGetBytes.
func TestAnswersAreBoundedByTheirJSONSize(t *testing.T) {
	if raceEnabled {
		t.Skip("megabytes of answers: 2 s of CPU, slow under the race detector; FuzzJSONSize checks the count")
	}
	// Past MaxAnswerJSONBytes as JSON, under MaxGetBytes.
	const size = mcpserver.MaxGetBytes / 2
	notes := map[string]string{
		// Tune.
		"memory/ctl.md":  noteOfLines("\x01", 100, size),
		"memory/html.md": noteOfLines("<a>&", 25, size),
		"memory/ls.md":   noteOfLines("\u2028", 30, size),
		// Check.
		"memory/mix.md":   noteOfLines("\x1f\x7f&", 20, size),
		"memory/bad.md":   noteOfLines("ok\xff", 30, size),
		"memory/ps.md":    noteOfLines("x\u2029", 30, 3*mcpserver.MaxGetBytes/4),
		"memory/quote.md": noteOfLines(`"\`, 1, mcpserver.MaxGetBytes-(64<<10)),
	}
	cs := connectWeave(t, openWeave(t, notes, memweave.EmbedderConfig{Provider: "none"}))
	for _, name := range []string{"ctl.md", "html.md", "ls.md", "mix.md", "bad.md", "ps.md", "quote.md"} {
		var got struct {
			Text      string `json:"text"`
			Truncated bool   `json:"truncated"`
			NextFrom  int    `json:"next_from"`
		}
		mustCall(t, cs, "memory_get", map[string]any{"path": name}, &got)
		// The client reads a byte that is not UTF-8 as U+FFFD.
		note := strings.ToValidUTF8(notes["memory/"+name], "\uFFFD")
		whole := jsonSize(t, note) <= mcpserver.MaxAnswerJSONBytes && len(note) <= mcpserver.MaxGetBytes
		n := jsonSize(t, got.Text)
		if n > mcpserver.MaxAnswerJSONBytes || !strings.HasPrefix(note, got.Text) || got.Truncated == whole || (!whole && got.NextFrom == 0) {
			t.Errorf("memory_get %s = %d bytes (%d as JSON), truncated %v, next %d; want at most %d as JSON, a start of the note, truncated %v",
				name, len(got.Text), n, got.Truncated, got.NextFrom, mcpserver.MaxAnswerJSONBytes, !whole)
		}
		if !whole && n < mcpserver.MaxAnswerJSONBytes/2 {
			t.Errorf("memory_get %s = %d bytes as JSON; want near %d", name, n, mcpserver.MaxAnswerJSONBytes)
		}
	}
}

// TestPackAnswerIsBoundedByItsJSONSize: memory_pack's budget counts 4
// bytes a token, so its passages held up to 1 MiB, 6 MiB as JSON when
// they are control characters (with the widest chunks a memweave.json
// may set). Its lowest scored passages are left out now, past
// mcpserver.MaxAnswerJSONBytes as JSON, with a warning naming them.
func TestPackAnswerIsBoundedByItsJSONSize(t *testing.T) {
	if raceEnabled {
		t.Skip("megabytes of passages: 1 s of CPU, slow under the race detector")
	}
	root := memweavetest.Workspace(t, map[string]string{
		"memory/ctl.md":   "# Note\n\n" + numberedLines("note w%d "+strings.Repeat("\x01\x02\x03", 25)+"\n", mcpserver.MaxGetBytes/2),
		"memory/html.md":  "# Note\n\n" + numberedLines("note w%d "+strings.Repeat("<a>&", 20)+"\n", mcpserver.MaxGetBytes/2),
		"memory/prose.md": "# Note\n\n" + numberedLines("note w%d "+strings.Repeat("\"quoted\" words\t", 10)+"\n", 64<<10),
	})
	w, err := memweave.Open(context.Background(), memweave.Config{Workspace: root, Now: memweavetest.Clock(),
		Embedder: memweave.EmbedderConfig{Provider: "none"}, ChunkTokens: settings.MaxChunkTokens})
	if err != nil {
		t.Fatal(err)
	}
	cs := connectWeave(t, w)
	var p struct {
		TotalTokens int `json:"total_tokens"`
		Items       []struct {
			Path   string `json:"path"`
			Tokens int    `json:"tokens"`
			Text   string `json:"text"`
		} `json:"items"`
		Warnings []string `json:"warnings"`
	}
	mustCall(t, cs, "memory_pack", map[string]any{"query": "note", "budget_tokens": mcpserver.MaxBudgetTokens}, &p)
	total, tokens := 0, 0
	for _, it := range p.Items {
		total += jsonSize(t, it.Text) - 2
		tokens += it.Tokens
	}
	if total > mcpserver.MaxAnswerJSONBytes || len(p.Items) == 0 || tokens != p.TotalTokens {
		t.Errorf("memory_pack = %d passages of %d tokens (total_tokens %d), %d bytes of text as JSON; want some, at most %d, and their tokens in total_tokens",
			len(p.Items), tokens, p.TotalTokens, total, mcpserver.MaxAnswerJSONBytes)
	}
	if total > mcpserver.MaxAnswerJSONBytes/2 && !strings.Contains(strings.Join(p.Warnings, "\n"), "passages left out") {
		t.Errorf("memory_pack warnings = %q; want one saying passages were left out", p.Warnings)
	}
}
