package main

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// The agent's cadence: a long-lived Weave searched every few seconds,
// while another program edits the notes it searches.

// cadence describes one cadence run.
type cadence struct {
	// searches is the number of timed searches.
	searches int
	// minGap and maxGap bound the pause before each search, drawn
	// uniformly with the seed.
	minGap, maxGap time.Duration
	seed           uint64
	// edit makes another process edit file (absolute) so that it holds
	// token: appended as a line, or, with rewrite, in place of a word of
	// the token's length, which keeps the file's size.
	edit func(ctx context.Context, file, token string, rewrite bool) error
}

// cadenceResult is what a cadence run measured.
type cadenceResult struct {
	// latency is every search's, sorted; cpu the CPU time (user and
	// system, of every thread of this process) during each, sorted,
	// which load on the other cores does not inflate.
	latency, cpu []time.Duration
	// plain and edited split latency: the searches with no edit since
	// the previous one, and those right after another process's edit;
	// plainCPU and editedCPU split cpu the same way; all sorted.
	plain, edited, plainCPU, editedCPU []time.Duration
	// plainFaults and editedFaults are the minor page faults of this
	// process during each plain and each edited search, sorted.
	plainFaults, editedFaults []int64
	// edits were made; found were in the results of the search right
	// after them.
	edits, found int
}

// run searches w (whose workspace is root) c.searches times, c.minGap to
// c.maxGap apart. Before every other search another process edits a
// Markdown file, a different one each time, to hold a new token, and
// exits; that search asks for the token, right away, and the edit counts
// as found when the file is among the results. The other searches ask the
// synthetic queries. Edits alternate between appending a line and
// rewriting a word in place (the same size, as a racy rewrite within one
// timestamp tick would be).
func (c cadence) run(ctx context.Context, w *memweave.Weave, root string) (cadenceResult, error) {
	var res cadenceResult
	files, err := markdownFiles(root)
	if err != nil {
		return res, err
	}
	rng := rand.New(rand.NewPCG(c.seed, 0xcade))
	rng.Shuffle(len(files), func(i, j int) { files[i], files[j] = files[j], files[i] })
	for i := range c.searches {
		gap := c.minGap
		if c.maxGap > c.minGap {
			gap += time.Duration(rng.Int64N(int64(c.maxGap - c.minGap)))
		}
		select {
		case <-ctx.Done():
			return res, ctx.Err()
		case <-time.After(gap):
		}
		query, target := memweavetest.SynthQueries[i%len(memweavetest.SynthQueries)], ""
		if i%2 == 1 && res.edits < len(files) {
			file := files[res.edits]
			rewrite := res.edits%2 == 1
			n := 10
			if rewrite {
				if n, err = rewritableLength(file); err != nil {
					return res, err
				}
			}
			token := cadenceToken(rng, n)
			if err := c.edit(ctx, file, token, rewrite); err != nil {
				return res, err
			}
			res.edits++
			rel, err := filepath.Rel(root, file)
			if err != nil {
				return res, err
			}
			query, target = token, filepath.ToSlash(rel)
		}
		flt0, cpu0, start := memweavetest.ProcessFaults(), memweavetest.ProcessCPU(), time.Now()
		resp, err := w.Search(ctx, query)
		if err != nil {
			return res, err
		}
		d, cpu, flt := time.Since(start), memweavetest.ProcessCPU()-cpu0, memweavetest.ProcessFaults()-flt0
		res.latency, res.cpu = append(res.latency, d), append(res.cpu, cpu)
		if target != "" {
			res.edited, res.editedCPU = append(res.edited, d), append(res.editedCPU, cpu)
			res.editedFaults = append(res.editedFaults, flt)
		} else {
			res.plain, res.plainCPU = append(res.plain, d), append(res.plainCPU, cpu)
			res.plainFaults = append(res.plainFaults, flt)
		}
		if target != "" && slices.ContainsFunc(resp.Results, func(r memweave.Result) bool { return r.Path == target }) {
			res.found++
		}
	}
	for _, s := range [][]time.Duration{res.latency, res.cpu, res.plain, res.edited, res.plainCPU, res.editedCPU} {
		slices.Sort(s)
	}
	slices.Sort(res.plainFaults)
	slices.Sort(res.editedFaults)
	return res, nil
}

