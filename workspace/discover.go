package workspace

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
)

// File is a Markdown file found by [Discover].
type File struct {
	// Abs is the file's absolute, cleaned path as reached by the walk:
	// symbolic links along it are kept, not resolved.
	Abs string
	// Rel is the workspace-relative path with '/' separators, such as
	// "memory/a/b.md". For a file outside the workspace root it is Abs with
	// '/' separators.
	Rel string
	// Source is the namespace, [Source](Rel).
	Source string
	// Size is the file's size in bytes.
	Size int64
	// MTime is the file's modification time in nanoseconds since the Unix
	// epoch (time.Time.UnixNano), an integer cheap to compare with a
	// stored one.
	MTime int64
	// External is true for a file outside the workspace root, reached
	// through an extra path; its Rel is then absolute.
	External bool
	// ViaLink is true when the walk followed a symbolic link to reach
	// the file: the file is a link, or a folder on its path below the
	// starting point (memory/ or an extra path) is. A change to such a
	// file is made, and reported by inotify, at the link's target: a
	// watch on the target's folder names the target's name, not Abs.
	ViaLink bool
	// HardLinked is true when the file has other names (hard links),
	// where the platform tells: a change made through another name is
	// reported by inotify in that name's folder, which no watch of the
	// workspace may cover.
	HardLinked bool
	// CTime (Unix nanoseconds) and Inode identify the file's last change
	// beyond its mtime, where the platform tells them (see [StatOf]); 0
	// otherwise.
	CTime, Inode int64
}

// StatOf returns the File fields that come from a file's metadata: size,
// mtime, ctime and inode.
func StatOf(info fs.FileInfo) (size, mtime, ctime, inode int64) {
	ctime, inode = changeID(info)
	return info.Size(), info.ModTime().UnixNano(), ctime, inode
}

// FolderID returns the identity of the folder at path, following
// symbolic links: its device and inode, which two paths to one folder
// (a link and its target, a bind mount and its source) share. ok is
// false when path is not a folder that can be stat'ed, or where the
// platform does not tell inodes. [Discover] walks each identity once
// per starting point, so a caller watching the folders of a workspace
// can use it to watch each folder once.
func FolderID(path string) (dev, ino uint64, ok bool) {
	fi, err := os.Stat(path)
	if err != nil || !fi.IsDir() {
		return 0, 0, false
	}
	dev, ok = deviceOf(fi)
	_, inode := changeID(fi)
	return dev, uint64(inode), ok && inode != 0
}

// errNotDir reports a path that should be a folder.
var errNotDir = errors.New("workspace: not a directory")

// Discover lists the Markdown files of the workspace at root: every file
// whose name ends in .md or .markdown (any letter case) under root/memory/,
// at any depth, plus those named by extra.
//
// Each extra path is a file or a folder, relative to root or absolute. A
// folder is walked like memory/; a file is listed if it is Markdown, and
// otherwise reported as a warning wrapping [ErrNotMarkdown]. Files outside
// memory/ get Source [SourceExternal]; those outside root also get External
// set and an absolute Rel.
//
// The walk skips the index folder .memweave, every hidden file or folder,
// and editor temporary files (see [IsIgnoredName]); a file or folder whose
// name holds a control character is skipped with a warning wrapping
// [ErrBadName] that quotes the name. It follows a symbolic
// link, to a file or a folder, only when the link resolves inside memory/
// (which may itself be a link) or inside an extra path, or, for a link met
// in an extra folder, inside root; never into a hidden folder there, and
// to a file only when the target's name is Markdown too. So
// memory/link.md -> ../config/app.yaml is not listed.
//
// A folder is known by its identity (device and inode, see [FolderID]),
// which two paths to it share (a link and its target, a bind mount and
// its source, memory/ and an overlapping extra path). The starting points
// are walked one after the other (memory/ first, then the extra folders
// inside root, then those outside it, each group by Rel), then the linked
// folders; a folder already walked from an earlier one is not walked
// again, and neither is a folder met below itself, so cycles end. Two
// paths to one folder within one walk (a bind mount inside memory/) are
// both walked. Either way a file reached by several paths (a link and its
// target, a hard link, two paths to one folder) is listed once, under the
// first of its paths in this order: reached without following a link,
// inside memory/, inside root, then by Rel.
//
// Problems with single paths do not stop the walk: an unreadable folder, a
// file that cannot be stat'ed, a dangling link or a missing extra path
// each add an *fs.PathError naming the path to warnings; test its cause
// with errors.Is (fs.ErrPermission, fs.ErrNotExist, [ErrNotMarkdown]). A
// missing memory/ folder is not a problem: it holds no files. Discover
// returns a non-nil err only when root itself cannot be used.
//
// files is sorted by Rel.
func Discover(root string, extra []string) (files []File, warnings []error, err error) {
	return (*Scanner)(nil).Discover(root, extra)
}

