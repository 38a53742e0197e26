package gitsync

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

	"github.com/memweave/memweave-go/history"
	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/workspace"
)

// checkoutName is the marker [syncer.checkout] keeps under .memweave/
// while it moves the work tree from one commit to another: "HEAD TARGET".
const checkoutName = "sync-checkout"

func checkoutPath(root string) string {
	return filepath.Join(root, workspace.IndexDir, checkoutName)
}

// writeCheckoutMarker records, atomically, that the work tree is about to
// move from head to target. The temporary files of the marker's earlier
// writes, which a sync killed before their rename left, go first: every
// writer of the marker holds the sync lock, so none is under way.
func writeCheckoutMarker(root, head, target string) error {
	if err := memfile.RemoveAtomicLeftovers(checkoutPath(root)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("gitsync: checkout marker: remove the temporary files of killed writes: %w", err)
	}
	if err := memfile.WriteAtomic(checkoutPath(root), []byte(head+" "+target+"\n"), 0o644); err != nil {
		return fmt.Errorf("gitsync: checkout marker: %w", err)
	}
	return nil
}

// resumeCheckout repairs what a sync killed during its checkout left,
// before anything is committed. With the branch still at the marker's
// head, or at a plain git commit the user made on top of it (after the
// kill, or during the move, whose last step then failed), the move from
// head to target is undone: every path it had reached, but those the
// user's commits changed otherwise ([syncer.committedSince]), goes back
// to head's version ([syncer.rollBack]), so that the
// commit that follows records only what this machine changed, and the
// merge takes the remote's changes in again, later ones included. Taken
// for this machine's own, what the move wrote was a teammate's old
// version: a note the remote deleted since came back on every machine,
// and one it changed again got a conflict copy of its superseded
// version. [syncer.checkout] writes each file atomically, so its kill
// leaves every file in head's version or target's; git's checkout,
// which earlier versions ran, replaced a file by unlinking it and
// writing a new one, so its kill could leave a file missing or cut
// short: such a file first gets target's version whole
// ([syncer.repairTorn]). A file holding anything else (an entry appended
// after the kill, an edit) is this machine's change and is left as it
// is: the merge keeps both sides. The caller holds the workspace's write
// lock.
func (s *syncer) resumeCheckout(ctx context.Context) error {
	data, err := readOwn(s.root, checkoutName, 1<<10)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("gitsync: checkout marker: %w", err)
	}
	head, target, _ := strings.Cut(strings.TrimSpace(string(data)), " ")
	cur, err := s.rev(ctx, "HEAD")
	if err != nil {
		return err
	}
	if !history.IsObjectID(head) || !history.IsObjectID(target) {
		return removeCheckoutMarker(s.root) // a torn marker
	}
	user, err := s.committedSince(ctx, head, cur, target)
	if err != nil {
		return err
	}
	if user != nil {
		out, err := s.git(ctx, nil, "diff", "--name-only", "-z", "--no-renames", head, target, "--")
		if err != nil {
			return fmt.Errorf("gitsync: resume checkout: %w", err)
		}
		for _, p := range strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00") {
			if p == "" || user[p] {
				continue
			}
			if err := s.repairTorn(ctx, p, target); err != nil {
				return err
			}
		}
		if err := s.rollBack(ctx, head, target, user); err != nil {
			return err // the marker stays: the next sync tries again
		}
	}
	// A checkout that finished (the branch moves last, and target is not
	// on top of head): nothing to repair.
	return removeCheckoutMarker(s.root)
}

