package memfile

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/memweave/memweave-go/workspace"
)

// JournalName is the append journal, under <root>/.memweave/: it exists
// only while an append is under way, or after a process was killed in
// one (see [Recover]).
const JournalName = "append.journal"

// journal is the header of the append journal; the note's bytes follow
// it, after a newline.
type journal struct {
	// Path is the workspace-relative log appended to.
	Path string `json:"path"`
	// Before and After are the log's sizes before and after the append.
	Before int64 `json:"before"`
	After  int64 `json:"after"`
	// Created says the append created the log (earlier builds; this
	// one makes a new log whole, without a journal: [createLog]).
	Created bool `json:"created,omitempty"`
	// Dev and Ino identify the log on this machine ([workspace.FileID]):
	// a journal that came with a copied or cloned workspace cannot name
	// them, so recovery never cuts a file by it.
	Dev uint64 `json:"dev,omitempty"`
	Ino uint64 `json:"ino,omitempty"`
}

func journalPath(root string) string {
	return filepath.Join(root, workspace.IndexDir, JournalName)
}

// journalName is the journal's name in its folder.
const journalName = JournalName

// openJournalRoot opens the journal's folder, <root>/.memweave (created
// when missing), as an [os.Root]: the journal is read, written and
// removed through it, so a link at its name (a cloned repository can
// carry one) never leads a write, a read or a file's creation elsewhere.
func openJournalRoot(root string) (*os.Root, error) {
	dir := filepath.Dir(journalPath(root))
	if _, err := workspace.MakeIndexDir(root); err != nil {
		return nil, fmt.Errorf("journal: %w", err)
	}
	r, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("journal: %w", err)
	}
	return r, nil
}

// dropForeignJournal removes what is at the journal's name when it is
// not a regular file (a link, say): no append wrote it. It reports
// whether a regular file is there.
func dropForeignJournal(r *os.Root) (bool, error) {
	fi, err := r.Lstat(journalName)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return false, nil
	case err != nil:
		return false, fmt.Errorf("journal: %w", err)
	case fi.Mode().IsRegular():
		return true, nil
	}
	if err := r.Remove(journalName); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return false, fmt.Errorf("journal: remove %s, which is no file an append wrote: %w", journalName, err)
	}
	return false, nil
}

// writeJournal records the append j of note, synced, before it starts.
func writeJournal(root string, j journal, note []byte) error {
	head, err := json.Marshal(j)
	if err != nil {
		return fmt.Errorf("journal: %w", err)
	}
	r, err := openJournalRoot(root)
	if err != nil {
		return err
	}
	defer r.Close()
	if _, err := dropForeignJournal(r); err != nil {
		return err
	}
	f, err := r.OpenFile(journalName, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return fmt.Errorf("journal: %w", err)
	}
	_, err = f.Write(append(append(head, '\n'), note...))
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		r.Remove(journalName)
		return fmt.Errorf("journal: %w", err)
	}
	syncRootDir(r, ".")
	return nil
}

// removeJournal removes the journal of a finished or undone append.
func removeJournal(root string) error {
	r, err := openJournalRoot(root)
	if err != nil {
		return err
	}
	defer r.Close()
	if err := r.Remove(journalName); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("journal: %w", err)
	}
	return nil
}

// Recover undoes the append that a process killed while appending left
// torn in the workspace at root, under the write lock: when the journal
// of an append is left, names the log's very file (its device and inode,
// where the platform has them: a journal copied with the workspace never
// does), and the log ends in a cut copy of the journaled note, the log is
// truncated to its size before the append (a log the append created is
// removed), byte for byte as it was. A log that ends in
// the whole note, or that was changed since in any other way (a file a
// person edited, with or without a final line ending), is left as it is.
// It also removes the temporary files that processes killed while
// writing left in memory/.memweave-tmp ([TempDir]), and puts back under
// its name a note that a process killed while removing it ([RemoveIf])
// left aside there, unless a file holds the name since (then that note
// aside is never put back, even after the file goes, and is removed when
// it still holds what the killed edit or removal checked), and writes again
// the folder's .gitignore that a killed process left cut. Without a
// journal or such a file, Recover returns at once without taking the
// lock.
//
// [AppendWith] recovers first too; opening a workspace should call Recover
// so that an index run never reads a torn note.
func Recover(ctx context.Context, root string) error {
	_, err := os.Lstat(journalPath(root))
	journaled := !errors.Is(err, fs.ErrNotExist)
	if !journaled && !leftInTemp(root) {
		return nil
	}
	unlock, err := Lock(ctx, root)
	if err != nil {
		return fmt.Errorf("recover: %w", err)
	}
	defer unlock()
	return recoverHeld(root, journaled)
}

