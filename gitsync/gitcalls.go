package gitsync

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/memweave/memweave-go/history"
)

// Each git process sync starts costs a few milliseconds (more on a
// loaded machine, or where starting a process is slow): what several
// calls would each ask git for, one call answers here, and what does not
// change during a sync is asked once.

// gitConfig is the repository's git config as git config --list gives
// it, every file and include read: each key's values, in order. Section
// and variable names are in lower case, a subsection (a branch's, a
// remote's name) as written.
type gitConfig map[string][]string

// readConfig reads the whole config once, for [gitConfig.last] and
// [gitConfig.all], with the scope of each value: what the repository's
// own files set (local, worktree: a copied workspace's .git/config) is
// told from the user's own (system, global, command line) for
// [syncer.offPlanted]. A git without --show-scope (before 2.26) has the
// repository's own keys listed by a second call, git config --local.
func (s *syncer) readConfig(ctx context.Context) error {
	s.config, s.userConfig, s.repoSet = gitConfig{}, gitConfig{}, map[string]bool{}
	out, err := s.git(ctx, nil, "config", "-z", "--list", "--show-scope")
	scoped := err == nil
	if !scoped {
		out, err = s.git(ctx, nil, "config", "-z", "--list")
	}
	if err != nil {
		return fmt.Errorf("gitsync: read the git config: %w", err)
	}
	scope := ""
	for _, rec := range strings.Split(string(out), "\x00") {
		if rec == "" {
			continue
		}
		if scoped && scope == "" {
			scope = rec
			continue
		}
		key, val := configRecord(rec)
		s.config[key] = append(s.config[key], val)
		if scope == "local" || scope == "worktree" {
			s.repoSet[key] = true
		} else {
			s.userConfig[key] = append(s.userConfig[key], val)
			s.userOrder = append(s.userOrder, key)
		}
		scope = ""
	}
	if !scoped {
		// The repository's own keys; none of their values counts as the
		// user's.
		local, _ := s.git(ctx, nil, "config", "-z", "--list", "--local")
		for _, rec := range strings.Split(string(local), "\x00") {
			if key, _ := configRecord(rec); rec != "" {
				s.repoSet[key] = true
			}
		}
		s.userConfig, s.userOrder = gitConfig{}, nil
		for key, vals := range s.config {
			if !s.repoSet[key] {
				s.userConfig[key] = vals
				for range vals {
					s.userOrder = append(s.userOrder, key)
				}
			}
		}
	}
	return nil
}

// configRecord splits a record of git config -z --list: "key\nvalue", or
// "key" alone for a key without "=" (true), whose value is then "\x00".
func configRecord(rec string) (key, val string) {
	key, val, ok := strings.Cut(rec, "\n")
	if !ok {
		val = "\x00"
	}
	return key, val
}

// last returns the value that counts for key (its last one), "" when
// the key is not set or has no value.
func (c gitConfig) last(key string) string {
	v := c.all(key)
	if len(v) == 0 {
		return ""
	}
	return v[len(v)-1]
}

// all returns every value of key, in order (a key set without "=" as
// ""), as git config --get-all does.
func (c gitConfig) all(key string) []string {
	var vals []string
	for _, v := range c[key] {
		vals = append(vals, strings.TrimSuffix(v, "\x00"))
	}
	return vals
}

// partialClone reports whether the repository is a partial clone: it
// names a promisor remote (extensions.partialClone, or a remote's
// promisor setting).
func (c gitConfig) partialClone() bool {
	if c.last("extensions.partialclone") != "" {
		return true
	}
	for key := range c {
		if strings.HasPrefix(key, "remote.") && strings.HasSuffix(key, ".promisor") && c.isTrue(key) {
			return true
		}
	}
	return false
}

// isTrue reports whether key's last value is git's true: "true", "yes",
// "on" or a number other than 0, in any case, or the key alone.
func (c gitConfig) isTrue(key string) bool {
	v := c[key]
	if len(v) == 0 {
		return false
	}
	switch s := strings.ToLower(strings.TrimSpace(v[len(v)-1])); s {
	case "\x00", "true", "yes", "on":
		return true
	default:
		n, err := strconv.ParseInt(s, 0, 64)
		return err == nil && n != 0
	}
}

