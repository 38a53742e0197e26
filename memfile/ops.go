package memfile

import (
	"bytes"
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"time"
	"unicode"

	"github.com/memweave/memweave-go/internal/edithook"
	"github.com/memweave/memweave-go/internal/hexdigits"
	"github.com/memweave/memweave-go/workspace"
)

// ErrWouldErase is returned by [Write] for blank data (nothing to see,
// see [Write]) over a file that is not empty, unless allowed.
var ErrWouldErase = errors.New("empty content would erase the file")

// WriteOptions are the options of [Write]. The zero value refuses to
// erase a file with blank data and writes whatever the file holds.
type WriteOptions struct {
	// AllowEmpty lets blank data replace a file that is not empty.
	AllowEmpty bool
	// ExpectHash, when not "", is the [Hash] of the content the caller
	// based its write on (compare-and-swap, see [EditOptions.ExpectHash]):
	// a file that holds anything else, or is missing, is kept, and the
	// error wraps [ErrChanged] (and [workspace.ErrNotFound] when missing).
	ExpectHash string
	// Passage, when not "", is the key of the passage a curation edit
	// names (curate.PassageKey, as a search result gives it): the edit
	// finds the passage by it rather than by a line number alone. memfile
	// itself does not read it.
	Passage string
}

// Write replaces the memory file path (see [Target]; missing folders are
// created) with data under the workspace's write lock, atomically (see
// [Replace]: readers see the old file or the new one, never a mix), and
// returns its absolute path. Blank data (nothing to see: only white space,
// format characters such as a byte order mark, and control characters)
// over a file that is not empty is refused with [ErrWouldErase] unless
// opts.AllowEmpty. Errors name the path.
func Write(ctx context.Context, root, path string, data []byte, opts WriteOptions) (abs string, err error) {
	if opts.ExpectHash != "" {
		return writeExpecting(ctx, root, path, data, opts)
	}
	target, rel, err := Target(root, path)
	if err == nil {
		// A twin alike but for case is refused where memweave makes a
		// name; a sync, which writes with Target alone, takes one in.
		err = workspace.CheckCaseTwin(root, rel)
	}
	if err != nil {
		return "", fmt.Errorf("write %s: %w", path, err)
	}
	unlock, err := Lock(ctx, root)
	if err != nil {
		return "", fmt.Errorf("write %s: %w", path, err)
	}
	defer unlock()
	if !opts.AllowEmpty && blank(data) {
		if fi, err := os.Stat(target); err == nil && fi.Mode().IsRegular() && fi.Size() > 0 {
			return "", fmt.Errorf("write %s: %w's %d bytes", path, ErrWouldErase, fi.Size())
		}
	}
	if abs, err = Replace(root, path, data); err != nil {
		return "", fmt.Errorf("write %s: %w", path, err)
	}
	return abs, nil
}

// blank reports whether data has nothing to see: only white space,
// format characters (a byte order mark, zero-width spaces and joiners,
// a soft hyphen) and control characters (NUL). Such data erases a note
// as surely as empty data: a Windows tool writes an empty string as a
// byte order mark alone.
func blank(data []byte) bool {
	return !bytes.ContainsFunc(data, func(r rune) bool {
		return !unicode.IsSpace(r) && !unicode.Is(unicode.Cf, r) && !unicode.IsControl(r)
	})
}

// writeExpecting is [Write] with opts.ExpectHash: an [EditWith] that
// replaces the content it was given, checked against the hash.
func writeExpecting(ctx context.Context, root, path string, data []byte, opts WriteOptions) (string, error) {
	abs, err := EditWith(ctx, root, path, EditOptions{ExpectHash: opts.ExpectHash},
		func(rel string, old []byte) ([]byte, error) {
			if !opts.AllowEmpty && blank(data) && len(old) > 0 {
				return nil, fmt.Errorf("%w's %d bytes", ErrWouldErase, len(old))
			}
			return data, nil
		})
	if errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("write %s: %w: it does not exist, so it does not hold the expected content (%w)", path, workspace.ErrNotFound, ErrChanged)
	}
	return abs, err
}

// appendLog adds text as a new entry to the dated log of source for day
// (see [DatedPath] and [appendNote]) under the workspace's write lock,
// refusing to take it past maxBytes when positive ([ErrLogFull]), and
// returns the log's workspace-relative and absolute paths. Errors name
// the log.
func appendLog(ctx context.Context, root, source string, day time.Time, text string, maxBytes int64) (rel, abs string, err error) {
	rel, err = DatedPath(source, day)
	if err != nil {
		return "", "", err
	}
	abs, _, err = workspace.SafeMemoryPath(root, rel)
	if err != nil {
		return "", "", fmt.Errorf("append %s: %w", rel, err)
	}
	unlock, err := Lock(ctx, root)
	if err != nil {
		return "", "", fmt.Errorf("append %s: %w", rel, err)
	}
	defer unlock()
	// The source names a folder memweave makes: one alike, or alike but
	// for case, to a folder memory/ holds is refused, as Write refuses it.
	if err := workspace.CheckCaseTwin(root, rel); err != nil {
		return "", "", fmt.Errorf("append %s: %w", rel, err)
	}
	if err := appendNote(ctx, root, rel, text, maxBytes); err != nil {
		return "", "", fmt.Errorf("append %s: %w", rel, err)
	}
	return rel, abs, nil
}

