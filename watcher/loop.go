package watcher

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/memweave/memweave-go/workspace"
)

// errEventsStopped is the reason for polling when fsnotify closed its
// channels.
var errEventsStopped = errors.New("watcher: file events stopped")

// tree is the state of the goroutine that receives the operating
// system's events; only that goroutine touches it once [Start] returned.
type tree struct {
	w    *Watcher
	opts Options
	// root and mem are the workspace and its memory folder, absolute.
	root, mem string
	// extraDirs and extraFiles are the extra paths, absolute.
	extraDirs  []string
	extraFiles map[string]bool

	// os is the operating system's watcher; nil while polling.
	os *fsnotify.Watcher
	// dirs are the folders os watches, with their identities; ids maps
	// an identity back to its folder, so that one folder reached by two
	// paths is noticed.
	dirs map[string]folderID
	ids  map[folderID]string
	// links are links to folders met while adding watches, checked once
	// the walk is done (see checkLinks); linkRoots are those watched.
	links, linkRoots []string
}

// folderID identifies a folder whatever path reaches it.
type folderID struct{ dev, ino uint64 }

// identify returns the identity of the folder at path (see
// [workspace.FolderID]); ok is false when it has none.
func identify(path string) (folderID, bool) {
	dev, ino, ok := workspace.FolderID(path)
	return folderID{dev, ino}, ok
}

func newTree(w *Watcher, opts Options) *tree {
	t := &tree{w: w, opts: opts, root: opts.Root, mem: filepath.Join(opts.Root, workspace.MemoryDir),
		extraFiles: make(map[string]bool)}
	for _, x := range opts.ExtraPaths {
		p := x
		if !filepath.IsAbs(p) {
			p = filepath.Join(t.root, p)
		}
		p = filepath.Clean(p)
		if fi, err := os.Stat(p); err == nil && fi.IsDir() {
			t.extraDirs = append(t.extraDirs, p)
		} else {
			t.extraFiles[p] = true
		}
	}
	return t
}

// run receives events until ctx is done. While polling it tries to
// return to file events every pollsBeforeRetry poll intervals.
func (t *tree) run(ctx context.Context) {
	defer t.stopOS()
	retry := time.NewTicker(pollsBeforeRetry * t.opts.PollInterval)
	defer retry.Stop()
	for {
		var events <-chan fsnotify.Event
		var errs <-chan error
		if t.os != nil {
			events, errs = t.os.Events, t.os.Errors
		}
		select {
		case <-ctx.Done():
			return
		case ev, ok := <-events:
			if !ok {
				t.fallBack(errEventsStopped)
				continue
			}
			t.onEvent(ev)
		case err, ok := <-errs:
			switch {
			case !ok:
				t.fallBack(errEventsStopped)
			case errors.Is(err, fsnotify.ErrEventOverflow):
				t.opts.Logger.Warn("watcher: event queue overflowed; watching every folder again, and the next sync scans everything")
				t.rewatch()
			default:
				t.fallBack(err)
			}
		case done := <-t.w.resync:
			t.watchSyncDir()
			close(done)
		case <-retry.C:
			if t.os == nil && t.startOS() == nil {
				t.w.record(true)
				t.w.setState(Active, nil)
			}
		}
	}
}

// watchSyncDir watches SyncDir again, made again after it was removed
// ([Watcher.remakeSyncDir]): the watch of the folder removed went with
// it. While polling, the next start of file events watches it.
func (t *tree) watchSyncDir() {
	if t.os == nil {
		return
	}
	dir := t.opts.SyncDir
	if id, ok := t.dirs[dir]; ok {
		delete(t.dirs, dir)
		if t.ids[id] == dir {
			delete(t.ids, id)
		}
	}
	if err := t.add(dir); err != nil {
		t.fallBack(err)
	}
}

// onEvent records the paths ev may have changed and keeps the watched
// folders up to date.
func (t *tree) onEvent(ev fsnotify.Event) {
	name := filepath.Clean(ev.Name)
	if t.w.sawBarrier(name) {
		return
	}
	if name == t.root && ev.Has(fsnotify.Remove|fsnotify.Rename) {
		// The workspace itself moved or went: only a scan can tell what
		// is left.
		t.w.record(true)
		return
	}
	paths, err := t.handle(ev)
	if err != nil {
		t.fallBack(err)
		return
	}
	if len(paths) > 0 {
		t.w.record(false, paths...)
	}
}

