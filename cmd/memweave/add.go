package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"
)

func (a *app) addCommand() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "add FILE...",
		Short: "Index the given files now",
		Long: `Add indexes the given Markdown files now. Relative paths are relative to
the current folder. A file outside memory/ is indexed with source
"external" and kept by later index runs.`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usageErr("add needs at least one FILE argument")
			}
			return nil
		},
		RunE: action(func(cmd *cobra.Command, args []string) (err error) {
			paths := make([]string, len(args))
			for i, p := range args {
				fi, err := os.Stat(p)
				switch {
				case errors.Is(err, fs.ErrNotExist):
					return fmt.Errorf("add %s: no such file", p)
				case err != nil:
					return fmt.Errorf("add %s: %w", p, err)
				case fi.IsDir():
					return fmt.Errorf("add %s: is a folder; give files, or run index for memory/", p)
				}
				if paths[i], err = filepath.Abs(p); err != nil {
					return fmt.Errorf("add %s: %w", p, err)
				}
			}
			w, err := a.openWeave(cmd)
			if err != nil {
				return err
			}
			defer closeWeave(w, &err)
			res, err := w.Add(cmd.Context(), paths...)
			if err != nil {
				return err
			}
			return a.printIndexResult(res, asJSON)
		}),
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the result as JSON")
	return cmd
}
