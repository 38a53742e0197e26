package memfile

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/memweave/memweave-go/workspace"
)

// StateFile is a small per-machine file memweave keeps under a
// workspace's index folder (.memweave, ignored by git): a cache that
// may be deleted at any time, shared by the processes of the workspace.
// Load is cheap when the file is missing or unchanged (one lstat); Save
// replaces it atomically ([WriteAtomic]). A link at the folder or the
// name is neither read nor written ([workspace.CheckOwnFiles]). It is
// safe for concurrent use.
type StateFile struct {
	root, name string
	limit      int64

	mu   sync.Mutex
	seen fs.FileInfo // the file as last loaded or saved; nil when none
}

// NewStateFile returns the state file name under root's index folder,
// read only when it holds at most limit bytes.
func NewStateFile(root, name string, limit int64) *StateFile {
	return &StateFile{root: root, name: name, limit: limit}
}

// Load returns the file's content and true when it changed since the
// last Load or Save: nil when it is gone, unreadable, not a regular file
// or over the limit. It returns false when it did not change.
func (s *StateFile) Load() ([]byte, bool) {
	p := filepath.Join(s.root, workspace.IndexDir, s.name)
	fi, err := os.Lstat(p)
	s.mu.Lock()
	defer s.mu.Unlock()
	if err != nil {
		changed := s.seen != nil
		s.seen = nil
		return nil, changed
	}
	if s.seen != nil && os.SameFile(s.seen, fi) && s.seen.ModTime().Equal(fi.ModTime()) && s.seen.Size() == fi.Size() {
		return nil, false
	}
	s.seen = fi
	if !fi.Mode().IsRegular() || fi.Size() > s.limit || workspace.CheckOwnFiles(s.root, s.name) != nil {
		return nil, true
	}
	f, read, err := workspace.OpenRegular(p)
	if err != nil {
		return nil, true
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, s.limit+1))
	if err != nil || int64(len(data)) > s.limit {
		return nil, true
	}
	s.seen = read
	return data, true
}

// Save replaces the file with data, or removes it when data is nil.
// The next Load returns false unless another process changed it since.
func (s *StateFile) Save(data []byte) error {
	if err := workspace.CheckOwnFiles(s.root, s.name); err != nil {
		return err
	}
	p := filepath.Join(s.root, workspace.IndexDir, s.name)
	s.mu.Lock()
	defer s.mu.Unlock()
	err := s.replace(p, data)
	// What is there now counts as seen, saved or not: after a failed
	// Save the file is what the last Load saw, and taking it for news
	// would put the old state back over the caller's.
	s.seen, _ = os.Lstat(p)
	return err
}

// staleWrite is the age past which a temporary file of a save is one
// that a killed process left: a save takes milliseconds.
const staleWrite = time.Minute

// replace writes data at p, or removes p when data is nil.
func (s *StateFile) replace(p string, data []byte) error {
	// A process killed during an earlier save left its temporary file;
	// no lock keeps other processes from saving now, so only those older
	// than any save under way go. Failing that costs a few bytes only.
	_ = removeAtomicLeftovers(p, time.Now().Add(-staleWrite))
	if data == nil {
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		return nil
	}
	if _, err := workspace.MakeIndexDir(s.root); err != nil {
		return err
	}
	return WriteAtomic(p, data, 0o644)
}
