package gitsync

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"syscall"

	"github.com/memweave/memweave-go/history"
	"github.com/memweave/memweave-go/internal/edithook"
	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/workspace"
)

// change is one path that two commits' trees differ in: the mode and
// blob the second gives it, "" for both when it deletes the path, and
// whether the first has it.
type change struct {
	path, mode, blob string
	// oldBlob is the first commit's blob, "" when it lacks the path.
	oldBlob string
	inHead  bool
}

// emptyTree returns the id of the empty tree in the repository's object
// format, the commit-less side of a diff against a branch with none. Its
// id is the hash of no bytes as a tree, SHA-1's or SHA-256's as like, an
// object id git gave, is long; git answers for any other.
func (s *syncer) emptyTree(ctx context.Context, like string) (string, error) {
	if objectID(like) && len(like) == 40 {
		return "4b825dc642cb6eb9a060e54bf8d69288fbee4904", nil
	}
	if objectID(like) && len(like) == 64 {
		return "6ef19b41225c5369f1c104d45d8d85efa9b057b53b14b4b9b939dd74decc5321", nil
	}
	out, err := s.run(ctx, history.GitOptions{Stdin: []byte{}}, "hash-object", "-t", "tree", "--stdin")
	return strings.TrimSpace(string(out)), err
}

// treeChanges lists the paths whose content or mode differ between the
// commits head and target. Commits do not change: a pair named by their
// ids is asked of git once a sync ([syncer.changedPaths] reads it too).
func (s *syncer) treeChanges(ctx context.Context, head, target string) ([]change, error) {
	key := [2]string{head, target}
	if changes, ok := s.diffs[key]; ok {
		return slices.Clone(changes), nil
	}
	changes, err := s.diffTree(ctx, head, target)
	if err == nil && objectID(head) && objectID(target) {
		if s.diffs == nil {
			s.diffs = map[[2]string][]change{}
		}
		s.diffs[key] = slices.Clone(changes)
	}
	return changes, err
}

// objectID reports whether name is an object id in full (SHA-1 or
// SHA-256 hex), not a name whose commit may change.
func objectID(name string) bool {
	return (len(name) == 40 || len(name) == 64) && !strings.ContainsFunc(name, func(r rune) bool {
		return !(r >= '0' && r <= '9' || r >= 'a' && r <= 'f')
	})
}

// diffTree is [syncer.treeChanges] asked of git.
func (s *syncer) diffTree(ctx context.Context, head, target string) ([]change, error) {
	out, err := s.git(ctx, nil, "diff-tree", "-r", "-z", "--no-renames", "--no-commit-id", head, target)
	if err != nil {
		return nil, fmt.Errorf("gitsync: list the work tree's changes: %w", err)
	}
	var changes []change
	recs := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
	for i := 0; i+1 < len(recs); i += 2 {
		// ":oldmode newmode oldblob newblob status", then the path.
		f := strings.Fields(strings.TrimPrefix(recs[i], ":"))
		if len(f) != 5 {
			return nil, fmt.Errorf("gitsync: unexpected diff-tree record %q", recs[i])
		}
		c := change{path: recs[i+1], inHead: f[4] != "A"}
		if c.inHead {
			c.oldBlob = f[2]
		}
		if f[4] != "D" {
			c.mode, c.blob = f[1], f[3]
		}
		changes = append(changes, c)
	}
	return changes, nil
}

