package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
)

func (a *app) consolidateCommand() *cobra.Command {
	var apply, asJSON bool
	cmd := &cobra.Command{
		Use:   "consolidate [--json] [--apply]",
		Short: "List near-duplicate passages across files; --apply removes the copies",
		Long: `Consolidate lists groups of near-duplicate passages in different files:
chunks whose word sets overlap by a Jaccard similarity of 0.9 or more
(passages of fewer than 4 distinct words are left out). In each group
one passage is kept: the most important (front matter importance), then
the newest (a dated file's date, else its modification time).

Nothing changes without --apply. With it, the other copies' lines are
removed from their files, atomically under the workspace's write lock;
a file left with no passage is deleted. The files edited and deleted
are printed; 'git diff memory/' shows the rest.

  memweave consolidate
  memweave consolidate --apply`,
		Args: cobra.NoArgs,
		RunE: action(func(cmd *cobra.Command, _ []string) (err error) {
			w, err := a.openWeave(cmd)
			if err != nil {
				return err
			}
			defer closeWeave(w, &err)
			res, err := w.Consolidate(cmd.Context(), apply)
			if err != nil {
				return err
			}
			if asJSON {
				return writeJSON(a.stdout, res)
			}
			a.warn(res.Warnings)
			var b strings.Builder
			for _, g := range res.Groups {
				fmt.Fprintf(&b, "keep %s:%d-%d\n", g.Keep.Path, g.Keep.StartLine, g.Keep.EndLine)
				for _, d := range g.Duplicates {
					fmt.Fprintf(&b, "  duplicate %s:%d-%d\n", d.Path, d.StartLine, d.EndLine)
				}
			}
			for _, p := range res.Edited {
				fmt.Fprintf(&b, "edited %s\n", p)
			}
			for _, p := range res.Deleted {
				fmt.Fprintf(&b, "deleted %s\n", p)
			}
			if len(res.Groups) == 0 {
				fmt.Fprintln(a.stderr, "memweave: no near-duplicate passages")
			} else if !apply {
				fmt.Fprintf(a.stderr, "memweave: %d groups; nothing changed (pass --apply to remove the duplicates)\n", len(res.Groups))
			}
			_, err = fmt.Fprint(a.stdout, b.String())
			return err
		}),
	}
	cmd.Flags().BoolVar(&apply, "apply", false, "remove the duplicates, keeping one passage of each group")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the result as JSON")
	return cmd
}
