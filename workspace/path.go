package workspace

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"unicode"
	"unicode/utf8"
)

// errEmptyPath is the error for an empty user-supplied path.
var errEmptyPath = errors.New("workspace: empty path")

// Resolve turns the user-supplied path p, relative to root or absolute,
// into the names [Discover] uses: abs is absolute and cleaned; rel is
// '/'-separated and relative to root when the path lies inside root, or
// abs with '/' separators otherwise. A relative root is taken relative to
// the current directory.
//
// A path that spells root differently, through a symbolic link in one of
// its parent folders (say /tmp against /private/tmp), still counts as
// inside and gets the same abs as a path spelled through root. The file
// itself need not exist. Resolve fails only when p is empty or the current
// directory cannot be determined.
func Resolve(root, p string) (abs, rel string, err error) {
	abs, rel, _, err = resolve(root, "", p)
	return abs, rel, err
}

// resolve is [Resolve] that also reports whether the path lies inside root.
// realRoot is root with symbolic links evaluated, or "" to compute it on
// demand.
func resolve(root, realRoot, p string) (abs, rel string, inside bool, err error) {
	if p == "" {
		return "", "", false, errEmptyPath
	}
	if root, err = absRoot(root); err != nil {
		return "", "", false, err
	}
	if filepath.IsAbs(p) {
		abs = filepath.Clean(p)
	} else {
		abs = filepath.Join(root, p)
	}
	if r, ok := relWithin(root, abs); ok {
		return abs, filepath.ToSlash(r), true, nil
	}
	// Lexically outside: compare real paths of the parent folder, keeping
	// the last element as given so that a symlinked file stays itself.
	if realRoot == "" {
		realRoot, _ = filepath.EvalSymlinks(root)
	}
	if realRoot != "" {
		if dir, err := filepath.EvalSymlinks(filepath.Dir(abs)); err == nil {
			if r, ok := relWithin(realRoot, filepath.Join(dir, filepath.Base(abs))); ok {
				return filepath.Join(root, r), filepath.ToSlash(r), true, nil
			}
		}
	}
	return abs, filepath.ToSlash(abs), false, nil
}

// relWithin returns p relative to base, and whether p is base or lies
// below it. Both must be absolute and clean; the comparison is lexical.
func relWithin(base, p string) (string, bool) {
	r, err := filepath.Rel(base, p)
	if err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return "", false
	}
	return r, true
}

// SafeMemoryPath checks a path a caller wants to write a memory to and
// returns its absolute path and its workspace-relative name.
//
// p is relative to the memory folder ("notes/x.md") or to the workspace
// root, starting with "memory/" ("memory/notes/x.md"); both name
// <root>/memory/notes/x.md. A leading "memory/" is always read as the
// memory folder itself, so a file in a subfolder named memory must be
// written as "memory/memory/x.md". Either '/' or the OS separator may be
// used.
//
// SafeMemoryPath refuses, with an *fs.PathError wrapping
//   - [ErrOutsideMemory]: an empty or absolute p, any ".." element (even
//     one that cleans away: "a/.." means something else when a is a
//     symbolic link), a p naming the memory folder itself, or a p whose
//     existing components include a symbolic link that resolves outside
//     the memory folder or does not resolve at all;
//   - [ErrIgnoredName]: a hidden or temporary component (see
//     [IsIgnoredName]), which Discover would never list;
//   - [ErrNotMarkdown]: a base name that is not Markdown (see [IsMarkdown]),
//     or a p ending in a separator ("x.md/", [NamesFolder]), which names
//     a folder;
//   - [ErrBadName]: a component containing a backslash (on systems where
//     it is not the separator), a control character (below 0x20, or
//     0x7f) or an invisible formatting character (Unicode category Cf),
//     or ending in a dot or a space (see [badName]).
//   - [ErrNotFolder]: a component below one that is a file (notes.md/x.md),
//     naming that file by its place in memory/.
//
// Components that do not exist yet are fine: the caller creates them. The
// check is made when SafeMemoryPath runs; it cannot stop a link created
// afterwards.
func SafeMemoryPath(root, p string) (abs, rel string, err error) {
	return (&PathChecker{root: root}).Check(p)
}

