package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/mcpserver"
	"github.com/memweave/memweave-go/workspace"
)

func (a *app) deleteCommand() *cobra.Command {
	var (
		expectHash string
		asJSON     bool
	)
	cmd := &cobra.Command{
		Use:   "delete PATH",
		Short: "Remove a memory file and its passages from the index",
		Long: `Delete removes the Markdown file PATH under memory/, then its passages
from the index, and prints its workspace-relative path. PATH is relative
to memory/ or starts with memory/. A link inside memory/ is removed, not
its target.

A PATH outside memory/ (absolute, with "..", or through a link that
leads out), a hidden name, a name not ending in .md or .markdown and a
folder are refused; a missing file is an error, unless the index still
held it. With --expect-hash, a file that holds other content (another
program saved it since it was read) is kept, and the exit status is 1.

  memweave delete notes/old.md`,
		Args: onePath("delete", ""),
		RunE: action(func(cmd *cobra.Command, args []string) (err error) {
			if err := checkExpectHash(cmd, expectHash); err != nil {
				return err
			}
			w, err := a.openWeave(cmd)
			if err != nil {
				return err
			}
			defer closeWeave(w, &err)
			if err := w.Delete(cmd.Context(), args[0], memweave.ExpectHash(expectHash)); err != nil {
				return staleHash(expectHash, err)
			}
			_, rel, err := workspace.SafeMemoryPath(w.Config().Workspace, args[0])
			if err != nil {
				return fmt.Errorf("delete %s: %w", args[0], err)
			}
			if asJSON {
				return writeJSON(a.raw, mcpserver.DeleteResult{Path: rel})
			}
			_, err = fmt.Fprintln(a.stdout, rel)
			return err
		}),
	}
	cmd.Flags().StringVar(&expectHash, "expect-hash", "", "refuse unless the file holds the content whose hex SHA-256 is `HASH` (get --hash and search --json give it); nothing is deleted on a mismatch")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the result as JSON, as the MCP tool memory_delete returns it (path)")
	return cmd
}
