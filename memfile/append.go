package memfile

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"
	"unicode"

	"github.com/memweave/memweave-go/frontmatter"
	"github.com/memweave/memweave-go/internal/edithook"
	"github.com/memweave/memweave-go/workspace"
)

// ErrInvalidSource is returned for a source (the namespace a note is
// appended to) that is not a single plain folder name; see [CheckSource].
var ErrInvalidSource = errors.New("memfile: invalid source")

// ErrEmptyText is the error of an append whose text is blank.
var ErrEmptyText = errors.New("append: empty text")

// maxSourceLen bounds a source's length in bytes.
const maxSourceLen = 64

// CheckSource validates the source of an append: empty, or one folder
// name of at most 64 bytes of letters, digits, '-' and '_', other than
// "external". The error wraps [ErrInvalidSource].
func CheckSource(s string) error {
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

// AppendOptions are the per-call settings of an append, as the root
// package's AppendOption functions set them.
type AppendOptions struct {
	// Source is the namespace of the dated log (see [DatedPath]).
	Source string
	// Day is the time whose date names the log.
	Day time.Time
	// MaxBytes, when positive, is the largest the log may grow to: an
	// append that would take it past is refused ([ErrLogFull]), nothing
	// written. Past the indexer's size limit the log is not indexed, and
	// every note of its day would vanish from search.
	MaxBytes int64
	// Err is the first invalid setting recorded.
	Err error
}

// SetDay sets Day to t; the zero time is recorded as an error.
func (o *AppendOptions) SetDay(t time.Time) {
	if t.IsZero() && o.Err == nil {
		o.Err = errors.New("append: Dated: zero time")
	}
	o.Day = t
}

// DatedPath returns the workspace-relative dated log of source for the
// date of day, in day's location: memory/YYYY-MM-DD.md for the source ""
// or "memory", memory/<source>/YYYY-MM-DD.md otherwise. An invalid
// source is an error wrapping [ErrInvalidSource].
func DatedPath(source string, day time.Time) (string, error) {
	if err := CheckSource(source); err != nil {
		return "", err
	}
	name := day.Format(time.DateOnly) + ".md"
	if source == "" || source == workspace.SourceMemory {
		return workspace.MemoryDir + "/" + name, nil
	}
	return workspace.MemoryDir + "/" + source + "/" + name, nil
}

// ErrLogFull is wrapped by the error of an append refused because the
// log would grow past [AppendOptions.MaxBytes].
var ErrLogFull = errors.New("memfile: log full")

// appendNote appends text, followed by a line ending, to the dated log
// rel (workspace-relative, as [DatedPath] returns it) of the workspace at
// root, as a new entry after one blank line, creating the file and its
// folders when missing. The file is synced before appendNote returns.
//
// The note is written whole or not at all. Its lines, and the blank line
// before it, end the way the file's lines do: "\r\n" in a file whose last
// line ending is one, "\n" otherwise. A log that does not exist yet is
// made whole at once ([createLog]): a process killed at any point leaves
// no log or the whole note, never an empty log. To a log that exists,
// appendNote first records its size and the note in a journal (see
// [Recover]); when the write or sync fails, it cuts the file back to that
// size, so a retry adds the note once. It first undoes the torn append a
// killed process may have left. Whatever fails, the folders it created
// are removed again, each only while empty: a failed append leaves
// memory/ as it was, and never removes what another writer filled
// meanwhile.
//
// appendNote never writes an evergreen file: rel must be a dated name,
// and one that is a symbolic link is refused. The caller holds the write
// lock ([Lock]), so that concurrent notes are each kept whole and once.
// When maxBytes is positive, it refuses to take the log past it
// ([ErrLogFull]).
func appendNote(ctx context.Context, root, rel, text string, maxBytes int64) (err error) {
	if _, dated := workspace.DateOf(rel); !dated {
		return fmt.Errorf("%s is not a dated file", rel) // never an evergreen
	}
	if _, _, err := workspace.SafeMemoryPath(root, rel); err != nil {
		return err
	}
	name, err := memoryName(rel)
	if err != nil {
		return err
	}
	// Through the memory folder's os.Root: no step can leave memory/.
	r, err := openMemory(root)
	if err != nil {
		return err
	}
	defer r.Close()
	made, err := makeDirs(r, filepath.Dir(name))
	if err != nil {
		return err
	}
	// A failed append leaves memory/ as it was: no folder it made.
	defer func() {
		if err != nil {
			removeDirs(r, made)
		}
	}()
	// The folders exist now: check for links again, and refuse a dated
	// name that links elsewhere, perhaps to an evergreen file.
	if _, _, err := workspace.SafeMemoryPath(root, rel); err != nil {
		return err
	}
	if err := recoverAppend(root); err != nil {
		return err
	}
	for attempt := 0; ; attempt++ {
		fi, err := r.Lstat(name)
		if err == nil && !fi.Mode().IsRegular() {
			return fmt.Errorf("%s: %w", rel, workspace.ErrNotRegular)
		}
		if errors.Is(err, fs.ErrNotExist) {
			if done, err := createLog(ctx, r, name, text, maxBytes); done || err != nil {
				return err
			} // another program made the log meanwhile: append to it
		}
		f, _, err := workspace.OpenRegularIn(r, name, os.O_RDWR, 0)
		if errors.Is(err, fs.ErrNotExist) && attempt < 3 {
			continue // removed meanwhile: make it
		}
		if err != nil {
			return err
		}
		err = appendTo(ctx, root, rel, f, text, maxBytes)
		if cerr := f.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("close: %w", cerr)
		}
		return err
	}
}

