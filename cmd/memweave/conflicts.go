package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/conflict"
	"github.com/memweave/memweave-go/internal/plural"
)

func (a *app) conflictsCommand() *cobra.Command {
	var (
		sources []string
		prefix  string
		limit   int
		asJSON  bool
	)
	cmd := &cobra.Command{
		Use:   "conflicts",
		Short: "List pairs of memories that seem to contradict each other",
		Long: `Conflicts lists pairs of chunks, in different files or far apart in one
file, that speak about the same subject and disagree: a different value
(number, version, date, name), a negation or an antonym. Each pair is
"likely" or "possible", with a short reason and the side that is newer
(the dated file, else the modification time, else the commit time).
The rules are offline and deterministic; they are hints to review, not
verdicts. The search is bounded (100,000 chunks, 64 comparisons per
claim, about a million conflicting pairs); past a bound the answer says
it is truncated: narrow it with --path-prefix or --source.

  memweave conflicts --path-prefix memory/projects/ --json`,
		Args: noArgs,
		RunE: action(func(cmd *cobra.Command, _ []string) (err error) {
			if err := notEmpty(cmd, "source"); err != nil {
				return err
			}
			if limit <= 0 || limit > 10_000 {
				return usageErr("invalid --limit %d: must be in [1,10000]", limit)
			}
			opts := []memweave.SearchOption{memweave.MaxResults(limit), memweave.PathPrefix(prefix)}
			if len(sources) > 0 {
				opts = append(opts, memweave.Sources(sources...))
			}
			w, err := a.openWeave(cmd)
			if err != nil {
				return err
			}
			defer closeWeave(w, &err)
			resp, err := w.Conflicts(cmd.Context(), opts...)
			if err != nil {
				return err
			}
			if asJSON {
				copies, err := w.SyncConflicts(cmd.Context())
				if err != nil {
					return err
				}
				// The shape of memory_conflicts' answer (mcpserver's conflictsOutput).
				return writeJSON(a.raw, struct {
					conflict.Result
					Warnings      []string                `json:"warnings"`
					SyncConflicts []memweave.SyncConflict `json:"sync_conflicts,omitempty"`
				}{resp.Result, a.cleanAll(resp.Warnings), copies})
			}
			a.warn(resp.Warnings)
			if resp.Truncated {
				fmt.Fprintf(a.stderr, "memweave: %s\n", resp.Note)
			}
			var b strings.Builder
			for _, c := range resp.Conflicts {
				mark := func(side string) string {
					if c.Newer == side {
						return " (newer)"
					}
					return ""
				}
				fmt.Fprintf(&b, "%-8s  %s\n", c.Kind, c.Reason)
				fmt.Fprintf(&b, "%sa  %s:%d-%d%s  %s\n", indent, c.A.Path, c.A.StartLine, c.A.EndLine, mark("a"), preview(c.A.Text, previewRunes))
				fmt.Fprintf(&b, "%sb  %s:%d-%d%s  %s\n", indent, c.B.Path, c.B.StartLine, c.B.EndLine, mark("b"), preview(c.B.Text, previewRunes))
			}
			fmt.Fprintf(a.stderr, "memweave: %s found, %d shown\n", plural.Count(resp.Total, "conflict"), len(resp.Conflicts))
			copies, err := w.SyncConflicts(cmd.Context())
			if err != nil {
				return err
			}
			for _, c := range copies {
				fmt.Fprintf(&b, "%-8s  %s changed on two machines; merge %s into it, then delete the copy\n", "sync", c.Path, c.Copy)
			}
			_, err = fmt.Fprint(a.stdout, b.String())
			return err
		}),
	}
	fl := cmd.Flags()
	fl.StringArrayVar(&sources, "source", nil, "only this `source` (repeatable)")
	fl.StringVar(&prefix, "path-prefix", "", "only files whose path starts with `P`, e.g. memory/projects/")
	fl.IntVar(&limit, "limit", 100, "show at most `N` conflicts, likely first")
	fl.BoolVar(&asJSON, "json", false, "print the conflicts as JSON")
	return cmd
}
