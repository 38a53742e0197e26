package history

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha1"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"path"
	"strconv"

	"github.com/memweave/memweave-go/workspace"
)

// BlobReader reads blobs one at a time from one git cat-file --batch
// process: a revision's blobs are streamed, never held all at once, and
// reading many costs one git process, not one each.
type BlobReader struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Reader
	// stderr is git's standard error, read once git has ended (waited).
	stderr bytes.Buffer
	waited bool
}

// NewBlobReader starts the git cat-file process of the repository at dir;
// the caller closes the reader.
func NewBlobReader(ctx context.Context, dir string) (*BlobReader, error) {
	return newBlobReader(ctx, dir, nil)
}

// newBlobReader is [NewBlobReader] with env added to git's environment;
// with [noLazyFetch], a blob a partial clone lacks fails Read with
// [ErrNotFetched].
func newBlobReader(ctx context.Context, dir string, env []string) (*BlobReader, error) {
	bin, err := exec.LookPath("git")
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrNoGit, err)
	}
	cmd := exec.CommandContext(ctx, bin, "-C", dir, "cat-file", "--batch")
	cmd.Env = append(gitEnviron(), readerMark())
	cmd.Env = append(cmd.Env, env...)
	dieWithParent(cmd)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("history: cat-file: %w", err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("history: cat-file: %w", err)
	}
	r := &BlobReader{cmd: cmd, in: in, out: bufio.NewReaderSize(out, 64<<10)}
	cmd.Stderr = &r.stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("history: cat-file: %w", err)
	}
	return r, nil
}

// Read returns the content of blob oid.
func (r *BlobReader) Read(oid string) ([]byte, error) {
	if _, err := io.WriteString(r.in, oid+"\n"); err != nil {
		return nil, fmt.Errorf("history: cat-file %s: %w", oid, err)
	}
	data, err := readBlob(r.out, oid)
	if err != nil {
		// git ended (or wrote garbage): wait for it, so that all it
		// said on stderr is there to read.
		r.in.Close()
		_, _ = io.Copy(io.Discard, r.out)
		_ = r.cmd.Wait()
		r.waited = true
		if e := notFetched(r.stderr.String()); e != nil {
			return nil, e
		}
		return nil, fmt.Errorf("history: cat-file %s: %w", oid, err)
	}
	return data, nil
}

// Close ends the git process.
func (r *BlobReader) Close() error {
	if r.waited {
		return nil
	}
	r.in.Close()
	_, _ = io.Copy(io.Discard, r.out)
	err := r.cmd.Wait()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return nil // killed by a cancelled context, or closed early
	}
	return err
}

// Limits bound what memweave reads from a revision. A limit of 0 means
// none.
type Limits struct {
	// FileBytes is the largest note read: a bigger one is left out, and
	// listed as such.
	FileBytes int64
	// TreeBytes bounds the notes of memory/ at one revision, in all
	// ([CheckOut]), or those that differ between two sides ([Changes]),
	// each path counted at its size or [BlockBytes], whichever is more:
	// over it the revision is refused ([ErrTreeTooLarge]) before any
	// note is read.
	TreeBytes int64
}

// DefaultMaxTreeBytes is the default of [Limits.TreeBytes], and of the
// settings that set it (Config.MaxTreeBytes, gitsync's MaxTreeBytes): a
// commit of a few kilobytes can name gigabytes of notes that compress
// to nothing, which a search at it would write to a temporary folder and
// a sync to the work tree.
const DefaultMaxTreeBytes = 256 << 20

// ErrTreeTooLarge is wrapped by the error of a command refusing a
// revision whose notes are over [Limits.TreeBytes] in all.
var ErrTreeTooLarge = errors.New("history: revision too large")

// ErrMalformedTree is wrapped by the error for a revision whose tree
// lists a path under memory/ twice.
var ErrMalformedTree = errors.New("history: malformed tree")

// BlockBytes is the least a note counts toward [Limits.TreeBytes]: an
// empty note holds no bytes, yet it is a file to write, list and index,
// and takes a block of the file system.
const BlockBytes = 4 << 10

// NoteCost is what a note of size bytes counts toward [Limits.TreeBytes].
func NoteCost(size int64) int64 { return max(size, BlockBytes) }

// MaxListing bounds the listing of a tree read from git (git ls-tree
// -r), so that a tree of millions of entries is refused rather than held
// in memory.
const MaxListing = 64 << 20