// checkout moves the work tree, the index and the branch from head to
// target. It writes each file itself, atomically (a new file renamed over
// the old one), so that a sync killed at any moment leaves every note
// whole, in head's version or target's, and an append made after the kill
// lands on a whole note. Git's own checkout unlinks a file before it
// writes the new one: killed in between, it left a note missing or cut
// short, an append then made a note holding only the entries written
// since, and the union merge of dated logs carried that rewrite to every
// machine, dropping whole entries. The files go first, under a marker
// naming head and target ([syncer.resumeCheckout]), then the index, and
// the branch moves last. A file that differs from head's version (a
// program other than memweave wrote it since the commit) stops the move
// before anything is written, as git's checkout would.
func (s *syncer) checkout(ctx context.Context, head, target string) error {
	from := head
	if head == "" {
		// An unborn branch: every file of target is new here. A kill
		// leaves some of them written, whole, which the next sync commits
		// and merges with the same files from the remote.
		var err error
		if from, err = s.emptyTree(ctx, target); err != nil {
			return fmt.Errorf("gitsync: update the work tree: %w", err)
		}
	}
	changes, err := s.treeChanges(ctx, from, target)
	if err != nil {
		return err
	}
	if err := s.checkUnchanged(ctx, head, target, changes); err != nil {
		return err
	}
	if head != "" {
		if err := writeCheckoutMarker(s.root, head, target); err != nil {
			return err
		}
	}
	if err := s.writeChanges(ctx, changes); err != nil {
		return err // the marker stays: the next sync finishes the move
	}
	// The index: target's entries, then the new files' stat data (a file
	// the refresh finds changed is the next commit's business).
	args := []string{"read-tree", target}
	if head != "" {
		args = []string{"read-tree", "-m", "-i", head, target}
	}
	if _, err := s.git(ctx, nil, args...); err != nil {
		return fmt.Errorf("gitsync: update the index: %w", err)
	}
	s.git(ctx, nil, "update-index", "-q", "--refresh")
	if _, err := s.git(ctx, nil, "update-ref", "-m", "memweave sync: integrate", "refs/heads/"+s.branch, target, head); err != nil {
		return fmt.Errorf("gitsync: move %s: %w", s.branch, err)
	}
	m := move{from: head, to: target}
	for _, c := range changes {
		if strings.HasPrefix(c.path, workspace.MemoryDir+"/") {
			m.paths = append(m.paths, c.path)
		}
	}
	s.moves = append(s.moves, m)
	return removeCheckoutMarker(s.root)
}

// checkUnchanged refuses the move when a file it would write or remove
// no longer holds head's version, or when a file target adds is already
// there with other content, naming the file; nothing is written then.
func (s *syncer) checkUnchanged(ctx context.Context, head, target string, changes []change) error {
	dirty := map[string]bool{}
	if head != "" {
		out, err := s.git(ctx, nil, "diff-index", "--name-only", "-z", "--no-renames", head, "--")
		if err != nil {
			return fmt.Errorf("gitsync: compare the work tree with %.12s: %w", head, err)
		}
		for _, p := range strings.Split(string(out), "\x00") {
			dirty[p] = true
		}
	}
	// Where the file system does not tell case apart, the file a path
	// the move removes is also at each name that differs in case only (a
	// rename DB.md -> db.md): removed first, it is out of the way.
	removed, removedFolded := map[string]bool{}, map[string]bool{}
	for _, c := range changes {
		if c.inHead && c.blob == "" {
			removed[c.path] = true
			removedFolded[foldedName(c.path)] = true
		}
	}
	foldCase := len(removed) > 0 && s.ignoresCase()
	for _, c := range changes {
		if c.inHead {
			if dirty[c.path] {
				return fmt.Errorf("gitsync: update the work tree: %s %w; nothing was changed (sync again to commit it first)", c.path, errChangedSinceCommit)
			}
			continue
		}
		if foldCase && removedFolded[foldedName(c.path)] {
			continue
		}
		data, err := os.ReadFile(filepath.Join(s.root, filepath.FromSlash(c.path)))
		if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) && removedParent(c.path, removed) {
			continue // a file in the way is one the move removes first
		}
		if errors.Is(err, syscall.EISDIR) && emptyFolders(filepath.Join(s.root, filepath.FromSlash(c.path))) {
			continue // git keeps no empty folder: nothing there to keep
		}
		if want, _ := s.blob(ctx, target, c.path); err != nil || string(data) != string(want) {
			return fmt.Errorf("gitsync: update the work tree: the remote adds %s, where this machine has a file git does not track (ignored?); nothing was changed (move it away and sync again)", c.path)
		}
	}
	return nil
}

