package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/internal/shellquote"
	"github.com/memweave/memweave-go/search"
	"github.com/memweave/memweave-go/trust"
)

func (a *app) initCommand() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "init",
		Short: "Create a workspace: its memory/ folder and memweave.json",
		Long: `Init makes the workspace folder (-w, default ".") a memweave workspace: it
creates memory/ and, when missing, the settings file memweave.json from
the embedder flags (or the defaults), then prints the settings. Commit
memweave.json with the memories: every later command and the MCP server
read it, so that no flag needs repeating. Running init again changes
nothing; flags that disagree with memweave.json are an error (change
settings with 'memweave config').

  memweave -w ~/agent init --embedder openai --embedding-model text-embedding-3-small`,
		Args: noArgs,
		RunE: action(func(cmd *cobra.Command, args []string) (err error) {
			if err := os.MkdirAll(a.workspace, 0o755); err != nil {
				return fmt.Errorf("init: %w", err)
			}
			_, statErr := os.Lstat(filepath.Join(a.workspace, memweave.SettingsFile))
			w, err := a.open(cmd, a.creating())
			if err != nil {
				return err
			}
			defer closeWeave(w, &err)
			ws := w.Config().Workspace
			s, err := memweave.ReadSettings(cmd.Context(), ws)
			if err != nil {
				return err
			}
			if s == nil {
				cur := w.Settings()
				if err := memweave.WriteSettings(cmd.Context(), ws, cur); err != nil {
					return err
				}
				s = &cur
			}
			if errors.Is(statErr, fs.ErrNotExist) {
				// This command wrote the file from this user's flags:
				// writing them is their approval.
				if err := a.approveWritten(cmd, ws, func(memweave.Approval) bool { return true }); err != nil {
					return err
				}
			}
			return a.printSettings(ws, *s, asJSON)
		}),
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the settings as JSON")
	return cmd
}

func (a *app) configCommand() *cobra.Command {
	var (
		asJSON       bool
		chunkTokens  int
		chunkOverlap int
		fusion       string
	)
	cmd := &cobra.Command{
		Use:   "config",
		Short: "Show or change the workspace's settings (memweave.json)",
		Long: `Config prints the workspace's settings, from memweave.json. Given the
global embedder flags (--embedder, --embedding-model, --embedding-url,
--embedding-dims) or its own flags, it changes them in memweave.json
first, and says what the next 'memweave index' redoes: a new embedder
re-embeds every chunk, new chunking re-chunks every file. Nothing else
touches the index: until that index run, searches with the old vectors
fall back to keyword search and say why.

Switching the provider clears the embedder settings not given with it.
The API key is never stored: it comes from MEMWEAVE_EMBEDDING_KEY or
OPENAI_API_KEY.

  memweave config --embedder openai --embedding-model nomic-embed-text \
      --embedding-url http://localhost:11434/v1
  memweave index`,
		Args: noArgs,
		RunE: action(func(cmd *cobra.Command, args []string) (err error) {
			if err := a.checkWorkspace(); err != nil {
				return err
			}
			ws, err := filepath.Abs(a.workspace)
			if err != nil {
				return err
			}
			if _, err := os.Stat(filepath.Join(ws, "memory")); err != nil {
				return fmt.Errorf("config: %s is not a workspace (no memory/ folder); create it with 'memweave init': %w", ws, memweave.ErrNoWorkspace)
			}
			old, err := memweave.ReadSettings(cmd.Context(), ws)
			if err != nil {
				return err
			}
			var s memweave.Settings
			if old != nil {
				s = *old
			}
			flags := cmd.Flags()
			// Zero in memweave.json means the default: a zero or empty
			// value given must not silently mean it too.
			if flags.Changed("chunk-tokens") && chunkTokens == 0 {
				return usageErr("invalid --chunk-tokens 0: must be at least 16 (leave it out to keep the setting)")
			}
			if flags.Changed("fusion") && fusion == "" {
				return usageErr("invalid --fusion \"\": want %s", fusionMethods())
			}
			changed := false
			if e := a.embedderSettings(cmd); e != nil {
				if e.Provider != "" && e.Provider != s.Embedder.Provider {
					s.Embedder = memweave.EmbedderSettings{}
				}
				overlay(&s.Embedder.Provider, e.Provider)
				overlay(&s.Embedder.Model, e.Model)
				overlay(&s.Embedder.BaseURL, e.BaseURL)
				if e.Dims != 0 {
					s.Embedder.Dims = e.Dims
				}
				changed = true
			}
			if flags.Changed("chunk-tokens") {
				s.ChunkTokens, changed = chunkTokens, true
				if o := s.ChunkOverlap; o != nil && !flags.Changed("chunk-overlap") && *o > chunkTokens/2 && chunkTokens >= 16 {
					return usageErr("--chunk-tokens %d leaves chunk_overlap %d of %s more than half the chunk size: give --chunk-overlap N as well, at most %d",
						chunkTokens, *o, filepath.Join(ws, memweave.SettingsFile), chunkTokens/2)
				}
			}
			if flags.Changed("chunk-overlap") {
				s.ChunkOverlap, changed = new(chunkOverlap), true
			}
			if flags.Changed("fusion") {
				if s.Fusion == nil {
					s.Fusion = &memweave.FusionSettings{}
				}
				s.Fusion.Method, changed = search.FusionMethod(fusion), true
			}
			if changed {
				if err := s.Validate(); err != nil {
					return configFlagErr(cmd, err)
				}
				if err := memweave.WriteSettings(cmd.Context(), ws, s); err != nil {
					return err
				}
				if a.embedderSettings(cmd) != nil {
					if err := a.approveWritten(cmd, ws, a.typed(s.Embedder)); err != nil {
						return err
					}
				}
				if old == nil || old.Embedder != s.Embedder {
					fmt.Fprintln(a.stderr, "memweave: the next 'memweave index' re-embeds every chunk with the new embedder")
				} else if old.ChunkTokens != s.ChunkTokens || !sameInt(old.ChunkOverlap, s.ChunkOverlap) {
					fmt.Fprintln(a.stderr, "memweave: the next 'memweave index' re-chunks every file")
				}
			} else if old == nil {
				fmt.Fprintf(a.stderr, "memweave: %s has no %s yet: the first index writes it; these are the defaults\n", ws, memweave.SettingsFile)
				w, err := a.openWeave(cmd)
				if err != nil {
					return err
				}
				s = w.Settings()
				if err := w.Close(); err != nil {
					return err
				}
			}
			return a.printSettings(ws, s, asJSON)
		}),
	}
	f := cmd.Flags()
	f.BoolVar(&asJSON, "json", false, "print the settings as JSON")
	f.IntVar(&chunkTokens, "chunk-tokens", 0, "the hard cap on a chunk's size, in estimated tokens `N`, 16 to 8192 (left out: keep the setting; a new workspace has 400)")
	f.IntVar(&chunkOverlap, "chunk-overlap", 0, "estimated tokens `N` a chunk repeats from the previous one (left out: keep the setting; a new workspace has 80)")
	f.StringVar(&fusion, "fusion", "", "fusion `method` of keyword and vector scores: blend, keyword or vector")
	return cmd
}

