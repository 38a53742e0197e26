package gitsync

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/memweave/memweave-go/frontmatter"
	"github.com/memweave/memweave-go/history"
	"github.com/memweave/memweave-go/workspace"
)

// mergeMetadata merges, note by note, the notes under memory/ that both
// incoming and local changed (or both added) since their merge base and
// that hold front matter in any of the three versions: git's merge
// reads the block as lines, so two machines' feedback marks, tags or
// importance written there conflicted (a conflict copy of a whole note
// for a mark), or were taken once when both wrote the same line (one
// passage marked on both: one mark lost), or, for a dated log's union
// merge, gave the block a key twice, which no reader takes. The fields
// memweave reads merge as [frontmatter.Merge3] says (marks add up); the
// text after the block merges as git merges the note (a dated log's by
// union). A note whose text or other fields conflict is left to git's
// merge and the conflict copy. It returns the entries to write over the
// merged tree ([appendEntry] records) and the paths they settle.
func (s *syncer) mergeMetadata(ctx context.Context, incoming, local string) (entries []byte, settled map[string]bool, err error) {
	base, err := s.mergeBase(ctx, incoming, local)
	if err != nil || base == "" {
		return nil, nil, err
	}
	theirs, err := s.changedNotes(ctx, base, incoming)
	if err != nil || len(theirs) == 0 {
		return nil, nil, err
	}
	ours, err := s.changedNotes(ctx, base, local)
	if err != nil {
		return nil, nil, err
	}
	var blobs *history.BlobReader
	defer func() {
		if blobs != nil {
			blobs.Close()
		}
	}()
	for _, p := range slices.Sorted(func(yield func(string) bool) {
		for p := range ours {
			if _, ok := theirs[p]; ok && !yield(p) {
				return
			}
		}
	}) {
		// The same version on both is merged too: one passage marked on
		// each machine is two marks.
		t, o := theirs[p], ours[p]
		if blobs == nil {
			if blobs, err = history.NewBlobReader(ctx, s.root); err != nil {
				return nil, nil, fmt.Errorf("gitsync: merge %s: %w", p, err)
			}
		}
		note, ok, err := s.mergeNote(ctx, blobs, p, t.base, o.oid, t.oid)
		if err != nil {
			return nil, nil, fmt.Errorf("gitsync: merge %s: %w", p, err)
		}
		if !ok {
			continue
		}
		oid, err := s.run(ctx, history.GitOptions{Stdin: note, Env: s.gitEnv},
			append(slices.Clip(noPrograms), "hash-object", "-w", "--no-filters", "--stdin")...)
		if err != nil {
			return nil, nil, fmt.Errorf("gitsync: merge %s: %w", p, err)
		}
		entries = appendEntry(entries, stage{t.mode, strings.TrimSpace(string(oid))}, p)
		if settled == nil {
			settled = map[string]bool{}
		}
		settled[p] = true
	}
	return entries, settled, nil
}

// changedNote is a note a side added or changed since the merge base:
// its mode and blob, and the base's blob ("" for a note it adds).
type changedNote struct{ mode, oid, base string }

// changedNotes returns the Markdown files under memory/ that commit adds
// or changes since base, regular files on both ends, by path.
func (s *syncer) changedNotes(ctx context.Context, base, commit string) (map[string]changedNote, error) {
	out, err := s.git(ctx, nil, "diff-tree", "-r", "-z", "--no-renames", "--no-abbrev", base, commit, "--", workspace.MemoryDir+"/")
	if err != nil {
		return nil, err
	}
	notes := map[string]changedNote{}
	recs := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
	for i := 0; i+1 < len(recs); i += 2 {
		// ":oldmode newmode oldblob newblob status", then the path.
		f := strings.Fields(strings.TrimPrefix(recs[i], ":"))
		if len(f) != 5 || !regular(f[1]) || !workspace.IsMarkdown(recs[i+1]) {
			continue
		}
		switch f[4] {
		case "A":
			notes[recs[i+1]] = changedNote{mode: f[1], oid: f[3]}
		case "M":
			if regular(f[0]) {
				notes[recs[i+1]] = changedNote{mode: f[1], oid: f[3], base: f[2]}
			}
		}
	}
	return notes, nil
}

// regular reports whether the git mode m is a file's (not a link's or a
// submodule's).
func regular(m string) bool { return m == "100644" || m == "100755" }

// mergeNote returns the note p merged from its versions (blobs base, ""
// for none, ours and theirs) by [frontmatter.Merge3], and false when
// none holds front matter or the merge refuses: git's merge stands.
func (s *syncer) mergeNote(ctx context.Context, blobs *history.BlobReader, p, base, ours, theirs string) ([]byte, bool, error) {
	var text [3][]byte
	fm := false
	for i, oid := range []string{base, ours, theirs} {
		if oid == "" {
			continue
		}
		var err error
		if text[i], err = blobs.Read(oid); err != nil {
			return nil, false, err
		}
		fm = fm || frontmatter.Find(text[i]).Lines > 0
	}
	if !fm {
		return nil, false, nil
	}
	body, ok, err := s.mergeBodies(ctx, frontmatter.Body(text[0]), frontmatter.Body(text[1]), frontmatter.Body(text[2]), datedLog(p))
	if err != nil || !ok {
		return nil, false, err
	}
	note, err := frontmatter.Merge3(text[0], text[1], text[2], body)
	if errors.Is(err, frontmatter.ErrInvalid) {
		return nil, false, nil
	}
	return note, err == nil, err
}

// mergeBodies merges the texts ours and theirs changed from base, as
// git merges a note (git merge-file, its built-in text merge; with
// union, the union merge of dated logs), and reports false when they
// conflict.
func (s *syncer) mergeBodies(ctx context.Context, base, ours, theirs []byte, union bool) ([]byte, bool, error) {
	switch {
	case bytes.Equal(ours, theirs), bytes.Equal(base, ours):
		return theirs, true, nil
	case bytes.Equal(base, theirs):
		return ours, true, nil
	}
	// In a folder the next merge removes, should this sync be killed
	// ([syncer.mergeTree]).
	dir, err := os.MkdirTemp(filepath.Join(s.root, workspace.IndexDir), mergeFolderPrefix)
	if err != nil {
		return nil, false, err
	}
	defer os.RemoveAll(dir)
	names := []string{"ours", "base", "theirs"}
	for i, text := range [][]byte{ours, base, theirs} {
		if err := os.WriteFile(filepath.Join(dir, names[i]), text, 0o600); err != nil {
			return nil, false, err
		}
	}
	args := []string{"merge-file", "-p", "-q"}
	if union {
		args = append(args, "--union")
	}
	out, err := s.gitIn(ctx, dir, nil, append(args, names...)...)
	var ge *history.GitError
	if errors.As(err, &ge) && ge.ExitCode() > 0 && ctx.Err() == nil {
		return nil, false, nil // conflicts (or a file git takes for binary)
	}
	return out, err == nil, err
}

// datedLog reports whether the path p is a dated log, which
// [AttributesLines] give git's union merge.
func datedLog(p string) bool { return datedName().MatchString(path.Base(p)) }

// datedName matches the name of a dated log, as [AttributesLines] do.
var datedName = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^[0-9]{4}-[0-9]{2}-[0-9]{2}\.(?:[mM][dD]|[mM][aA][rR][kK][dD][oO][wW][nN])$`)
})