// errChangedSinceCommit stops a move before it writes anything, at a
// file that no longer holds the version sync committed.
var errChangedSinceCommit = errors.New("was changed by another program since this sync committed it")

// errEditorSave stops a move at a note another program saved during it.
var errEditorSave = fmt.Errorf("another program saved it during the sync; its save was kept, and the next sync takes it in (%w)", memfile.ErrChanged)

// removedParent reports whether a folder on the way to p is a file the
// move removes (in removed).
func removedParent(p string, removed map[string]bool) bool {
	for d := path.Dir(p); d != "." && d != "/"; d = path.Dir(d) {
		if removed[d] {
			return true
		}
	}
	return false
}

// writeChanges gives each file of changes its new version, or removes
// it, with the blobs read by one git process. Removals go first, so that
// a folder a file takes the place of (or the other way round) is out of
// the way.
func (s *syncer) writeChanges(ctx context.Context, changes []change) error {
	blobs, err := history.NewBlobReader(ctx, s.root)
	if err != nil {
		return fmt.Errorf("gitsync: update the work tree: %w", err)
	}
	defer blobs.Close()
	for _, removing := range []bool{true, false} {
		for _, c := range changes {
			if (c.blob == "") != removing {
				continue
			}
			if err := s.checkoutFile(ctx, blobs, c); err != nil {
				return fmt.Errorf("gitsync: update the work tree: %s: %w", c.path, err)
			}
		}
		if removing {
			s.removeEmptiedFolders(changes)
		}
	}
	return nil
}

// removeEmptiedFolders removes the folders the removal of changes'
// files left empty, deepest first, as git's checkout does, up to
// memory/ (kept) or the workspace: a folder the remote renamed or
// deleted stayed on every other machine, empty, and where the file
// system does not tell case apart, a folder renamed in case only
// (Projects to projects) kept its old name there for good, the new
// notes written into it. os.Remove leaves a folder that is not empty
// (a file saved there meanwhile) and a link.
func (s *syncer) removeEmptiedFolders(changes []change) {
	for _, c := range changes {
		if c.blob != "" {
			continue
		}
		for d := path.Dir(c.path); d != "." && d != "/" && d != workspace.MemoryDir; d = path.Dir(d) {
			abs := filepath.Join(s.root, filepath.FromSlash(d))
			if fi, err := os.Lstat(abs); err != nil || !fi.IsDir() || os.Remove(abs) != nil {
				break
			}
		}
	}
}

