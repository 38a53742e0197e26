package memweave

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/gofrs/flock"

	"github.com/memweave/memweave-go/indexer"
	"github.com/memweave/memweave-go/workspace"
)

// ErrInvalidSource is returned by [Weave.Append] and [Weave.Flush] for a
// Source that is not a single plain folder name.
var ErrInvalidSource = errors.New("memweave: invalid source")

// writeLockName is the lock file, under <Workspace>/.memweave/, that
// serialises [Weave.Write] and [Weave.Append] across processes.
const writeLockName = "write.lock"

// Write creates or replaces the Markdown file path under memory/ with
// content, then indexes it. path is relative to the memory folder
// ("notes/db.md") or starts with "memory/" ("memory/notes/db.md"); missing
// folders are created.
//
// The replacement is atomic: content goes to a temporary file in the same
// folder, which is synced and renamed over path, so readers see the old
// file or the new one, never a mix. When path is a symbolic link to
// another file inside memory/, that file is written.
//
// Write refuses, with an error wrapping the sentinel of
// [workspace.SafeMemoryPath], a path that is absolute, contains "..", or
// goes through a link leading out of memory/ ([workspace.ErrOutsideMemory]),
// one with a hidden or temporary component ([workspace.ErrIgnoredName]),
// and one that does not end in .md or .markdown ([workspace.ErrNotMarkdown]).
//
// Write takes the workspace's write lock, so it never interleaves with an
// [Weave.Append] to the same file from this or another process. The file
// is on disk even when the returned error comes from indexing it.
func (w *Weave) Write(ctx context.Context, path, content string) (*IndexResult, error) {
	if err := w.checkOpen(); err != nil {
		return nil, err
	}
	abs, _, err := w.safePath(path)
	if err != nil {
		return nil, fmt.Errorf("memweave: write %s: %w", path, err)
	}
	unlock, err := w.lockWrites(ctx)
	if err != nil {
		return nil, fmt.Errorf("memweave: write %s: %w", path, err)
	}
	// Check again under the lock, once the folders exist: a link may have
	// appeared in the meantime.
	if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
		unlock()
		return nil, fmt.Errorf("memweave: write %s: %w", path, err)
	}
	if abs, _, err = w.safePath(path); err == nil {
		err = replaceFile(abs, []byte(content))
	}
	unlock()
	if err != nil {
		return nil, fmt.Errorf("memweave: write %s: %w", path, err)
	}
	return w.Add(ctx, abs)
}

// safePath checks path with [workspace.SafeMemoryPath] and, when it names
// a symbolic link (necessarily to a file inside memory/), returns the
// link's target instead. A folder at path is refused.
func (w *Weave) safePath(path string) (abs, rel string, err error) {
	abs, rel, err = workspace.SafeMemoryPath(w.cfg.Workspace, path)
	if err != nil {
		return "", "", err
	}
	fi, err := os.Lstat(abs)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return abs, rel, nil
	case err != nil:
		return "", "", err
	case fi.Mode()&fs.ModeSymlink != 0:
		target, err := filepath.EvalSymlinks(abs)
		if err != nil {
			return "", "", err
		}
		if fi, err = os.Stat(target); err != nil {
			return "", "", err
		}
		_, trel, err := workspace.Resolve(w.cfg.Workspace, target)
		if err != nil {
			return "", "", err
		}
		abs, rel = target, trel
	}
	if !fi.Mode().IsRegular() {
		return "", "", fmt.Errorf("%s is not a regular file", rel)
	}
	return abs, rel, nil
}

// replaceFile atomically replaces the file at abs with data: a temporary
// file in the same folder is written, synced and renamed over abs, and the
// folder is synced. An existing file keeps its permissions; the new file's
// mtime is moved past the old one's so that a stat scan sees the change
// even on a file system with coarse timestamps.
func replaceFile(abs string, data []byte) (err error) {
	dir := filepath.Dir(abs)
	mode := fs.FileMode(0o644)
	var oldMTime time.Time
	if fi, err := os.Stat(abs); err == nil {
		mode, oldMTime = fi.Mode().Perm(), fi.ModTime()
	}
	// A hidden .tmp name: discovery never lists it.
	tmp, err := os.CreateTemp(dir, ".memweave-write-*.tmp")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if _, err = tmp.Write(data); err != nil {
		return err
	}
	if err = tmp.Chmod(mode); err != nil {
		return err
	}
	if err = tmp.Sync(); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	if !oldMTime.IsZero() {
		if fi, serr := os.Stat(tmp.Name()); serr == nil && !fi.ModTime().After(oldMTime) {
			t := oldMTime.Add(time.Microsecond)
			if err = os.Chtimes(tmp.Name(), t, t); err != nil {
				return err
			}
		}
	}
	if err = os.Rename(tmp.Name(), abs); err != nil {
		return err
	}
	syncDir(dir)
	return nil
}

