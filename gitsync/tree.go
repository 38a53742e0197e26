package gitsync

import (
	"context"
	"errors"
	"fmt"
	"path"
	"strconv"
	"strings"

	"github.com/memweave/memweave-go/history"
	"github.com/memweave/memweave-go/workspace"
)

// maxListing bounds the listing of a tree that checkTree reads, so that
// a tree of millions of entries is refused rather than held in memory.
const maxListing = 64 << 20

// checkTree refuses a tree (whose: "the remote's tree") that breaks the
// rules for untrusted trees (see the package doc), naming the first bad
// entry.
func (s *syncer) checkTree(ctx context.Context, commit, whose string) error {
	out, err := s.run(ctx, history.GitOptions{MaxOutput: maxListing}, "-c", "core.quotePath=false",
		"ls-tree", "-r", "-z", "-l", "--full-tree", commit)
	if errors.Is(err, history.ErrOutputTooLarge) {
		return fmt.Errorf("%w %s at %.12s: its listing is over %d bytes", ErrRefused, whose, commit, maxListing)
	}
	if err != nil {
		return fmt.Errorf("gitsync: read %s: %w", whose, err)
	}
	var local map[string]string // path -> blob, outside memory/, read when needed
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
		if why := badPath(p); why != "" {
			return refuse(why)
		}
		switch f[0] {
		case "100644", "100755":
		case "120000":
			return refuse("a symbolic link")
		case "160000":
			return refuse("a submodule")
		default:
			return refuse("mode " + f[0])
		}
		size, err := strconv.ParseInt(f[3], 10, 64)
		if err != nil {
			return refuse("unreadable size " + f[3])
		}
		if size > s.opts.MaxBlobBytes {
			return refuse(fmt.Sprintf("%d bytes, over the %d-byte limit", size, s.opts.MaxBlobBytes))
		}
		if path.Base(p) == AttributesFile {
			if size > maxAttributes {
				return refuse(fmt.Sprintf("%d bytes, over the %d-byte limit for attributes", size, maxAttributes))
			}
			data, err := s.git(ctx, nil, "cat-file", "blob", f[2])
			if err != nil {
				return fmt.Errorf("gitsync: read %s: %w", p, err)
			}
			if why := badAttributes(string(data)); why != "" {
				return refuse(why)
			}
		}
		if strings.HasPrefix(p, workspace.MemoryDir+"/") || p == SettingsFile || p == AttributesFile {
			continue
		}
		// Outside memory/: only what this machine already has, unchanged.
		if local == nil {
			if local, err = s.blobsOutsideMemory(ctx); err != nil {
				return err
			}
		}
		if local[p] != f[2] {
			return refuse("outside memory/ and not the same as this machine's; sync only brings in memory/, " + SettingsFile + " and " + AttributesFile)
		}
	}
	return nil
}

// blobsOutsideMemory maps the paths of HEAD's tree outside memory/ to
// their blobs.
func (s *syncer) blobsOutsideMemory(ctx context.Context) (map[string]string, error) {
	m := map[string]string{}
	head, err := s.rev(ctx, "HEAD")
	if err != nil || head == "" {
		return m, err
	}
	out, err := s.git(ctx, nil, "ls-tree", "-r", "-z", "--full-tree", head)
	if err != nil {
		return nil, fmt.Errorf("gitsync: read the local tree: %w", err)
	}
	for _, rec := range strings.Split(string(out), "\x00") {
		meta, p, ok := strings.Cut(rec, "\t")
		f := strings.Fields(meta)
		if ok && len(f) == 3 && !strings.HasPrefix(p, workspace.MemoryDir+"/") {
			m[p] = f[2]
		}
	}
	return m, nil
}

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

// badPath says what is wrong with a tree path, "" when nothing.
func badPath(p string) string {
	for _, r := range p {
		if r < 0x20 || r == 0x7f {
			return "a control character in the path"
		}
		if r == '\\' {
			return "a backslash in the path"
		}
	}
	if strings.HasPrefix(p, "/") {
		return "an absolute path"
	}
	for _, c := range strings.Split(p, "/") {
		switch lc := strings.ToLower(strings.TrimRight(c, ". ")); {
		case c == "" || c == "." || c == "..":
			return "a path component " + strconv.Quote(c)
		case lc == ".git" || lc == ".gitmodules" || lc == workspace.IndexDir:
			return "a path component " + strconv.Quote(c)
		}
	}
	return ""
}