// checkoutFile gives the work tree's file c.path its new version, or
// removes it, atomically: a note through memfile (a temporary file
// renamed over it), any other file with [memfile.WriteAtomic] after
// checking that no folder on its way is a link.
func (s *syncer) checkoutFile(ctx context.Context, blobs *history.BlobReader, c change) error {
	if bad := badPath(c.path); bad != "" {
		return fmt.Errorf("%w: %s", ErrRefused, bad)
	}
	abs := filepath.Join(s.root, filepath.FromSlash(c.path))
	_, _, notNote := workspace.SafeMemoryPath(s.root, c.path)
	if notNote != nil {
		if err := s.noLinkOnTheWay(c.path); err != nil {
			return err
		}
	}
	// A note the move changes or removes must still hold the version
	// checkUnchanged saw: another program (an editor, which takes no
	// lock) may have saved it since, and that save is kept.
	var old []byte
	if notNote == nil && c.inHead {
		var err error
		if old, err = blobs.Read(c.oldBlob); err != nil {
			return err
		}
		old = s.asCheckedOut(ctx, c, abs, old)
		edithook.Run(ctx, abs)
	}
	if c.blob == "" {
		var err error
		if notNote == nil {
			if cur, rerr := os.ReadFile(abs); rerr == nil && !bytes.Equal(cur, old) {
				return errEditorSave
			}
			err = memfile.Remove(s.root, c.path)
		} else {
			err = os.Remove(abs)
		}
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		return err
	}
	data, err := blobs.Read(c.blob)
	if err != nil {
		return err
	}
	if !c.inHead {
		// An empty folder checkUnchanged let through: the file takes its
		// place. Removed one folder at a time, so that a file saved in it
		// meanwhile stops the move instead of going with it.
		if err := removeEmptyFolders(abs); err != nil {
			return err
		}
	}
	perm := fs.FileMode(0o644)
	if c.mode == "100755" {
		perm = 0o755
	}
	if notNote == nil {
		if c.inHead {
			_, err = memfile.ReplaceIf(s.root, c.path, data, old)
		} else {
			_, err = memfile.Replace(s.root, c.path, data)
		}
		if errors.Is(err, memfile.ErrChanged) {
			return errEditorSave
		}
		if err != nil {
			return err
		}
	} else {
		if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
			return err
		}
		if err := memfile.WriteAtomic(abs, data, perm); err != nil {
			return err
		}
	}
	// Replace keeps an existing file's permissions: give it target's.
	if fi, err := os.Stat(abs); err == nil && fi.Mode().Perm()&0o111 != perm&0o111 {
		return os.Chmod(abs, perm)
	}
	return nil
}

// asCheckedOut returns the bytes the work tree's file c.path holds when
// it is head's version, old being that version's blob: the file itself
// when git's line-ending conversion (core.autocrlf, an eol attribute)
// makes it that blob, as it does for every note git checked out with CRLF
// ends, else old. Comparing the file with the blob's bytes alone would
// take git's own CRLF for an editor's save, and stop every sync there.
func (s *syncer) asCheckedOut(ctx context.Context, c change, abs string, old []byte) []byte {
	cur, err := os.ReadFile(abs)
	if err != nil || bytes.Equal(cur, old) {
		return old
	}
	out, err := s.run(ctx, history.GitOptions{Stdin: cur},
		append(slices.Clip(noPrograms), "hash-object", "--path="+c.path, "--stdin")...)
	if err == nil && strings.TrimSpace(string(out)) == c.oldBlob {
		return cur
	}
	return old
}

// noLinkOnTheWay refuses a path whose folders include a symbolic link in
// the work tree, so that no write follows one out of the workspace.
func (s *syncer) noLinkOnTheWay(rel string) error {
	dir := s.root
	parts := strings.Split(rel, "/")
	for _, p := range parts[:len(parts)-1] {
		dir = filepath.Join(dir, p)
		fi, err := os.Lstat(dir)
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		if err != nil {
			return err
		}
		if !fi.IsDir() {
			return fmt.Errorf("%w: %s: %s is not a folder", ErrRefused, rel, dir)
		}
	}
	return nil
}

// emptyFolders reports whether abs is a folder holding nothing but
// folders (none, or empty ones in turn), not through a link.
func emptyFolders(abs string) bool {
	fi, err := os.Lstat(abs)
	if err != nil || !fi.IsDir() {
		return false
	}
	entries, err := os.ReadDir(abs)
	if err != nil {
		return false
	}
	for _, e := range entries {
		if !e.IsDir() || !emptyFolders(filepath.Join(abs, e.Name())) {
			return false
		}
	}
	return true
}

// removeEmptyFolders removes the folder abs and the empty folders in it,
// deepest first, each with os.Remove, which refuses a folder that is not
// empty; a missing abs, or a file there, is left as it is.
func removeEmptyFolders(abs string) error {
	fi, err := os.Lstat(abs)
	if err != nil || !fi.IsDir() {
		return nil
	}
	entries, err := os.ReadDir(abs)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if err := removeEmptyFolders(filepath.Join(abs, e.Name())); err != nil {
			return err
		}
	}
	return os.Remove(abs)
}
