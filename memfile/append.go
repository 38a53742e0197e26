package memfile

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"
	"unicode"

	"github.com/memweave/memweave-go/workspace"
)

// ErrInvalidSource is returned for a source (the namespace a note is
// appended to) that is not a single plain folder name; see [CheckSource].
var ErrInvalidSource = errors.New("memfile: invalid source")

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

// AppendNote appends text, followed by a line ending, to the dated log
// rel (workspace-relative, as [DatedPath] returns it) of the workspace at
// root, as a new entry after one blank line, creating the file and its
// folders when missing. The file is synced before AppendNote returns.
//
// AppendNote never writes an evergreen file: rel must be a dated name,
// and one that is a symbolic link is refused. The caller holds the write
// lock ([Lock]), so that concurrent notes are each kept whole and once.
func AppendNote(root, rel, text string) error {
	if _, dated := workspace.DateOf(rel); !dated {
		return fmt.Errorf("%s is not a dated file", rel) // never an evergreen
	}
	abs, _, err := workspace.SafeMemoryPath(root, rel)
	if err != nil {
		return err
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
