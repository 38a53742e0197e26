package main

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/memweave/memweave-go/workspace"
)

func (a *app) writeCommand() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "write PATH",
		Short: "Create or replace a memory file with standard input",
		Long: `Write creates or replaces the Markdown file PATH under memory/ with what
it reads from standard input, atomically, then indexes it and prints its
workspace-relative path. PATH is relative to memory/ or starts with
memory/; missing folders are created.

A PATH outside memory/ (absolute, with "..", or through a link that
leads out), a hidden name and a name not ending in .md or .markdown are
refused.

  echo '# Database' | memweave write notes/db.md`,
		Args: onePath("write", " (the content comes from standard input)"),
		RunE: action(func(cmd *cobra.Command, args []string) (err error) {
			w, err := a.openWeave(cmd)
			if err != nil {
				return err
			}
			defer closeWeave(w, &err)
			// Refuse a bad path before waiting for input.
			_, rel, err := workspace.SafeMemoryPath(w.Config().Workspace, args[0])
			if err != nil {
				return fmt.Errorf("write %s: %w", args[0], err)
			}
			content, err := io.ReadAll(cmd.InOrStdin())
			if err != nil {
				return fmt.Errorf("write %s: read standard input: %w", args[0], err)
			}
			res, err := w.Write(cmd.Context(), args[0], string(content))
			if err != nil {
				return err
			}
			a.warn(res.Warnings)
			_, err = fmt.Fprintln(a.stdout, rel)
			return err
		}),
	}
	return cmd
}