// syncDir makes a rename in dir durable where the platform allows it;
// failure only weakens durability, so it is ignored.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// writeLocks holds one mutex per lock file path, so goroutines of this
// process take turns before contending for the file lock, which some
// platforms only hold per process.
var writeLocks sync.Map // string -> *sync.Mutex

// lockWrites takes the workspace's write lock, in this process and across
// processes, and returns the function that releases it.
func (w *Weave) lockWrites(ctx context.Context) (unlock func(), err error) {
	dir := filepath.Join(w.cfg.Workspace, workspace.IndexDir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("lock: %w", err)
	}
	path := filepath.Join(dir, writeLockName)
	m, _ := writeLocks.LoadOrStore(path, new(sync.Mutex))
	mu := m.(*sync.Mutex)
	// Wait for the in-process mutex without ignoring ctx.
	for !mu.TryLock() {
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Millisecond):
		}
	}
	fl := flock.New(path)
	if _, err := fl.TryLockContext(ctx, 5*time.Millisecond); err != nil {
		mu.Unlock()
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	return func() {
		fl.Unlock()
		fl.Close()
		mu.Unlock()
	}, nil
}

// AppendOptions tune [Weave.Append].
type AppendOptions struct {
	// Source is the namespace to append to: the note goes to
	// memory/<Source>/YYYY-MM-DD.md. It must be one folder name of
	// letters, digits, '-' and '_', not "external". Default "", the
	// dated log directly in memory/; "memory" means the same.
	Source string
	// Now is the time whose date, in Config.TimeZone, names the file.
	// Default: Config.Now().
	Now time.Time
}

// Append adds the note text to the day's dated log,
// memory/YYYY-MM-DD.md, or memory/<Source>/YYYY-MM-DD.md with
// opts.Source, creating it when missing, then indexes the file. It
// returns the file's workspace-relative path.
//
// Notes are separated by one blank line; text is stored as given, with
// trailing white space trimmed. Append never writes an evergreen file: a
// dated name that is a symbolic link is refused. Appends hold the
// workspace's write lock (a file under <Workspace>/.memweave/), so notes
// appended concurrently by several goroutines or processes are all kept,
// each whole and once.
//
// An empty text and an invalid Source ([ErrInvalidSource]) are errors.
// The note is on disk even when the returned error comes from indexing.
func (w *Weave) Append(ctx context.Context, text string, opts AppendOptions) (path string, err error) {
	if err := w.checkOpen(); err != nil {
		return "", err
	}
	text = strings.TrimRightFunc(text, unicode.IsSpace)
	if strings.TrimSpace(text) == "" {
		return "", errors.New("memweave: append: empty text")
	}
	name, err := w.datedPath(opts)
	if err != nil {
		return "", err
	}
	abs, rel, err := workspace.SafeMemoryPath(w.cfg.Workspace, name)
	if err != nil {
		return "", fmt.Errorf("memweave: append %s: %w", name, err)
	}
	unlock, err := w.lockWrites(ctx)
	if err != nil {
		return "", fmt.Errorf("memweave: append %s: %w", rel, err)
	}
	err = appendNote(w.cfg.Workspace, rel, abs, text)
	unlock()
	if err != nil {
		return "", fmt.Errorf("memweave: append %s: %w", rel, err)
	}
	if _, err := w.Add(ctx, abs); err != nil {
		return rel, err
	}
	return rel, nil
}

// datedPath returns the workspace-relative dated log that opts names.
func (w *Weave) datedPath(opts AppendOptions) (string, error) {
	if err := checkSource(opts.Source); err != nil {
		return "", err
	}
	now := opts.Now
	if now.IsZero() {
		now = w.now()
	}
	name := now.In(w.cfg.TimeZone).Format(time.DateOnly) + ".md"
	if opts.Source == "" || opts.Source == workspace.SourceMemory {
		return workspace.MemoryDir + "/" + name, nil
	}
	return workspace.MemoryDir + "/" + opts.Source + "/" + name, nil
}

// maxSourceLen bounds a Source's length in bytes.
const maxSourceLen = 64

// checkSource validates an append Source: empty, or one folder name of
// letters, digits, '-' and '_'.
func checkSource(s string) error {
	if s == "" {
		return nil
	}
	bad := func(why string) error {
		return fmt.Errorf("%w %q: %s", ErrInvalidSource, s, why)
	}
	if len(s) > maxSourceLen {
		return bad(fmt.Sprintf("longer than %d bytes", maxSourceLen))
	}
	if s == workspace.SourceExternal {
		return bad("reserved for files outside memory/")
	}
	for _, r := range s {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' && r != '_' {
			return bad("want one folder name of letters, digits, '-' and '_'")
		}
	}
	return nil
}

