package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/curate"
)

func (a *app) feedbackCommand() *cobra.Command {
	var (
		asJSON     bool
		expectHash string
		passage    string
	)
	cmd := &cobra.Command{
		Use:   "feedback PATH:LINE useful|useless [--passage KEY]",
		Short: "Mark a passage useful or useless, in the note's front matter",
		Long: `Feedback records that the passage holding line LINE of the memory file
PATH (any line of it, such as the start line a search printed) was useful
or useless. The mark goes into the note's front matter, under the
passage's key (a hash of its first line, heading path and text, so it
survives edits above the passage, and two passages opening with the same
line keep their own marks), and the note is re-indexed:

  ---
  feedback:
    p3f9a1c2d5b2e0c3d: {useful: 3, useless: 0}
  ---

Searches rank a passage with more useful than useless marks up to 5%
higher, and one with more useless marks up to 5% lower, never out of the
results. The edit is atomic, takes the workspace's write lock and follows
the path rules of 'memweave write'; 'git diff memory/' shows it.

Pass the result's passage key too (search --json gives it as "passage";
the line is then a hint): a first mark adds front matter to a note
without it, which moves every line below, so a second mark by the line
a search printed earlier would land on the wrong passage. With
--passage, the passage is found by its key; a key no passage of the note
has, or several have, is refused and nothing is written.

  memweave feedback memory/stack.md:12 useful --passage p3f9a1c2d5b2e0c3d`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 2 || (args[1] != "useful" && args[1] != "useless") {
				return usageErr("feedback takes PATH:LINE and useful or useless, got %q", args)
			}
			return nil
		},
		RunE: action(func(cmd *cobra.Command, args []string) (err error) {
			if err := checkExpectHash(cmd, expectHash); err != nil {
				return err
			}
			if err := notEmpty(cmd, "passage"); err != nil {
				return err
			}
			if passage != "" && !curate.IsPassageKey(passage) {
				return usageErr("invalid --passage %q: want %s", passage, curate.PassageKeyForm)
			}
			path, line, err := parseRef("feedback", args[0])
			if err != nil {
				return err
			}
			w, err := a.openWeave(cmd)
			if err != nil {
				return err
			}
			defer closeWeave(w, &err)
			res, err := w.Feedback(cmd.Context(), path, line, args[1] == "useful", memweave.ExpectHash(expectHash), memweave.PassageKey(passage))
			if err != nil {
				return staleHash(expectHash, err)
			}
			if asJSON {
				return writeJSON(a.raw, res)
			}
			_, err = fmt.Fprintf(a.stdout, "%s:%d %s: %d useful, %d useless\n", res.Path, res.StartLine, res.Key, res.Useful, res.Useless)
			return err
		}),
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the result as JSON")
	cmd.Flags().StringVar(&expectHash, "expect-hash", "", "refuse unless the file holds the content whose hex SHA-256 is `HASH` (get --hash and search --json give it); nothing is written on a mismatch")
	cmd.Flags().StringVar(&passage, "passage", "", "the passage's `KEY` as search --json gives it (\"passage\"): the passage is found by it if its lines moved since the search")
	return cmd
}

// parseRef splits a PATH:LINE argument of the command name
// ([parseLineRef]).
func parseRef(name, arg string) (string, int, error) {
	r, err := parseLineRef(name, arg, "LINE, such as memory/stack.md:12")
	switch {
	case err != nil:
		return "", 0, err
	case r.from == 0:
		return "", 0, usageErr("%s: %q is not PATH:LINE, such as memory/stack.md:12", name, arg)
	case r.to != r.from:
		return "", 0, usageErr("%s: the line of %q must be a number from 1, such as memory/stack.md:12", name, arg)
	}
	return r.path, r.from, nil
}
