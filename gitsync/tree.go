package gitsync

import (
	"context"
	"errors"
	"fmt"
	"path"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/memweave/memweave-go/history"
	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/settings"
	"github.com/memweave/memweave-go/workspace"
	"golang.org/x/text/unicode/norm"
)

// checkTree refuses a tree (whose: "the remote's tree") that breaks the
// rules for untrusted trees (see the package doc), naming the first bad
// entry. Outside memory/, the tree must hold what the commit against
// holds ("" when there is none: nothing outside memory/ is accepted;
// [checkedOutside]: not compared, the tree merges two checked ones).
//
// The notes count toward MaxTreeBytes as what writing the tree writes:
// have is the commit whose notes the machine taking the tree holds
// already ("" when none), and over the limit in all the tree is taken
// when what it holds that have lacks is under it ([syncer.newNotesCost]).
func (s *syncer) checkTree(ctx context.Context, commit, against, have, whose string) error {
	out, err := s.run(ctx, history.GitOptions{MaxOutput: history.MaxListing}, "-c", "core.quotePath=false",
		"ls-tree", "-r", "-t", "-z", "-l", "--full-tree", commit)
	if errors.Is(err, history.ErrOutputTooLarge) {
		return fmt.Errorf("%w %s at %.12s: its listing is over %d bytes", ErrRefused, whose, commit, history.MaxListing)
	}
	if err != nil {
		return fmt.Errorf("gitsync: read %s: %w", whose, err)
	}
	head := against
	var total int64
	files := 0
	// Two paths that read the same, their letters composed otherwise
	// ("café" with é as one character or as e and an accent), are one
	// file on macOS, and memweave writes no name that reads as one that
	// exists (workspace.CheckLookalike): the work tree's update would
	// stop half done. Where the file system does not tell case apart,
	// two paths that differ only in case are one file too.
	folded, foldCase := map[string]string{}, s.ignoresCase()
	listed := map[string]bool{} // see history.ListedTwice
	for _, rec := range strings.Split(string(out), "\x00") {
		if rec == "" {
			continue
		}
		meta, p, ok := strings.Cut(rec, "\t")
		f := strings.Fields(meta)
		if !ok || len(f) != 4 {
			return fmt.Errorf("%w %s: unexpected ls-tree entry %q", ErrRefused, whose, rec)
		}
		refuse := func(why string) error {
			return fmt.Errorf("%w %s at %.12s: %q: %s", ErrRefused, whose, commit, p, why)
		}
		shared := p == workspace.MemoryDir || strings.HasPrefix(p, workspace.MemoryDir+"/") || p == SettingsFile || p == AttributesFile
		if !shared && head != "" {
			// The project's own entry (a link, a submodule, a big file):
			// compared whole with head below, or both sides of a merge
			// were. This machine has it as it is, and sync writes none.
			continue
		}
		if why := history.ListedTwice(listed, p); shared && why != "" {
			return refuse(why)
		}
		if f[1] == "tree" {
			continue // what it holds is listed
		}
		size, why, err := s.checkEntry(ctx, p, f)
		if err != nil {
			return err
		}
		if why != "" {
			return refuse(why + s.whatToDo(whose, p, size))
		}
		if why := twinOf(folded, p, foldCase); why != "" {
			return refuse(why)
		}
		if shared {
			total += history.NoteCost(size)
			files++
			continue
		}
		if head == "" {
			return refuse(outsideMemory)
		}
	}
	if head == checkedOutside {
		head = ""
	}
	if err := s.underTreeLimit(ctx, string(out), commit, have, whose, total, files); err != nil {
		return err
	}
	if head == "" {
		return nil
	}
	return s.outsideUnchanged(ctx, commit, head, whose)
}