// Discover is [Discover], reusing the folder listings s kept from its
// earlier scans where the folders have not changed since. A nil Scanner
// keeps nothing.
func (s *Scanner) Discover(root string, extra []string) (files []File, warnings []error, err error) {
	root, realRoot, err := openRoot(root)
	if err != nil {
		return nil, nil, err
	}
	w := &walker{realRoot: realRoot, done: make(map[folderKey]bool), found: make(map[folderKey]bool),
		sem: make(chan struct{}, 2*runtime.GOMAXPROCS(0))}
	w.prev, w.next = s.begin()

	// Find every starting point first: their real paths are the zones that
	// links met during any walk may point into.
	var dirs []dir
	if d, ok := w.memoryStart(root); ok {
		dirs = append(dirs, d)
	}
	extraDirs, extraFiles := w.extraStarts(root, extra)
	dirs = append(dirs, extraDirs...)

	w.walkAll(dirs, extraFiles)
	files = w.files()
	s.end(w.next)
	// Parallel walks report in any order: sort for a stable result.
	slices.SortFunc(w.warnings, func(a, b error) int { return strings.Compare(a.Error(), b.Error()) })
	return files, w.warnings, nil
}

// openRoot checks that root can be used as a workspace: it returns root
// made absolute and its real path with links resolved, or the error that
// makes it unusable.
func openRoot(root string) (abs, real string, err error) {
	if abs, err = absRoot(root); err != nil {
		return "", "", err
	}
	fi, err := os.Stat(abs)
	if err != nil {
		return "", "", err
	}
	if !fi.IsDir() {
		return "", "", &fs.PathError{Op: "discover", Path: abs, Err: errNotDir}
	}
	real, err = filepath.EvalSymlinks(abs)
	if err != nil {
		return "", "", err
	}
	return abs, real, nil
}

// memoryStart returns the memory folder of root as a starting point and
// adds its real path to the zones. It reports false when there is no
// usable memory folder, after warning about any problem other than its
// absence.
func (w *walker) memoryStart(root string) (dir, bool) {
	mem := filepath.Join(root, MemoryDir)
	switch fi, err := os.Stat(mem); {
	case errors.Is(err, fs.ErrNotExist):
		// No memory folder: nothing to list from it.
	case err != nil:
		w.warn(mem, err)
	case !fi.IsDir():
		w.warn(mem, errNotDir)
	default:
		real, err := filepath.EvalSymlinks(mem)
		if err != nil {
			w.warn(mem, err)
			break
		}
		w.zones = append(w.zones, real)
		return dir{abs: mem, rel: MemoryDir, real: real, memory: true}, true
	}
	return dir{}, false
}

// extraFile is a Markdown file named by an extra path of [Discover].
type extraFile struct {
	abs, rel string
	info     fs.FileInfo
	external bool
}