// appendNote appends text to the dated file abs as a new entry. The
// caller holds the write lock.
func appendNote(root, rel, abs, text string) error {
	if _, dated := workspace.DateOf(rel); !dated {
		return fmt.Errorf("%s is not a dated file", rel) // never an evergreen
	}
	if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
		return err
	}
	// The folders exist now: check for links again, and refuse a dated
	// name that links elsewhere, perhaps to an evergreen file.
	if _, _, err := workspace.SafeMemoryPath(root, rel); err != nil {
		return err
	}
	if fi, err := os.Lstat(abs); err == nil && !fi.Mode().IsRegular() {
		return fmt.Errorf("%s is not a regular file", rel)
	}
	f, err := os.OpenFile(abs, os.O_RDWR|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	sep, err := separator(f)
	if err == nil {
		_, err = f.WriteString(sep + text + "\n")
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// separator returns what must precede a new entry in f so that it starts
// after one blank line: nothing for an empty file or one already ending
// in a blank line.
func separator(f *os.File) (string, error) {
	fi, err := f.Stat()
	if err != nil {
		return "", err
	}
	size := fi.Size()
	if size == 0 {
		return "", nil
	}
	tail := make([]byte, min(size, 2))
	if _, err := f.ReadAt(tail, size-int64(len(tail))); err != nil {
		return "", err
	}
	switch {
	case len(tail) == 2 && tail[0] == '\n' && tail[1] == '\n':
		return "", nil
	case tail[len(tail)-1] == '\n':
		return "\n", nil
	}
	return "\n\n", nil
}

// Get returns lines from, from+1, ..., from+count-1 of a file, exactly as
// they are on disk, line endings included. Lines are numbered from 1, as
// in search results; a line ends at "\n", "\r\n" or a lone "\r", like the
// chunker's. A count of zero or less, or one reaching past the end,
// returns the lines up to the end of the file.
//
// path names a file under memory/, as [Weave.Write] takes it ("notes/db.md"
// or "memory/notes/db.md"), or any indexed file by its workspace-relative
// or absolute path, such as an extra path outside memory/. Other paths are
// refused like Write refuses them. A missing file gives an error wrapping
// [ErrNotFound]; a from below 1 or past the last line, an error naming
// the file's number of lines. An empty file has no lines, but Get of
// line 1 onwards returns "".
func (w *Weave) Get(ctx context.Context, path string, from, count int) (string, error) {
	if err := w.checkOpen(); err != nil {
		return "", err
	}
	abs, rel, err := w.readable(ctx, path)
	if err != nil {
		return "", fmt.Errorf("memweave: get %s: %w", path, err)
	}
	data, err := os.ReadFile(abs)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			err = ErrNotFound
		}
		return "", fmt.Errorf("memweave: get %s: %w", path, err)
	}
	text, err := lineRange(data, from, count)
	if err != nil {
		return "", fmt.Errorf("memweave: get %s: %w", rel, err)
	}
	return text, nil
}

// readable resolves path to a file [Weave.Get] may read: one under
// memory/, checked like a write, or a file the index holds.
func (w *Weave) readable(ctx context.Context, path string) (abs, rel string, err error) {
	abs, rel, merr := w.safePath(path)
	if merr == nil {
		if _, err := os.Stat(abs); err == nil {
			return abs, rel, nil
		}
	}
	// An indexed file: an extra path, or a file added explicitly.
	if _, irel, err := workspace.Resolve(w.cfg.Workspace, path); err == nil {
		rows, err := w.db.Files(ctx)
		if err != nil {
			return "", "", err
		}
		if _, ok := rows[irel]; ok {
			return indexer.AbsPath(w.cfg.Workspace, irel), irel, nil
		}
	}
	switch {
	case merr == nil, errors.Is(merr, fs.ErrNotExist):
		return "", "", ErrNotFound
	case errors.Is(merr, workspace.ErrOutsideMemory):
		return "", "", fmt.Errorf("%w (and not an indexed file)", merr)
	}
	return "", "", merr
}

// lineRange returns lines from..from+count-1 (1-based) of data, with their
// line endings; count <= 0 means to the end.
func lineRange(data []byte, from, count int) (string, error) {
	// starts[i] is the offset of line i+1; a final line ending does not
	// start another line.
	starts := []int{0}
	for i := 0; i < len(data); i++ {
		switch data[i] {
		case '\r':
			if i+1 < len(data) && data[i+1] == '\n' {
				i++
			}
			fallthrough
		case '\n':
			starts = append(starts, i+1)
		}
	}
	n := len(starts)
	if starts[n-1] == len(data) {
		n-- // empty last "line" after the final ending, or an empty file
	}
	switch {
	case from < 1:
		return "", fmt.Errorf("line %d is out of range: lines are numbered from 1", from)
	case n == 0 && from == 1:
		return "", nil
	case from > n:
		return "", fmt.Errorf("line %d is out of range: the file has %d lines", from, n)
	}
	end := len(data)
	if count > 0 && count < n-(from-1) {
		end = starts[from-1+count]
	}
	return string(data[starts[from-1]:end]), nil
}
