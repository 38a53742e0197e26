package main

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/memweave/memweave-go"
)

func (a *app) filesCommand() *cobra.Command {
	var (
		sources []string
		asJSON  bool
	)
	cmd := &cobra.Command{
		Use:   "files",
		Short: "List the indexed files",
		Long: `Files lists the indexed files sorted by path: their source, date, chunk
count, size and modification time. A pending file has chunks still
waiting for embeddings; it is found by keyword meanwhile.`,
		Args: noArgs,
		RunE: action(func(cmd *cobra.Command, _ []string) (err error) {
			if err := notEmpty(cmd, "source"); err != nil {
				return err
			}
			w, err := a.openWeave(cmd)
			if err != nil {
				return err
			}
			defer closeWeave(w, &err)
			files := []memweave.FileInfo{}
			for f, err := range w.Files(cmd.Context(), sources...) {
				if err != nil {
					return err
				}
				files = append(files, f)
			}
			if err := a.reportUnknownSources(cmd.Context(), w, sources, files); err != nil {
				return err
			}
			if asJSON {
				return writeJSON(a.raw, files)
			}
			if len(files) == 0 {
				return nil
			}
			return a.printFiles(files)
		}),
	}
	cmd.Flags().StringArrayVar(&sources, "source", nil, "list only files of this `source` (repeatable)")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the files as a JSON array")
	return cmd
}

// reportUnknownSources tells on stderr why a files listing is empty or
// short: the index is empty, or a requested source has no indexed file,
// in which case it names the sources that do.
func (a *app) reportUnknownSources(ctx context.Context, w *memweave.Weave, requested []string, files []memweave.FileInfo) error {
	listed := map[string]bool{}
	for _, f := range files {
		listed[f.Source] = true
	}
	var missing []string
	for _, s := range requested {
		if !listed[s] && !slices.Contains(missing, s) {
			missing = append(missing, s)
		}
	}
	if len(files) > 0 && len(missing) == 0 {
		return nil
	}
	var known []string
	for f, err := range w.Files(ctx) {
		if err != nil {
			return err
		}
		if !slices.Contains(known, f.Source) {
			known = append(known, f.Source)
		}
	}
	if len(known) == 0 {
		fmt.Fprintln(a.stderr, "memweave: no indexed files; run 'memweave index'")
		return nil
	}
	slices.Sort(known)
	for _, s := range missing {
		fmt.Fprintf(a.stderr, "memweave: no indexed file has source %s; sources: %s\n", s, strings.Join(known, ", "))
	}
	return nil
}

// printFiles prints files as an aligned table.
func (a *app) printFiles(files []memweave.FileInfo) error {
	tw := tabwriter.NewWriter(a.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "PATH\tSOURCE\tDATE\tCHUNKS\tSIZE\tMODIFIED\tSTATE")
	for _, f := range files {
		date := f.Date
		if f.Evergreen {
			date = "evergreen"
		}
		state := "indexed"
		switch {
		case f.TooLarge:
			state = "too large (not searchable)"
		case f.Pending:
			state = "pending"
		case f.Chunks == 0:
			// Not text, empty, or front matter alone: indexed, so not
			// retried until it changes, but no search can return it.
			state = "no searchable text"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%s\t%s\t%s\n", f.Path, f.Source, date, f.Chunks,
			formatBytes(f.Size), f.MTime.Local().Format(time.DateTime), state)
	}
	return tw.Flush()
}

// formatBytes renders n bytes for people: 512 B, 1.5 KiB, 3.2 MiB.
func formatBytes(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	div, exp := int64(unit), 0
	for m := n / unit; m >= unit; m /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %ciB", float64(n)/float64(div), "KMGTPE"[exp])
}