// createLog makes the log name beneath r, which does not exist, holding
// the entry of text, whole at once: the entry goes to a new temporary
// file in [TempDir], synced, which is then linked at name. A process
// killed at any point leaves no log, or the whole note (and a temporary
// file [Recover] removes); an empty log, a note that never was, is never
// seen. It reports false, nothing written, when a file is at name by then
// (another program's, which the caller appends to), and removes TempDir
// again when it made it for a write that failed.
func createLog(ctx context.Context, r *os.Root, name, text string, maxBytes int64) (done bool, err error) {
	note := entry(nil, text)
	if err := checkRoom(0, len(note), maxBytes); err != nil {
		return false, err
	}
	dir := TempDir
	_, serr := r.Lstat(TempDir)
	if makeTempDir(r) != nil {
		dir = filepath.Dir(name)
	} else if errors.Is(serr, fs.ErrNotExist) {
		defer func() {
			if err != nil {
				dropTempDir(r)
			}
		}()
	}
	err = linkNew(ctx, r, dir, name, note)
	if errors.Is(err, syscall.EXDEV) && dir == TempDir {
		// A mount inside memory/: the temporary file beside the log.
		err = linkNew(ctx, r, filepath.Dir(name), name, note)
	}
	if errors.Is(err, fs.ErrExist) {
		return false, nil
	}
	return err == nil, err
}

// linkNew writes data to a new temporary file in the folder dir beneath
// r, synced and readable by all (as [Replace] makes a note), and links it
// at name, never over a file there (an error wrapping [fs.ErrExist]);
// where the file system has no hard links, it renames it there while no
// file is. The temporary file goes in any case.
func linkNew(ctx context.Context, r *os.Root, dir, name string, data []byte) error {
	tmpName, tmp, err := createTemp(r, dir)
	if err != nil {
		return err
	}
	defer r.Remove(tmpName)
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Chmod(0o644)
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	edithook.Step(ctx, "temp")
	if err := r.Link(tmpName, name); err != nil {
		if errors.Is(err, fs.ErrExist) || errors.Is(err, syscall.EXDEV) {
			return err
		}
		if _, serr := r.Lstat(name); !errors.Is(serr, fs.ErrNotExist) {
			return fmt.Errorf("%s: %w", filepath.ToSlash(name), fs.ErrExist)
		}
		if err := r.Rename(tmpName, name); err != nil {
			return err
		}
	}
	edithook.Step(ctx, "link")
	syncRootDir(r, filepath.Dir(name))
	return nil
}

// dropTempDir removes TempDir beneath r when it holds nothing but the
// .gitignore [makeTempDir] writes: the folder a failed write made.
func dropTempDir(r *os.Root) {
	d, err := r.Open(TempDir)
	if err != nil {
		return
	}
	names, err := d.Readdirnames(-1)
	d.Close()
	ignore := filepath.Join(TempDir, ".gitignore")
	if err != nil || len(names) != 1 || names[0] != ".gitignore" {
		return
	}
	if data, err := r.ReadFile(ignore); err != nil || string(data) != tempIgnore {
		return
	}
	if r.Remove(ignore) == nil {
		r.Remove(TempDir)
	}
}

// makeDirs creates the folder dir beneath r and its missing parents, and
// returns those it made, the deepest first. On an error it removes them.
func makeDirs(r *os.Root, dir string) ([]string, error) {
	var made []string
	for d := dir; d != "." && d != string(filepath.Separator); d = filepath.Dir(d) {
		if _, err := r.Lstat(d); !errors.Is(err, fs.ErrNotExist) {
			break
		}
		made = append(made, d)
	}
	if len(made) == 0 {
		return nil, nil
	}
	if err := r.MkdirAll(dir, 0o755); err != nil {
		removeDirs(r, made)
		return nil, err
	}
	return made, nil
}

// removeDirs removes the folders dirs beneath r, in order, each only
// when it is empty: one another writer put a file in meanwhile stays, and
// so do its parents.
func removeDirs(r *os.Root, dirs []string) {
	for _, d := range dirs {
		if r.Remove(d) != nil {
			return
		}
	}
}

// checkRoom refuses ([ErrLogFull]) a note of n bytes that would take a
// log of before bytes past maxBytes, when positive.
func checkRoom(before int64, n int, maxBytes int64) error {
	if after := before + int64(n); maxBytes > 0 && after > maxBytes {
		return fmt.Errorf("the log is %d bytes, and this note of %d bytes would take it to %d, over the %d-byte limit (MaxFileBytes) past which the log, shared by the day's notes, is not indexed; nothing was written (write the note as a note of its own, or move older entries of the log to another note): %w",
			before, n, after, maxBytes, ErrLogFull)
	}
	return nil
}

