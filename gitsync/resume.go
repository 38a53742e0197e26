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
// move from head to target.
func writeCheckoutMarker(root, head, target string) error {
	if err := memfile.WriteAtomic(checkoutPath(root), []byte(head+" "+target+"\n"), 0o644); err != nil {
		return fmt.Errorf("gitsync: checkout marker: %w", err)
	}
	return nil
}

// resumeCheckout repairs what a sync killed during its checkout left,
// before anything is committed. [syncer.checkout] writes each file
// atomically, so its kill leaves every file in head's version or
// target's; git's checkout, which earlier versions ran, replaced a file by
// unlinking it and writing a new one, so its kill could leave a file
// missing or cut short, and committed as this machine's change, a
// cut-short line would reach every machine. With the branch still at
// the marker's head, each path that head and target differ in that is
// missing, or holds a strict prefix of target's version, gets target's
// version. Every other file is
// left as it is, whatever it holds (head's version, target's, or either
// with entries appended since the kill): the commit that follows records
// it as this machine's change, and the merge keeps both sides. The
// caller holds the workspace's write lock.
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
	if history.IsObjectID(head) && history.IsObjectID(target) && cur == head {
		out, err := s.git(ctx, nil, "diff", "--name-only", "-z", "--no-renames", head, target, "--")
		if err != nil {
			return fmt.Errorf("gitsync: resume checkout: %w", err)
		}
		for _, p := range strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00") {
			if p == "" {
				continue
			}
			if err := s.repairTorn(ctx, p, target); err != nil {
				return err
			}
		}
	}
	// A torn marker, or a checkout that finished (the branch moves last):
	// nothing to repair.
	return removeCheckoutMarker(s.root)
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
