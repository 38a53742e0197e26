package indexer

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/memweave/memweave-go/internal/plural"
	"github.com/memweave/memweave-go/workspace"
)

// memoryFolderKey is the meta key recording the memory folder an index
// was made for: the inode of <workspace>/memory.
const memoryFolderKey = "memory_folder"

// ErrOtherFolder is wrapped by the warning of an index made for another
// memory folder ([Engine.Bind]).
var ErrOtherFolder = errors.New("indexer: the index was made for another memory folder")

// ErrNoFolder is wrapped by the warning of an index that holds files but
// records no memory folder ([Engine.Bind]): one an earlier memweave made
// (the record came on 2026-12-05), or one copied in from such a release.
var ErrNoFolder = errors.New("indexer: the index records no memory folder")

// memoryFolderID returns what tells the workspace root's memory folder
// from any other on this machine, "" when it is missing or the system
// has no inodes. Only the inode: a copy, a clone or a restore makes a
// new folder, while device numbers can change from one boot to the next.
func memoryFolderID(root string) string {
	fi, err := os.Stat(filepath.Join(root, workspace.MemoryDir))
	if err != nil || !fi.IsDir() {
		return ""
	}
	_, ino, ok := workspace.FileID(fi)
	if !ok {
		return ""
	}
	return strconv.FormatUint(ino, 10)
}

// Bind makes sure the index holds rows of this workspace's memory folder
// only. The index is a cache of the files, trusted to say what each
// file holds: an index file copied in with the workspace (a repository
// can commit .memweave/index.db, and a clone brings it) may hold any
// text as the chunks of a note whose content hash it records, and
// re-chunking keeps a chunk whose id it finds. An index that records
// another memory folder, or none while it holds files, has every file's
// rows and vectors deleted ([index.DB.ForgetFiles], the embedding cache
// too: its vectors are as untrusted as its rows) and
// the folder recorded; the warning returned, wrapping [ErrOtherFolder]
// (or [ErrNoFolder] when none was recorded), says so. A new index records
// the folder. An index opened read-only ([index.DB.ReadOnly]) cannot drop
// them: the error wraps that cause and the same sentinel, and names the
// way out (an index elsewhere); one holding no file and no folder is
// left as it is. It holds the index lock.
func (e *Engine) Bind(ctx context.Context) (*Warning, error) {
	id := memoryFolderID(e.opts.Root)
	if id == "" {
		return nil, nil
	}
	if stored, err := e.db.Meta(ctx, memoryFolderKey); err != nil || stored == id {
		return nil, err
	}
	var warn *Warning
	err := e.WithLock(ctx, 0, func() (err error) {
		warn, err = e.bind(ctx, id)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("indexer: bind the index to %s: %w", filepath.Join(e.opts.Root, workspace.MemoryDir), err)
	}
	return warn, nil
}

// CopyFor writes a copy of the index to the new file dst
// ([index.DB.CopyTo], its file rows dated mtime), bound to the memory
// folder of the workspace root, for an index of that folder whose rows
// start as this one's: [Engine.Bind] would drop them all.
func (e *Engine) CopyFor(ctx context.Context, dst, root string, mtime time.Time) error {
	return e.db.CopyTo(ctx, dst, map[string]string{memoryFolderKey: memoryFolderID(root)}, mtime.UnixNano())
}

// bind is [Engine.Bind] for the memory folder id, under the lock.
func (e *Engine) bind(ctx context.Context, id string) (*Warning, error) {
	stored, err := e.db.Meta(ctx, memoryFolderKey)
	if err != nil || stored == id {
		return nil, err // another process bound it meanwhile
	}
	// Counted, not read: a copied index's rows may be of any size.
	files, err := e.db.FileCount(ctx)
	if err != nil {
		return nil, err
	}
	ro := e.db.ReadOnly()
	if stored == "" && files == 0 && ro != nil {
		return nil, nil // nothing to drop, and no write to record the folder
	}
	var warn *Warning
	if stored != "" || files > 0 {
		cause := fmt.Errorf("%w (copied or cloned with the workspace)", ErrOtherFolder)
		if stored == "" {
			cause = fmt.Errorf("%w (an earlier memweave's index, or one copied in)", ErrNoFolder)
		}
		if ro != nil {
			// Its rows are not trusted until dropped, which is a write:
			// not read, it is refused, naming the way out.
			return nil, fmt.Errorf("%w: its rows are not trusted until dropped, and %w; use an index where it can be written, built there from the notes (Config.DBPath, memweave --db FILE), or copy the workspace where it can be written", cause, ro)
		}
		if err := e.db.ForgetFiles(ctx); err != nil {
			return nil, err
		}
		warn = &Warning{Path: e.db.Path(), Err: fmt.Errorf("%w: its %s indexed again from the files", cause, plural.Count(files, "file")+plural.Verb(files, " is", " are"))}
	}
	return warn, e.db.SetMeta(ctx, map[string]string{memoryFolderKey: id})
}

// rebind binds the index file again ([Engine.Bind]) when the handle
// followed another file to its path since the last time
// ([index.DB.Replacements]: another program deleted the index, or
// renamed another over it, under a long-lived process), before the run
// holding the lock writes to it. The file the handle made records no
// memory folder, and the next process to open it would take it for an
// index copied in, drop its rows and vectors and index it all again.
// A file renamed over it that was made for another folder has its rows
// dropped, as Open would, and the warning logged. It is called under
// the lock.
func (e *Engine) rebind(ctx context.Context) error {
	n := e.db.Replacements(ctx)
	if e.bound.Load() == n {
		return nil
	}
	if id := memoryFolderID(e.opts.Root); id != "" {
		warn, err := e.bind(ctx, id)
		if err != nil {
			return fmt.Errorf("indexer: bind the index to %s again: %w", filepath.Join(e.opts.Root, workspace.MemoryDir), err)
		}
		if warn != nil {
			e.opts.Logger.Warn("memweave: " + warn.Error())
		}
	}
	e.bound.Store(n)
	return nil
}