// revs resolves each of names to a commit id, "" for one that names
// none, with one git process (rev gives the same answers one at a time).
// A name holding a line feed names none.
func (s *syncer) revs(ctx context.Context, names ...string) ([]string, error) {
	var in strings.Builder
	for _, n := range names {
		if strings.ContainsAny(n, "\n\x00") || n == "" {
			n = "(none)"
		}
		in.WriteString(n + "^{commit}\n")
	}
	out, err := s.gitWith(ctx, s.root, history.GitOptions{Stdin: []byte(in.String())}, "cat-file", "--batch-check=%(objectname) %(objecttype)")
	if err != nil {
		return nil, fmt.Errorf("gitsync: resolve %s: %w", strings.Join(names, ", "), err)
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(lines) != len(names) {
		return nil, fmt.Errorf("gitsync: resolve %s: git cat-file answered %d lines for %d names", strings.Join(names, ", "), len(lines), len(names))
	}
	ids := make([]string, len(names))
	for i, l := range lines {
		if id, typ, ok := strings.Cut(l, " "); ok && typ == "commit" && len(id) >= 40 && !strings.ContainsAny(id, "^{}") {
			ids[i] = id
		}
	}
	return ids, nil
}

// gitPaths returns the paths git uses for names (git rev-parse
// --git-path: in the worktree's git directory or the common one), each
// absolute. [syncer.topLevel] asked for every name a sync needs
// ([syncer.pathNames]) already; a name it did not ask is asked here.
func (s *syncer) gitPaths(ctx context.Context, names ...string) ([]string, error) {
	var ask []string
	for _, n := range names {
		if _, ok := s.paths[n]; !ok {
			ask = append(ask, n)
		}
	}
	if len(ask) > 0 {
		if s.paths == nil {
			ask = append(ask, s.pathNames()...)
		}
		out, err := s.git(ctx, nil, append([]string{"rev-parse"}, gitPathArgs(ask)...)...)
		if err != nil {
			return nil, err
		}
		if err := s.setPaths(ask, strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")); err != nil {
			return nil, err
		}
	}
	paths := make([]string, len(names))
	for i, n := range names {
		paths[i] = s.paths[n]
	}
	return paths, nil
}

// setPaths records got, git rev-parse --git-path's answer a line each,
// as the paths of names.
func (s *syncer) setPaths(names, got []string) error {
	if len(got) != len(names) {
		return fmt.Errorf("gitsync: git rev-parse --git-path answered %d lines for %d names", len(got), len(names))
	}
	if s.paths == nil {
		s.paths = map[string]string{}
	}
	for i, p := range got {
		if !filepath.IsAbs(p) {
			p = filepath.Join(s.root, p)
		}
		s.paths[names[i]] = p
	}
	return nil
}

// topLevel returns the top folder of the repository's work tree (git
// rev-parse --show-toplevel) and, from the same git process, records
// the git paths of every name a sync looks up ([syncer.pathNames]) for
// [syncer.gitPaths]. A top folder whose name holds a line feed, which
// leaves the lines uncounted, is asked alone.
func (s *syncer) topLevel(ctx context.Context) (string, error) {
	names := s.pathNames()
	out, err := s.git(ctx, nil, append([]string{"rev-parse", "--show-toplevel"}, gitPathArgs(names)...)...)
	if err != nil {
		return "", err
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(lines) != len(names)+1 || s.setPaths(names, lines[1:]) != nil {
		out, err = s.git(ctx, nil, "rev-parse", "--show-toplevel")
		return strings.TrimSpace(string(out)), err
	}
	return strings.TrimSpace(lines[0]), nil
}

// pathNames are the names whose git paths a sync looks up: the files of
// an operation in progress, its running marker, the lock files it may
// clear, and the objects, shallow file and index a merge or a commit
// reads.
func (s *syncer) pathNames() []string {
	names := []string{runningName, "objects", "shallow", "index", "objects/pack"}
	for _, op := range inProgress {
		names = append(names, op[0])
	}
	return append(names, s.lockNames()...)
}

// remoteURL returns the URL git fetches from the remote (push: pushes
// to), as git remote get-url [--push] prints it, trimmed. The config read once
// answers when it sets the remote's url (pushurl, for a push) to values
// that are not empty and nothing rewrites URLs (url.<base>.insteadOf,
// pushInsteadOf): git's answer is then the first of them. Otherwise
// (a rewrite, a remote from .git/remotes/, none) git answers.
func (s *syncer) remoteURL(ctx context.Context, push bool) (string, error) {
	key := "remote." + s.remote + ".url"
	if push && len(s.config["remote."+s.remote+".pushurl"]) > 0 {
		key = "remote." + s.remote + ".pushurl"
	}
	vals := s.config[key]
	known := len(vals) > 0 && !slices.ContainsFunc(vals, func(v string) bool { return v == "" || v == "\x00" })
	for k := range s.config {
		known = known && !strings.HasPrefix(k, "url.")
	}
	if known {
		return strings.TrimSpace(vals[0]), nil
	}
	args := []string{"remote", "get-url", "--", s.remote}
	if push {
		args = []string{"remote", "get-url", "--push", "--", s.remote}
	}
	out, err := s.git(ctx, nil, args...)
	return strings.TrimSpace(string(out)), err
}
