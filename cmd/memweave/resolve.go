package main

import (
	"fmt"
	"path"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/memweave/memweave-go"
)

func (a *app) resolveCommand() *cobra.Command {
	var (
		keep, drop, reason string
		keepText, dropText string
		expectHash         string
		asJSON             bool
	)
	cmd := &cobra.Command{
		Use:   "resolve --keep PATH:LINE --drop PATH:LINE[-LINE] [--reason TEXT] [--keep-text TEXT] [--drop-text TEXT]",
		Short: "Settle a contradiction: mark the lines named superseded by another line",
		Long: `Resolve settles a contradiction that 'memweave conflicts' reported by
keeping one line: it supersedes the lines --drop names (one line, or a
range FIRST-LAST) and nothing else, by writing a marker right after them,
in plain Markdown, naming them and the line kept by content, the day and
the reason:

  The staging database runs PostgreSQL 15.
  > Superseded (1 line above, #3f2a9c1b) by memory/stack.md#7d0e4a21 (2026-12-01): moved to 16

The other lines of their passage, and notes added to the file later, are
not superseded. Conflicts then no longer lists the pair; searches mark
the superseded lines (--superseded hide leaves them out). The reference
to the kept line survives edits above it; editing a superseded line
voids the marker. Resolving the same lines again replaces the marker;
deleting the marker undoes it. The edit is atomic, takes the workspace's
write lock and follows the path rules of 'memweave write'.

  memweave resolve --keep memory/stack.md:12 --drop memory/2026-03-02.md:5 --reason "moved to Postgres 16"

Each marker adds a line, which moves the lines below it: a second
resolution taken from the same listing would name the wrong line. Give
the lines' text as the listing showed them (--keep-text, --drop-text):
a line that moved is then found by its text, and a text no line of the
note reads any more, or several do, is refused with nothing written.

  memweave resolve --keep memory/stack.md:12 --keep-text "- We run Postgres 16." \
    --drop memory/2026-03-02.md:5 --drop-text "- We run Postgres 15."`,
		Args: noArgs,
		RunE: action(func(cmd *cobra.Command, _ []string) (err error) {
			if err := checkExpectHash(cmd, expectHash); err != nil {
				return err
			}
			if keep == "" || drop == "" {
				return usageErr("resolve needs --keep PATH:LINE and --drop PATH:LINE or PATH:FIRST-LAST")
			}
			kp, kl, err := parseRef("resolve --keep", keep)
			if err != nil {
				return err
			}
			dropRef, err := parseLines("resolve --drop", drop)
			if err != nil {
				return err
			}
			if expectHash != "" && keepText == "" && noteName(kp) != noteName(dropRef.Path) {
				return usageErr("resolve --expect-hash is the hash of the --drop file (%s) alone: give --keep-text, the text of the --keep line (%s) as the listing showed it, so that an edit of that note since is seen, or leave --expect-hash out", dropRef.Path, keep)
			}
			w, err := a.openWeave(cmd)
			if err != nil {
				return err
			}
			defer closeWeave(w, &err)
			dropRef.Text = dropText
			res, err := w.Resolve(cmd.Context(), memweave.Ref{Path: kp, StartLine: kl, Text: keepText}, dropRef, reason, memweave.ExpectHash(expectHash))
			if err != nil {
				return staleHash(expectHash, err)
			}
			if asJSON {
				return writeJSON(a.raw, res)
			}
			_, err = fmt.Fprintf(a.stdout, "%s:%d: %s\n", res.Dropped.Path, res.MarkerLine, res.Line)
			return err
		}),
	}
	fl := cmd.Flags()
	fl.StringVar(&keep, "keep", "", "the line kept, `PATH:LINE`")
	fl.StringVar(&drop, "drop", "", "the lines superseded, `PATH:LINE` or PATH:FIRST-LAST")
	fl.StringVar(&reason, "reason", "", "why, in a few words (`TEXT`, one line)")
	fl.StringVar(&keepText, "keep-text", "", "the text of the --keep line as the listing showed it (`TEXT`): a line moved since is found by it")
	fl.StringVar(&dropText, "drop-text", "", "the text of the first --drop line as the listing showed it (`TEXT`): lines moved since are found by it; or of every line of the range, one per line: an edit inside it since is then refused")
	fl.BoolVar(&asJSON, "json", false, "print the result as JSON")
	fl.StringVar(&expectHash, "expect-hash", "", "refuse unless the --drop file holds the content whose hex SHA-256 is `HASH`; nothing is written on a mismatch (with --keep in another note, give --keep-text too)")
	return cmd
}

// noteName returns the note path p names as the path rules of write
// read it: cleaned, without the "memory/" prefix it may be given with.
func noteName(p string) string {
	return strings.TrimPrefix(path.Clean(filepath.ToSlash(p)), "memory/")
}

// parseLines reads the flag name's value arg, PATH:LINE or
// PATH:FIRST-LAST ([parseLineRef]).
func parseLines(name, arg string) (memweave.Ref, error) {
	r, err := parseLineRef(name, arg, "LINE or FIRST-LAST, such as memory/log.md:5-7")
	switch {
	case err != nil:
		return memweave.Ref{}, err
	case r.from == 0:
		return memweave.Ref{}, usageErr("%s: %q is not PATH:LINE, such as memory/stack.md:12", name, arg)
	case r.to == 0:
		return memweave.Ref{}, usageErr("%s: the lines of %q must be FIRST-LAST, numbers from 1 with FIRST <= LAST, such as memory/log.md:5-7", name, arg)
	case r.to == r.from:
		return memweave.Ref{Path: r.path, StartLine: r.from}, nil
	}
	return memweave.Ref{Path: r.path, StartLine: r.from, EndLine: r.to}, nil
}
