package workspace

import (
	"errors"
	"path"
	"path/filepath"
	"strings"
	"time"
)

// Well-known names inside a workspace root.
const (
	// MemoryDir is the folder, directly under the workspace root, that
	// holds the memories.
	MemoryDir = "memory"
	// IndexDir is the folder, directly under the workspace root, that holds
	// the index. Discover never lists anything inside it.
	IndexDir = ".memweave"
)

// Namespaces returned by [Source] besides the name of a folder under memory/.
const (
	// SourceMemory is the source of a file directly in memory/.
	SourceMemory = "memory"
	// SourceExternal is the source of a file outside memory/.
	SourceExternal = "external"
)

// Sentinel errors returned by [SafeMemoryPath], wrapped in an
// *fs.PathError naming the path; [Discover] also warns with ErrNotMarkdown
// about an extra file that is not Markdown. Test for them with errors.Is.
var (
	// ErrOutsideMemory means a path would leave the memory folder: it is
	// absolute, contains "..", names the memory folder itself, or goes
	// through a symbolic link that points outside memory/.
	ErrOutsideMemory = errors.New("workspace: path outside the memory folder")
	// ErrNotMarkdown means a path does not end in .md or .markdown.
	ErrNotMarkdown = errors.New("workspace: not a Markdown file")
	// ErrIgnoredName means a path has a hidden or editor-temporary
	// component (see IsIgnoredName), which Discover would never list.
	ErrIgnoredName = errors.New("workspace: hidden or temporary file name")
	// ErrNotFound means a file that was named does not exist.
	ErrNotFound = errors.New("workspace: not found")
	// ErrBadName means a path has a component that is not portable or
	// not safe to create: one containing a backslash or a control
	// character (below 0x20, or 0x7f), or ending in a dot or a space,
	// which Windows drops or reads as a separator when the folder is
	// synced there, or one containing an invisible formatting character
	// (Unicode's Cf), which makes it print as another name.
	ErrBadName = errors.New("workspace: unsafe file name (backslash, control or invisible formatting character, a character that prints as a slash, or trailing dot or space)")
	// ErrLookalikeName means a new file or folder would take a name that
	// reads as one its folder holds, the same letters composed otherwise
	// (an é as e and a combining accent): every output would show two
	// notes of one name.
	ErrLookalikeName = errors.New("workspace: a name that reads as one that exists")
	// ErrNotRegular means a file is not a regular file (a FIFO, a device,
	// a socket or a folder): memweave never reads one.
	ErrNotRegular = errors.New("workspace: not a regular file")
	// ErrNotFolder means a path goes on below a name that is a file, as
	// in notes.md/x.md.
	ErrNotFolder = errors.New("workspace: a name on the path is a file, not a folder")
	// ErrLinkedOwnFile means the index folder, or a file memweave keeps
	// in it, is a symbolic link (see [CheckOwnFiles]).
	ErrLinkedOwnFile = errors.New("workspace: a symbolic link where memweave keeps its own files")
)

// IsMarkdown reports whether name (a base name or a path) ends in ".md" or
// ".markdown", in any letter case.
func IsMarkdown(name string) bool {
	_, ok := trimMarkdownExt(name)
	return ok
}

// trimMarkdownExt returns name without its Markdown extension, and whether
// it had one.
func trimMarkdownExt(name string) (string, bool) {
	ext := filepath.Ext(name)
	if strings.EqualFold(ext, ".md") || strings.EqualFold(ext, ".markdown") {
		return name[:len(name)-len(ext)], true
	}
	return name, false
}

