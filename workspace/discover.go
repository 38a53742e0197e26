package workspace

import (
	"cmp"
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
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
// and editor temporary files (see [IsIgnoredName]). It follows a symbolic
// link, to a file or a folder, only when the link resolves inside memory/
// (which may itself be a link) or inside an extra path, or, for a link met
// in an extra folder, inside root; never into a hidden folder there, and
// to a file only when the target's name is Markdown too. So
// memory/link.md -> ../config/app.yaml is not listed. Each real folder is walked once, so link
// cycles end. A file reached by several paths (a link and its target, or
// memory/ and an overlapping extra path) is listed once, under the first of
// its paths in this order: reached without following a link, inside
// memory/, inside root, then by Rel.
//
// Problems with single paths do not stop the walk: an unreadable folder, a
// file that cannot be stat'ed, a dangling link or a missing extra path
// each add an *fs.PathError naming the path to warnings; test its cause
// with errors.Is (fs.ErrPermission, fs.ErrNotExist, [ErrNotMarkdown]). A missing memory/ folder is not a problem: it holds no files.
// Discover returns a non-nil err only when root itself cannot be used.
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
	s, full := s.begin()
	defer s.end()
	folders := s.folders()
	w := &walker{realRoot: realRoot, visited: make(map[string]bool, folders), listed: make(map[string]bool, folders),
		sem: make(chan struct{}, 2*runtime.GOMAXPROCS(0)), scanner: s, full: full}
	// Room for as many files as the last scan found: growing the slice
	// under the walker's lock would hold up every stat goroutine.
	w.cands = make([]candidate, 0, s.lastFound())

	// Find every starting point first: their real paths are the zones that
	// links met during any walk may point into.
	var dirs []dir
	if d, ok := w.memoryStart(root); ok {
		dirs = append(dirs, d)
	}
	extraDirs, extraFiles := w.extraStarts(root, extra)
	dirs = append(dirs, extraDirs...)

	w.walkAll(dirs, extraFiles)
	// No folder's entries changed, no link, no warning, no extra path:
	// the result is the last one's, with the files whose stat changed
	// patched in.
	reusable := len(extra) == 0 && len(w.warnings) == 0
	reused := false
	if reusable && !w.changed.Load() {
		files = s.reuse(root)
		reused = len(files) == len(w.cands) && patch(files, w.patched)
	}
	if !reused {
		files = w.files()
	}
	s.finish(w.listed, files, root, reusable, reused && len(w.patched) == 0)
	if s != nil {
		s.statted = w.stats.Load()
	}
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

// walkAll walks the starting folders in parallel, then lists the extra
// files, then walks the linked folders found, in the order that makes the
// first path to each file the one [Discover] documents.
func (w *walker) walkAll(dirs []dir, extraFiles []extraFile) {
	for _, d := range dirs {
		w.walk(d)
	}
	w.wg.Wait()
	for _, f := range extraFiles {
		w.add(f.abs, f.rel, f.info, f.external, false)
	}
	// Linked folders last, so that a folder reachable both directly and
	// through a link is walked, and named, directly. Walking one may queue
	// more; each is walked to the end before the next, so that the order
	// stays the documented one.
	for i := 0; i < len(w.links); i++ {
		w.walk(w.links[i])
		w.wg.Wait()
	}
}

// dir is a folder to walk.
type dir struct {
	abs      string // absolute path as reached, links kept
	rel      string // Rel of the folder: files get rel + "/" + name
	real     string // absolute path with links resolved
	external bool   // outside the workspace root
	viaLink  bool   // reached by following a symbolic link
	memory   bool   // reached from memory/: links must stay in a zone
	// up is the listing of the parent folder, where the folder is the
	// entry name, for a folder met in its parent's listing; nil for a
	// starting point or a linked folder.
	up   *listing
	name string
	// vouched is set when the parent's watch vouches that the entry name
	// is still this folder: the parent was found unchanged, its watch
	// verified, and it reported nothing about the name or itself.
	vouched bool
}

// parentFD returns the open parent folder of d, -1 for none.
func (d dir) parentFD() int {
	if d.up == nil {
		return -1
	}
	return d.up.fd
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
	info fs.FileInfo // for sameFile
	// dev is the file's device when known (exact): with the inode it
	// identifies the file.
	dev   uint64
	exact bool
	// multi is set for a file of several links, which may change through
	// a path the scan does not watch.
	multi bool
	// rank orders the paths to one file: direct before via a link, then
	// under memory/ before elsewhere, then inside the workspace before
	// outside. Computed once, not in every comparison of the sort.
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
	// scanner keeps folder listings across scans; nil keeps none.
	scanner *Scanner
	// changed is set when the scan found a set of files the last one
	// did not see: a folder's entries changed, a file added or removed,
	// a link. patched holds the files that are still there but whose
	// stat changed (guarded by mu).
	changed atomic.Bool
	patched []candidate
	// full makes the scan stat every file, even in folders the journal
	// reports unchanged; stats counts the files stat'ed.
	full  bool
	stats atomic.Int64
	// listed holds the folders this scan listed (guarded by mu).
	listed map[string]bool

	// mu guards the fields below, which parallel walks share.
	mu sync.Mutex
	// visited holds the real path of every folder walked.
	visited  map[string]bool
	links    []dir // linked folders to walk after the direct walk
	cands    []candidate
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

// walk lists the Markdown files under d, recursively, unless the real
// folder was walked already.
func (w *walker) walk(d dir) {
	w.mu.Lock()
	seen := w.visited[d.real]
	w.visited[d.real] = true
	w.mu.Unlock()
	if seen {
		return
	}
	w.mu.Lock()
	w.listed[d.abs] = true
	w.mu.Unlock()
	l, same, err := w.scanner.readDir(d)
	if err != nil {
		w.warn(d.abs, err) // l holds whatever was read before the error
	}
	if !same {
		w.changed.Store(true)
	}
	if l == nil {
		return
	}
	// The watch of this folder vouches for its subfolders' names when the
	// folder was found unchanged and the watch reported nothing of itself.
	vouch := same && !w.full && l.verified && l.wd != 0 && !l.dirty
	var stats []fs.DirEntry
	for _, e := range l.entries {
		name := e.Name()
		if IsIgnoredName(name) {
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
				up:       l,
				name:     name,
				vouched:  vouch && !l.dirtyNames[name],
			})
		case t&fs.ModeSymlink != 0:
			w.link(d, name)
		case t.IsRegular() && IsMarkdown(name):
			stats = append(stats, e)
		}
	}
	w.statAll(d, l, stats)
}

