package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/gitsync"
	"github.com/memweave/memweave-go/history"
	"github.com/memweave/memweave-go/internal/plural"
)

func (a *app) syncCommand() *cobra.Command {
	var (
		author, remote string
		asJSON         bool
		maxTreeBytes   int64
		stallTimeout   time.Duration
	)
	cmd := &cobra.Command{
		Use:   "sync",
		Short: "Share memory with other machines through the workspace's git remote",
		Long: `Sync commits what changed under memory/ (and memweave.json), fetches the
remote, checks what it fetched (no links, no huge blobs, nothing outside
memory/, no rewritten history), replays this machine's commits on top of
the remote's, pushes (never forcing; a rejected push is fetched and
replayed again) and brings the index up to date with the work tree (the
notes the remote changed and, after a fresh clone's first sync, those the
clone brought).

Dated logs (memory/**/YYYY-MM-DD.md) merge line by line (git's union
merge, declared in .gitattributes). Any other note changed on both
machines keeps the remote's version at its path and this machine's in
a conflict copy, <name>.conflict-<host>-<commit>.md, which sync, status
and conflicts list until you merge it by hand and delete it.

Sync works with the branch's configured upstream (git branch
--set-upstream-to=REMOTE/BRANCH) when it has one, else with origin's
branch of the same name; --remote picks the remote, and its branch of the
same name unless the upstream is on it. Sync and status name the remote
branch.

Sync writes no more than 256 MiB (--max-tree-bytes) of notes the other
side lacks, each note counted at 4 KiB at least: a remote's tree over it,
or this machine's for a remote that lacks its notes, is refused before
anything is written. A team memory of any size syncs its changes; a first
sync of a big one may need the flag.

A fetch or push that makes no progress for 2 minutes (--stall-timeout), a
remote that stopped sending, is stopped: nothing is lost; sync again.

The workspace must be the top folder of a git repository with a remote:
  git init && git remote add origin URL && memweave sync`,
		Args: noArgs,
		RunE: action(func(cmd *cobra.Command, _ []string) (err error) {
			if maxTreeBytes < 0 {
				return usageErr("invalid --max-tree-bytes %d: want 0 (the default, 256 MiB) or more", maxTreeBytes)
			}
			cfg := a.config()
			cfg.MaxTreeBytes = maxTreeBytes
			w, err := a.open(cmd, cfg)
			if err != nil {
				return err
			}
			defer closeWeave(w, &err)
			var opts []memweave.SyncOption
			if author != "" {
				opts = append(opts, memweave.SyncAuthor(author))
			}
			if remote != "" {
				opts = append(opts, memweave.SyncRemote(remote))
			}
			if stallTimeout < 0 {
				return usageErr("invalid --stall-timeout %v: want 0 (no bound) or more", stallTimeout)
			} else if stallTimeout == 0 {
				stallTimeout = -1
			}
			opts = append(opts, memweave.SyncStallTimeout(stallTimeout))
			res, err := w.Sync(cmd.Context(), opts...)
			if res != nil {
				for _, wn := range res.Warnings {
					fmt.Fprintf(a.stderr, "memweave: sync: %s\n", wn)
				}
			}
			if errors.Is(err, memweave.ErrTreeTooLarge) {
				return fmt.Errorf("%w; if the notes are what the team meant to share, sync again with --max-tree-bytes over that count", err)
			} else if errors.Is(err, history.ErrStalled) {
				return fmt.Errorf("%w (--stall-timeout); nothing was lost: if the remote is slow rather than stuck, sync again with a longer --stall-timeout (0: none)", err)
			} else if err != nil {
				return err
			}
			if asJSON {
				return writeJSON(a.raw, res)
			}
			var b strings.Builder
			if res.Committed != "" {
				fmt.Fprintf(&b, "committed %.12s: %s\n", res.Committed, firstLine(res.CommitMessage))
			}
			fmt.Fprintf(&b, "brought in %s from %s/%s; head %.12s", plural.Count(len(res.Changed), "changed note"), res.Remote, res.RemoteBranch, res.Head)
			if res.Pushed {
				fmt.Fprintf(&b, ", pushed to %s/%s", res.Remote, res.RemoteBranch)
			}
			b.WriteString("\n")
			for _, c := range res.Conflicts {
				// A file where the other side made a folder: the folder
				// stays, whichever side's, and the file is in the copy.
				if fi, err := os.Lstat(filepath.Join(w.Config().Workspace, filepath.FromSlash(c.Path))); err == nil && fi.IsDir() {
					fmt.Fprintf(&b, "conflict: %s is a folder on one side and a file on the other; the folder is there, the file is in %s\n", c.Path, c.Copy)
					continue
				}
				fmt.Fprintf(&b, "conflict: %s changed on both sides; the remote's version is there, this machine's is in %s\n", c.Path, c.Copy)
			}
			_, err = fmt.Fprint(a.stdout, b.String())
			return err
		}),
	}
	cmd.Flags().StringVar(&author, "author", "", "author of sync's commits, `\"Name <email>\"` (default: git's user.name and user.email)")
	cmd.Flags().StringVar(&remote, "remote", "", "the git `remote` to sync with (default: the upstream's, else origin)")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print what sync did as JSON")
	cmd.Flags().DurationVar(&stallTimeout, "stall-timeout", gitsync.DefaultStallTimeout, "stop a fetch or push from the remote that makes no progress for this `duration` (0: no bound)")
	cmd.Flags().Int64Var(&maxTreeBytes, "max-tree-bytes", 0, "the most `bytes` of notes a sync takes in or sends that the other side lacks, each note counted at 4096 at least (default 256 MiB)")
	return cmd
}

// firstLine is s up to its first line ending.
func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}