// markdownFiles returns the Markdown files under root's memory/ folder,
// sorted.
func markdownFiles(root string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(filepath.Join(root, "memory"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(d.Name(), ".md") {
			out = append(out, p)
		}
		return err
	})
	slices.Sort(out)
	return out, err
}

// cadenceToken returns a token of n letters (n >= 2) that the synthetic
// workspace does not hold: its words have no q.
func cadenceToken(rng *rand.Rand, n int) string {
	b := []byte{'q'}
	for len(b) < n {
		b = append(b, byte('a'+rng.IntN(26)))
	}
	return string(b)
}

// minRewrite is the shortest word a rewrite replaces, so that its token
// is unique.
const minRewrite = 6

// wordAfterTitle returns the offsets of the first word of data, after
// its first line, whose length is n letters, or of at least minRewrite
// letters when n is 0; -1s when there is none.
func wordAfterTitle(data []byte, n int) (int, int) {
	start := bytes.IndexByte(data, '\n') + 1
	if start == 0 {
		return -1, -1
	}
	isLetter := func(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
	for i := start; i < len(data); {
		if !isLetter(data[i]) {
			i++
			continue
		}
		j := i
		for j < len(data) && isLetter(data[j]) {
			j++
		}
		if l := j - i; (n == 0 && l >= minRewrite) || (n > 0 && l == n) {
			return i, j
		}
		i = j
	}
	return -1, -1
}

// rewritableLength returns the length of the word a rewrite of file
// replaces.
func rewritableLength(file string) (int, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return 0, err
	}
	i, j := wordAfterTitle(data, 0)
	if i < 0 {
		return 0, fmt.Errorf("%s has no word of %d letters to rewrite", file, minRewrite)
	}
	return j - i, nil
}

// editFile makes the cadence edit of file: token appended as a line, or,
// with rewrite, in place of the first word of its length, which keeps
// the file's size.
func editFile(file, token string, rewrite bool) error {
	if !rewrite {
		f, err := os.OpenFile(file, os.O_WRONLY|os.O_APPEND, 0)
		if err != nil {
			return err
		}
		if _, err := fmt.Fprintf(f, "\n- Cadence note %s.\n", token); err != nil {
			f.Close()
			return err
		}
		return f.Close()
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	i, j := wordAfterTitle(data, len(token))
	if i < 0 {
		return fmt.Errorf("%s has no word of %d letters to rewrite", file, len(token))
	}
	copy(data[i:j], token)
	return os.WriteFile(file, data, 0o644)
}

// editChildCommand is the hidden command the cadence measure runs as the
// other program that edits a note.
func (a *app) editChildCommand() *cobra.Command {
	var file, token string
	var rewrite bool
	cmd := &cobra.Command{
		Use:    "edit-child --file FILE --token WORD [--rewrite]",
		Hidden: true,
		Args:   noArgs,
		RunE: action(func(*cobra.Command, []string) error {
			return editFile(file, token, rewrite)
		}),
	}
	cmd.Flags().StringVar(&file, "file", "", "the Markdown `FILE` to edit")
	cmd.Flags().StringVar(&token, "token", "", "the `WORD` the edit writes")
	cmd.Flags().BoolVar(&rewrite, "rewrite", false, "replace a word of the token's length instead of appending a line")
	return cmd
}

// editInChild runs edit-child in a fresh process of this benchmark and
// waits for it to exit.
func editInChild(ctx context.Context, file, token string, rewrite bool) error {
	self, err := os.Executable()
	if err != nil {
		return err
	}
	args := []string{"edit-child", "--file", file, "--token", token}
	if rewrite {
		args = append(args, "--rewrite")
	}
	cmd := exec.CommandContext(ctx, self, args...)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("edit-child %s: %w", file, err)
	}
	return nil
}
