package mcpserver

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestHandlerRecoversPanics(t *testing.T) {
	tl := &tools{log: slog.New(slog.DiscardHandler)}
	h := handler(tl, "memory_boom", func(context.Context, struct{}) (*mcp.CallToolResult, int, error) {
		panic("kaboom")
	})
	res, out, err := h(context.Background(), nil, struct{}{})
	if res != nil || out != 0 || err == nil || !strings.Contains(err.Error(), "memory_boom failed: internal error: kaboom") {
		t.Errorf("handler after a panic = %v, %v, %v; want an error naming the tool", res, out, err)
	}
}

func TestHandlerCleansErrors(t *testing.T) {
	tl := &tools{log: slog.New(slog.DiscardHandler), apiKey: "sk-secret"}
	h := handler(tl, "memory_x", func(context.Context, struct{}) (*mcp.CallToolResult, int, error) {
		return nil, 7, errors.New("memweave: search: memweave: embed: bad key sk-secret\nsecond line")
	})
	_, out, err := h(context.Background(), nil, struct{}{})
	want := "search: embed: bad key [redacted] second line"
	if out != 0 || err == nil || err.Error() != want {
		t.Errorf("handler error = %v (output %v), want %q", err, out, want)
	}
}

func TestCountLines(t *testing.T) {
	tests := []struct {
		s    string
		want int
	}{
		{"", 0}, {"a", 1}, {"a\n", 1}, {"a\nb", 2}, {"a\r\nb\r\n", 2}, {"a\rb", 2}, {"\n\n", 2},
	}
	for _, tt := range tests {
		if got := countLines(tt.s); got != tt.want {
			t.Errorf("countLines(%q) = %d, want %d", tt.s, got, tt.want)
		}
	}
}