// extraStarts resolves the extra paths of [Discover] against root: the
// folders to walk and the Markdown files to list, in the order of extra.
// The real path of each is added to the zones; every path that cannot be
// used is warned about and skipped.
func (w *walker) extraStarts(root string, extra []string) (dirs []dir, files []extraFile) {
	indexDir := filepath.Join(w.realRoot, IndexDir)
	for _, x := range extra {
		abs, rel, inside, err := resolve(root, w.realRoot, x)
		if err != nil {
			w.warn(x, err)
			continue
		}
		if HasControl(abs) {
			// As under memory/ (see walk): quoted, the name prints as is.
			w.warn(fmt.Sprintf("%q", abs), fmt.Errorf("%w: contains a control character or a byte that is not UTF-8; not indexed", ErrBadName))
			continue
		}
		fi, err := os.Stat(abs)
		if err != nil {
			w.warn(abs, err)
			continue
		}
		real, err := filepath.EvalSymlinks(abs)
		if err != nil {
			w.warn(abs, err)
			continue
		}
		if _, ok := relWithin(indexDir, real); ok {
			w.warn(abs, errors.New("workspace: the index folder is never listed"))
			continue
		}
		switch {
		case fi.IsDir():
			w.zones = append(w.zones, real)
			dirs = append(dirs, dir{abs: abs, rel: rel, real: real, external: !inside})
		case !fi.Mode().IsRegular():
			w.warn(abs, errors.New("workspace: not a regular file"))
		case !IsMarkdown(abs):
			w.warn(abs, ErrNotMarkdown)
		default:
			w.zones = append(w.zones, real)
			files = append(files, extraFile{abs, rel, fi, !inside})
		}
	}
	return dirs, files
}

// walkAll walks the starting folders, then lists the extra files, then
// walks the linked folders found, in the order that makes the first path
// to each folder the one [Discover] documents. Each is walked to the end
// before the next, so that which folders it skips does not depend on
// the timing of the parallel walks.
func (w *walker) walkAll(starts []dir, extraFiles []extraFile) {
	byRank := func(a, b dir) int { return cmp.Or(cmp.Compare(a.rank(), b.rank()), strings.Compare(a.rel, b.rel)) }
	slices.SortStableFunc(starts, byRank)
	for _, d := range starts {
		w.walkTree(d)
	}
	for _, f := range extraFiles {
		w.add(f.abs, f.rel, f.info, f.external, false)
	}
	// Linked folders last, so that a folder reachable both directly and
	// through a link is walked, and named, directly. Walking one may queue
	// more, walked after the current ones.
	for len(w.links) > 0 {
		batch := w.links
		w.links = nil
		slices.SortStableFunc(batch, byRank)
		for _, d := range batch {
			w.walkTree(d)
		}
	}
}

// walkTree walks the folder d and everything below it, then marks the
// folders it found as done for the walks that follow.
func (w *walker) walkTree(d dir) {
	w.walk(d)
	w.wg.Wait()
	maps.Copy(w.done, w.found)
	clear(w.found)
}

// dir is a folder to walk.
type dir struct {
	abs      string // absolute path as reached, links kept
	rel      string // Rel of the folder: files get rel + "/" + name
	real     string // absolute path with links resolved
	external bool   // outside the workspace root
	viaLink  bool   // reached by following a symbolic link
	memory   bool   // reached from memory/: links must stay in a zone
	// entry is set for a folder met in its parent's listing, which is
	// stat'ed without following a symbolic link; a starting point or a
	// link's target is followed.
	entry bool
	// up lists the identities of the folders above d in its walk.
	up *ancestor
}

// rank orders the paths to one folder or file as [Discover] documents:
// direct before via a link, then under memory/ before elsewhere, then
// inside the workspace before outside.
func (d dir) rank() int { return rankOf(d.rel, d.external, d.viaLink) }

