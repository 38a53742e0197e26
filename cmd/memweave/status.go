package main

import (
	"fmt"
	"io"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/internal/ctlesc"
	"github.com/memweave/memweave-go/internal/plural"
	"github.com/memweave/memweave-go/workspace"
)

func (a *app) statusCommand() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "status",
		Short: "Describe the index",
		Long: `Status reports the index's size and contents, the embedder, the search
mode, how many files changed on disk since the last index run, and how
many are not indexed: over the size limit, or unreadable. It names each
note indexed under a name get and delete refuse (a backslash, a folder
ending in a dot or a space), to rename.

It counts rows and does not read the vectors or the chunks' text: check
verifies those (a vector holding an infinity or a NaN, which search never
finds, or a chunk whose text no longer matches its hash), and check --repair
fixes them.`,
		Args: noArgs,
		RunE: action(func(cmd *cobra.Command, _ []string) (err error) {
			cfg := a.config()
			cfg.ScanAtOpen = true // the status's scan is its first step
			w, err := a.open(cmd, cfg)
			if err != nil {
				return err
			}
			defer closeWeave(w, &err)
			st, err := w.Status(cmd.Context())
			if err != nil {
				return err
			}
			for _, l := range st.Lookalikes {
				fmt.Fprintln(a.stderr, "memweave: warning: "+a.clean(l))
			}
			if asJSON {
				return writeJSON(a.raw, st)
			}
			tw := tabwriter.NewWriter(a.stdout, 0, 4, 2, ' ', 0)
			fmt.Fprintf(tw, "workspace\t%s\n", st.Workspace)
			fmt.Fprintf(tw, "index\t%s (%s)\n", st.DBPath, formatBytes(st.DBBytes))
			settings := st.Settings
			if settings == "" {
				settings = "none yet (the first index writes memweave.json)"
			}
			fmt.Fprintf(tw, "settings\t%s\n", settings)
			fmt.Fprintf(tw, "files\t%d (%d pending embeddings, %d changed on disk)\n", st.Files, st.PendingFiles, st.StaleFiles)
			if st.TooLargeFiles+st.UnreadableFiles > 0 {
				fmt.Fprintf(tw, "not indexed\t%d over the size limit (memweave files lists them), %d unreadable (memweave index names them)\n",
					st.TooLargeFiles, st.UnreadableFiles)
			}
			for _, p := range st.UnportableFiles {
				fmt.Fprintf(tw, "unsafe name\t%s: %s; get and delete refuse it by this path: rename it\n", p, workspace.Unportable(p))
			}
			fmt.Fprintf(tw, "chunks\t%d (%d with vectors)\n", st.Chunks, st.Vectors)
			if st.ChunkingStale {
				fmt.Fprintf(tw, "chunking\t%s in the index; run index to re-chunk with this version's\n", st.ChunkerVersion)
			}
			fmt.Fprintf(tw, "cache\t%s\n", plural.Count(st.CacheEntries, "embedding"))
			emb := st.Embedder
			if st.Model != "" {
				emb += " " + st.Model
			}
			if st.Dims > 0 {
				emb += fmt.Sprintf(" (%d dims)", st.Dims)
			}
			fmt.Fprintf(tw, "embedder\t%s\n", emb)
			mode := string(st.SearchMode)
			if st.SearchModeReason != "" {
				mode += ": " + st.SearchModeReason
			}
			fmt.Fprintf(tw, "search mode\t%s\n", mode)
			printSyncStatus(tw, st.Sync, a.clean(st.SyncError))
			return tw.Flush()
		}),
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the status as JSON")
	return cmd
}

// printSyncStatus writes the sync lines of status.
func printSyncStatus(w io.Writer, st *memweave.SyncStatus, syncErr string) {
	if st == nil {
		fmt.Fprintf(w, "sync\tnot set up: %s\n", syncErr)
		return
	}
	fmt.Fprintf(w, "sync\t%s with %s/%s: %d ahead, %d behind\n", st.Branch, st.Remote, st.RemoteBranch, st.Ahead, st.Behind)
	if st.IndexedCommit == "" {
		fmt.Fprintf(w, "index reflects\tno sync yet (head %.12s)\n", st.Head)
	} else {
		fmt.Fprintf(w, "index reflects\t%.12s (head %.12s)\n", st.IndexedCommit, st.Head)
	}
	if !st.LastSync.IsZero() {
		outcome := "ok"
		if st.LastError != "" {
			// Read from .memweave/sync.json, which a clone may bring:
			// one line, no control character.
			outcome = "failed: " + ctlesc.Line(st.LastError)
		}
		fmt.Fprintf(w, "last sync\t%s, %s\n", st.LastSync.Local().Format(time.DateTime), outcome)
	}
	// A copy is a note every sync shares: on the machine whose version
	// stayed at the path, the copy is another machine's. The path holds
	// the version synced first, the copy the other.
	for _, c := range st.Conflicts {
		fmt.Fprintf(w, "sync conflict\t%s: the other version is in %s\n", ctlesc.Controls(c.Path), ctlesc.Controls(c.Copy))
	}
}
