package mcpserver_test

import (
	"context"
	"fmt"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/mcpserver"
)

// An agent connects, lists the tools, and stores a note. Here the client
// and server talk in memory; a real client starts "memweave mcp" and
// talks over its stdin and stdout.
func Example() {
	ctx := context.Background()
	root, err := os.MkdirTemp("", "memweave-example-")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(root)
	w, err := memweave.Open(ctx, memweave.Config{Workspace: root, Create: true})
	if err != nil {
		panic(err)
	}
	defer w.Close()

	serverEnd, clientEnd := mcp.NewInMemoryTransports()
	ss, err := mcpserver.New(w, nil).Connect(ctx, serverEnd, nil)
	if err != nil {
		panic(err)
	}
	defer ss.Wait()
	client := mcp.NewClient(&mcp.Implementation{Name: "agent", Version: "v1"}, nil)
	cs, err := client.Connect(ctx, clientEnd, nil)
	if err != nil {
		panic(err)
	}
	defer cs.Close()

	for tool, err := range cs.Tools(ctx, nil) {
		if err != nil {
			panic(err)
		}
		fmt.Printf("%s read-only=%v\n", tool.Name, tool.Annotations.ReadOnlyHint)
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{
		Name:      "memory_write",
		Arguments: map[string]any{"path": "../outside.md", "content": "x"},
	})
	if err != nil {
		panic(err)
	}
	fmt.Println("escaping write refused:", res.IsError)
	// Output:
	// memory_append read-only=false
	// memory_changes read-only=true
	// memory_conflicts read-only=true
	// memory_consolidate read-only=false
	// memory_delete read-only=false
	// memory_feedback read-only=false
	// memory_get read-only=true
	// memory_index read-only=false
	// memory_pack read-only=true
	// memory_resolve read-only=false
	// memory_search read-only=true
	// memory_status read-only=true
	// memory_write read-only=false
	// escaping write refused: true
}