// committedSince returns, for a checkout from head to target that did
// not move the branch, the paths the user's own commits since head
// changed, which the repair leaves alone; nil when the branch is not
// head or a commit on top of it (the move finished, or the branch was
// reset elsewhere): nothing to repair. A plain git commit made after the
// kill (or one that moved the branch under the move, so that its last
// step failed) may have taken in what the move wrote, a path in target's
// version: that is the remote's, not the user's, and is not listed.
func (s *syncer) committedSince(ctx context.Context, head, cur, target string) (map[string]bool, error) {
	user := map[string]bool{}
	if cur == head {
		return user, nil
	}
	if ok, err := s.isAncestor(ctx, head, cur); err != nil || !ok {
		return nil, err
	}
	if ok, err := s.isAncestor(ctx, target, cur); err != nil || ok {
		return nil, err // the move finished, and the user committed on top
	}
	moved, err := s.treeChanges(ctx, head, target)
	if err != nil {
		return nil, err
	}
	wrote := make(map[string]change, len(moved))
	for _, c := range moved {
		wrote[c.path] = c
	}
	committed, err := s.treeChanges(ctx, head, cur)
	if err != nil {
		return nil, err
	}
	for _, c := range committed {
		if w, ok := wrote[c.path]; !ok || w.blob != c.blob || w.mode != c.mode {
			user[c.path] = true
		}
	}
	return user, nil
}

// rollBack gives head's version back to each path the move from head to
// target had reached: one holding target's version, or missing where
// target deletes it. Each goes through [syncer.checkoutFile], as in a
// move from target to head, so a note another program saves meanwhile
// stops it. Paths in user (the user's commits changed them) are left
// alone.
func (s *syncer) rollBack(ctx context.Context, head, target string, user map[string]bool) error {
	changes, err := s.treeChanges(ctx, target, head)
	if err != nil {
		return err
	}
	var back []change
	for _, c := range changes {
		if user[c.path] {
			continue // the user's commit changed it
		}
		if bad := badPath(c.path); bad != "" {
			return fmt.Errorf("%w: %s: %s", ErrRefused, c.path, bad)
		}
		abs := filepath.Join(s.root, filepath.FromSlash(c.path))
		work, err := os.ReadFile(abs)
		switch {
		case !c.inHead: // target deletes the path (c.inHead: target has it)
			if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
				back = append(back, c)
			}
		case err == nil:
			tb, err := s.git(ctx, nil, "cat-file", "blob", c.oldBlob)
			if err != nil {
				return fmt.Errorf("gitsync: resume checkout: %w", err)
			}
			if bytes.Equal(s.asCheckedOut(ctx, c, abs, tb), work) {
				back = append(back, c)
			}
		}
	}
	return s.writeChanges(ctx, back)
}

// repairTorn gives p target's version when the work tree lacks it or
// holds a strict prefix of it; see [syncer.resumeCheckout].
func (s *syncer) repairTorn(ctx context.Context, p, target string) error {
	if bad := badPath(p); bad != "" {
		return fmt.Errorf("%w: %s: %s", ErrRefused, p, bad)
	}
	tb, ok := s.blob(ctx, target, p)
	if !ok {
		return nil // target deletes p: nothing git could have cut short
	}
	abs := filepath.Join(s.root, filepath.FromSlash(p))
	work, err := os.ReadFile(abs)
	missing := errors.Is(err, fs.ErrNotExist)
	if err != nil && !missing {
		return fmt.Errorf("gitsync: resume checkout: %w", err)
	}
	if !missing && (len(work) >= len(tb) || !bytes.HasPrefix(tb, work)) {
		return nil
	}
	if strings.HasPrefix(p, workspace.MemoryDir+"/") {
		if _, err := memfile.Replace(s.root, p, tb); err != nil {
			return fmt.Errorf("gitsync: resume checkout: %w", err)
		}
		return nil
	}
	if err := memfile.WriteAtomic(abs, tb, 0o644); err != nil {
		return fmt.Errorf("gitsync: resume checkout: %w", err)
	}
	return nil
}

// blob returns the content of p at commit and whether it exists there.
func (s *syncer) blob(ctx context.Context, commit, p string) ([]byte, bool) {
	out, err := s.git(ctx, nil, "cat-file", "blob", commit+":"+p)
	return out, err == nil
}

func removeCheckoutMarker(root string) error {
	if err := os.Remove(checkoutPath(root)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("gitsync: checkout marker: %w", err)
	}
	return nil
}