// underTreeLimit refuses the tree of commit (whose), whose listing
// counts total bytes ([history.NoteCost]) in files notes, when what it
// holds that have lacks is over MaxTreeBytes (see [syncer.checkTree]).
func (s *syncer) underTreeLimit(ctx context.Context, listing, commit, have, whose string, total int64, files int) error {
	since := ""
	if total > s.opts.MaxTreeBytes && have != "" {
		// have may name nothing yet (a remote-tracking ref before the
		// first fetch): the count in all stands.
		if t, n, err := s.newNotesCost(ctx, listing, have, commit); err == nil {
			total, files, since = t, n, fmt.Sprintf(", in what differs from %.12s,", have)
		} else if ctx.Err() != nil {
			return fmt.Errorf("gitsync: compare %s with %.12s: %w", whose, have, err)
		}
	}
	if total > s.opts.MaxTreeBytes {
		at := fmt.Sprintf("%.12s", commit)
		if whose == remoteTree {
			at = fmt.Sprintf("%s/%s (%.12s)", s.remote, s.remoteBranch, commit)
		}
		at += since
		return fmt.Errorf("%w %s: %w", ErrRefused, whose, history.TreeTooLarge(at, total, files, s.opts.MaxTreeBytes))
	}
	return nil
}

// newNotesCost returns what the files of listing (commit's ls-tree -l,
// checked) under memory/, memweave.json and .gitattributes that differ
// from those of have count toward MaxTreeBytes, and how many they are:
// what checking commit out over have writes. A big workspace's tree is
// over the limit in all, yet a sync writes what changed.
func (s *syncer) newNotesCost(ctx context.Context, listing, have, commit string) (total int64, files int, err error) {
	out, err := s.run(ctx, history.GitOptions{MaxOutput: history.MaxListing}, "diff-tree", "-r", "-z", "--no-renames",
		"--name-only", "--no-commit-id", "--diff-filter=d", have, commit, "--",
		":(top,literal)"+workspace.MemoryDir, ":(top,literal)"+SettingsFile, ":(top,literal)"+AttributesFile)
	if err != nil {
		return 0, 0, err
	}
	changed := map[string]bool{}
	for p := range strings.SplitSeq(string(out), "\x00") {
		changed[p] = p != ""
	}
	for rec := range strings.SplitSeq(listing, "\x00") {
		meta, p, _ := strings.Cut(rec, "\t")
		if f := strings.Fields(meta); changed[p] && len(f) == 4 && f[1] == "blob" {
			size, _ := strconv.ParseInt(f[3], 10, 64) // checked
			total += history.NoteCost(size)
			files++
		}
	}
	return total, files, nil
}

// whatToDo returns what the refusal of the entry p of size bytes, in the
// tree whose, tells the user to do, when the entry is over the size
// limit, or a note of this machine's with a name [badPath] refuses: ""
// else.
func (s *syncer) whatToDo(whose, p string, size int64) string {
	switch {
	case whose == ownChanges && strings.HasPrefix(p, workspace.MemoryDir+"/") && badPath(p) != "":
		// Each sync commits it again: nothing goes through until then.
		return "; rename it on this machine (memweave index warns of such names), then sync again: until then every sync stops here"
	case size <= s.opts.MaxBlobBytes:
		return ""
	case whose == ownChanges && strings.HasPrefix(p, workspace.MemoryDir+"/"):
		return fmt.Sprintf("; move it out of memory/, or git-ignore it (add /%s to .gitignore) to keep it on this machine only, then sync again", p)
	case whose == mergedTree:
		return "; move at least the bytes over out of this machine's copy, into another note"
	}
	return ""
}

// outsideUnchanged refuses commit, the tree whose, unless outside
// memory/ it holds only what head has, unchanged, with its mode, and
// nothing of it deleted.
func (s *syncer) outsideUnchanged(ctx context.Context, commit, head, whose string) error {
	if commit == head {
		return nil // one commit: nothing differs (a clone's first sync)
	}
	out, err := s.git(ctx, nil, "diff-tree", "-r", "-z", "--no-renames", "--name-only", "--no-commit-id", head, commit, "--",
		".", ":(top,exclude)"+workspace.MemoryDir, ":(top,exclude)"+SettingsFile, ":(top,exclude)"+AttributesFile)
	if err != nil {
		return fmt.Errorf("gitsync: compare %s with the local tree: %w", whose, err)
	}
	if p, _, _ := strings.Cut(string(out), "\x00"); p != "" {
		return fmt.Errorf("%w %s at %.12s: %q: %s", ErrRefused, whose, commit, p, outsideMemory)
	}
	return nil
}