// RecoverLocked is [Recover] for a caller that holds the write lock
// ([Lock]): one that acts on every note under it (sync's commit) must
// not take a note that a process killed after the caller's own Recover
// left aside for deleted.
func RecoverLocked(root string) error {
	_, err := os.Lstat(journalPath(root))
	journaled := !errors.Is(err, fs.ErrNotExist)
	if !journaled && !leftInTemp(root) {
		return nil
	}
	return recoverHeld(root, journaled)
}

// recoverHeld is the work of [Recover] under the write lock.
func recoverHeld(root string, journaled bool) error {
	if journaled {
		if err := recoverAppend(root); err != nil {
			return fmt.Errorf("recover: %w", err)
		}
	}
	if err := removeLeftovers(root); err != nil {
		return fmt.Errorf("recover: remove temporary files: %w", err)
	}
	if err := putBackAside(root); err != nil {
		return fmt.Errorf("recover: %w", err)
	}
	if err := mendTempIgnore(root); err != nil {
		return fmt.Errorf("recover: %w", err)
	}
	return nil
}

// recoverAppend is [Recover] for a caller that holds the write lock.
func recoverAppend(root string) error {
	r, err := openJournalRoot(root)
	if err != nil {
		return err
	}
	defer r.Close()
	if ok, err := dropForeignJournal(r); !ok || err != nil {
		return err
	}
	data, err := r.ReadFile(journalName)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("journal: %w", err)
	}
	var j journal
	head, note, ok := bytes.Cut(data, []byte("\n"))
	if !ok || json.Unmarshal(head, &j) != nil || j.After-j.Before != int64(len(note)) || j.Before < 0 {
		// A torn journal: it is synced before the append starts, so the
		// append never began.
		return removeJournal(root)
	}
	if err := undoTorn(root, j, note); err != nil {
		return fmt.Errorf("undo the torn append to %s: %w", j.Path, err)
	}
	return removeJournal(root)
}

// undoTorn truncates the log of the journaled append j of note when it
// ends in a cut copy of note.
func undoTorn(root string, j journal, note []byte) error {
	if _, dated := workspace.DateOf(j.Path); !dated {
		return nil // not a journal an append wrote
	}
	if _, _, err := workspace.SafeMemoryPath(root, j.Path); err != nil {
		return nil
	}
	name, err := memoryName(j.Path)
	if err != nil {
		return nil
	}
	r, err := workspace.OpenMemoryRoot(root)
	if err != nil {
		return nil // no memory folder: nothing to undo
	}
	defer r.Close()
	if fi, err := r.Lstat(name); err != nil || !fi.Mode().IsRegular() {
		return nil // gone, or no longer a file an append would write
	}
	f, _, err := workspace.OpenRegularIn(r, name, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	dev, ino, ids := workspace.FileID(fi)
	// A journal without the log's file id was written by a build before
	// ids were recorded, for another copy of the log (the workspace was
	// copied or restored since), or came with a clone: it is checked like
	// any other but never acted on.
	foreign := ids && (dev != j.Dev || ino != j.Ino)
	n := fi.Size() - j.Before
	if n < 0 || n >= int64(len(note)) || (n == 0 && !j.Created) {
		return nil // whole, untouched, or changed since
	}
	got := make([]byte, n)
	if _, err := f.ReadAt(got, j.Before); err != nil {
		return err
	}
	if !bytes.Equal(got, note[:n]) {
		return nil // not our bytes: someone changed the file since
	}
	if foreign {
		return fmt.Errorf("%s/%s does not name the file %s by its id (an older memweave wrote it, or it came with a copy or clone of the workspace), so it is not undone: %[3]s may end in %d bytes of a torn note; "+
			"keep or cut them (its size before the append was %d), then remove %s/%s",
			workspace.IndexDir, JournalName, j.Path, n, j.Before, workspace.IndexDir, JournalName)
	}
	return cutBack(f, j, func() error { return r.Remove(name) })
}
