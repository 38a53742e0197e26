package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/internal/plural"
)

func (a *app) packCommand() *cobra.Command {
	var (
		budget         int
		maxCandidates  int
		sources        []string
		asJSON         bool
		superseded     string
		includeExpired bool
	)
	cmd := &cobra.Command{
		Use:   "pack QUERY --budget N",
		Short: "Print the passages that best answer a query within a token budget",
		Long: `Pack searches for QUERY and prints the passages, whole lines of memory
files, that together carry the most relevance within N tokens, estimated
as four bytes per token: ready to paste into a prompt. Near-duplicate
passages are dropped (not two that differ in a value, such as a number
or a negation, or in a word that may change the fact, or whose notes
name other subjects, as memory/staging/db.md and memory/production/db.md,
front matter such as "title: Production database", or the headings
they sit under: both facts stay), overlapping ones are cut so that no
line comes twice, and the choice is an exact knapsack, not a greedy
fill, in which a superseded passage takes only room no other wants
(while its line kept is there: else it is the fact's only version);
the total never exceeds N. A passage of lines inside a fenced code
block stays code: the block's opening line is printed before it and a
closing fence after it; one of a table's later rows comes under the
table's header and delimiter rows; both counted in its size. Several arguments are
joined into one query.

Each passage is printed under a "path:start-end" line with its score
and size, and "superseded by PATH:LINE" when a resolution in the files
supersedes it (memweave resolve; --superseded hide leaves such passages
out); on a terminal a passage's control characters are shown escaped
(\x1b), into a pipe or a file copied as they are; a
summary goes to stderr, saying how many passages found are each larger
than the budget (left out, never cut) and the smallest one's size. With
--json the pack is one object: query, budget, total_tokens and items,
each with path, start_line, end_line, tokens, score, text and
superseded_by when set, over_budget and smallest_over_budget when
passages found are over the budget, warnings (as search prints
them, and a note left out because it could not be read) and hidden
(what the search's filters left out, as search --json has it). As
search does, pack says on stderr how many matching passages of
expired notes (--include-expired keeps them) and superseded passages
(--superseded hide) it left out.`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usageErr("pack needs a QUERY argument")
			}
			return nil
		},
		RunE: action(func(cmd *cobra.Command, args []string) (err error) {
			if !cmd.Flags().Changed("budget") {
				return usageErr("pack needs --budget N, the token budget")
			}
			if budget <= 0 {
				return usageErr("invalid --budget %d: must be a positive number of tokens", budget)
			}
			var opts []memweave.PackOption
			if cmd.Flags().Changed("max-candidates") {
				if maxCandidates <= 0 {
					return usageErr("invalid --max-candidates %d: must be positive", maxCandidates)
				}
				opts = append(opts, memweave.PackCandidates(maxCandidates))
			}
			for _, s := range sources {
				if s == "" {
					return usageErr("invalid --source %q: must not be empty", s)
				}
			}
			if len(sources) > 0 {
				opts = append(opts, memweave.Sources(sources...))
			}
			sup, err := supersededFlag(superseded)
			if err != nil {
				return err
			}
			opts = append(opts, sup)
			if includeExpired {
				opts = append(opts, memweave.IncludeExpired())
			}
			w, err := a.openWeave(cmd)
			if err != nil {
				return err
			}
			defer closeWeave(w, &err)
			p, err := w.Pack(cmd.Context(), strings.Join(args, " "), budget, opts...)
			if err != nil {
				return queryUsage(err)
			}
			if asJSON {
				return writeJSON(a.raw, p)
			}
			a.warn(p.Warnings)
			for _, h := range hiddenHints(p.Hidden, -1) {
				fmt.Fprintln(a.stderr, "memweave: "+h)
			}
			summary := fmt.Sprintf("memweave: packed %s, %d of %d tokens", plural.Count(len(p.Items), "passage"), p.TotalTokens, p.Budget)
			if p.OverBudget > 0 {
				summary += fmt.Sprintf("; %d more found, each over the budget (the smallest %d tokens)", p.OverBudget, p.SmallestOverBudget)
			}
			fmt.Fprintln(a.stderr, summary)
			var b strings.Builder
			for i, it := range p.Items {
				if i > 0 {
					b.WriteString("\n")
				}
				fmt.Fprintf(&b, "%s:%d-%d  score %.3f  %d tokens", it.Path, it.StartLine, it.EndLine, it.Score, it.Tokens)
				if it.SupersededBy != nil {
					fmt.Fprintf(&b, "  superseded by %s", keptRef(*it.SupersededBy))
				}
				fmt.Fprintf(&b, "\n%s\n", it.Text)
			}
			_, err = io.WriteString(a.content(), b.String())
			return err
		}),
	}
	fl := cmd.Flags()
	fl.IntVar(&budget, "budget", 0, "the token budget `N` (required)")
	fl.IntVar(&maxCandidates, "max-candidates", 50, "consider the best `N` search results")
	fl.StringArrayVar(&sources, "source", nil, "search only this `source` (repeatable)")
	fl.BoolVar(&asJSON, "json", false, "print the pack as JSON")
	fl.StringVar(&superseded, "superseded", "mark", "passages a resolution in the files supersedes: `mark`, hide or off")
	fl.BoolVar(&includeExpired, "include-expired", false, "keep notes whose front matter expires date is past")
	return cmd
}