// rankOf is the rank of a path (see dir.rank).
func rankOf(rel string, external, viaLink bool) int {
	rank := 0
	if viaLink {
		rank |= 4
	}
	if !InMemory(rel) {
		rank |= 2
	}
	if external {
		rank |= 1
	}
	return rank
}

// folderKey is the identity of a folder: its device and inode where the
// platform tells them, its real path elsewhere.
type folderKey struct {
	dev, ino uint64
	real     string
}

// ancestor is one folder above another in a walk.
type ancestor struct {
	key folderKey
	up  *ancestor
}

// has reports whether k is a or one of its ancestors.
func (a *ancestor) has(k folderKey) bool {
	for ; a != nil; a = a.up {
		if a.key == k {
			return true
		}
	}
	return false
}

// joinName returns the path of the entry name in the folder dir, with
// separator sep: filepath.Join (or path.Join) for a clean dir and a
// name of one element, without their cleaning.
func joinName(dir, name string, sep byte) string {
	switch {
	case dir == ".":
		return name
	case dir != "" && dir[len(dir)-1] == sep:
		return dir + name
	}
	return dir + string(sep) + name
}

// candidate is a file found by the walk, before duplicates are removed.
type candidate struct {
	File
	info fs.FileInfo // for os.SameFile
	// dev is the file's device when known (exact): with the inode it
	// identifies the file.
	dev   uint64
	exact bool
	// rank orders the paths to one file (see dir.rank), computed once,
	// not in every comparison of the sort.
	rank int
}

// walker holds the state of one [Discover] call.
type walker struct {
	realRoot string
	// zones are real paths, besides realRoot, that links may resolve into:
	// the memory folder and the extra paths.
	zones []string
	// sem bounds the goroutines walking folders in parallel; wg waits
	// for them.
	sem chan struct{}
	wg  sync.WaitGroup
	// done holds the folders of the walks finished before the current
	// one; it is not written while a walk runs.
	done map[folderKey]bool
	// prev holds the listings of the Scanner's last scan (read only);
	// next those of this scan (guarded by mu). Both are nil without a
	// Scanner.
	prev map[folderKey]*listing

	// mu guards the fields below, which parallel walks share.
	mu sync.Mutex
	// found holds the folders of the current walk.
	found map[folderKey]bool
	next  map[folderKey]*listing
	links []dir // linked folders to walk after the direct walk
	// cands are the candidates found, in batches as they were stat'ed:
	// kept where they were made, never copied into one slice.
	cands    [][]candidate
	warnings []error
}

// warn records a problem with path. An *fs.PathError is kept as is; any
// other error is wrapped in one.
func (w *walker) warn(path string, err error) {
	if _, ok := err.(*fs.PathError); !ok {
		err = &fs.PathError{Op: "discover", Path: path, Err: err}
	}
	w.mu.Lock()
	w.warnings = append(w.warnings, err)
	w.mu.Unlock()
}

// spawn walks d on another goroutine when one is free, here otherwise.
// Folders are walked in parallel because a stat scan is dominated by
// system calls, which overlap across threads.
func (w *walker) spawn(d dir) {
	select {
	case w.sem <- struct{}{}:
		w.wg.Go(func() {
			defer func() { <-w.sem }()
			w.walk(d)
		})
	default:
		w.walk(d)
	}
}