// TreeTooLarge is the error for files notes under memory/ at "at" (a
// revision, a remote's tree) counting total bytes ([NoteCost]), over
// limit: it wraps [ErrTreeTooLarge].
func TreeTooLarge(at string, total int64, files int, limit int64) error {
	return fmt.Errorf("%w: memory/ at %s holds %d files of notes counting %d bytes (each at least %d), over the %d-byte limit (MaxTreeBytes); nothing was read or written",
		ErrTreeTooLarge, at, files, total, BlockBytes, limit)
}

// ListedTwice records the path p (a file or a folder) of a tree in
// listed and returns why p is refused when it was listed before: a
// malformed tree, which git fsck refuses (duplicateEntries) and no git
// command writes, may list one path twice, as two files, two folders
// (whose files a recursive listing merges) or a file and a folder, of
// which a checkout would write half and a reading would show one. Sync
// and the readings of a revision (search --at, changes) refuse such a
// tree alike.
func ListedTwice(listed map[string]bool, p string) string {
	if listed[p] {
		return "listed twice in the tree, as files or folders (a malformed tree, which git fsck refuses and no git command writes)"
	}
	listed[p] = true
	return ""
}

// memoryTree lists the Markdown blobs under memory/ at commit, as seen
// from dir, that obey the path rules and are at most lim.FileBytes long,
// by path, and the entries it left out with why. It adds the paths of
// the blobs over lim.FileBytes to large, when not nil. Notes of more
// than lim.TreeBytes in all refuse the revision, named rev in the error,
// and so does a tree listing a path twice ([ErrMalformedTree]).
func memoryTree(ctx context.Context, dir, rev, commit string, lim Limits, large map[string]bool) (map[string]entry, []string, error) {
	files, skipped, total, err := listMemory(ctx, dir, commit, lim.FileBytes, large)
	if err == nil && lim.TreeBytes > 0 && total > lim.TreeBytes {
		return nil, nil, TreeTooLarge(revAt(rev, commit), total, len(files), lim.TreeBytes)
	}
	return files, skipped, err
}

// listMemory is [memoryTree] without the bound on the notes in all,
// whose total ([NoteCost] each) it returns.
func listMemory(ctx context.Context, dir, commit string, maxBytes int64, large map[string]bool) (files map[string]entry, skipped []string, total int64, err error) {
	if err := checkRev(commit); err != nil {
		return nil, nil, 0, err
	}
	out, err := Git(ctx, dir, GitOptions{MaxOutput: MaxListing, Reads: true}, "ls-tree", "-r", "-t", "-z", "-l", "--end-of-options", commit, "--", workspace.MemoryDir)
	if errors.Is(err, ErrOutputTooLarge) {
		return nil, nil, 0, fmt.Errorf("%w: the listing of memory/ at %.12s is over %d bytes", ErrTreeTooLarge, commit, MaxListing)
	}
	if err != nil {
		return nil, nil, 0, fmt.Errorf("history: list memory at %s: %w", commit, err)
	}
	files = make(map[string]entry)
	listed := map[string]bool{} // see ListedTwice
	check := workspace.NewPathChecker(dir)
	for _, rec := range bytes.Split(out, []byte{0}) {
		e, ok := parseEntry(string(rec))
		if !ok {
			continue
		}
		if why := ListedTwice(listed, e.path); why != "" {
			return nil, nil, 0, fmt.Errorf("%w at %.12s: %q: %s", ErrMalformedTree, commit, e.path, why)
		}
		switch {
		case e.typ == "tree":
			continue // what it holds is listed
		case e.typ != "blob" || (e.mode != "100644" && e.mode != "100755"):
			skipped = append(skipped, skip(e.path, "not a regular file"))
		case !workspace.IsMarkdown(path.Base(e.path)):
		case maxBytes > 0 && e.size > maxBytes:
			if large != nil {
				large[e.path] = true
			}
			skipped = append(skipped, skip(e.path, fmt.Sprintf("%d bytes, over the %d limit", e.size, maxBytes)))
		default:
			if _, _, err := check.Check(e.path); err != nil {
				skipped = append(skipped, skip(e.path, err.Error()))
				continue
			}
			files[e.path] = e
			total += NoteCost(e.size)
		}
	}
	return files, skipped, total, nil
}

// blobID is the git object id (SHA-1) of a blob holding data: a working
// tree file whose id matches a revision's entry is unchanged.
func blobID(data []byte) string {
	h := sha1.New()
	h.Write([]byte("blob " + strconv.Itoa(len(data)) + "\x00"))
	h.Write(data)
	return hex.EncodeToString(h.Sum(nil))
}