// DeleteOptions are the options of [DeleteWith]. The zero value deletes
// whatever the file holds.
type DeleteOptions struct {
	// ExpectHash, when not "", is the [Hash] of the content the caller
	// decided to delete: a file that holds anything else under the lock
	// is kept, and the error wraps [ErrChanged].
	ExpectHash string
}

// DeleteWith removes the memory file path (by the rules of
// workspace.SafeMemoryPath; a link is removed, not its target) under the
// workspace's write lock, checking the path again under the lock. It
// returns the workspace-relative path and whether the file was already
// missing, which is not an error. With opts.ExpectHash, the file is read
// under the lock first, and kept unless it holds that content.
func DeleteWith(ctx context.Context, root, path string, opts DeleteOptions) (rel string, missing bool, err error) {
	_, rel, err = workspace.SafeMemoryPath(root, path)
	if err != nil {
		return "", false, fmt.Errorf("delete %s: %w", path, err)
	}
	if err := checkHash(opts.ExpectHash); err != nil {
		return rel, false, fmt.Errorf("delete %s: %w", rel, err)
	}
	unlock, err := Lock(ctx, root)
	if err != nil {
		return rel, false, fmt.Errorf("delete %s: %w", rel, err)
	}
	defer unlock()
	if opts.ExpectHash != "" {
		target, _, err := Target(root, path)
		if err != nil {
			return rel, false, fmt.Errorf("delete %s: %w", rel, err)
		}
		data, err := os.ReadFile(target)
		if errors.Is(err, fs.ErrNotExist) {
			return rel, true, nil
		}
		if err != nil {
			return rel, false, fmt.Errorf("delete %s: %w", rel, err)
		}
		if Hash(data) != opts.ExpectHash {
			return rel, false, fmt.Errorf("delete %s: it holds other content than expected, so it was kept (%w)", rel, ErrChanged)
		}
		// An editor that does not take the lock may save it after this
		// check: it goes only if it still holds what was checked.
		err = RemoveIf(ctx, root, path, data)
		if errors.Is(err, fs.ErrNotExist) {
			return rel, true, nil
		}
		if errors.Is(err, ErrChanged) {
			return rel, false, fmt.Errorf("delete %s: it changed just before it was to go, so it was kept (%w)", rel, ErrChanged)
		}
		if err != nil {
			return rel, false, fmt.Errorf("delete %s: %w", rel, err)
		}
		return rel, false, nil
	}
	// Remove checks again under the lock, and removes through the memory
	// folder's os.Root: a link that appeared meanwhile is not followed out.
	err = Remove(root, path)
	if errors.Is(err, fs.ErrNotExist) {
		return rel, true, nil
	}
	if err != nil {
		return rel, false, fmt.Errorf("delete %s: %w", rel, err)
	}
	return rel, false, nil
}

// ErrChanged is wrapped by the error of [Edit] and [EditWith] when the
// file changed between the edit's read and its rename on every attempt,
// or differs from [EditOptions.ExpectHash]: the change (another editor's
// save, say) is kept, and nothing is written.
var ErrChanged = errors.New("memfile: the file changed while it was being edited; nothing was written")

// EditAttempts is how many times [EditWith] reads and edits a file that
// keeps changing under it before it gives up with [ErrChanged].
const EditAttempts = 3

// EditOptions are the options of [EditWith]. The zero value means no size
// limit, no expected content, and the lock held from the read on.
type EditOptions struct {
	// MaxBytes, when positive, is the largest result accepted, in bytes;
	// a larger one is refused with an error naming the limit.
	MaxBytes int64
	// ExpectHash, when not "", is the [Hash] of the content the caller
	// based its change on (compare-and-swap): if the file holds anything
	// else when read, or when checked before the rename, the edit is
	// refused with [ErrChanged] instead of redone.
	ExpectHash string
	// Optimistic, for an edit that depends on nothing but the file's
	// content, runs the first attempt's read and edit without the write
	// lock, taking it only for the check and the rename: a slow edit (a
	// long note, a large front matter) then keeps no other writer
	// waiting. An edit that reads other files it must see unchanged
	// under the lock leaves it false.
	Optimistic bool
}

