package main

import (
	"fmt"
	"os"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/memweave/memweave-go"
)

func (a *app) indexCommand() *cobra.Command {
	var force, rebuild, asJSON bool
	cmd := &cobra.Command{
		Use:   "index",
		Short: "Bring the index up to date with the files",
		Long: `Index chunks and embeds new and changed Markdown files under memory/ and
removes deleted ones. Unchanged files are skipped without being read.

With --rebuild, a fresh index is built next to the old one and swapped in
when done; searches keep using the old one meanwhile. A damaged index is
replaced; a file memweave did not create is left alone.`,
		Args: noArgs,
		RunE: action(func(cmd *cobra.Command, _ []string) (err error) {
			if rebuild {
				if force {
					return usageErr("--rebuild and --force do not go together: a rebuild re-reads every file")
				}
				return a.rebuild(cmd, asJSON)
			}
			w, err := a.openWeave(cmd)
			if err != nil {
				return err
			}
			defer closeWeave(w, &err)
			bar := newProgress(os.Stderr)
			opts := []memweave.IndexOption{memweave.Progress(bar.update)}
			if force {
				opts = append(opts, memweave.Force())
			}
			res, err := w.Index(cmd.Context(), opts...)
			bar.finish()
			if err != nil {
				// The first run writes the settings from the flags,
				// which may refuse one of them.
				return configUsageErr(err)
			}
			return a.printIndexResult(res, asJSON)
		}),
	}
	cmd.Flags().BoolVar(&force, "force", false, "re-read and re-chunk every file (embeddings still come from the cache)")
	cmd.Flags().BoolVar(&rebuild, "rebuild", false, "build a fresh index in a new file and swap it in")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the result as JSON")
	return cmd
}

// printIndexResult prints what an index or add run did: JSON, or aligned
// text with the warnings on stderr.
func (a *app) printIndexResult(res *memweave.IndexResult, asJSON bool) error {
	if asJSON {
		return writeJSON(a.raw, res)
	}
	a.warn(res.Warnings)
	tw := tabwriter.NewWriter(a.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "files\t%d scanned, %d indexed, %d skipped, %d deleted, %d pending\n",
		res.FilesScanned, res.FilesIndexed, res.FilesSkipped, res.FilesDeleted, res.FilesPending)
	fmt.Fprintf(tw, "chunks\t%d created, %d removed\n", res.ChunksCreated, res.ChunksRemoved)
	fmt.Fprintf(tw, "embeddings\t%d computed, %d cached\n", res.EmbeddingsComputed, res.EmbeddingsCached)
	fmt.Fprintf(tw, "duration\t%v\n", res.Duration.Round(time.Millisecond))
	return tw.Flush()
}

// progress draws a progress bar on stderr for an index run, once the run
// has lasted more than a second, and only when stderr is a terminal. A nil
// *progress draws nothing.
type progress struct {
	start time.Time
	out   *os.File

	// mu guards bar, created on the first update after a second.
	mu  sync.Mutex
	bar *progressbar.ProgressBar
}

// progressDelay is how long a run must last before the bar appears.
const progressDelay = time.Second

// newProgress returns a progress bar writing to f, or nil when f is not
// a terminal.
func newProgress(f *os.File) *progress {
	if !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	return &progress{start: time.Now(), out: f}
}

// update is the [memweave.Progress] callback.
func (p *progress) update(done, total int) {
	if p == nil || time.Since(p.start) < progressDelay {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar == nil {
		p.bar = progressbar.NewOptions(total,
			progressbar.OptionSetWriter(p.out),
			progressbar.OptionSetDescription("indexing"),
			progressbar.OptionShowCount(),
			progressbar.OptionSetItsString("files"),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionClearOnFinish(),
		)
	}
	p.bar.ChangeMax(total)
	_ = p.bar.Set(done)
}

// finish removes the bar, if one was drawn.
func (p *progress) finish() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar != nil {
		_ = p.bar.Finish()
	}
}

// rebuild runs index --rebuild: no Weave is opened, so that a damaged
// index can be replaced.
func (a *app) rebuild(cmd *cobra.Command, asJSON bool) error {
	if err := a.checkWorkspace(); err != nil {
		return err
	}
	bar := newProgress(os.Stderr)
	res, err := memweave.Rebuild(cmd.Context(), a.config(), memweave.Progress(bar.update))
	bar.finish()
	if err != nil {
		return configUsageErr(err)
	}
	return a.printIndexResult(res, asJSON)
}