// A PathChecker is [SafeMemoryPath] for many paths of one workspace, as
// a listing of a revision's notes needs: the memory folder is resolved
// once, and the folders on the paths are each looked at once, not once
// per note (a filepath.EvalSymlinks of memory/ and an Lstat of each
// folder on its path, for each note). A folder changed after it was looked at is not seen, as a path
// changed after SafeMemoryPath is not. A PathChecker is for one
// goroutine.
type PathChecker struct {
	root string
	// resolved is set once mem and realMem, the memory folder's path and
	// real path, are known; realMem is "" while memory/ does not exist,
	// and mem "" too when it is a link that does not resolve.
	resolved     bool
	mem, realMem string
	// folders holds the verdict on each folder path looked at (nil: a
	// folder, or a link inside memory/; missing: not there), by its
	// path; nil when not memoized.
	folders map[string]error
	missing map[string]bool
}

// NewPathChecker returns a PathChecker for the workspace at root.
func NewPathChecker(root string) *PathChecker {
	return &PathChecker{root: root, folders: map[string]error{}, missing: map[string]bool{}}
}

// Check is [SafeMemoryPath] for the path p of the checker's workspace.
func (c *PathChecker) Check(p string) (abs, rel string, err error) {
	refuse := func(err error) (string, string, error) {
		return "", "", &fs.PathError{Op: "resolve", Path: p, Err: err}
	}
	elems, err := memoryElems(p)
	if err != nil {
		return refuse(err)
	}
	if !c.resolved || c.folders == nil {
		if err := c.resolve(); err != nil {
			return "", "", err
		}
	}
	abs = filepath.Join(c.mem, filepath.Join(elems...))
	rel = MemoryDir + "/" + strings.Join(elems, "/")
	if c.realMem == "" {
		if c.mem == "" {
			return refuse(ErrOutsideMemory) // memory is a dangling link
		}
		return abs, rel, nil // nothing below exists yet
	}
	cur := c.mem
	for i, e := range elems {
		cur = filepath.Join(cur, e)
		last := i == len(elems)-1
		if !last && c.folders != nil {
			if c.missing[cur] {
				break
			}
			if err, seen := c.folders[cur]; seen {
				if err != nil {
					return refuse(err)
				}
				continue
			}
		}
		gone, why, err := c.component(cur, elems, i)
		if err != nil {
			return "", "", err
		}
		if !last && c.folders != nil {
			if gone {
				c.missing[cur] = true
			} else {
				c.folders[cur] = why
			}
		}
		if why != nil {
			return refuse(why)
		}
		if gone {
			break // nor does anything below it
		}
	}
	return abs, rel, nil
}

// resolve sets the memory folder's path and real path: realMem "" when
// memory/ does not exist (and mem "" when it is a dangling link).
func (c *PathChecker) resolve() error {
	root, err := absRoot(c.root)
	if err != nil {
		return err
	}
	c.mem = filepath.Join(root, MemoryDir)
	// The memory folder itself may be a link (to a synced folder, say): its
	// target is the reference the components must stay inside.
	realMem, err := filepath.EvalSymlinks(c.mem)
	if errors.Is(err, fs.ErrNotExist) {
		fi, lerr := os.Lstat(c.mem)
		switch {
		case lerr != nil:
			c.realMem = "" // nothing below exists yet
			return nil
		case fi.Mode()&fs.ModeSymlink != 0:
			c.mem, c.realMem = "", ""
			return nil
		}
		// Another writer created the folder meanwhile: resolve it again.
		realMem, err = filepath.EvalSymlinks(c.mem)
	}
	if err != nil {
		return err
	}
	c.realMem, c.resolved = realMem, true
	return nil
}

// component looks at cur, the component i of elems on the path: gone
// when it is not there, else why it is refused (a file where a folder is
// needed, a link that leads out of memory/ or does not resolve), nil
// when it is not; err when it cannot be looked at.
func (c *PathChecker) component(cur string, elems []string, i int) (gone bool, why, err error) {
	fi, err := os.Lstat(cur)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return true, nil, nil
	case errors.Is(err, syscall.ENOTDIR):
		return false, notFolder(elems[:i]), nil
	case err != nil:
		return false, nil, err
	case fi.Mode()&fs.ModeSymlink == 0:
		return false, nil, nil
	}
	target, err := filepath.EvalSymlinks(cur)
	if err != nil {
		// Dangling or looping: cannot tell where a write would land.
		why := strings.TrimPrefix(err.Error(), "EvalSymlinks: ")
		if pe := (*fs.PathError)(nil); errors.As(err, &pe) {
			why = pe.Err.Error()
		}
		link := MemoryDir + "/" + strings.Join(elems[:i+1], "/")
		return false, fmt.Errorf("%w: %s is a symbolic link that does not resolve (%s)", ErrOutsideMemory, link, why), nil
	}
	if _, ok := relWithin(c.realMem, target); !ok {
		return false, ErrOutsideMemory, nil
	}
	return false, nil, nil
}

// NamesFolder reports whether the path p ends in a separator, or in
// one and ".": it names a folder ("x.md/"), as open(2) and rm take it,
// even when cleaning it would leave a file's name.
func NamesFolder(p string) bool {
	p = filepath.ToSlash(p)
	return strings.HasSuffix(p, "/") || strings.HasSuffix(p, "/.")
}

// HasDotDot reports whether p, with '/' or the OS separator, has a ".."
// element. Such a path is refused wherever a caller names a file, even
// when cleaning would take the ".." away: "a/../x.md" means something
// else when a is a symbolic link.
func HasDotDot(p string) bool {
	return slices.Contains(strings.Split(filepath.ToSlash(p), "/"), "..")
}

// memoryElems returns the components of p, a path in the memory folder
// as [SafeMemoryPath] takes it, without "." and a leading "memory", or
// the error SafeMemoryPath wraps for a p refused by its name alone.
func memoryElems(p string) ([]string, error) {
	if p == "" || filepath.IsAbs(p) || filepath.VolumeName(p) != "" || os.IsPathSeparator(p[0]) || HasDotDot(p) {
		return nil, ErrOutsideMemory
	}
	var elems []string
	for _, e := range strings.Split(filepath.ToSlash(p), "/") {
		switch e {
		case "", ".":
			continue
		}
		elems = append(elems, e)
	}
	if len(elems) > 0 && elems[0] == MemoryDir {
		elems = elems[1:]
	}
	if len(elems) == 0 {
		return nil, ErrOutsideMemory
	}
	if NamesFolder(p) {
		return nil, fmt.Errorf("%w: the path ends in a separator, which names a folder", ErrNotMarkdown)
	}
	if err := checkNames(elems); err != nil {
		return nil, err
	}
	if !IsMarkdown(elems[len(elems)-1]) {
		return nil, ErrNotMarkdown
	}
	return elems, nil
}

// notFolder is the error of a path that goes on below the file at
// elems, a path in memory/: it names the file by its place in memory/,
// not by this machine's path to it.
func notFolder(elems []string) error {
	return fmt.Errorf("%w: %s", ErrNotFolder, strings.Join(append([]string{MemoryDir}, elems...), "/"))
}

// checkNames returns the error for the first path component in elems
// that is hidden or temporary ([ErrIgnoredName]) or unsafe
// ([ErrBadName]), or nil.
func checkNames(elems []string) error {
	for _, e := range elems {
		if IsIgnoredName(e) {
			return ErrIgnoredName
		}
		if why := badName(e); why != "" {
			return fmt.Errorf("%w: %q %s", ErrBadName, e, why)
		}
	}
	return nil
}

// Unportable returns why a component of rel, the workspace-relative
// path of a note under memory/, is one that [SafeMemoryPath] refuses by
// [badName] (a backslash, a trailing dot or space): "" when none. A
// clone or another program can make such a note; it is indexed all the
// same, so the index says why get, delete and sync refuse it.
func Unportable(rel string) string {
	elems := strings.Split(rel, "/")
	if len(elems) < 2 || elems[0] != MemoryDir {
		return ""
	}
	for _, e := range elems[1:] {
		if why := badName(e); why != "" {
			return fmt.Sprintf("%q %s", e, why)
		}
	}
	return ""
}