// appendTo writes the entry text at the end of f, the existing file rel,
// journaled, and cuts f back when the write fails; see [appendNote]. A
// note that would take f past maxBytes (when positive) is refused, f
// untouched.
func appendTo(ctx context.Context, root, rel string, f *os.File, text string, maxBytes int64) error {
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	before := fi.Size()
	tail := make([]byte, min(before, tailBytes))
	if _, err := f.ReadAt(tail, before-int64(len(tail))); err != nil {
		return fmt.Errorf("read the end: %w", err)
	}
	note := entry(tail, text)
	if err := checkRoom(before, len(note), maxBytes); err != nil {
		return err
	}
	j := journal{Path: rel, Before: before, After: before + int64(len(note))}
	j.Dev, j.Ino, _ = workspace.FileID(fi)
	if err := writeJournal(root, j, note); err != nil {
		return err
	}
	edithook.Step(ctx, "journal")
	_, err = f.WriteAt(note, before)
	if err == nil {
		err = f.Sync()
	}
	edithook.Step(ctx, "write")
	if err == nil {
		return removeJournal(root)
	}
	err = fmt.Errorf("write note: %w", err)
	if rerr := cutBack(f, j, nil); rerr != nil {
		// The journal stays: the next append or Recover cuts the file back.
		return errors.Join(err, fmt.Errorf("undo the partial note: %w", rerr))
	}
	return errors.Join(err, removeJournal(root))
}

// cutBack truncates f to its size before the append j, and removes it
// with remove when the append created it (a journal of an earlier build:
// this one makes a new log whole, without a journal).
func cutBack(f *os.File, j journal, remove func() error) error {
	if err := f.Truncate(j.Before); err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return err
	}
	if j.Created && j.Before == 0 && remove != nil {
		return remove()
	}
	return nil
}

// tailBytes is how much of a file's end appendNote reads to learn its line
// ending and whether it ends in a blank line.
const tailBytes = 4096

// entry returns the bytes appended for text to a file ending in tail: the
// separator that makes the entry start after one blank line, then text's
// lines, each ending in the file's line ending ([lineEnding]).
func entry(tail []byte, text string) []byte {
	eol := lineEnding(tail)
	endings, rest := 0, tail
	for endings < 2 {
		n := trailingEOL(rest)
		if n == 0 {
			break
		}
		rest, endings = rest[:len(rest)-n], endings+1
	}
	var sep string
	text = strings.ReplaceAll(text, "\r\n", "\n")
	text = strings.ReplaceAll(text, "\r", "\n")
	switch {
	case len(tail) > 0:
		sep = strings.Repeat(eol, 2-endings)
	case frontmatter.FenceLines(strings.TrimPrefix(text, "\ufeff")) > 0:
		// The first entry of a new log opens with a fenced block: at the
		// top of the file it would be the log's front matter, and its
		// text not searchable. A blank line keeps it an entry.
		sep = eol
	}
	return []byte(sep + strings.ReplaceAll(text, "\n", eol) + eol)
}

// lineEnding returns the line ending of a file ending in tail: that of its
// last line ending ("\r\n", "\n", or a lone "\r" in a file with no
// "\n"), "\n" when tail has none.
func lineEnding(tail []byte) string {
	i := bytes.LastIndexByte(tail, '\n')
	switch {
	case i > 0 && tail[i-1] == '\r':
		return "\r\n"
	case i < 0 && bytes.IndexByte(tail, '\r') >= 0:
		return "\r"
	}
	return "\n"
}

// trailingEOL returns the length of the line ending b ends in: 2 for
// "\r\n", 1 for "\n" or "\r", 0 for none.
func trailingEOL(b []byte) int {
	switch {
	case bytes.HasSuffix(b, []byte("\r\n")):
		return 2
	case bytes.HasSuffix(b, []byte("\n")), bytes.HasSuffix(b, []byte("\r")):
		return 1
	}
	return 0
}

// Create makes the memory file path (see [Target]; missing folders are
// created) holding data, only where no file is: the new file is linked
// in place, never over one, so a file another program (an editor, which
// takes no lock) saves there first is kept, nothing is written and the
// error wraps [ErrChanged]. Readers see no file or the whole of data.
// The caller holds the write lock ([Lock]).
func Create(ctx context.Context, root, path string, data []byte) (abs string, err error) {
	p, err := openPlace(root, path)
	if err != nil {
		return "", err
	}
	defer p.r.Close()
	dir := TempDir
	if makeTempDir(p.r) != nil {
		dir = filepath.Dir(p.name)
	}
	err = linkNew(ctx, p.r, dir, p.name, data)
	if errors.Is(err, syscall.EXDEV) && dir == TempDir {
		err = linkNew(ctx, p.r, filepath.Dir(p.name), p.name, data) // a mount inside memory/
	}
	if err != nil {
		removeDirs(p.r, p.made)
		if errors.Is(err, fs.ErrExist) {
			return "", fmt.Errorf("%s: a file was saved there: %w", path, ErrChanged)
		}
		return "", err
	}
	return p.abs, nil
}