// checkEntry returns why the tree entry p, whose ls-tree -l fields are
// f, breaks the rules for untrusted trees ("" when it does not), and its
// size in bytes (when known: 0 for a bad path or mode).
func (s *syncer) checkEntry(ctx context.Context, p string, f []string) (size int64, why string, err error) {
	if why := badPath(p); why != "" {
		return 0, why, nil
	}
	switch f[0] {
	case "100644", "100755":
	case "120000":
		return 0, "a symbolic link", nil
	case "160000":
		return 0, "a submodule", nil
	default:
		return 0, "mode " + f[0], nil
	}
	if p == workspace.MemoryDir {
		return 0, "a file, not a folder of notes", nil
	}
	size, err = strconv.ParseInt(f[3], 10, 64)
	if err != nil {
		return 0, "unreadable size " + f[3], nil
	}
	if size > s.opts.MaxBlobBytes {
		return size, fmt.Sprintf("%d bytes, %d over the %d-byte limit", size, size-s.opts.MaxBlobBytes, s.opts.MaxBlobBytes), nil
	}
	if p == SettingsFile {
		// Every command reads it at open: one none accepts would stop
		// them all, sync too, until fixed by hand.
		if size > settings.MaxBytes {
			return 0, fmt.Sprintf("%d bytes, over the %d-byte limit for settings", size, settings.MaxBytes), nil
		}
		why, err := s.checkBlob(ctx, p, f[2], func(data []byte) string {
			if _, err := settings.Parse(data, p); err != nil {
				return strings.TrimPrefix(err.Error(), "memweave: settings ") + "; no command could open the workspace with it"
			}
			return ""
		})
		if why != "" || err != nil {
			return 0, why, err
		}
	}
	if gitName(path.Base(p)) == AttributesFile {
		if size > maxAttributes {
			return 0, fmt.Sprintf("%d bytes, over the %d-byte limit for attributes", size, maxAttributes), nil
		}
		why, err := s.checkBlob(ctx, p, f[2], func(data []byte) string { return badAttributes(string(data)) })
		if why != "" || err != nil {
			return 0, why, err
		}
	}
	return size, "", nil
}

// checkBlob returns why the blob oid at the path p is refused, as the
// check check says ("" when it passes). A blob checked at that path
// before, in this sync (the remote's tree, this machine's, their merge
// hold the same .gitattributes), is not read again.
func (s *syncer) checkBlob(ctx context.Context, p, oid string, check func([]byte) string) (string, error) {
	key := [2]string{p, oid}
	if why, ok := s.blobsChecked[key]; ok {
		return why, nil
	}
	data, err := s.git(ctx, nil, "cat-file", "blob", oid)
	if err != nil {
		return "", fmt.Errorf("gitsync: read %s: %w", p, err)
	}
	if s.blobsChecked == nil {
		s.blobsChecked = map[[2]string]string{}
	}
	s.blobsChecked[key] = check(data)
	return s.blobsChecked[key], nil
}

// twinOf records p in folded, its paths seen by their folded form, and
// returns why p is refused when a path seen reads the same: the same
// letters composed otherwise, or (foldCase) alike in case only.
func twinOf(folded map[string]string, p string, foldCase bool) string {
	key := norm.NFC.String(p)
	if foldCase {
		key = foldedName(p)
	}
	twin, ok := folded[key]
	if !ok {
		folded[key] = p
		return ""
	}
	if norm.NFC.String(twin) == norm.NFC.String(p) {
		return fmt.Sprintf("%+q reads as %+q, the same letters composed otherwise, which macOS keeps as one file and memweave never writes beside it; rename one of them", p, twin)
	}
	return fmt.Sprintf("differs from %q only in case, and this machine's file system (git config core.ignorecase) keeps one file for both; rename one of them on a machine that tells them apart", twin)
}

// foldedName is the path p as a file system that does not tell case
// apart takes it: its letters composed ([norm.NFC]) and in lower case.
func foldedName(p string) string { return strings.ToLower(norm.NFC.String(p)) }

// ignoresCase reports whether git takes the work tree's file system for
// one that does not tell case apart (core.ignorecase, which git sets
// when it makes the repository there).
func (s *syncer) ignoresCase() bool { return s.config.isTrue("core.ignorecase") }

// checkedOutside, as checkTree's against, compares nothing outside
// memory/: the tree is the merge of two trees checked there already.
const checkedOutside = "(checked)"

// ownChanges is how checkTree's errors name the tree of this machine's
// changes, about to be committed.
const ownChanges = "this machine's changes (the other machines would refuse them)"

