package mcpserver_test

import (
	"context"
	"fmt"
	"net/http"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/mcpserver"
)

// bearerAuth is an http.RoundTripper that sends a bearer token.
type bearerAuth struct{ token string }

func (b bearerAuth) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
	req.Header.Set("Authorization", "Bearer "+b.token)
	return http.DefaultTransport.RoundTrip(req)
}

// Several agents share one memory over HTTP: ServeHTTP serves any number
// of clients on a loopback port until its context is cancelled.
func ExampleServeHTTP() {
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

	opts := &mcpserver.HTTPOptions{Token: "s3cret"} // or none, on loopback only
	ln, err := mcpserver.ListenHTTP(ctx, "127.0.0.1:0", opts)
	if err != nil {
		panic(err)
	}
	serveCtx, stop := context.WithCancel(ctx)
	served := make(chan error, 1)
	go func() { served <- mcpserver.ServeHTTP(serveCtx, w, ln, opts) }()

	client := mcp.NewClient(&mcp.Implementation{Name: "agent", Version: "v1"}, nil)
	cs, err := client.Connect(ctx, &mcp.StreamableClientTransport{
		Endpoint:   "http://" + ln.Addr().String() + mcpserver.HTTPPath,
		HTTPClient: &http.Client{Transport: bearerAuth{token: "s3cret"}},
	}, nil)
	if err != nil {
		panic(err)
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "memory_append", Arguments: map[string]any{"text": "The staging database is PG-ORCA-7."}})
	if err != nil || res.IsError {
		panic(fmt.Sprint(res, err))
	}
	res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "memory_search", Arguments: map[string]any{"query": "staging database"}})
	if err != nil || res.IsError {
		panic(fmt.Sprint(res, err))
	}
	out := res.StructuredContent.(map[string]any)
	fmt.Println(out["results"].([]any)[0].(map[string]any)["snippet"])
	cs.Close()

	stop()
	fmt.Println("ServeHTTP:", <-served)
	// Output:
	// The staging database is PG-ORCA-7.
	// ServeHTTP: <nil>
}