// walk lists the Markdown files under d, recursively, unless the folder
// was walked already by an earlier walk or is an ancestor of d.
func (w *walker) walk(d dir) {
	stat := os.Stat // a starting point or a link's target: followed
	if d.entry {
		stat = os.Lstat
	}
	fi, err := stat(d.abs)
	if err != nil {
		w.warn(d.abs, err)
		return
	}
	if !fi.IsDir() {
		w.warn(d.abs, errNotDir) // replaced since its parent was listed
		return
	}
	key := keyOf(d, fi)
	// Within one walk only an ancestor is skipped (a cycle): which of two
	// other paths to a folder came first depends on timing, and both are
	// walked, their files deduplicated by [walker.files].
	if w.done[key] || d.up.has(key) {
		return
	}
	w.mu.Lock()
	w.found[key] = true
	w.mu.Unlock()
	entries, err := w.list(d.abs, key, fi)
	if err != nil {
		w.warn(d.abs, err) // entries holds whatever was read before the error
	}
	up := &ancestor{key: key, up: d.up}
	w.warnLookalikes(d, entries)
	var stats []fs.DirEntry
	for _, e := range entries {
		name := e.Name()
		if IsIgnoredName(name) {
			continue
		}
		if HasControl(name) {
			// Named in the warning quoted, with its folder: the name itself
			// would print as something else (see [badName]).
			w.warn(d.abs, fmt.Errorf("%w: %q contains a control character or a byte that is not UTF-8; not indexed", ErrBadName, name))
			continue
		}
		if strings.ContainsFunc(name, invisible) {
			// Write refuses it, a clone can bring it: every output would
			// show another name ("report\u202efdp.md" as "reportdm.pdf").
			w.warn(d.abs, fmt.Errorf("%w: %+q contains an invisible formatting character (such as a right-to-left override or a zero-width space), which makes it print as another name; not indexed: rename it", ErrBadName, name))
			continue
		}
		if strings.ContainsFunc(name, separatorLookalike) {
			// Likewise: "notes\u2215x.md" shows as notes/x.md.
			w.warn(d.abs, fmt.Errorf("%w: %+q contains a character that prints as a slash or a backslash, which makes it show as a path it is not; not indexed: rename it", ErrBadName, name))
			continue
		}
		switch t := e.Type(); {
		case t.IsDir():
			w.spawn(dir{
				abs:      joinName(d.abs, name, filepath.Separator),
				rel:      joinName(d.rel, name, '/'),
				real:     joinName(d.real, name, filepath.Separator),
				external: d.external,
				viaLink:  d.viaLink,
				memory:   d.memory,
				entry:    true,
				up:       up,
			})
		case t&fs.ModeSymlink != 0:
			w.link(d, name)
		case t.IsRegular() && IsMarkdown(name):
			stats = append(stats, e)
		case IsMarkdown(name):
			// A FIFO, device or socket: never opened, but said.
			w.warn(joinName(d.abs, name, filepath.Separator), fmt.Errorf("%w (%s)", ErrNotRegular, KindOf(t)))
		}
	}
	w.statAll(d, stats)
}

// warnLookalikes warns of each two entries of the folder d whose names
// read the same ([CheckLookalike]) or alike but for letter case
// ([CheckCaseTwin]): both are walked, and every output would show them
// as one name, or macOS and Windows hold them as one file. The warning
// names both paths, quoted in ASCII.
func (w *walker) warnLookalikes(d dir, entries []fs.DirEntry) {
	var names []string
	for _, e := range entries {
		if name := e.Name(); !IsIgnoredName(name) && !HasControl(name) && !strings.ContainsFunc(name, invisible) && !strings.ContainsFunc(name, separatorLookalike) {
			names = append(names, name)
		}
	}
	for _, p := range lookalikes(names) {
		a, b := joinName(d.rel, p[0], '/'), joinName(d.rel, p[1], '/')
		w.warn(d.abs, fmt.Errorf("%w: %+q and %+q, %s: rename one", ErrLookalikeName, a, b, p[2]))
	}
}

// keyOf returns the identity of the folder d, whose metadata is fi.
func keyOf(d dir, fi fs.FileInfo) folderKey {
	dev, ok := deviceOf(fi)
	if _, ino := changeID(fi); ok && ino != 0 {
		return folderKey{dev: dev, ino: uint64(ino)}
	}
	return folderKey{real: d.real}
}

// statBatch is the number of files one goroutine stats: a large folder
// is stat'ed in parallel batches, since each stat is a system call.
const statBatch = 256