// mergedTree is how checkTree's errors name the merge of this machine's
// changes with the remote's, each checked alone already: its remedy
// follows the reason (a note over the size limit, twin names).
const mergedTree = "the merge of this machine's notes with the remote's, which the other machines would refuse (nothing was pushed or brought in: change this machine's copy of the file named, then sync again)"

// remoteTree is how checkTree's errors name the remote's tree.
const remoteTree = "the remote's tree"

// outsideMemory says why a tree is refused for a path outside memory/.
const outsideMemory = "outside memory/ and not the same as this machine's (added, changed, deleted or with another mode); sync only brings in memory/, " + SettingsFile + " and " + AttributesFile +
	" (if you expect the change, a teammate's project work, review it and take it in with git pull, then sync again)"

// maxAttributes bounds a .gitattributes file in a checked tree.
const maxAttributes = 64 << 10

// badAttributes says what is wrong with a .gitattributes file from an
// untrusted tree, "" when nothing: only attributes that run no program
// are accepted (git's built-in merges, text and line endings, diff on or
// off, linguist hints), so that a remote cannot make this machine run a
// filter or a driver its user configured for other repositories.
func badAttributes(data string) string {
	for i, line := range strings.Split(data, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		for _, a := range f[1:] {
			if !safeAttribute(a) {
				return fmt.Sprintf("line %d: attribute %q may run a program; sync accepts merge=union|text|binary, text, eol, diff, binary and linguist-*", i+1, a)
			}
		}
	}
	return ""
}

// safeAttribute reports whether the attribute a runs no program.
func safeAttribute(a string) bool {
	name, val, hasVal := strings.Cut(strings.TrimLeft(a, "-!"), "=")
	switch name {
	case "merge":
		return !hasVal || val == "union" || val == "text" || val == "binary"
	case "diff":
		return !hasVal
	case "text", "binary", "eol", "crlf", "delta", "whitespace":
		return true
	}
	return strings.HasPrefix(name, "linguist-")
}

// windowsNames is set on Windows, where [badPath] refuses the names
// Windows cannot hold.
var windowsNames = runtime.GOOS == "windows"

// badPath says what is wrong with a tree path, "" when nothing.
func badPath(p string) string {
	if !utf8.ValidString(p) {
		return "a byte that is not UTF-8 in the path"
	}
	for _, r := range p {
		// C1 controls too: U+009B and U+009D start escape sequences.
		if r < 0x20 || r >= 0x7f && r < 0xa0 {
			return "a control character in the path"
		}
		if r == '\\' {
			return "a backslash in the path"
		}
		// As workspace names: a right-to-left override or a zero-width
		// space makes a name print as another one.
		if unicode.Is(unicode.Cf, r) && r != '\u200c' && r != '\u200d' {
			return "an invisible formatting character (such as a right-to-left override or a zero-width space) in the path"
		}
	}
	if strings.HasPrefix(p, "/") {
		return "an absolute path"
	}
	if len(p) > maxPathBytes {
		return fmt.Sprintf("a path of %d bytes, over the %d that every machine's file system can hold below the workspace (macOS holds %d in a whole path)", len(p), maxPathBytes, 1024)
	}
	for _, c := range strings.Split(p, "/") {
		switch lc := gitName(c); {
		case c == "" || c == "." || c == "..":
			return "a path component " + strconv.Quote(c)
		case lc == ".git" || lc == ".gitmodules" || lc == workspace.IndexDir:
			return "a path component " + strconv.Quote(c)
		case len(c) > maxNameBytes:
			return fmt.Sprintf("a path component of %d bytes, over the %d that file systems hold", len(c), maxNameBytes)
		case strings.HasSuffix(c, ".") || strings.HasSuffix(c, " "):
			// Windows drops them: db.md. there is db.md, which the
			// update would overwrite (memweave writes no such name).
			return "a path component " + strconv.Quote(c) + " ending in a dot or a space, which Windows takes for the name without them"
		case windowsNames:
			if why := workspace.NotWindowsName(c); why != "" {
				return "a path component " + strconv.Quote(c) + ", " + why
			}
		}
	}
	return ""
}

// gitName returns the path component c as the file systems of macOS and
// Windows may take it: in lower case (APFS, HFS+ and NTFS do not tell
// case apart by default), without trailing dots and spaces (NTFS drops
// them) and without zero-width joiners and non-joiners (HFS+ ignores
// them; [badPath] refuses every other invisible formatting character).
// There, a component whose gitName is ".git" or ".gitattributes" is that
// file for git.
func gitName(c string) string {
	c = strings.NewReplacer("\u200c", "", "\u200d", "").Replace(c)
	return strings.ToLower(strings.TrimRight(c, ". "))
}

