package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/mcpserver"
)

func (a *app) appendCommand() *cobra.Command {
	var (
		source string
		asJSON bool
	)
	cmd := &cobra.Command{
		Use:   "append TEXT [--source S]",
		Short: "Add a note to today's dated log",
		Long: `Append adds TEXT as a note to today's dated log, memory/YYYY-MM-DD.md,
or memory/S/YYYY-MM-DD.md with --source S, creating it when missing,
then indexes it and prints its workspace-relative path. Notes are
separated by a blank line; several arguments are joined by spaces, and
a TEXT of "-" reads the note from standard input (at most 16 MiB).

Appends from several processes at once are safe: each note is kept,
whole, once. When the note is stored but indexing it fails (a full disk,
say), append still prints the path and exits 0, with a warning: the
next 'memweave index' makes it searchable, and a retry would store it
twice. When the embedding endpoint fails, the note is stored and found
by keyword, with a warning, until an index with a working embedder. A
note that would take the log past the size limit (16 MiB) is
refused and nothing is written: past it the log is not indexed, and
every note of its day would drop out of search; write the note as a
note of its own instead.`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usageErr("append needs a TEXT argument")
			}
			return nil
		},
		RunE: action(func(cmd *cobra.Command, args []string) (err error) {
			if cmd.Flags().Changed("source") && source == "" {
				return usageErr("invalid --source %q: must not be empty (leave it out for memory/YYYY-MM-DD.md)", source)
			}
			text := strings.Join(args, " ")
			stdin := len(args) == 1 && args[0] == "-"
			if !stdin && strings.TrimSpace(text) == "" {
				return usageErr("append needs a non-empty TEXT")
			}
			w, err := a.open(cmd, a.creating())
			if err != nil {
				return err
			}
			defer closeWeave(w, &err)
			if stdin {
				in := cmd.InOrStdin()
				b, err := readNote(in, isTerminal(in), a.stderr, w.Config().MaxFileBytes)
				if err != nil {
					return fmt.Errorf("append: %w", err)
				}
				if text = string(b); strings.TrimSpace(text) == "" {
					return usageErr("append needs a non-empty TEXT")
				}
			}
			path, res, err := w.AppendIndexed(cmd.Context(), text, memweave.InSource(source))
			if errors.Is(err, memweave.ErrInvalidSource) {
				return usageErr("invalid --source %q: %s", source, reasonFor(err, source))
			}
			if path == "" {
				return err
			}
			var warnings []string
			switch {
			case errors.Is(err, memweave.ErrTooLarge):
				warnings = []string{a.clean(err.Error())}
			case err != nil:
				// The note is on disk: failing would make a retry store it twice.
				// err says so: "the note is stored in PATH, but indexing it failed".
				warnings = []string{a.clean(err.Error()) + "; 'memweave index' indexes it once the cause (a full disk?) is fixed"}
			default:
				warnings = a.cleanAll(res.Warnings)
			}
			if asJSON {
				return writeJSON(a.raw, mcpserver.AppendResult{Path: path, Warnings: warnings})
			}
			fmt.Fprintln(a.stdout, path)
			for _, w := range warnings {
				fmt.Fprintln(a.stderr, "memweave: warning: "+w)
			}
			return nil
		}),
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the result as JSON, as the MCP tool memory_append returns it (path, warnings)")
	cmd.Flags().StringVar(&source, "source", "", "append to memory/`S`/YYYY-MM-DD.md instead of memory/YYYY-MM-DD.md")
	return cmd
}
