package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"syscall"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/mcpserver"
	"github.com/memweave/memweave-go/workspace"
	"github.com/spf13/cobra"
)

func (a *app) getCommand() *cobra.Command {
	var showHash, asJSON bool
	cmd := &cobra.Command{
		Use:   "get PATH[:FROM[-TO]]",
		Short: "Print lines of a memory file",
		Long: `Get prints lines of a file under memory/ exactly as they are on disk.
PATH is relative to memory/ or starts with memory/; a file outside
memory/ can be read only when it is indexed (an extra path or an added
file). A PATH with a ".." element is refused, as write and delete
refuse it, and so is a file over the size limit index skips (16 MiB by
default), after reading no more than that. On a terminal its control characters are shown escaped (\x1b),
so that a note cannot drive the terminal; into a pipe or a file the
bytes are copied as they are. Lines are numbered from 1, as in search
results:

  PATH        the whole file
  PATH:N      line N
  PATH:N-M    lines N to M
  PATH:N-     line N to the end

A range reaching past the end stops at the last line; a FROM past it is
an error. On a full or read-only disk, where the index cannot be opened,
a note under memory/ is read from its file, with a warning.`,
		Args: func(cmd *cobra.Command, args []string) error {
			switch {
			case len(args) == 0:
				return usageErr("get needs a PATH argument")
			case len(args) > 1:
				return usageErr("get takes one PATH[:FROM[-TO]] argument, got %d", len(args))
			}
			return nil
		},
		RunE: action(func(cmd *cobra.Command, args []string) (err error) {
			path, from, count, err := parseLineSpec(args[0])
			if err != nil {
				return err
			}
			var text, hash string
			w, err := a.openWeave(cmd)
			if err != nil {
				if text, hash, err = a.getFromFile(cmd, err, path, from, count); err != nil {
					return err
				}
			} else {
				defer closeWeave(w, &err)
				if text, hash, err = w.GetWithHash(cmd.Context(), path, from, count); err != nil {
					return err
				}
			}
			if showHash {
				fmt.Fprintf(a.stderr, "hash %s\n", hash)
			}
			if asJSON {
				return writeJSON(a.raw, mcpserver.NewGetResult(path, from, text, hash))
			}
			_, err = io.WriteString(a.content(), text)
			return err
		}),
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the lines as JSON, as the MCP tool memory_get returns them (path, start_line, end_line, text, hash)")
	cmd.Flags().BoolVar(&showHash, "hash", false, "also print the whole file's hex SHA-256 to standard error, for write --expect-hash")
	return cmd
}

// getFromFile reads the lines of a note under memory/ from its file when
// opening the workspace failed with openErr because the disk is full or
// read-only, or the folder not this user's to write (SQLite cannot make
// the index's -wal and -shm files), or the index is damaged (cut short,
// or not SQLite: [memweave.ErrCorruptIndex]), or a FIFO, device or link
// stands where the index or its -wal or -shm should be
// ([workspace.ErrNotRegular], [workspace.ErrLinkedOwnFile]): get
// needs no index for such a note. It warns that the index was not used;
// any other failure returns openErr.
func (a *app) getFromFile(cmd *cobra.Command, openErr error, path string, from, count int) (text, hash string, err error) {
	if !errors.Is(openErr, syscall.ENOSPC) && !errors.Is(openErr, syscall.EDQUOT) && !errors.Is(openErr, syscall.EROFS) && !errors.Is(openErr, fs.ErrPermission) &&
		!errors.Is(openErr, memweave.ErrCorruptIndex) && !errors.Is(openErr, workspace.ErrNotRegular) && !errors.Is(openErr, workspace.ErrLinkedOwnFile) {
		return "", "", openErr
	}
	text, hash, err = memweave.GetFile(cmd.Context(), a.workspace, path, from, count)
	if err != nil {
		return "", "", fmt.Errorf("%w; read from its file without the index: %w", openErr, err)
	}
	fmt.Fprintf(a.stderr, "memweave: warning: %s; read from the note's file without the index\n", a.clean(openErr.Error()))
	return text, hash, nil
}

// parseLineSpec splits get's PATH[:FROM[-TO]] into the path, the
// first line and the number of lines (0: to the end), as
// [parseLineRef] reads it.
func parseLineSpec(arg string) (path string, from, count int, err error) {
	if arg == "" {
		return "", 0, 0, usageErr("get needs a PATH, got an empty argument")
	}
	r, err := parseLineRef("get", arg, "N, N-M or N-")
	switch {
	case err != nil:
		return "", 0, 0, err
	case r.from == 0:
		return r.path, 1, 0, nil
	case r.to == 0:
		return r.path, r.from, 0, nil
	}
	return r.path, r.from, r.to - r.from + 1, nil
}

// isDigits reports whether s is a non-empty run of ASCII digits.
func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