// handle updates the watched folders for ev and returns the paths whose
// index rows ev may change: a Markdown file, the Markdown files found in
// a new folder, a folder removed or renamed away. An error means file
// events can no longer be trusted.
func (t *tree) handle(ev fsnotify.Event) ([]string, error) {
	name := filepath.Clean(ev.Name)
	if t.extraFiles[name] {
		return []string{name}, nil
	}
	if !t.inScope(name) {
		return nil, nil
	}
	if name != t.mem && workspace.IsIgnoredName(filepath.Base(name)) {
		return nil, nil
	}
	switch {
	case ev.Has(fsnotify.Create):
		if fi, err := os.Stat(name); err == nil && fi.IsDir() {
			// Files may have landed in the new folder before its watch
			// did: the walk that adds the watches lists them. The folder
			// itself counts too: it may replace one whose files had rows.
			found := []string{name}
			if fi, err := os.Lstat(name); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
				t.links = append(t.links, name)
			} else if err := t.addTree(name, &found); err != nil {
				return nil, err
			}
			return found, t.checkLinks(&found)
		}
	case ev.Has(fsnotify.Remove), ev.Has(fsnotify.Rename):
		if _, ok := t.dirs[name]; ok {
			t.forgetTree(name)
			return []string{name}, nil
		}
	}
	if workspace.IsMarkdown(name) {
		return []string{name}, nil
	}
	return nil, nil
}

// rewatch starts the operating system's watcher again after its queue
// overflowed. The events lost may have created folders, which would then
// go unwatched, or removed folders, whose entries in dirs would keep a
// folder created again at the same path from being watched: a new walk
// is the only way to know which folders exist. The next Sync scans
// everything, and the Syncs waiting for a barrier whose event the old
// watcher held are released to take that scan.
func (t *tree) rewatch() {
	t.stopOS()
	t.w.record(true)
	if err := t.startOS(); err != nil {
		t.fallBack(err)
		return
	}
	t.w.releaseBarriers()
}

// fallBack switches to polling after file events failed.
func (t *tree) fallBack(err error) {
	t.stopOS()
	t.opts.Logger.Warn("watcher: file events unavailable, polling", "err", err, "interval", t.opts.PollInterval)
	t.w.record(true)
	t.w.setState(Polling, err)
}

// startOS starts the operating system's watcher on every folder of
// interest and on SyncDir. On error it leaves none running.
func (t *tree) startOS() error {
	fsw, err := t.opts.OSWatcher()
	if err != nil {
		return fmt.Errorf("watcher: %w", err)
	}
	t.os, t.dirs, t.ids, t.links, t.linkRoots = fsw, make(map[string]folderID), make(map[folderID]string), nil, nil
	err = t.add(t.root)
	if err == nil && t.opts.SyncDir != t.root {
		err = t.add(t.opts.SyncDir)
	}
	if err == nil {
		err = t.addTree(t.mem, nil)
	}
	for _, d := range t.extraDirs {
		if err == nil {
			err = t.addTree(d, nil)
		}
	}
	for f := range t.extraFiles {
		if err == nil {
			err = t.add(filepath.Dir(f))
		}
	}
	if err == nil {
		err = t.checkLinks(nil)
	}
	if err != nil {
		t.stopOS()
		return err
	}
	return nil
}

// stopOS closes the operating system's watcher, if any; fsnotify's Close
// waits for its reader goroutine.
func (t *tree) stopOS() {
	if t.os != nil {
		t.os.Close()
		t.os, t.dirs, t.ids = nil, nil, nil
	}
}

