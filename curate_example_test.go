package memweave_test

import (
	"context"
	"fmt"
	"log"
	"os"

	memweave "github.com/memweave/memweave-go"
)

func ExampleWeave_Feedback() {
	ctx := context.Background()
	dir := exampleWorkspace(map[string]string{
		"memory/cache.md": "---\ntags: [infra]\n---\n# Cache\n\nRedis caches the catalog API for five minutes.\n",
	})
	defer os.RemoveAll(dir)
	w, err := memweave.Open(ctx, memweave.Config{Workspace: dir, Now: exampleNow})
	if err != nil {
		log.Fatal(err)
	}
	defer w.Close()

	resp, err := w.Search(ctx, "Redis catalog API", memweave.Tags("infra"))
	if err != nil {
		log.Fatal(err)
	}
	r := resp.Results[0]
	fmt.Printf("%s:%d %v\n", r.Path, r.StartLine, r.Tags)
	res, err := w.Feedback(ctx, r.Path, r.StartLine, true)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%s has %d useful mark\n", res.Key, res.Useful)
	note, _ := w.Get(ctx, r.Path, 1, 5)
	fmt.Print(note)
	// Output:
	// memory/cache.md:4 [infra]
	// pbd99eed6a76c0a17 has 1 useful mark
	// ---
	// tags: [infra]
	// feedback:
	//   pbd99eed6a76c0a17: {useful: 1, useless: 0}
	// ---
}
