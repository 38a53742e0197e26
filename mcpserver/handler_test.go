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
	tl := &tools{log: slog.New(slog.DiscardHandler)}
	h := handler(tl, "memory_x", func(context.Context, struct{}) (*mcp.CallToolResult, int, error) {
		return nil, 7, errors.New("memweave: search: memweave: embed: bad request\nsecond line")
	})
	_, out, err := h(context.Background(), nil, struct{}{})
	want := "memory_x: search: embed: bad request second line" // the tool named first
	if out != 0 || err == nil || err.Error() != want {
		t.Errorf("handler error = %v (output %v), want %q", err, out, want)
	}
}
