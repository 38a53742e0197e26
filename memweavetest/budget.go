package memweavetest

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// ConflictShape writes under root/memory/ a workspace shaped against the
// limits of contradiction detection: groups of 128 near-identical claims
// of 64 content words, three claims per section (one chunk), each pair
// of a group differing in one number (so every pair is compared and
// judged), in files of 100 sections. chunks is the number of sections
// written; every file gets the same modification time, Now.
func ConflictShape(root string, chunks int) error {
	const group, perChunk, perFile = 128, 3, 100
	dir := filepath.Join(root, "memory", "shape")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	var b strings.Builder
	flush := func(n int) error {
		if b.Len() == 0 {
			return nil
		}
		p := filepath.Join(dir, fmt.Sprintf("f%05d.md", n))
		if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
			return err
		}
		b.Reset()
		return os.Chtimes(p, Now, Now)
	}
	for i := 0; i < chunks; i++ {
		if i%perFile == 0 {
			if err := flush(i/perFile - 1); err != nil {
				return err
			}
			b.WriteString("# Notes\n\n")
		}
		b.WriteString("## Section\n\n")
		for j := 0; j < perChunk; j++ {
			c := i*perChunk + j
			g, k := c/group, c%group
			for w := 0; w < 63; w++ {
				if w == 31 {
					fmt.Fprintf(&b, "%d ", 1000+k)
				}
				b.WriteString(letters(g*64+w) + " ")
			}
			b.WriteString("end.\n")
		}
		b.WriteString("\n")
	}
	return flush((chunks - 1) / perFile)
}

// letters spells n as a lower-case word of letters only, distinct for
// every n: claim words without digits.
func letters(n int) string {
	const cons, vows = "bcdfghjklmnpqrstvwxz", "aeiou"
	s := []byte{cons[n%20]}
	for n /= 20; n > 0; n /= 100 {
		s = append(s, vows[n%5], cons[(n/5)%20])
	}
	return string(s) + "o"
}

// AmplifyingCommit makes root a git repository whose one commit holds a
// blob of size bytes of Markdown under names paths (memory/a00.md,
// memory/a01.md, ...): git stores the blob once, about 50 KB compressed
// for 16 MiB. The commit is branch amplify; the working tree's memory/ stays empty.
// It returns the commit id.
func AmplifyingCommit(ctx context.Context, root string, size, names int) (string, error) {
	run := func(stdin string, args ...string) (string, error) {
		cmd := exec.CommandContext(ctx, "git", append([]string{"-C", root}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t",
			"GIT_COMMITTER_EMAIL=t@example.com", "GIT_AUTHOR_DATE="+Now.Format(time.RFC3339), "GIT_COMMITTER_DATE="+Now.Format(time.RFC3339))
		if stdin != "" {
			cmd.Stdin = strings.NewReader(stdin)
		}
		out, err := cmd.CombinedOutput()
		if err != nil {
			return "", fmt.Errorf("git %s: %s: %w", args[0], out, err)
		}
		return strings.TrimSpace(string(out)), nil
	}
	if _, err := run("", "init", "-q"); err != nil {
		return "", err
	}
	var b strings.Builder
	for i := 0; b.Len() < size; i++ {
		if i%20 == 0 {
			fmt.Fprintf(&b, "## Part %d\n\n", i/20)
		}
		fmt.Fprintf(&b, "The %s service listens on port %d and keeps %d replicas.\n\n", letters(i%10), 8000+i%10, 1+i%5)
	}
	blobPath := filepath.Join(root, "blob.md")
	if err := os.WriteFile(blobPath, []byte(b.String()[:size]), 0o644); err != nil {
		return "", err
	}
	oid, err := run("", "hash-object", "-w", blobPath)
	if err != nil {
		return "", err
	}
	os.Remove(blobPath)
	var idx strings.Builder
	for i := 0; i < names; i++ {
		fmt.Fprintf(&idx, "100644 %s\tmemory/a%02d.md\n", oid, i)
	}
	if _, err := run(idx.String(), "update-index", "--add", "--index-info"); err != nil {
		return "", err
	}
	tree, err := run("", "write-tree")
	if err != nil {
		return "", err
	}
	commit, err := run("", "commit-tree", tree, "-m", "amplify")
	if err != nil {
		return "", err
	}
	if _, err := run("", "update-ref", "refs/heads/amplify", commit); err != nil {
		return "", err
	}
	return commit, os.MkdirAll(filepath.Join(root, "memory"), 0o755)
}