// badName returns why the path component e is unsafe to create, or ""
// when it is fine. A backslash is a separator on Windows, so a\..\x.md
// written here would climb out of its folder once synced there; control
// characters hide in listings and terminals, and invisible formatting
// characters (Unicode's Cf: bidirectional overrides, zero-width spaces)
// make a name print as another one; Windows drops trailing dots and
// spaces, so "x.md." and "x.md" would collide.
func badName(e string) string {
	for i := 0; i < len(e); i++ {
		switch c := e[i]; {
		case c == '\\':
			return "contains a backslash"
		case c < 0x20 || c == 0x7f:
			return "contains a control character"
		}
	}
	if HasControl(e) {
		return "contains a control character or a byte that is not UTF-8"
	}
	if e != "" && (e[len(e)-1] == '.' || e[len(e)-1] == ' ') {
		return "ends in a dot or a space"
	}
	if strings.ContainsFunc(e, invisible) {
		return "contains an invisible formatting character (such as a right-to-left override or a zero-width space)"
	}
	if i := strings.IndexFunc(e, separatorLookalike); i >= 0 {
		r, _ := utf8.DecodeRuneInString(e[i:])
		return fmt.Sprintf("contains %U, which prints as a slash or a backslash: the name would show as a path it is not", r)
	}
	return ""
}

// separatorLookalike reports whether r prints as a slash or a backslash
// (DIVISION SLASH, FRACTION SLASH, FULLWIDTH SOLIDUS, SET MINUS and their
// kin): "notes\u2215x.md", one file in memory/, shows as notes/x.md.
func separatorLookalike(r rune) bool {
	switch r {
	case '\u2044', '\u2215', '\u2571', '\u27cb', '\u29f8', '\uff0f', '\u2f03', '\u3033', '\u1735', '\u2cfa',
		'\u2216', '\u2572', '\u27cd', '\u29f5', '\u29f9', '\ufe68', '\uff3c':
		return true
	}
	return false
}

// invisible reports whether r is an invisible formatting character
// (Unicode's Cf) other than the zero-width joiner and non-joiner, which
// Persian and the Indic scripts write words with, and emoji sequences
// are made of.
func invisible(r rune) bool {
	return unicode.Is(unicode.Cf, r) && r != '\u200c' && r != '\u200d'
}

// HasControl reports whether name holds a control character (C0, DEL or
// C1: U+009B and U+009D start escape sequences too) or a byte that is not
// UTF-8 (0x9b alone is CSI to an 8-bit terminal): memweave indexes no
// file whose name does, as such a name would print as something else, or
// drive the terminal printing it.
func HasControl(name string) bool {
	return !utf8.ValidString(name) || strings.ContainsFunc(name, func(r rune) bool { return r < 0x20 || r >= 0x7f && r < 0xa0 })
}

// absRoot returns the absolute form of the workspace root.
func absRoot(root string) (string, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return "", fmt.Errorf("workspace: %w", err)
	}
	return abs, nil
}

// Inside reports whether p lies in the folder root once every symbolic
// link of both is resolved: the test for a setting or a link that may
// lead out of the workspace. A p that does not exist is judged by its
// nearest existing parent, so a missing name under a link that leaves
// root is outside too. Both are absolute or relative to the current
// folder.
func Inside(root, p string) (bool, error) {
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		return false, err
	}
	if realRoot, err = filepath.Abs(realRoot); err != nil {
		return false, err
	}
	abs, err := filepath.Abs(p)
	if err != nil {
		return false, err
	}
	real, rest := abs, ""
	for {
		r, err := filepath.EvalSymlinks(real)
		if err == nil {
			real = filepath.Join(r, rest)
			break
		}
		parent := filepath.Dir(real)
		if parent == real {
			return false, err
		}
		rest = filepath.Join(filepath.Base(real), rest)
		real = parent
	}
	_, ok := relWithin(realRoot, real)
	return ok, nil
}