// statBatch is the number of files one goroutine stats: a large folder
// is stat'ed in parallel batches, since each stat is a system call.
const statBatch = 256

// statAll stats the Markdown files entries of d, whose listing is l, and
// adds them, in parallel batches when there are many. A file whose stat
// matches the candidate the last scan made for it keeps that candidate.
func (w *walker) statAll(d dir, l *listing, entries []fs.DirEntry) {
	f := folderScan{d: d, ds: dirStatter{abs: d.abs, fd: l.fd}, dirtyNames: l.dirtyNames}
	if f.ds.fd < 0 {
		f.ds = openDir(d.abs, len(entries))
		defer f.ds.close()
	}
	from := dirKey{rel: d.rel, external: d.external, viaLink: d.viaLink}
	if l.filesFrom == from {
		f.cache = l.files
	}
	// In a folder the journal watched since before its files were last
	// stat'ed, and that reported nothing since, a file of one link keeps
	// its entry without a stat.
	f.unchanged = !w.full && l.wd != 0 && !l.dirty && f.cache != nil
	defer func() { l.dirty, l.dirtyNames = false, nil }()
	var (
		wg      sync.WaitGroup
		outs    = make([][]candidate, (len(entries)+statBatch-1)/statBatch)
		patched = make([][]candidate, len(outs))
		fresh   = make([]bool, len(outs))
	)
	for i := range outs {
		batch := entries[i*statBatch : min((i+1)*statBatch, len(entries))]
		if i == len(outs)-1 {
			outs[i], patched[i], fresh[i] = w.statFiles(&f, batch)
			break
		}
		select {
		case w.sem <- struct{}{}:
			wg.Go(func() {
				defer func() { <-w.sem }()
				outs[i], patched[i], fresh[i] = w.statFiles(&f, batch)
			})
		default:
			outs[i], patched[i], fresh[i] = w.statFiles(&f, batch)
		}
	}
	wg.Wait()
	all, changed := slices.Concat(outs...), slices.Concat(patched...)
	if len(all) != len(f.cache) {
		w.changed.Store(true) // a file added, removed or unreadable
	}
	if slices.Contains(fresh, true) || len(all) != len(f.cache) {
		l.files = make(map[string]candidate, len(all))
		for _, c := range all {
			l.files[path.Base(c.Rel)] = c
		}
		l.filesFrom = from
	}
	w.mu.Lock()
	w.cands = append(w.cands, all...)
	w.patched = append(w.patched, changed...)
	w.mu.Unlock()
}