// checkHash refuses an expected hash h, when not "", that is not what
// [Hash] returns: 64 hex digits. Compared, it could only
// mismatch, and the error would say the file changed.
func checkHash(h string) error {
	if h != "" && !ValidHash(h) {
		return fmt.Errorf("expected hash %q: want the 64 hex digits of the file's SHA-256", h)
	}
	return nil
}

// ValidHash reports whether h has the form of a hash [Hash] returns: 64
// hex digits, in either case.
func ValidHash(h string) bool {
	return len(h) == 64 && hexdigits.Lower(strings.ToLower(h))
}

// Hash is the content hash [EditWith] compares and the index records
// for a file: the hex SHA-256 of data.
func Hash(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// Edit is [EditWith] with only a size limit: maxBytes, when positive.
func Edit(ctx context.Context, root, path string, maxBytes int64, edit func(rel string, old []byte) ([]byte, error)) (abs string, err error) {
	return EditWith(ctx, root, path, EditOptions{MaxBytes: maxBytes}, edit)
}

// EditWith rewrites the memory file path (see [Target]): it reads the
// file, passes its content and workspace-relative name to edit, and
// atomically replaces the file with what edit returns (see [Replace]),
// unless that is the same content or edit fails. It returns the file's
// absolute path. Errors name the path.
//
// The workspace's write lock is held from the read to the rename (see
// [EditOptions.Optimistic] for the exception). No save is lost: the
// file is moved aside, its [Hash] compared there with the one edit was
// given, and the new content linked in only where no file was saved
// since (readers find no file for that moment, never an older content).
// When they differ, or a save lands meanwhile (an editor that does not
// take the lock), that save stays and the edit is redone on it, up to
// [EditAttempts] times, then refused with an error wrapping
// [ErrChanged]. edit may therefore run more than once.
func EditWith(ctx context.Context, root, path string, opts EditOptions, edit func(rel string, old []byte) ([]byte, error)) (abs string, err error) {
	if err := checkHash(opts.ExpectHash); err != nil {
		_, rel, _ := workspace.SafeMemoryPath(root, path)
		return "", fmt.Errorf("edit %s: %w", cmp.Or(rel, path), err)
	}
	for attempt := 1; ; attempt++ {
		abs, err = editOnce(ctx, root, path, opts, edit, attempt > 1 || !opts.Optimistic)
		if !errors.Is(err, errRaced) {
			return abs, err
		}
		if opts.ExpectHash != "" {
			_, rel, _ := workspace.SafeMemoryPath(root, path)
			return "", fmt.Errorf("edit %s: %w", rel, ErrChanged)
		}
		if attempt >= EditAttempts {
			_, rel, _ := workspace.SafeMemoryPath(root, path)
			return "", fmt.Errorf("edit %s: %w (%d attempts)", rel, ErrChanged, attempt)
		}
	}
}

// errRaced is editOnce's signal that the file changed before the rename.
var errRaced = errors.New("changed before the rename")

// editOnce is one attempt of [EditWith], with the write lock held from
// the read on when locked, else taken after edit returns.
func editOnce(ctx context.Context, root, path string, opts EditOptions, edit func(rel string, old []byte) ([]byte, error), locked bool) (string, error) {
	target, rel, err := Target(root, path)
	if err != nil {
		return "", fmt.Errorf("edit %s: %w", path, err)
	}
	var unlock func()
	if locked {
		if unlock, err = Lock(ctx, root); err != nil {
			return "", fmt.Errorf("edit %s: %w", rel, err)
		}
		defer unlock()
	}
	// Through the memory folder's os.Root: the note may have been swapped
	// for a link out of memory/ while the edit waited for the lock, and
	// the edit must never be given what such a link leads to.
	old, _, err := workspace.ReadFile(root, nil, rel, -1)
	if err != nil {
		return "", fmt.Errorf("edit %s: %w", rel, err)
	}
	sum := Hash(old)
	if opts.ExpectHash != "" && sum != opts.ExpectHash {
		return "", fmt.Errorf("edit %s: %w: it is not the content expected", rel, ErrChanged)
	}
	data, err := edit(rel, old)
	if err != nil {
		return "", fmt.Errorf("edit %s: %w", rel, err)
	}
	if opts.MaxBytes > 0 && int64(len(data)) > opts.MaxBytes {
		return "", fmt.Errorf("edit %s: the result, %d bytes, is over the %d-byte limit", rel, len(data), opts.MaxBytes)
	}
	if bytes.Equal(data, old) {
		return target, nil
	}
	edithook.Run(ctx, target)
	if !locked {
		if unlock, err = Lock(ctx, root); err != nil {
			return "", fmt.Errorf("edit %s: %w", rel, err)
		}
		defer unlock()
	}
	abs, err := replace(root, path, data, &expect{ctx: ctx, sum: sum, abs: target})
	if errors.Is(err, errRaced) {
		return "", err
	}
	if err != nil {
		return "", fmt.Errorf("edit %s: %w", rel, err)
	}
	return abs, nil
}
