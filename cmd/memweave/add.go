package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/trust"
	"github.com/memweave/memweave-go/workspace"
)

func (a *app) addCommand() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "add FILE...",
		Short: "Index the given files now",
		Long: `Add indexes the given Markdown files now. Relative paths are relative to
the current folder.

A file outside memory/ is recorded in memweave.json's extra_paths, so
that every later index run, and a rebuild of a deleted index, finds it
again: relative to the workspace when it lies in it, absolute otherwise.
The file is also approved on this machine (see 'memweave trust'):
naming it here is the approval. Remove a file from
extra_paths in memweave.json to stop indexing it.`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usageErr("add needs at least one FILE argument")
			}
			if slices.ContainsFunc(args, func(a string) bool { return strings.TrimSpace(a) == "" }) {
				return usageErr("add needs FILE arguments, got an empty one")
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
					return fmt.Errorf("add %s: is a folder; give files, or list the folder in memweave.json's extra_paths and run index", p)
				case !fi.Mode().IsRegular():
					return fmt.Errorf("add %s: %w", p, workspace.ErrNotRegular)
				}
				if paths[i], err = filepath.Abs(p); err != nil {
					return fmt.Errorf("add %s: %w", p, err)
				}
				if workspace.HasControl(paths[i]) {
					return fmt.Errorf("add %q: %w: contains a control character or a byte that is not UTF-8; not indexed", p, workspace.ErrBadName)
				}
			}
			if err := a.recordExtraPaths(cmd, paths); err != nil {
				return err
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

// recordExtraPaths records the Markdown files among paths (absolute)
// that lie outside memory/ in the workspace's extra_paths, so that they
// live in the files, not only in the index, and approves them on this
// machine: this user named them.
func (a *app) recordExtraPaths(cmd *cobra.Command, paths []string) error {
	if err := a.checkWorkspace(); err != nil {
		return err
	}
	ws, err := filepath.Abs(a.workspace)
	if err != nil {
		return err
	}
	mem := filepath.Join(ws, workspace.MemoryDir)
	var values []string
	var approve []memweave.Approval
	for _, p := range paths {
		if !workspace.IsMarkdown(p) {
			continue // Add refuses it, naming it
		}
		if in, err := workspace.Inside(mem, p); err == nil && in {
			continue
		}
		if in, err := workspace.Inside(filepath.Join(ws, workspace.IndexDir), p); err == nil && in {
			continue // Add refuses it, naming it
		}
		v := p
		if in, err := workspace.Inside(ws, p); err == nil && in {
			if rel, err := filepath.Rel(ws, p); err == nil {
				v = filepath.ToSlash(rel)
			}
		}
		if it, ok := trust.ExtraPath(ws, v); ok {
			approve = append(approve, it)
		}
		values = append(values, v)
	}
	if len(values) == 0 {
		return nil
	}
	s, err := memweave.ReadSettings(cmd.Context(), ws)
	if err != nil {
		return err
	}
	if s == nil {
		w, err := a.openWeave(cmd)
		if err != nil {
			return err
		}
		cur := w.Settings()
		if err := w.Close(); err != nil {
			return err
		}
		s = &cur
	}
	var added []string
	for _, v := range values {
		if !slices.Contains(s.ExtraPaths, v) && !slices.Contains(added, v) {
			added = append(added, v)
		}
	}
	if len(added) > 0 {
		s.ExtraPaths = append(s.ExtraPaths, added...)
		if err := memweave.WriteSettings(cmd.Context(), ws, *s); err != nil {
			return err
		}
		fmt.Fprintf(a.stderr, "memweave: recorded in %s extra_paths: %q\n", filepath.Join(ws, memweave.SettingsFile), added)
	}
	return trust.Add(cmd.Context(), ws, approve)
}