// EditorGlobs are git pathspecs (glob magic, case ignored) of the editor
// and temporary files among the names [IsIgnoredName] skips: Emacs lock
// files (".#*", a symbolic link while a note is open) and auto-saves
// ("#*#"), backups ("*~"), Vim swap files ("*.swp", "*.swx": the unsaved
// text) and temporary files ("*.tmp"), and the empty file "4913" Vim
// creates beside a note on each save, to learn whether it may create
// files there, and removes at once. Hidden folders such as .obsidian are
// not among them, nor is a folder named 4913 (an excluding glob pathspec
// matches the path itself, not what a folder of that name holds); the
// index reads no file without a Markdown extension, so IsIgnoredName
// does not list 4913. Sync never commits a file they match.
var EditorGlobs = []string{":(exclude,glob,icase)**/.#*", ":(exclude,glob,icase)**/#*#", ":(exclude,glob,icase)**/*~",
	":(exclude,glob,icase)**/*.swp", ":(exclude,glob,icase)**/*.swx", ":(exclude,glob,icase)**/*.tmp", ":(exclude,glob)**/4913"}

// IsIgnoredName reports whether the base name name belongs to a file or
// folder that discovery skips: hidden names starting with '.' (".git",
// ".obsidian", ".memweave", Emacs lock files ".#*") and editor temporary
// files ("*.tmp", "*~", "*.swp", "*.swx", "#*#"). The suffix checks ignore
// letter case. Pass a base name, not a path: filepath.Base(p).
func IsIgnoredName(name string) bool {
	switch {
	case name == "":
		return false
	case name[0] == '.', strings.HasSuffix(name, "~"):
		return true
	case len(name) >= 2 && name[0] == '#' && name[len(name)-1] == '#':
		return true
	}
	switch strings.ToLower(filepath.Ext(name)) {
	case ".tmp", ".swp", ".swx":
		return true
	}
	return false
}

// InMemory reports whether the workspace-relative path rel lies inside the
// memory folder, that is, whether it starts with "memory/" once cleaned.
func InMemory(rel string) bool {
	_, ok := memoryRest(rel)
	return ok
}

// memoryRest returns the part of rel after "memory/", and whether rel is
// inside the memory folder.
func memoryRest(rel string) (string, bool) {
	rest, ok := strings.CutPrefix(path.Clean(rel), MemoryDir+"/")
	return rest, ok && rest != ""
}

// Source returns the namespace of the workspace-relative path rel: the
// first folder under memory/ ("memory/researcher_agent/x.md" gives
// "researcher_agent"), [SourceMemory] for a file directly in memory/, and
// [SourceExternal] for anything else. A folder named "memory" or "external"
// under memory/ yields the same label as those two cases.
func Source(rel string) string {
	rest, ok := memoryRest(rel)
	if !ok {
		return SourceExternal
	}
	if dir, _, found := strings.Cut(rest, "/"); found {
		return dir
	}
	return SourceMemory
}

// DateAhead reports whether date, a note's own (of its name or its front
// matter), is more than a day after now: no time zone gives that, a
// clock set wrong does (memory/2031-01-01.md from a machine years
// ahead). Such a date is not the note's; taken as one, it would make the
// note the newest of all until then. Consolidate and conflicts pass it
// over.
func DateAhead(date, now time.Time) bool { return date.After(now.AddDate(0, 0, 1)) }

// DateOf returns the date of a dated file: one inside the memory folder, at
// any depth, whose base name is exactly YYYY-MM-DD followed by ".md" or
// ".markdown" (any letter case), such as "memory/journal/2026-03-14.md". The
// date must exist in the calendar and is returned at 00:00 UTC. For every
// other path, DateOf returns ok == false: the file is evergreen.
func DateOf(rel string) (date time.Time, ok bool) {
	if !InMemory(rel) {
		return time.Time{}, false
	}
	stem, ok := trimMarkdownExt(path.Base(path.Clean(rel)))
	if !ok || len(stem) != len(time.DateOnly) {
		return time.Time{}, false
	}
	for i := 0; i < len(stem); i++ {
		c := stem[i]
		if i == 4 || i == 7 {
			if c != '-' {
				return time.Time{}, false
			}
		} else if c < '0' || c > '9' {
			return time.Time{}, false
		}
	}
	// time.Parse rejects days that do not exist, such as 2026-02-30.
	date, err := time.Parse(time.DateOnly, stem)
	if err != nil {
		return time.Time{}, false
	}
	return date, true
}
