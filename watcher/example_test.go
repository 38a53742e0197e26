package watcher_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/memweave/memweave-go/watcher"
)

func ExampleStart() {
	root, err := os.MkdirTemp("", "workspace")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(root)

	// A real Syncer re-indexes the files a stat scan calls stale; this
	// one only signals each call.
	synced := make(chan struct{}, 16)
	sync := watcher.SyncFunc(func(ctx context.Context, ch watcher.Changes) ([]watcher.Event, error) {
		synced <- struct{}{}
		return nil, nil
	})
	w, err := watcher.Start(context.Background(), sync, watcher.Options{
		Root:     root,
		Debounce: 20 * time.Millisecond,
	})
	if err != nil {
		panic(err)
	}
	<-synced // the catch-up Sync
	fmt.Println("state:", w.State())

	// memory/ does not exist yet: the watcher sees it created.
	os.MkdirAll(filepath.Join(root, "memory"), 0o755)
	os.WriteFile(filepath.Join(root, "memory", "note.md"), []byte("# Note\n"), 0o644)
	<-synced
	fmt.Println("synced after the change")

	if err := w.Stop(); err != nil {
		panic(err)
	}
	fmt.Println("state after Stop:", w.State())
	// Output:
	// state: active
	// synced after the change
	// state after Stop: off
}
