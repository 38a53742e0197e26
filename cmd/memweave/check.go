package main

import (
	"errors"
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/index"
	"github.com/memweave/memweave-go/internal/plural"
)

func (a *app) checkCommand() *cobra.Command {
	var repair, asJSON bool
	cmd := &cobra.Command{
		Use:   "check",
		Short: "Verify the index against the files and itself",
		Long: `Check compares the index with the Markdown files (files not indexed,
changed since indexed, or gone) and verifies the database: SQLite's
integrity check, the agreement of chunk, keyword, vector and file rows,
and every chunk's stored text against its SHA-256 hash. It reads every
file. The exit status is 1 when it finds a problem.

With --repair it fixes what it found (re-indexes, removes orphans, restores
missing rows, rebuilds a damaged index from the files), then reports what it
fixed and exits 0 if nothing remains.`,
		Args: noArgs,
		RunE: action(func(cmd *cobra.Command, _ []string) (err error) {
			if err := a.checkWorkspace(); err != nil {
				return err
			}
			w, err := memweave.Open(cmd.Context(), a.config())
			switch {
			case errors.Is(err, memweave.ErrCorruptIndex):
				return a.checkDamaged(cmd, err, repair, asJSON)
			case errors.Is(err, index.ErrForeign):
				return fmt.Errorf("%w; refusing to check or repair it: point --db at a memweave index", err)
			case err != nil:
				return configUsageErr(err)
			}
			defer closeWeave(w, &err)
			var opts []memweave.CheckOption
			if repair {
				opts = append(opts, memweave.Repair())
			}
			rep, err := w.Check(cmd.Context(), opts...)
			if err != nil {
				return err
			}
			if err := a.printCheck(rep, asJSON); err != nil {
				return err
			}
			if !rep.OK() {
				return fmt.Errorf("check found %s", plural.Count(len(rep.Problems()), "problem"))
			}
			return nil
		}),
	}
	cmd.Flags().BoolVar(&repair, "repair", false, "fix the problems found")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the report as JSON")
	return cmd
}

// checkDamaged handles an index that cannot be opened because it is
// damaged: report it, or with repair rebuild it.
func (a *app) checkDamaged(cmd *cobra.Command, openErr error, repair, asJSON bool) error {
	if !repair {
		// openErr names the file and 'memweave index --rebuild'.
		return fmt.Errorf("%w (or 'memweave check --repair')", openErr)
	}
	res, err := memweave.Rebuild(cmd.Context(), a.config())
	if err != nil {
		return err
	}
	w, err := a.openWeave(cmd)
	if err != nil {
		return err
	}
	defer closeWeave(w, &err)
	rep, err := w.Check(cmd.Context())
	if err != nil {
		return err
	}
	rep.Repaired = append(rep.Repaired, fmt.Sprintf("rebuilt the damaged index from the files (%d files, %d chunks)", res.FilesIndexed, res.ChunksCreated))
	if err := a.printCheck(rep, asJSON); err != nil {
		return err
	}
	if !rep.OK() {
		return fmt.Errorf("check found %s after rebuilding", plural.Count(len(rep.Problems()), "problem"))
	}
	return nil
}

// checkJSON is the JSON form of a check report.
type checkJSON struct {
	OK       bool     `json:"ok"`
	Problems []string `json:"problems"`
	*memweave.CheckReport
	// Warnings shadows the report's, cleaned for output.
	Warnings []string `json:"warnings"`
}

// printCheck prints a check report: JSON, or a summary with one line per
// problem and per repair.
func (a *app) printCheck(rep *memweave.CheckReport, asJSON bool) error {
	problems := rep.Problems()
	if asJSON {
		return writeJSON(a.raw, checkJSON{OK: rep.OK(), Problems: append([]string{}, problems...), CheckReport: rep,
			Warnings: a.cleanAll(rep.Warnings)})
	}
	a.warn(rep.Warnings)
	t := rep.Tables
	tw := tabwriter.NewWriter(a.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "files\t%d missing, %d stale, %d orphaned, %d pending embeddings\n",
		len(rep.Missing), len(rep.Stale), len(rep.Orphaned), rep.Pending)
	integrity := "ok"
	if t.Corrupt() {
		integrity = "FAILED"
	}
	fmt.Fprintf(tw, "database\tintegrity %s; %s, %s, %s\n", integrity,
		plural.Count(t.Chunks, "chunk"), plural.Count(t.FTSRows, "keyword row"), plural.Count(t.Vectors, "vector"))
	if t.FTSSkipped != "" {
		fmt.Fprintf(tw, "skipped\tthe keyword index's own check (an INSERT): %s\n", a.clean(t.FTSSkipped))
	}
	for _, r := range rep.Repaired {
		fmt.Fprintf(tw, "repaired\t%s\n", r)
	}
	for _, p := range problems {
		fmt.Fprintf(tw, "problem\t%s\n", p)
	}
	if len(problems) == 0 {
		fmt.Fprintf(tw, "result\tok\n")
	}
	return tw.Flush()
}