// embedderSettings returns the embedder settings the global flags set,
// nil when none is set.
func (a *app) embedderSettings(cmd *cobra.Command) *memweave.EmbedderSettings {
	f := cmd.Flags()
	if !f.Changed("embedder") && !f.Changed("embedding-model") && !f.Changed("embedding-url") && !f.Changed("embedding-dims") {
		return nil
	}
	return &memweave.EmbedderSettings{Provider: a.embedder, Model: a.embeddingModel, BaseURL: a.embeddingURL, Dims: a.embeddingDims}
}

// approveWritten approves, on this machine, the values of the settings
// file a command just wrote that came from this user's flags: those
// needing approval for which typed reports true. Others stay as they
// were, and a note says what still needs approval.
func (a *app) approveWritten(cmd *cobra.Command, ws string, typed func(memweave.Approval) bool) error {
	_, unapproved, err := memweave.SettingsApprovals(cmd.Context(), ws)
	if err != nil {
		return err
	}
	var mine, rest []memweave.Approval
	for _, it := range unapproved {
		if typed(it) {
			mine = append(mine, it)
		} else {
			rest = append(rest, it)
		}
	}
	if err := trust.Add(cmd.Context(), ws, mine); err != nil {
		return err
	}
	if len(rest) > 0 {
		fmt.Fprintf(a.stderr, "memweave: still not approved on this machine: %s; approve with: %s -w %s\n",
			trust.Describe(rest), memweave.ApproveCommand, shellquote.Quote(ws))
	}
	return nil
}

// typed returns whether a value needing approval is one this user's
// embedder flags named, e being the embedder settings config wrote: the
// server of --embedding-url, the default server of --embedder openai
// when the settings name none, the model folder of --embedding-model.
// A value the flags kept from a cloned memweave.json (its server, when
// only --embedding-dims is given) is not: it needs 'memweave trust'.
func (a *app) typed(e memweave.EmbedderSettings) func(memweave.Approval) bool {
	return func(it memweave.Approval) bool {
		switch it.Setting {
		case "embedder.base_url":
			if a.embeddingURL != "" {
				return it.Value == a.embeddingURL
			}
			return a.embedder == "openai" && e.BaseURL == ""
		case "embedder.model":
			return a.embeddingModel != "" && it.Value == a.embeddingModel
		}
		return false
	}
}

// overlay sets *dst to v when v is not empty.
func overlay(dst *string, v string) {
	if v != "" {
		*dst = v
	}
}

// sameInt reports whether two optional settings are equal.
func sameInt(a, b *int) bool { return a == nil && b == nil || a != nil && b != nil && *a == *b }

// printSettings prints the settings of the workspace ws.
func (a *app) printSettings(ws string, s memweave.Settings, asJSON bool) error {
	if asJSON {
		return writeJSON(a.raw, s)
	}
	e := s.Embedder
	fmt.Fprintf(a.stdout, "settings   %s\n", filepath.Join(ws, memweave.SettingsFile))
	fmt.Fprintf(a.stdout, "embedder   %s", orDefault(e.Provider, "hash"))
	if e.Model != "" {
		fmt.Fprintf(a.stdout, " model %s", e.Model)
	}
	if e.BaseURL != "" {
		fmt.Fprintf(a.stdout, " url %s", e.BaseURL)
	}
	if e.Dims != 0 {
		fmt.Fprintf(a.stdout, " dims %d", e.Dims)
	}
	fmt.Fprintln(a.stdout)
	if s.ChunkTokens != 0 || s.ChunkOverlap != nil {
		overlap := "default"
		if s.ChunkOverlap != nil {
			overlap = fmt.Sprint(*s.ChunkOverlap)
		}
		fmt.Fprintf(a.stdout, "chunking   %d tokens, overlap %s\n", s.ChunkTokens, overlap)
	}
	if s.Fusion != nil && s.Fusion.Method != "" {
		fmt.Fprintf(a.stdout, "fusion     %s\n", s.Fusion.Method)
	}
	for _, p := range s.ExtraPaths {
		fmt.Fprintf(a.stdout, "extra path %s\n", p)
	}
	return nil
}

// orDefault returns s, or def when s is empty.
func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