// statAll stats the Markdown files entries of d and adds them, in
// parallel batches when there are many.
func (w *walker) statAll(d dir, entries []fs.DirEntry) {
	var (
		wg   sync.WaitGroup
		outs = make([][]candidate, (len(entries)+statBatch-1)/statBatch)
	)
	for i := range outs {
		batch := entries[i*statBatch : min((i+1)*statBatch, len(entries))]
		if i == len(outs)-1 {
			outs[i] = w.statFiles(d, batch)
			break
		}
		select {
		case w.sem <- struct{}{}:
			wg.Go(func() {
				defer func() { <-w.sem }()
				outs[i] = w.statFiles(d, batch)
			})
		default:
			outs[i] = w.statFiles(d, batch)
		}
	}
	wg.Wait()
	w.mu.Lock()
	w.cands = append(w.cands, outs...)
	w.mu.Unlock()
}

// statFiles returns the candidates of the files batch of the folder d.
// Each regular file is stat'ed by name in the open folder; anything else
// (a file replaced or gone since the folder was listed, or a platform
// without that stat) by path, which says what it is.
func (w *walker) statFiles(d dir, batch []fs.DirEntry) []candidate {
	out := make([]candidate, 0, len(batch))
	in := openFolder(d.abs)
	defer in.close()
	for _, e := range batch {
		abs := joinName(d.abs, e.Name(), filepath.Separator)
		if s, ok := in.lstat(e.Name()); ok {
			out = append(out, statCandidate(abs, joinName(d.rel, e.Name(), '/'), s, d.external, d.viaLink))
			continue
		}
		fi, err := os.Lstat(abs)
		if err != nil {
			w.warn(abs, err)
			continue
		}
		if !fi.Mode().IsRegular() {
			// Replaced since the folder was listed.
			if !fi.IsDir() && fi.Mode()&fs.ModeSymlink == 0 {
				w.warn(abs, fmt.Errorf("%w (%s)", ErrNotRegular, KindOf(fi.Mode())))
			}
			continue
		}
		out = append(out, newCandidate(abs, joinName(d.rel, e.Name(), '/'), fi, d.external, d.viaLink))
	}
	return out
}

// link handles the symbolic link name in d: a Markdown file is listed and
// a folder queued, when the link resolves somewhere allowed.
func (w *walker) link(d dir, name string) {
	abs := filepath.Join(d.abs, name)
	info, err := os.Stat(abs)
	if err != nil {
		w.warn(abs, err) // dangling link, or a loop of links
		return
	}
	if !info.IsDir() && !(info.Mode().IsRegular() && IsMarkdown(name)) {
		return
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		w.warn(abs, err)
		return
	}
	if !w.allowed(real, d.memory) || (!info.IsDir() && !IsMarkdown(real)) {
		if d.memory && !w.inZone(real) {
			// Say why a link the user put in memory/ is not indexed.
			w.warn(abs, ErrOutsideMemory)
		}
		return
	}
	rel := path.Join(d.rel, name)
	if info.IsDir() {
		w.mu.Lock()
		w.links = append(w.links, dir{abs: abs, rel: rel, real: real, external: d.external, viaLink: true, memory: d.memory})
		w.mu.Unlock()
		return
	}
	w.add(abs, rel, info, d.external, true)
}

// allowed reports whether a link may be followed to its real target: the
// target must lie in a zone (memory/ or an extra path) or, for a link met
// outside memory/, in the workspace root; and no folder between there and
// the target may be hidden. A link in memory/ never leads to the rest of
// the workspace: memory/link.md -> ../config/app.md is not listed.
func (w *walker) allowed(real string, fromMemory bool) bool {
	bases := w.zones
	if !fromMemory {
		bases = append([]string{w.realRoot}, w.zones...)
	}
	for _, base := range bases {
		r, ok := relWithin(base, real)
		if !ok {
			continue
		}
		if r == "." || !slices.ContainsFunc(strings.Split(r, string(filepath.Separator)), IsIgnoredName) {
			return true
		}
	}
	return false
}