// checkPush refuses to push head, this machine's commit on top of the
// remote's tip incoming ("" when the remote branch has none). Its tree
// gets the checks the other machines give the remote's: sync checks its
// own commits, but a commit the user made with a plain git commit (a
// link under memory/, a filter attribute, a blob over the size limit)
// got none, and pushed, it would stop every other machine's sync at that
// check. Outside memory/, memweave.json and .gitattributes the project's
// files are the user's own. A commit sync made and checked whole is not
// checked again. Nor may a note of head's hold conflict markers
// incoming's lacks ([syncer.noConflictMarkers]).
func (s *syncer) checkPush(ctx context.Context, incoming, head string, conflicts []Conflict) error {
	if head == s.checked {
		return s.noConflictMarkers(ctx, incoming, head, conflicts)
	}
	if err := s.checkTree(ctx, head, checkedOutside, incoming, ownChanges); err != nil {
		return fmt.Errorf("%w; nothing was pushed (undo that with git, as git rm --cached PATH and a commit, then sync again)", err)
	}
	return s.noConflictMarkers(ctx, incoming, head, conflicts)
}

// noConflictMarkers refuses to push target, this machine's commit on top
// of the remote's tip base ("" when the remote branch has none), when a
// note it adds or changes holds git conflict markers that base's version
// lacks: a half-done merge the user committed with a plain git commit
// -a, or left in the work tree for sync to commit. Every machine's index
// leaves such a note out of search, its old version gone too; the user
// who can settle the conflict is this machine's. A marker note the
// remote brought is not this machine's doing, edited here or not (nor
// is this machine's version of it in a conflict copy, of conflicts), and
// sync shares this machine's other notes beside it.
func (s *syncer) noConflictMarkers(ctx context.Context, base, target string, conflicts []Conflict) error {
	if base == "" {
		var err error
		if base, err = s.emptyTree(ctx, target); err != nil {
			return err
		}
	}
	changes, err := s.treeChanges(ctx, base, target)
	if err != nil {
		return err
	}
	var blobs *history.BlobReader
	defer func() {
		if blobs != nil {
			blobs.Close()
		}
	}()
	for _, c := range changes {
		parts := strings.Split(c.path, "/")
		if c.blob == "" || parts[0] != workspace.MemoryDir || !strings.HasPrefix(c.mode, "100") ||
			slices.ContainsFunc(parts, workspace.IsIgnoredName) || !workspace.IsMarkdown(parts[len(parts)-1]) {
			continue
		}
		if blobs == nil {
			if blobs, err = history.NewBlobReader(ctx, s.root); err != nil {
				return fmt.Errorf("gitsync: read this machine's notes: %w", err)
			}
		}
		data, err := blobs.Read(c.blob)
		if err != nil {
			return fmt.Errorf("gitsync: read %s: %w", c.path, err)
		}
		if line := memfile.ConflictMarkers(data); line > 0 && !s.hadMarkers(ctx, blobs, base, c, conflicts) {
			return fmt.Errorf("%w to push %q: line %d starts git conflict markers (<<<<<<< ... >>>>>>>), and every machine would leave the note out of search, its old version too; "+
				"settle the conflict (keep one side, or merge both by hand and delete the marker lines), then sync again (what the remote had is brought in; nothing was pushed)",
				ErrRefused, c.path, line)
		}
	}
	return nil
}

// hadMarkers reports whether the remote's tip base held conflict
// markers in the version of c that this machine's is an edit of: c's own
// old version, or, for a conflict copy, the version at the path it is a
// copy of.
func (s *syncer) hadMarkers(ctx context.Context, blobs *history.BlobReader, base string, c change, conflicts []Conflict) bool {
	if c.oldBlob != "" {
		old, err := blobs.Read(c.oldBlob)
		return err == nil && memfile.ConflictMarkers(old) > 0
	}
	for _, k := range conflicts {
		if k.Copy == c.path {
			old, ok := s.blob(ctx, base, k.Path)
			return ok && memfile.ConflictMarkers(old) > 0
		}
	}
	return false
}
