package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"strconv"
	"strings"
	"syscall"

	"github.com/memweave/memweave-go"
	"github.com/spf13/cobra"

	"github.com/memweave/memweave-go/workspace"
)

func (a *app) getCommand() *cobra.Command {
	var showHash bool
	cmd := &cobra.Command{
		Use:   "get PATH[:FROM[-TO]]",
		Short: "Print lines of a memory file",
		Long: `Get prints lines of a file under memory/ exactly as they are on disk.
PATH is relative to memory/ or starts with memory/; a file outside
memory/ can be read only when it is indexed (an extra path or an added
file). On a terminal its control characters are shown escaped (\x1b),
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
			_, err = io.WriteString(a.content(), text)
			return err
		}),
	}
	cmd.Flags().BoolVar(&showHash, "hash", false, "also print the whole file's hex SHA-256 to standard error, for write --expect-hash")
	return cmd
}

// getFromFile reads the lines of a note under memory/ from its file when
// opening the workspace failed with openErr because the disk is full or
// read-only, or the folder not this user's to write (SQLite cannot make
// the index's -wal and -shm files): get
// needs no index for such a note. It warns that the index was not used;
// any other failure returns openErr.
func (a *app) getFromFile(cmd *cobra.Command, openErr error, path string, from, count int) (text, hash string, err error) {
	if !errors.Is(openErr, syscall.ENOSPC) && !errors.Is(openErr, syscall.EDQUOT) && !errors.Is(openErr, syscall.EROFS) && !errors.Is(openErr, fs.ErrPermission) {
		return "", "", openErr
	}
	text, hash, err = memweave.GetFile(cmd.Context(), a.workspace, path, from, count)
	if err != nil {
		return "", "", fmt.Errorf("%w; read from its file without the index: %w", openErr, err)
	}
	fmt.Fprintf(a.stderr, "memweave: warning: %s; read from the note's file without the index\n", a.clean(openErr.Error()))
	return text, hash, nil
}

// parseLineSpec splits PATH[:FROM[-TO]] into the path, the first line
// and the number of lines (0: to the end). A suffix after the last ':'
// that is not a line range is part of the path, unless the path is a
// Markdown name without it and not with it (stack.md:abc): then it is a
// range mistyped.
func parseLineSpec(arg string) (path string, from, count int, err error) {
	if arg == "" {
		return "", 0, 0, usageErr("get needs a PATH, got an empty argument")
	}
	i := strings.LastIndexByte(arg, ':')
	if i < 0 {
		return arg, 1, 0, nil
	}
	path, spec := arg[:i], arg[i+1:]
	first, last, ranged := strings.Cut(spec, "-")
	if !isDigits(first) || (ranged && last != "" && !isDigits(last)) {
		if spec == "" {
			return "", 0, 0, usageErr("invalid line range in %q: want a line number after ':'", arg)
		}
		if workspace.IsMarkdown(path) && !workspace.IsMarkdown(arg) {
			return "", 0, 0, usageErr("invalid line range %q in %q: want N, N-M or N-", spec, arg)
		}
		return arg, 1, 0, nil // a ':' inside the name, such as C:\notes.md
	}
	if path == "" {
		return "", 0, 0, usageErr("invalid argument %q: want PATH[:FROM[-TO]]", arg)
	}
	from, err = strconv.Atoi(first)
	switch {
	case errors.Is(err, strconv.ErrRange):
		return "", 0, 0, usageErr("invalid line %q in %q: too large, lines are numbered up to %d", first, arg, math.MaxInt)
	case err != nil || from < 1:
		return "", 0, 0, usageErr("invalid line %q in %q: lines are numbered from 1", first, arg)
	case !ranged:
		return path, from, 1, nil
	case last == "":
		return path, from, 0, nil
	}
	to, err := strconv.Atoi(last)
	if errors.Is(err, strconv.ErrRange) {
		to, err = math.MaxInt, nil // past any end: the range stops at the last line
	}
	if err != nil || to < from {
		return "", 0, 0, usageErr("invalid line range %q in %q: want FROM-TO with TO at least FROM", spec, arg)
	}
	return path, from, to - from + 1, nil
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