// add watches one folder. A folder that vanished is not an error; a
// folder already watched under another path is (see [ErrAlias]).
func (t *tree) add(dir string) error {
	if _, ok := t.dirs[dir]; ok {
		return nil
	}
	id, ok := identify(dir)
	if !ok {
		if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
			return nil
		}
	}
	if other, seen := t.ids[id]; seen && ok {
		if dir == t.opts.SyncDir || other == t.opts.SyncDir || dir == t.root || other == t.root {
			// The root and SyncDir are watched for their own entries only.
			t.dirs[dir] = id
			return nil
		}
		return fmt.Errorf("%w: %s and %s", ErrAlias, other, dir)
	}
	if err := t.os.Add(dir); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		return fmt.Errorf("watcher: watch %s: %w", dir, err)
	}
	t.dirs[dir] = id
	t.ids[id] = dir
	return nil
}

// addTree watches dir and the folders below it, skipping hidden and
// temporary names as discovery does. With found set, it appends the
// Markdown files it meets (a new folder's files).
func (t *tree) addTree(dir string, found *[]string) error {
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return nil
	}
	if err := t.add(dir); err != nil {
		return err
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil // vanished or unreadable: a full scan reports it
	}
	for _, e := range entries {
		if workspace.IsIgnoredName(e.Name()) {
			continue
		}
		p := filepath.Join(dir, e.Name())
		switch {
		case e.IsDir():
			if err := t.addTree(p, found); err != nil {
				return err
			}
		case e.Type()&fs.ModeSymlink != 0:
			if fi, err := os.Stat(p); err == nil && fi.IsDir() {
				t.links = append(t.links, p)
			} else if found != nil && workspace.IsMarkdown(p) {
				*found = append(*found, p)
			}
		case found != nil && workspace.IsMarkdown(p):
			*found = append(*found, p)
		}
	}
	return nil
}

// checkLinks watches the folders behind the links to folders met since
// the last check, under the links' paths, as discovery lists their files:
// a link is walked after every folder reachable without one, and only
// when it leads into memory/ or an extra path (from an extra folder,
// anywhere in the workspace root). A link to a folder already watched
// adds nothing: discovery names those files by their own path. Links met
// below a linked folder are checked too.
func (t *tree) checkLinks(found *[]string) error {
	for len(t.links) > 0 {
		l := t.links[0]
		t.links = t.links[1:]
		if id, ok := identify(l); ok {
			if other, seen := t.ids[id]; seen {
				if t.underLink(other) {
					// Two links to one folder: which one names its files
					// is discovery's choice.
					return fmt.Errorf("%w: %s and %s lead to one folder", ErrAlias, other, l)
				}
				continue
			}
		}
		real, err := filepath.EvalSymlinks(l)
		if err != nil || !t.followed(l, real) {
			continue
		}
		t.linkRoots = append(t.linkRoots, l)
		if err := t.addTree(l, found); err != nil {
			return err
		}
	}
	return nil
}

// underLink reports whether the watched folder dir was reached through a
// link.
func (t *tree) underLink(dir string) bool {
	for _, l := range t.linkRoots {
		if dir == l || within(l, dir) {
			return true
		}
	}
	return false
}

// followed reports whether discovery may walk the real folder real
// through the link l: into memory/ or an extra folder, or, from a link in
// an extra folder, anywhere in the workspace root.
func (t *tree) followed(l, real string) bool {
	zones := append([]string{t.mem}, t.extraDirs...)
	if !within(t.mem, l) {
		zones[0] = t.root
	}
	for _, z := range zones {
		if zr, err := filepath.EvalSymlinks(z); err == nil && (real == zr || within(zr, real)) {
			return true
		}
	}
	return false
}

// forgetTree stops watching dir and the folders below it (after a rename
// or removal; the kernel drops watches of deleted folders itself).
func (t *tree) forgetTree(dir string) {
	for d, id := range t.dirs {
		if d == dir || within(dir, d) {
			t.os.Remove(d)
			delete(t.dirs, d)
			if t.ids[id] == d {
				delete(t.ids, id)
			}
		}
	}
}

// inScope reports whether path is memory/, inside it, an extra folder or
// inside one.
func (t *tree) inScope(path string) bool {
	if path == t.mem || within(t.mem, path) {
		return true
	}
	for _, d := range t.extraDirs {
		if path == d || within(d, path) {
			return true
		}
	}
	return false
}

// within reports whether path lies below dir.
func within(dir, path string) bool {
	return strings.HasPrefix(path, dir+string(filepath.Separator))
}
