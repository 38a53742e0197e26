package history

import (
	"os"
	"slices"
	"strings"
)

// otherRepoEnv are the environment variables that make git work on
// another repository than the one "-C dir" finds: its folder, work tree,
// index, objects, shallow and graft files, refs namespace (git's own
// "local" variables, `git rev-parse --local-env-vars`, but for the
// config ones, which say how to work, not where). A git hook of another
// project sets some of them: memweave's git, run there, committed the
// workspace's notes into that project and pushed them to its remote.
var otherRepoEnv = []string{
	"GIT_DIR", "GIT_WORK_TREE", "GIT_IMPLICIT_WORK_TREE", "GIT_COMMON_DIR",
	"GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_ALTERNATE_OBJECT_DIRECTORIES",
	"GIT_SHALLOW_FILE", "GIT_GRAFT_FILE", "GIT_NO_REPLACE_OBJECTS", "GIT_REPLACE_REF_BASE",
	"GIT_NAMESPACE", "GIT_PREFIX", "GIT_INTERNAL_SUPER_PREFIX", "GIT_CONFIG",
}

// gitEnviron is the environment every git memweave runs starts from:
// this process's, without [otherRepoEnv], and with no prompt, no optional
// lock and the C locale.
func gitEnviron() []string {
	env := os.Environ()
	out := make([]string, 0, len(env)+3)
	for _, kv := range env {
		name, _, _ := strings.Cut(kv, "=")
		if !slices.Contains(otherRepoEnv, name) {
			out = append(out, kv)
		}
	}
	return append(out, "GIT_TERMINAL_PROMPT=0", "GIT_OPTIONAL_LOCKS=0", "LC_ALL=C")
}
