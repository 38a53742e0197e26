package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/mcpserver"
	"github.com/memweave/memweave-go/workspace"
)

func (a *app) writeCommand() *cobra.Command {
	var (
		allowEmpty bool
		asJSON     bool
		expectHash string
	)
	cmd := &cobra.Command{
		Use:   "write PATH",
		Short: "Create or replace a memory file with standard input",
		Long: `Write creates or replaces the Markdown file PATH under memory/ with what
it reads from standard input, atomically, then indexes it and prints its
workspace-relative path. PATH is relative to memory/ or starts with
memory/; missing folders are created.

Empty input (nothing, or only white space and invisible characters such as
a byte order mark) over a file that is not empty
is refused, as it would erase the file; --allow-empty writes it anyway.
Input over the size limit (16 MiB), past which a note is not indexed, is
refused too. When standard input is a terminal, write says so and reads
until Ctrl-D.

A PATH outside memory/ (absolute, with "..", or through a link that
leads out), a hidden name and a name not ending in .md or .markdown are
refused.

  echo '# Database' | memweave write notes/db.md`,
		Args: onePath("write", " (the content comes from standard input)"),
		RunE: action(func(cmd *cobra.Command, args []string) (err error) {
			if err := checkExpectHash(cmd, expectHash); err != nil {
				return err
			}
			w, err := a.open(cmd, a.creating())
			if err != nil {
				return err
			}
			defer closeWeave(w, &err)
			// Refuse a bad path before waiting for input.
			_, rel, err := workspace.SafeMemoryPath(w.Config().Workspace, args[0])
			if err != nil {
				return fmt.Errorf("write %s: %w", args[0], err)
			}
			in := cmd.InOrStdin()
			content, err := readNote(in, isTerminal(in), a.stderr, w.Config().MaxFileBytes)
			if err != nil {
				return fmt.Errorf("write %s: %w", rel, err)
			}
			var opts []memweave.WriteOption
			if allowEmpty {
				opts = append(opts, memweave.AllowEmpty())
			}
			if expectHash != "" {
				opts = append(opts, memweave.ExpectHash(expectHash))
			}
			res, err := w.Write(cmd.Context(), args[0], string(content), opts...)
			if errors.Is(err, memweave.ErrWouldErase) {
				return fmt.Errorf("write %s: standard input is empty: %w; pass --allow-empty to write it anyway", rel, memweave.ErrWouldErase)
			}
			if err != nil {
				return staleHash(expectHash, err)
			}
			if asJSON {
				return writeJSON(a.raw, mcpserver.WriteResult{Path: rel, Bytes: len(content), Chunks: res.NoteChunks, Warnings: a.cleanAll(res.Warnings)})
			}
			a.warn(res.Warnings)
			_, err = fmt.Fprintln(a.stdout, rel)
			return err
		}),
	}
	cmd.Flags().StringVar(&expectHash, "expect-hash", "", "refuse unless the file holds the content whose hex SHA-256 is `HASH` (get --hash and search --json give it); nothing is written on a mismatch")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the result as JSON, as the MCP tool memory_write returns it (path, bytes, chunks, warnings)")
	cmd.Flags().BoolVar(&allowEmpty, "allow-empty", false, "write empty input even over a file that is not empty")
	return cmd
}

// stdinHint is printed on stderr before reading a note from a terminal.
const stdinHint = "memweave: reading the note from stdin (Ctrl-D to end)"

// readNote reads the whole note from in; when in is a terminal it first
// tells the user on stderr, who might otherwise think write hangs. It
// reads at most limit bytes, the size past which a note is not indexed
// (Config.MaxFileBytes): more fails, with nothing written, and without
// holding an endless input in memory.
func readNote(in io.Reader, terminal bool, stderr io.Writer, limit int64) ([]byte, error) {
	if terminal {
		fmt.Fprintln(stderr, stdinHint)
	}
	b, err := io.ReadAll(io.LimitReader(in, limit+1))
	if err != nil {
		return nil, fmt.Errorf("read standard input: %w", err)
	}
	if int64(len(b)) > limit {
		return nil, fmt.Errorf("standard input is over the %d-byte limit (MaxFileBytes) past which a note is not indexed; nothing was written: split it into notes of their own (%w)", limit, memweave.ErrTooLarge)
	}
	return b, nil
}

// isTerminal reports whether r (a reader or a writer) is a file open on
// a terminal.
func isTerminal(r any) bool {
	if o, ok := r.(*outWriter); ok {
		r = o.w
	}
	f, ok := r.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
