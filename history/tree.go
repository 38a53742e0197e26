package history

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"github.com/memweave/memweave-go/internal/ctlesc"
	"github.com/memweave/memweave-go/workspace"
)

// Snapshot is what a [Checkout] wrote.
type Snapshot struct {
	// Commit is the full commit id.
	Commit string
	// Files is the number of files written.
	Files int
	// Skipped names the entries left out, with why: too large, a link,
	// a name the path rules refuse.
	Skipped []string
	// Written are the paths ("memory/...") of the files written.
	Written []string
	// Onto is true when the revision was over Limits.TreeBytes in all
	// and only the notes the caller did not hold were written
	// ([CheckOutOnto]).
	Onto bool
}

// entry is one line of git ls-tree -l.
type entry struct {
	mode, typ, oid, path string
	size                 int64
}

// materialize writes the Markdown files under memory/ at commit (which
// rev names), as seen from dir (the workspace, which may be a subfolder
// of the repository), into dst/memory/. dst should be a new folder,
// memory/ in it empty. Only regular blobs
// with Markdown names that pass [workspace.SafeMemoryPath] and are at
// most lim.FileBytes long are written, and each blob once: a
// path holding the same blob as an earlier one (in path order) is listed
// in Skipped, so a commit that names one blob many times costs what the
// blob costs. Notes of more than lim.TreeBytes in all are refused
// ([ErrTreeTooLarge]) before anything is written, unless onto is given
// (see [CheckOutOnto]): then only the notes written count. Blobs are
// streamed from git one at a time.
func materialize(ctx context.Context, dir, rev, commit, dst string, lim Limits, onto Onto) (*Snapshot, error) {
	files, skipped, total, err := listMemory(ctx, dir, commit, lim.FileBytes, nil)
	if err != nil {
		return nil, err
	}
	over := lim.TreeBytes > 0 && total > lim.TreeBytes
	if over && onto == nil {
		return nil, TreeTooLarge(revAt(rev, commit), total, len(files), lim.TreeBytes)
	}
	snap := &Snapshot{Commit: commit, Skipped: skipped}
	paths := make([]string, 0, len(files))
	for p := range files {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	var have *Have
	if over {
		if have, err = onto(dst); err != nil {
			return nil, err
		}
		if err := unheldUnder(rev, commit, files, paths, have, lim.TreeBytes); err != nil {
			return nil, err
		}
		snap.Onto = true
	}
	if len(files) == 0 {
		return snap, nil
	}
	r, err := newBlobReader(ctx, dir, noLazyFetch)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	first := make(map[string]string) // blob id -> first path
	var written int64                // NoteCost of the notes written
	for _, p := range paths {
		e := files[p]
		if f, ok := first[e.oid]; ok {
			snap.Skipped = append(snap.Skipped, skip(p, "same content as "+shown(f)+", indexed once"))
			continue
		}
		// A note held is not written: its path passed listMemory's
		// check, the same rules, and dst has nothing to check yet.
		data, held, err := readHeld(r, e, have)
		if err != nil {
			return nil, fmt.Errorf("history: read %s at %s: %w", e.path, commit, err)
		}
		if held {
			first[e.oid] = p
			continue
		}
		abs, _, err := workspace.SafeMemoryPath(dst, e.path)
		if err != nil {
			snap.Skipped = append(snap.Skipped, skip(e.path, err.Error()))
			continue
		}
		if data == nil {
			if data, err = r.Read(e.oid); err != nil {
				return nil, fmt.Errorf("history: read %s at %s: %w", e.path, commit, err)
			}
		}
		first[e.oid] = p
		if written += NoteCost(e.size); have != nil && written > lim.TreeBytes {
			return nil, notHeldTooLarge(rev, commit, len(snap.Written)+1, written, lim.TreeBytes)
		}
		if err := writeNew(abs, data); errors.Is(err, syscall.ENAMETOOLONG) {
			// Nested past what the file system holds in a path.
			snap.Skipped = append(snap.Skipped, skip(e.path, "a path longer than this file system holds"))
			delete(first, e.oid)
			continue
		} else if err != nil {
			return nil, fmt.Errorf("history: write %s: %w", e.path, err)
		}
		snap.Files++
		snap.Written = append(snap.Written, e.path)
	}
	return snap, nil
}

// readHeld reads the note e, when have may hold it, and reports whether
// it does; data is nil when the note was not read.
func readHeld(r *BlobReader, e entry, have *Have) (data []byte, held bool, err error) {
	if have == nil || !have.Sized(e.path, e.size) {
		return nil, false, nil
	}
	if data, err = r.Read(e.oid); err != nil {
		return nil, false, err
	}
	return data, have.Text(e.path, data), nil
}

// unheldUnder refuses the revision when the notes of files (by path,
// paths sorted) that have cannot hold, by their size, are over limit:
// before any is read. Each path counts, duplicates too, as the limit
// counts a revision in all.
func unheldUnder(rev, commit string, files map[string]entry, paths []string, have *Have, limit int64) error {
	var total int64
	n := 0
	for _, p := range paths {
		if e := files[p]; !have.Sized(e.path, e.size) {
			total += NoteCost(e.size)
			n++
		}
	}
	if total > limit {
		return notHeldTooLarge(rev, commit, n, total, limit)
	}
	return nil
}

// notHeldTooLarge is the error for a revision whose notes that differ
// from what the caller holds ([CheckOutOnto]), n of them, count total
// bytes, over limit.
func notHeldTooLarge(rev, commit string, n int, total, limit int64) error {
	return fmt.Errorf("%w: memory/ at %s holds %d notes that differ from this index counting at least %d bytes (each at least %d), over the %d-byte limit (MaxTreeBytes); none was searched",
		ErrTreeTooLarge, revAt(rev, commit), n, total, BlockBytes, limit)
}

// parseEntry parses "<mode> SP <type> SP <oid> SP+ <size> TAB <path>".
func parseEntry(rec string) (entry, bool) {
	meta, p, ok := strings.Cut(rec, "\t")
	f := strings.Fields(meta)
	if !ok || len(f) != 4 {
		return entry{}, false
	}
	size, _ := strconv.ParseInt(f[3], 10, 64)
	return entry{mode: f[0], typ: f[1], oid: f[2], size: size, path: p}, true
}

// readBlob reads one "<oid> blob <size>\n<data>\n" record of
// git cat-file --batch.
func readBlob(r *bufio.Reader, oid string) ([]byte, error) {
	head, err := r.ReadString('\n')
	if err != nil {
		return nil, err
	}
	f := strings.Fields(head)
	if len(f) != 3 || f[0] != oid || f[1] != "blob" {
		return nil, fmt.Errorf("unexpected cat-file header %q", strings.TrimSpace(head))
	}
	n, err := strconv.ParseInt(f[2], 10, 64)
	if err != nil || n < 0 {
		return nil, fmt.Errorf("bad blob size in %q", strings.TrimSpace(head))
	}
	data := make([]byte, n+1)
	if _, err := io.ReadFull(r, data); err != nil {
		return nil, err
	}
	return data[:n], nil
}

// writeNew creates abs, and its folders, refusing to replace anything.
func writeNew(abs string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
		return err
	}
	f, err := os.OpenFile(abs, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	return errors.Join(err, f.Close())
}

// Checkout is memory/ at a revision, materialized in a temporary folder.
type Checkout struct {
	// Dir is the temporary workspace root; memory/ is inside it.
	Dir string
	*Snapshot
}

// CheckOut resolves rev in the repository holding dir and writes the
// Markdown files of its memory/ into a new temporary folder: only regular
// blobs with names [workspace.SafeMemoryPath] accepts, of at most
// lim.FileBytes, each blob once (the other paths holding it are listed in
// Skipped, with every entry left out); notes of more than lim.TreeBytes
// in all are refused ([ErrTreeTooLarge]) before anything is written. The
// folder is named for this process ("memweave-at-<pid>-..."): the folders
// of processes killed before their Close are removed by the next
// CheckOut. Close removes the folder.
func CheckOut(ctx context.Context, dir, rev string, lim Limits) (*Checkout, error) {
	return CheckOutOnto(ctx, dir, rev, lim, nil)
}

// Have is what the caller of [CheckOutOnto] holds of a revision's notes
// (an index of the working tree, copied: each row records the size and
// hash of the text it indexed). A path is "memory/...".
type Have struct {
	// Sized reports whether the caller may hold the note at path of
	// size bytes: one it cannot is written without more ado, and counts
	// toward the limit before any note is read.
	Sized func(path string, size int64) bool
	// Text reports whether the caller holds the note at path with the
	// text data: such a note is not written.
	Text func(path string, data []byte) bool
}

// Onto takes a revision whose notes are over Limits.TreeBytes in all for
// [CheckOutOnto]: given the checkout's folder (memory/ in it, empty), it
// returns what the caller holds of them.
type Onto func(dir string) (*Have, error)

// CheckOutOnto is [CheckOut], except that a revision whose notes are
// over lim.TreeBytes in all is not refused when onto is given: onto is
// called, once, and the notes it holds are read but not written
// (Snapshot.Onto is then true). Only the notes written count toward
// lim.TreeBytes: those it cannot hold by their size are counted before
// any note is read, and the checkout is refused ([ErrTreeTooLarge]) as
// soon as they are over it.
func CheckOutOnto(ctx context.Context, dir, rev string, lim Limits, onto Onto) (*Checkout, error) {
	commit, err := Resolve(ctx, dir, rev)
	if err != nil {
		return nil, err
	}
	tmp, err := makeTempDir()
	if err != nil {
		return nil, err
	}
	if err := os.Mkdir(filepath.Join(tmp, workspace.MemoryDir), 0o755); err != nil {
		os.RemoveAll(tmp)
		return nil, fmt.Errorf("history: %w", err)
	}
	snap, err := materialize(ctx, dir, rev, commit, tmp, lim, onto)
	if err != nil {
		os.RemoveAll(tmp)
		return nil, err
	}
	return &Checkout{Dir: tmp, Snapshot: snap}, nil
}

// Skip is an entry of memory/ a [Checkout] left out, with why.
type Skip struct {
	Path string
	Err  error
}

// maxSkips bounds the entries [Checkout.LeftOut] names one by one.
const maxSkips = 20

// LeftOut names the entries the checkout left out (links, submodules,
// files over the size limit, names the path rules refuse), each with an
// error naming the commit; past 20, one more Skip with no Path counts
// the rest.
func (c *Checkout) LeftOut() []Skip {
	var out []Skip
	for i, s := range c.Skipped {
		if i == maxSkips {
			out = append(out, Skip{Err: fmt.Errorf("%d more entries left out of the search at %.12s", len(c.Skipped)-i, c.Commit)})
			break
		}
		path, why := cutSkip(s)
		out = append(out, Skip{Path: path, Err: fmt.Errorf("left out of the search at %.12s: %s", c.Commit, why)})
	}
	return out
}

// skip formats an entry left out, for Snapshot.Skipped and
// Result.Skipped: its path as [shown] shows it, ": ", then why, its
// control characters escaped. A tree's names come from whoever made the
// commit: the message is printed as text, on one line.
func skip(path, why string) string { return shown(path) + ": " + ctlesc.Controls(why) }

// shown is path as messages show it: as it is, or quoted as Go quotes
// strings when it holds a control character, invalid UTF-8 or ": ", or
// starts with a quote, so that [cutSkip] finds where it ends.
func shown(path string) string {
	if ctlesc.Controls(path) == path && !strings.Contains(path, ": ") && !strings.HasPrefix(path, `"`) {
		return path
	}
	return strconv.Quote(path)
}

// cutSkip splits an entry of Skipped into the path, as shown, and why.
func cutSkip(s string) (path, why string) {
	if q, err := strconv.QuotedPrefix(s); err == nil {
		return q, strings.TrimPrefix(s[len(q):], ": ")
	}
	path, why, _ = strings.Cut(s, ": ")
	return path, why
}

// Empty returns an error naming the commit when memory/ held no
// Markdown notes there (none written, none left out), so that a search
// of it can say there was nothing to search rather than only find
// nothing; nil when it held one.
func (c *Checkout) Empty() error {
	if c.Files > 0 || len(c.Skipped) > 0 || c.Onto {
		return nil
	}
	return fmt.Errorf("memory/ held no notes at %.12s: nothing was searched", c.Commit)
}

// Close removes the checkout's folder.
func (c *Checkout) Close() error { return os.RemoveAll(c.Dir) }
