package history

import (
	"bytes"
	"context"
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/memweave/memweave-go/internal/ctlesc"
	"github.com/memweave/memweave-go/workspace"
)

// zeroMode is the mode git diff-tree gives the side a path is not on.
const zeroMode = "000000"

// diffSides lists, with one git diff-tree read as git writes it, the
// entries under memory/ that differ between the commits from and to, as
// seen from dir: sd.old and sd.cur hold the Markdown blobs of each side
// that obey the path rules and lim.FileBytes, sd.large those over it,
// sd.skipped what is left out with why. A path on one side only, or the
// same on both, costs nothing: a range that changed a few notes of a
// memory of any size reads and holds those few. Their notes, both sides
// counted as [NoteCost] counts them, over lim.TreeBytes refuse the range
// before any note is read; fromRev and toRev name it in the error.
func diffSides(ctx context.Context, dir, fromRev, from, toRev, to string, lim Limits) (*sides, error) {
	sd := &sides{old: map[string]entry{}, cur: map[string]entry{}, large: map[string]bool{}}
	var listed [2]map[string]bool // see ListedTwice
	listed[0], listed[1] = map[string]bool{}, map[string]bool{}
	var pending [2][]entry // the blobs of each side, sizes unknown yet
	var meta []string      // the record before the path, "" when none
	var bad error          // a path listed twice
	var counted int        // entries kept, at BlockBytes each, before sizes are known
	recs := &records{each: func(rec []byte) error {
		if meta == nil {
			if !bytes.HasPrefix(rec, []byte(":")) {
				return fmt.Errorf("history: git diff-tree: bad record %q", ctlesc.Controls(string(rec)))
			}
			meta = strings.Fields(string(rec[1:]))
			if len(meta) != 5 {
				return fmt.Errorf("history: git diff-tree: bad record %q", ctlesc.Controls(string(rec)))
			}
			return nil
		}
		p := string(rec)
		for side := range 2 {
			mode, oid := meta[side], meta[2+side]
			if mode == zeroMode {
				continue
			}
			if why := ListedTwice(listed[side], p); why != "" && bad == nil {
				bad = fmt.Errorf("%w at %.12s: %q: %s", ErrMalformedTree, []string{from, to}[side], p, why)
			}
			switch {
			case mode == "040000":
			case mode != "100644" && mode != "100755":
				sd.skipped = append(sd.skipped, skip(p, "not a regular file"))
			case !workspace.IsMarkdown(path.Base(p)):
			default:
				counted++
				if lim.TreeBytes > 0 && int64(counted)*BlockBytes > lim.TreeBytes {
					// Over already: the rest is counted, not kept.
					continue
				}
				pending[side] = append(pending[side], entry{mode: mode, typ: "blob", oid: oid, path: p})
			}
		}
		meta = nil
		return nil
	}}
	_, err := Git(ctx, dir, GitOptions{Stdout: recs, Reads: true}, "diff-tree", "-r", "-t", "-z", "--raw", "--no-renames",
		"--no-commit-id", "--relative", "--end-of-options", from, to, "--", workspace.MemoryDir)
	if err == nil {
		err = recs.flush()
	}
	if err != nil {
		return nil, fmt.Errorf("history: compare memory at %.12s and %.12s: %w", from, to, err)
	}
	if bad != nil {
		return nil, bad
	}
	at := fmt.Sprintf("%s, in what differs from %s,", revAt(toRev, to), revAt(fromRev, from))
	if lim.TreeBytes > 0 && int64(counted)*BlockBytes > lim.TreeBytes {
		return nil, TreeTooLarge(at, int64(counted)*BlockBytes, counted, lim.TreeBytes)
	}
	sizes, err := blobSizes(ctx, dir, append(slices.Clip(pending[0]), pending[1]...))
	if err != nil {
		return nil, err
	}
	if total, files := sd.keep(dir, pending, sizes, lim.FileBytes); lim.TreeBytes > 0 && total > lim.TreeBytes {
		return nil, TreeTooLarge(at, total, files, lim.TreeBytes)
	}
	return sd, nil
}

// keep puts the blobs of pending (old side, new side), sized by sizes,
// into sd: those over maxBytes (0: no limit) in large and skipped, those
// the path rules refuse in skipped. It returns what those kept count
// ([NoteCost]) and how many they are.
func (sd *sides) keep(dir string, pending [2][]entry, sizes map[string]int64, maxBytes int64) (total int64, files int) {
	for side, into := range []map[string]entry{sd.old, sd.cur} {
		for _, e := range pending[side] {
			e.size = sizes[e.oid]
			if maxBytes > 0 && e.size > maxBytes {
				sd.large[e.path] = true
				sd.skipped = append(sd.skipped, skip(e.path, fmt.Sprintf("%d bytes, over the %d limit", e.size, maxBytes)))
				continue
			}
			if _, _, err := workspace.SafeMemoryPath(dir, e.path); err != nil {
				sd.skipped = append(sd.skipped, skip(e.path, err.Error()))
				continue
			}
			into[e.path] = e
			total += NoteCost(e.size)
			files++
		}
	}
	return total, files
}

// revAt names the revision rev, which resolved to commit, in an error.
func revAt(rev, commit string) string {
	if rev == commit {
		return fmt.Sprintf("%.12s", commit)
	}
	return fmt.Sprintf("%s (%.12s)", ctlesc.Controls(rev), commit)
}

// blobSizes returns the size of each blob of entries, by id, asked of
// one git cat-file --batch-check.
func blobSizes(ctx context.Context, dir string, entries []entry) (map[string]int64, error) {
	sizes := make(map[string]int64, len(entries))
	if len(entries) == 0 {
		return sizes, nil
	}
	var in bytes.Buffer
	for _, e := range entries {
		if _, ok := sizes[e.oid]; !ok {
			sizes[e.oid] = -1
			in.WriteString(e.oid + "\n")
		}
	}
	out, err := Git(ctx, dir, GitOptions{Stdin: in.Bytes(), Reads: true}, "cat-file", "--batch-check=%(objectname) %(objecttype) %(objectsize)")
	if err != nil {
		return nil, fmt.Errorf("history: sizes of notes: %w", err)
	}
	for line := range strings.SplitSeq(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		if len(f) != 3 || f[1] != "blob" {
			return nil, fmt.Errorf("history: sizes of notes: git cat-file: %q", ctlesc.Controls(line))
		}
		n, err := strconv.ParseInt(f[2], 10, 64)
		if err != nil {
			return nil, fmt.Errorf("history: sizes of notes: git cat-file: %q", ctlesc.Controls(line))
		}
		sizes[f[0]] = n
	}
	return sizes, nil
}
