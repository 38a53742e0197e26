package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/memweave/memweave-go"
)

func (a *app) resolveCommand() *cobra.Command {
	var (
		keep, drop, reason string
		expectHash         string
		asJSON             bool
	)
	cmd := &cobra.Command{
		Use:   "resolve --keep PATH:LINE --drop PATH:LINE [--reason TEXT]",
		Short: "Settle a contradiction: mark one passage superseded by another",
		Long: `Resolve settles a contradiction that 'memweave conflicts' reported by
keeping one passage: it adds a line right after the dropped passage (any
line of it names it), in plain Markdown, naming the passage kept, the
day and the reason:

  > Superseded by memory/stack.md:12 (2026-12-01): we moved to Postgres

Conflicts then no longer lists the pair, and searches show the dropped
passage after the others, marked superseded (--superseded hide leaves it
out). Resolving a passage again replaces its line; deleting the line
undoes it. The edit is atomic, takes the workspace's write lock and
follows the path rules of 'memweave write'.

  memweave resolve --keep memory/stack.md:12 --drop memory/2026-03-02.md:5 --reason "moved to Postgres"`,
		Args: cobra.NoArgs,
		RunE: action(func(cmd *cobra.Command, _ []string) (err error) {
			if keep == "" || drop == "" {
				return usageErr("resolve needs --keep PATH:LINE and --drop PATH:LINE")
			}
			kp, kl, err := parseRef("resolve --keep", keep)
			if err != nil {
				return err
			}
			dp, dl, err := parseRef("resolve --drop", drop)
			if err != nil {
				return err
			}
			w, err := a.openWeave(cmd)
			if err != nil {
				return err
			}
			defer closeWeave(w, &err)
			res, err := w.Resolve(cmd.Context(), memweave.Ref{Path: kp, StartLine: kl}, memweave.Ref{Path: dp, StartLine: dl}, reason, memweave.ExpectHash(expectHash))
			if err != nil {
				return err
			}
			if asJSON {
				return writeJSON(a.stdout, res)
			}
			_, err = fmt.Fprintf(a.stdout, "%s:%d: %s\n", res.Dropped.Path, res.Dropped.StartLine, res.Line)
			return err
		}),
	}
	fl := cmd.Flags()
	fl.StringVar(&keep, "keep", "", "the passage to keep, `PATH:LINE`")
	fl.StringVar(&drop, "drop", "", "the passage superseded, `PATH:LINE`")
	fl.StringVar(&reason, "reason", "", "why, in a few words (`TEXT`, one line)")
	fl.BoolVar(&asJSON, "json", false, "print the result as JSON")
	fl.StringVar(&expectHash, "expect-hash", "", "refuse unless the --drop file holds the content whose hex SHA-256 is `HASH`; nothing is written on a mismatch")
	return cmd
}