// inZone reports whether real lies in memory/ or an extra path, hidden
// parts or not.
func (w *walker) inZone(real string) bool {
	for _, base := range w.zones {
		if _, ok := relWithin(base, real); ok {
			return true
		}
	}
	return false
}

// add records a candidate file.
func (w *walker) add(abs, rel string, info fs.FileInfo, external, viaLink bool) {
	c := newCandidate(abs, rel, info, external, viaLink)
	w.mu.Lock()
	defer w.mu.Unlock()
	w.cands = append(w.cands, []candidate{c})
}

// newCandidate returns the candidate of a file found by the walk.
func newCandidate(abs, rel string, info fs.FileInfo, external, viaLink bool) candidate {
	f := File{Abs: abs, Rel: rel, Source: Source(rel), External: external, ViaLink: viaLink}
	f.Size, f.MTime, f.CTime, f.Inode = StatOf(info)
	f.HardLinked = HardLinked(info)
	c := candidate{File: f, info: info, rank: rankOf(rel, external, viaLink)}
	c.dev, c.exact = deviceOf(info)
	c.exact = c.exact && f.Inode != 0
	return c
}

// fileStat is what the walk keeps of a regular file's metadata.
type fileStat struct {
	size, mtime, ctime, inode int64
	dev                       uint64
	links                     uint64 // names the file has
}

// statCandidate returns the candidate of a regular file found by the
// walk, from its metadata s: the candidate [newCandidate] makes from its
// fs.FileInfo, whose device and inode identify the file (exact), so it
// keeps no fs.FileInfo for [os.SameFile].
func statCandidate(abs, rel string, s fileStat, external, viaLink bool) candidate {
	f := File{Abs: abs, Rel: rel, Source: Source(rel), External: external, ViaLink: viaLink,
		Size: s.size, MTime: s.mtime, CTime: s.ctime, Inode: s.inode, HardLinked: s.links > 1}
	return candidate{File: f, dev: s.dev, exact: true, rank: rankOf(rel, external, viaLink)}
}

// files returns the candidates without duplicates, sorted by Rel. Of the
// paths to one file it keeps the first in the order documented on
// [Discover].
func (w *walker) files() []File {
	// Sort and deduplicate pointers, not the candidates themselves,
	// which are large.
	n := 0
	for _, b := range w.cands {
		n += len(b)
	}
	order := make([]*candidate, 0, n)
	for _, b := range w.cands {
		for i := range b {
			order = append(order, &b[i])
		}
	}
	slices.SortFunc(order, func(a, b *candidate) int {
		return cmp.Or(cmp.Compare(a.rank, b.rank), strings.Compare(a.Rel, b.Rel))
	})
	// A file is its device and inode where the platform tells them.
	// Elsewhere the same file has the same size and time: compare only
	// within those groups, which rarely hold more than one file.
	type key struct {
		a, b  int64
		exact bool
	}
	kept := make(map[key]*candidate, len(order))
	var more map[key][]*candidate
	keep := order[:0]
	for _, c := range order {
		k := key{c.Size, c.MTime, false}
		if c.exact {
			k = key{int64(c.dev), c.Inode, true}
		}
		first, ok := kept[k]
		switch {
		case !ok:
			kept[k] = c
		case k.exact || os.SameFile(first.info, c.info) ||
			slices.ContainsFunc(more[k], func(o *candidate) bool { return os.SameFile(o.info, c.info) }):
			continue
		default:
			if more == nil {
				more = make(map[key][]*candidate)
			}
			more[k] = append(more[k], c)
		}
		keep = append(keep, c)
	}
	slices.SortFunc(keep, func(a, b *candidate) int { return strings.Compare(a.Rel, b.Rel) })
	files := make([]File, len(keep))
	for n, c := range keep {
		files[n] = c.File
	}
	return files
}
