package gitsync

import (
	"cmp"
	"os"
	"strings"
)

// offPlanted returns the settings (each a key and its value, given on
// the command line's level) and the environment that keep git from
// running a program that the repository's own config files (local,
// worktree: a copied workspace's .git/config, an include it names) set
// for reaching a remote: its ssh command (core.sshCommand), proxy
// (core.gitProxy), password prompt (core.askPass) and credential helpers
// (credential.helper, credential.<url>.helper). Each gets the user's
// own value instead (system and global config, the environment) or
// git's default. Whoever wrote that .git/config chose what runs as this
// user whenever sync, or an MCP server's sync loop, reached the remote.
// The ext:: and fd:: transports, which run a command the URL names, are
// never allowed, whatever sets them (a remote URL, a url.<base>.insteadOf).
func (s *syncer) offPlanted() (pairs [][2]string, env []string) {
	pairs = [][2]string{{"protocol.ext.allow", "never"}, {"protocol.fd.allow", "never"}}
	// The environment's variables win over any config: set them to the
	// user's value when the repository's files set the key.
	if s.repoSet["core.sshcommand"] && os.Getenv("GIT_SSH_COMMAND") == "" {
		cmd := s.userConfig.last("core.sshcommand")
		if cmd == "" {
			cmd = "ssh"
			if p := os.Getenv("GIT_SSH"); p != "" {
				cmd = shellQuote(p)
			}
		}
		env = append(env, "GIT_SSH_COMMAND="+cmd)
	}
	if s.repoSet["core.askpass"] && os.Getenv("GIT_ASKPASS") == "" {
		// Empty: no prompt program, unless the user names one.
		env = append(env, "GIT_ASKPASS="+cmp.Or(s.userConfig.last("core.askpass"), os.Getenv("SSH_ASKPASS")))
	}
	if s.repoSet["core.gitproxy"] && os.Getenv("GIT_PROXY_COMMAND") == "" {
		// Empty: a direct connection. A user's own core.gitProxy, which
		// may name hosts, cannot be given back through the one variable.
		env = append(env, "GIT_PROXY_COMMAND=")
	}
	helpers := false
	for key := range s.repoSet {
		helpers = helpers || credentialHelper(key)
	}
	if helpers {
		// An empty helper empties the list read so far; the user's come
		// back after it, in their order.
		pairs = append(pairs, [2]string{"credential.helper", ""})
		next := map[string]int{}
		for _, key := range s.userOrder {
			if credentialHelper(key) {
				pairs = append(pairs, [2]string{key, strings.TrimSuffix(s.userConfig[key][next[key]], "\x00")})
				next[key]++
			}
		}
	}
	return pairs, env
}

// credentialHelper reports whether the config key names a credential
// helper: credential.helper or credential.<url>.helper.
func credentialHelper(key string) bool {
	return strings.HasPrefix(key, "credential.") && strings.HasSuffix(key, ".helper")
}

// shellQuote quotes s as one word for sh.
func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }
