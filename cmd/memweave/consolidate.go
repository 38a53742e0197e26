package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/curate"
	"github.com/memweave/memweave-go/internal/plural"
)

func (a *app) consolidateCommand() *cobra.Command {
	var apply, asJSON bool
	cmd := &cobra.Command{
		Use:   "consolidate [--json] [--apply ID...]",
		Short: "List near-duplicate passages across files; --apply ID removes the copies of the groups named",
		Long: `Consolidate lists groups of near-duplicate passages in different files,
each with an id, and changes nothing. Two passages are near duplicates
when their word sets overlap by a Jaccard similarity of 0.9 or more, no
value differs between them (a number, a date, a negation, a name, or
anything 'memweave conflicts' would read as a disagreement), and the
copy dropped holds no word the kept one lacks nor the kept copy one
that may change the fact (anything but articles, also, too, very, so and adverbs:
"to" or "from", "he" or "she", "was" or "is" state other facts), nor a
subject its note's folders, file name or front matter (tags, or a field
such as title or env) state that the kept one's do not (staging.md and
production.md hold two facts; dates and names such as notes, inbox or
journal state none). Similar
pairs held back (a value differs, or a copy says more) are listed after the
groups: a value that differs is for 'memweave conflicts' and
'memweave resolve'.

In each group the passage kept is one holding a line a resolution keeps
(its marker names it), else the newest by the note's own date: a
dated file name (YYYY-MM-DD.md, in any folder), else the date field of its front
matter, else its last git commit, else its modification time. Every
other copy is printed with its similarity to the kept one and the words
that differ (+ only in the kept copy, - only in this copy).

With --apply and the ids of the groups to apply, the groups are listed
again and, under the workspace's write lock, every passage of a group is
read again and compared with the listing by content hash: if one
changed, nothing of that group changes and the reason is printed. Then
the kept note takes pinned, tags, importance and feedback marks from its copies' front
matter, and the copies' lines are removed (a file left with no passage
is deleted, unless its front matter holds fields other than pinned,
tags, importance, feedback, expires and date, which it keeps). 'git
diff memory/' shows the rest.

  memweave consolidate
  memweave consolidate --apply 3f2a9c1b7e04 9d0e11aa4b21`,
		Args: func(cmd *cobra.Command, args []string) error {
			if !apply && len(args) > 0 {
				return usageErr("consolidate takes group ids only with --apply, got %q", args[0])
			}
			if apply && len(args) == 0 {
				return usageErr("consolidate --apply needs the ids of the groups to apply; run 'memweave consolidate' to list the groups and their ids")
			}
			if apply && slices.ContainsFunc(args, func(a string) bool { return strings.TrimSpace(a) == "" }) {
				return usageErr("consolidate --apply needs group ids, got an empty one")
			}
			return nil
		},
		RunE: action(func(cmd *cobra.Command, ids []string) (err error) {
			w, err := a.openWeave(cmd)
			if err != nil {
				return err
			}
			defer closeWeave(w, &err)
			if apply {
				return a.applyConsolidation(cmd, w, ids, asJSON)
			}
			plan, err := w.Consolidate(cmd.Context())
			if err != nil {
				return err
			}
			if asJSON {
				return writeJSON(a.raw, plan)
			}
			a.warn(plan.Warnings)
			if _, err := fmt.Fprint(a.stdout, formatPlan(plan)); err != nil {
				return err
			}
			switch n := len(plan.Groups); {
			case n == 0:
				fmt.Fprintln(a.stderr, "memweave: no near-duplicate passages; nothing changed")
			case n == 1:
				fmt.Fprintln(a.stderr, "memweave: 1 group; nothing changed (remove its copies with: memweave consolidate --apply ID)")
			default:
				fmt.Fprintf(a.stderr, "memweave: %s; nothing changed (remove their copies with: memweave consolidate --apply ID...)\n", plural.Count(n, "group"))
			}
			return nil
		}),
	}
	cmd.Flags().BoolVar(&apply, "apply", false, "remove the copies of the groups whose ids follow, keeping one passage of each")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the result as JSON")
	return cmd
}

// formatPlan prints the groups of plan and the pairs held back.
func formatPlan(plan *memweave.ConsolidatePlan) string {
	var b strings.Builder
	for _, g := range plan.Groups {
		fmt.Fprintf(&b, "group %s\n", g.ID)
		fmt.Fprintf(&b, "  keep      %s:%d-%d (%s, %s)\n", g.Keep.Path, g.Keep.StartLine, g.Keep.EndLine, g.Keep.Date, g.Keep.DateFrom)
		for _, d := range g.Duplicates {
			differs := "words " + wordDiff(d.OnlyKept, d.OnlyDuplicate)
			if len(d.OnlyKept)+len(d.OnlyDuplicate) == 0 || curate.OneText(g.Keep.Text, d.Text) {
				// Words say nothing of such a pair ("the same", "-b" of
				// <b>): the lines that differ do.
				differs = "lines " + curate.ShowLines(d.Text, g.Keep.Text)
			}
			fmt.Fprintf(&b, "  duplicate %s:%d-%d (%s, %s) similarity %.2f, %s\n",
				d.Path, d.StartLine, d.EndLine, d.Date, d.DateFrom, d.Similarity, differs)
		}
	}
	for _, h := range plan.Held {
		fmt.Fprintf(&b, "not duplicates %s:%d-%d and %s:%d-%d, similarity %.2f: %s\n",
			h.A.Path, h.A.StartLine, h.A.EndLine, h.B.Path, h.B.StartLine, h.B.EndLine, h.Similarity, h.Reason)
	}
	return b.String()
}

// wordDiff shows the words that differ: "+w" only in the kept copy, "-w"
// only in the duplicate, "the same" when none does.
func wordDiff(kept, dup []string) string {
	var parts []string
	for _, w := range kept {
		parts = append(parts, "+"+w)
	}
	for _, w := range dup {
		parts = append(parts, "-"+w)
	}
	if len(parts) == 0 {
		return "the same"
	}
	return strings.Join(parts, " ")
}

// applyConsolidation runs consolidate --apply.
func (a *app) applyConsolidation(cmd *cobra.Command, w *memweave.Weave, ids []string, asJSON bool) error {
	res, err := w.ApplyConsolidation(cmd.Context(), ids)
	if res == nil {
		return err
	}
	if asJSON {
		if jerr := writeJSON(a.raw, res); jerr != nil {
			return jerr
		}
	} else {
		a.warn(res.Warnings)
		var b strings.Builder
		for _, id := range res.Applied {
			fmt.Fprintf(&b, "applied %s\n", id)
		}
		for _, s := range res.Skipped {
			fmt.Fprintf(&b, "skipped %s: %s\n", s.ID, a.clean(s.Reason))
		}
		for _, p := range res.Merged {
			fmt.Fprintf(&b, "merged front matter into %s\n", p)
		}
		for _, p := range res.Edited {
			fmt.Fprintf(&b, "edited %s\n", p)
		}
		for _, p := range res.Deleted {
			fmt.Fprintf(&b, "deleted %s\n", p)
		}
		if _, werr := fmt.Fprint(a.stdout, b.String()); werr != nil {
			return werr
		}
	}
	if err == nil && len(res.Skipped) > 0 {
		err = fmt.Errorf("consolidate: %d of %d groups skipped, as printed", len(res.Skipped), len(res.Skipped)+len(res.Applied))
	}
	return err
}
