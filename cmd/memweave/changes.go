package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/internal/plural"
)

func (a *app) changesCommand() *cobra.Command {
	var (
		asJSON        bool
		offset, limit int
	)
	cmd := &cobra.Command{
		Use:   "changes REV1 [REV2]",
		Short: "List the memory chunks added, removed or changed between two git revisions",
		Long: `Changes compares memory/ at git revision REV1 with memory/ at REV2, or
with the working tree when REV2 is not given, chunk by chunk, and lists
the chunks added, removed or changed, with paths and line ranges: what
an agent learned or forgot. It needs git and a workspace inside a git
repository. At most --limit changes are shown (1,000 by default); a
truncated answer says so and names the --offset of the rest. Each
distinct blob is read and chunked once, files over the size limit are
skipped (and listed).

  memweave changes HEAD~5
  memweave changes v1.0 main --json`,
		Args: func(cmd *cobra.Command, args []string) error {
			switch {
			case len(args) < 1:
				return usageErr("changes needs REV1 and an optional REV2")
			case len(args) > 2:
				return usageErr("changes takes REV1 and an optional REV2, got %d arguments: %q and any after it are extra", len(args), args[2])
			}
			// An empty REV2 (a script's unset variable) must not mean
			// REV2 left out: the files as they are now.
			for i, rev := range args {
				if strings.TrimSpace(rev) == "" && i == 0 {
					return usageErr("REV1 must not be empty")
				}
				if strings.TrimSpace(rev) == "" {
					return usageErr("REV2 must not be empty (leave it out to compare with the files as they are now)")
				}
			}
			return nil
		},
		RunE: action(func(cmd *cobra.Command, args []string) (err error) {
			to := ""
			if len(args) == 2 {
				to = args[1]
			}
			w, err := a.openWeave(cmd)
			if err != nil {
				return err
			}
			defer closeWeave(w, &err)
			if limit <= 0 || limit > 10_000 {
				return usageErr("invalid --limit %d: must be in [1,10000]", limit)
			}
			if offset < 0 {
				return usageErr("invalid --offset %d: must be 0 or more", offset)
			}
			resp, err := w.Changes(cmd.Context(), args[0], to, memweave.ChangesPage{Offset: offset, Limit: limit})
			if err != nil {
				return err
			}
			if asJSON {
				return writeJSON(a.raw, resp)
			}
			for _, s := range resp.Skipped {
				fmt.Fprintf(a.stderr, "memweave: skipped %s\n", s)
			}
			if resp.Truncated {
				fmt.Fprintf(a.stderr, "memweave: %s, %d shown; the rest with --offset %d\n", plural.Count(resp.Total, "change"), len(resp.Changes), resp.NextOffset)
			}
			var b strings.Builder
			for _, c := range resp.Changes {
				switch {
				case c.Old == nil:
					fmt.Fprintf(&b, "added    %s:%d-%d\n%s+ %s\n", c.Path, c.New.StartLine, c.New.EndLine, indent, preview(c.New.Text, previewRunes))
				case c.New == nil:
					fmt.Fprintf(&b, "removed  %s:%d-%d\n%s- %s\n", c.Path, c.Old.StartLine, c.Old.EndLine, indent, preview(c.Old.Text, previewRunes))
				default:
					fmt.Fprintf(&b, "changed  %s:%d-%d -> %d-%d\n%s- %s\n%s+ %s\n", c.Path, c.Old.StartLine, c.Old.EndLine,
						c.New.StartLine, c.New.EndLine, indent, preview(c.Old.Text, previewRunes), indent, preview(c.New.Text, previewRunes))
				}
			}
			_, err = fmt.Fprint(a.stdout, b.String())
			return err
		}),
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the changes as JSON")
	cmd.Flags().IntVar(&limit, "limit", 1000, "show at most `N` changes")
	cmd.Flags().IntVar(&offset, "offset", 0, "skip the first `N` changes (the next_offset of a truncated answer)")
	return cmd
}