// patch replaces, in files (sorted by Rel), each file of patched, the
// same file with a new stat, and reports whether it found them all at
// their path, with the same inode: otherwise the set of files, or which
// paths of one file are kept, may have changed.
func patch(files []File, patched []candidate) bool {
	for _, p := range patched {
		i, ok := slices.BinarySearchFunc(files, p.Rel, func(f File, rel string) int { return strings.Compare(f.Rel, rel) })
		if !ok || files[i].Abs != p.Abs || files[i].Inode != p.Inode {
			return false
		}
		files[i] = p.File
	}
	return true
}

// folderScan is what the stat of one folder's files reads: the folder,
// how to stat in it, the last scan's candidates of its files, and what
// the journal says of them.
type folderScan struct {
	d          dir
	ds         dirStatter
	cache      map[string]candidate
	unchanged  bool
	dirtyNames map[string]bool
}

// statFiles returns the candidates of the files batch of the folder f,
// those of them whose stat changed since the last scan's, and whether any
// candidate is new. A file the last scan did not have marks the scan
// changed.
func (w *walker) statFiles(f *folderScan, batch []fs.DirEntry) (out, patched []candidate, fresh bool) {
	out = make([]candidate, 0, len(batch))
	for _, e := range batch {
		name := e.Name()
		if c, ok := f.cache[name]; ok && f.unchanged && !c.multi && !f.dirtyNames[name] {
			out = append(out, c)
			continue
		}
		var st rawStat
		w.stats.Add(1)
		if err := f.ds.stat(name, &st); err != nil {
			w.warn(joinName(f.d.abs, name, filepath.Separator), err)
			continue
		}
		k := keyOf(&st)
		if !k.regular {
			continue // replaced since the folder was listed
		}
		old, ok := f.cache[name]
		if ok && old.Size == k.size && old.MTime == k.mtime && old.CTime == k.ctime && old.Inode == k.inode {
			out = append(out, old)
			continue
		}
		c := newCandidate(joinName(f.d.abs, name, filepath.Separator), joinName(f.d.rel, name, '/'),
			infoOf(name, &st), f.d.external, f.d.viaLink)
		c.multi = k.links > 1
		out, fresh = append(out, c), true
		if ok {
			patched = append(patched, c)
		} else {
			w.changed.Store(true)
		}
	}
	return out, patched, fresh
}

// link handles the symbolic link name in d: a Markdown file is listed and
// a folder queued, when the link resolves somewhere allowed.
func (w *walker) link(d dir, name string) {
	w.changed.Store(true) // links are followed anew on every scan
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
	w.cands = append(w.cands, c)
}

// newCandidate returns the candidate of a file found by the walk.
func newCandidate(abs, rel string, info fs.FileInfo, external, viaLink bool) candidate {
	f := File{Abs: abs, Rel: rel, Source: Source(rel), External: external}
	f.Size, f.MTime, f.CTime, f.Inode = StatOf(info)
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
	c := candidate{File: f, info: info, rank: rank}
	c.dev, c.exact = deviceOf(info)
	c.exact = c.exact && f.Inode != 0
	return c
}

// files returns the candidates without duplicates, sorted by Rel. Of the
// paths to one file it keeps the first in the order documented on
// [Discover].
func (w *walker) files() []File {
	// Sort and deduplicate positions, not the candidates themselves,
	// which are large.
	order := make([]int32, len(w.cands))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(i, j int32) int {
		a, b := &w.cands[i], &w.cands[j]
		return cmp.Or(cmp.Compare(a.rank, b.rank), strings.Compare(a.Rel, b.Rel))
	})
	// A file is its device and inode where the platform tells them.
	// Elsewhere the same file has the same size and time: compare only
	// within those groups, which rarely hold more than one file.
	type key struct {
		a, b  int64
		exact bool
	}
	kept := make(map[key]int32, len(order))
	var more map[key][]int32
	keep := order[:0]
	for _, i := range order {
		c := &w.cands[i]
		k := key{c.Size, c.MTime, false}
		if c.exact {
			k = key{int64(c.dev), c.Inode, true}
		}
		first, ok := kept[k]
		switch {
		case !ok:
			kept[k] = i
		case k.exact || sameFile(w.cands[first].info, c.info) ||
			slices.ContainsFunc(more[k], func(j int32) bool { return sameFile(w.cands[j].info, c.info) }):
			continue
		default:
			if more == nil {
				more = make(map[key][]int32)
			}
			more[k] = append(more[k], i)
		}
		keep = append(keep, i)
	}
	slices.SortFunc(keep, func(i, j int32) int { return strings.Compare(w.cands[i].Rel, w.cands[j].Rel) })
	files := make([]File, len(keep))
	for n, i := range keep {
		files[n] = w.cands[i].File
	}
	return files
}
