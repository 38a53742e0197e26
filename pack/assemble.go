package pack

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/memweave/memweave-go/chunker"
	"github.com/memweave/memweave-go/curate"
	"github.com/memweave/memweave-go/search"
	"github.com/memweave/memweave-go/workspace"
)

// Hit is a search result widened to whole lines, as [Widen] returns it.
type Hit struct {
	// Path names the file the lines come from.
	Path string
	// StartLine is the 1-based number of the first line of Text.
	StartLine int
	// Score is the search score of the result.
	Score float64
	// Text is the lines as they are in the file, joined by their line
	// endings, without the last line's ending.
	Text string
	// SupersededBy is the line a resolution kept instead of this one, as
	// the search marked it; nil when none does.
	SupersededBy *search.Ref
	// Headings is the heading path of the chunk, outermost first, and
	// Tags the tags of its note, as the search returned them: with Path
	// they say what the passage is about ([curate.SubjectsLost],
	// [curate.HeadingsLost]).
	Headings, Tags []string
	// Fields are the values of its note's front matter fields that may
	// say what it is about ([curate.FieldValues]: title, env, project),
	// as Widen read them.
	Fields []string
	// Context is what the lines of the file before StartLine leave open
	// (a fenced code block, a table), as Widen read the file: the lines
	// that bring a [curate.Blocks] to that state ([curate.Blocks.State]).
	Context []string
}

// Passage is one item of an assembled pack: whole lines of one file.
type Passage struct {
	// Lines are the file (workspace-relative, as in search results), its
	// 1-based inclusive lines and their text. The text is the lines,
	// joined by their line endings, without the last line's ending (nor a
	// byte order mark before the file's first), kept inside their block:
	// when the first line sits in a fenced code block the block's opening
	// line comes before it, and when the last line leaves one open a
	// closing fence follows it, so that pasted alone each line is code
	// exactly when it is in the file; when the first line continues a
	// table's body, the table's header and delimiter rows come before it
	// (its header before its delimiter row).
	workspace.Lines
	// Tokens is Text's size as the pack's token counter counts it.
	Tokens int `json:"tokens"`
	// Score is the search score of the chunk the lines come from.
	Score float64 `json:"score"`
	// SupersededBy is the line a resolution in the files kept instead of
	// this passage (see search.Result.SupersededBy): what it says no
	// longer holds.
	SupersededBy *search.Ref `json:"superseded_by,omitempty"`
}

// assemble picks, from hits, the passages that together carry the most
// score within budget tokens, and returns them by decreasing score (then
// path and line), with their total number of tokens and the passages
// over the budget, in a [Result] without its Query.
//
// Blank hits and repeats of one span are dropped; count gives each hit's
// size in tokens (nil means [chunker.EstimateTokens]); near-duplicates,
// whose word sets have a Jaccard similarity above threshold, are dropped
// by [Dedupe], keeping the higher scored, but for a copy in a note or a
// section about another subject ([apart]); passages of one file whose lines
// overlap or nest are cut so that no line is packed twice (the higher
// scored keeps its lines); and [Knapsack] chooses among the rest, valuing a passage at its score, with a tiny floor so that a
// score of zero still counts, and a superseded one whose line kept is
// there at a millionth of it ([value]). A passage larger than the budget is left
// out, never cut. The total never exceeds budget.
//
// A negative count is an error.
func assemble(hits []Hit, budget int, threshold float64, count func(string) int) (*Result, error) {
	if count == nil {
		count = chunker.EstimateTokens
	}
	type span struct {
		path       string
		start, end int
	}
	seen := make(map[span]bool)
	var items []Passage
	var about []curate.Passage // what each hit is about, by index of items
	var contexts [][]string    // what is open at each item's first line
	for _, h := range hits {
		if strings.TrimSpace(h.Text) == "" {
			continue
		}
		end := h.StartLine + max(chunker.CountLines(h.Text), 1) - 1
		key := span{h.Path, h.StartLine, end}
		if seen[key] {
			continue
		}
		seen[key] = true
		tokens := count(h.Text)
		if tokens < 0 {
			return nil, fmt.Errorf("pack: token counter returned %d tokens for %s:%d-%d", tokens, h.Path, h.StartLine, end)
		}
		// Its note's fields say what it is about as its note's path
		// does; the headings it sits under are apart's own rule.
		about = append(about, curate.Passage{File: h.Path, Text: h.Text, Under: curate.Under(h.Headings, h.Text), Tags: h.Tags,
			About: h.Fields})
		items = append(items, Passage{Lines: workspace.Lines{Path: h.Path, StartLine: h.StartLine, EndLine: end, Text: h.Text},
			Tokens: tokens, Score: h.Score, SupersededBy: h.SupersededBy})
		contexts = append(contexts, h.Context)
	}

	texts := make([]string, len(items))
	scores := make([]float64, len(items))
	for i, it := range items {
		texts[i], scores[i] = it.Text, it.Score
	}
	kept := dedupe(texts, scores, threshold, func(i, k int) bool { return apart(about[i], about[k]) })
	items, err := disjoint(items, contexts, kept, count)
	if err != nil {
		return nil, err
	}
	p := &Result{Budget: budget, Items: []Passage{}}
	cands := make([]Item, len(items))
	live := livePaths(items)
	for i := range items {
		cands[i] = Item{Tokens: items[i].Tokens, Score: value(items[i].Score, replaced(items[i], live))}
		if n := items[i].Tokens; n > budget {
			if p.OverBudget == 0 || n < p.SmallestOverBudget {
				p.SmallestOverBudget = n
			}
			p.OverBudget++
		}
	}
	for _, k := range Knapsack(cands, budget) {
		p.Items = append(p.Items, items[k])
		p.TotalTokens += items[k].Tokens
	}
	if p.TotalTokens > budget {
		// Knapsack guarantees otherwise; never hand out an overfull pack.
		return nil, fmt.Errorf("pack: internal error: %d tokens chosen for a budget of %d", p.TotalTokens, budget)
	}
	slices.SortStableFunc(p.Items, func(a, b Passage) int {
		return cmp.Or(cmp.Compare(b.Score, a.Score), cmp.Compare(a.Path, b.Path), cmp.Compare(a.StartLine, b.StartLine))
	})
	return p, nil
}

// disjoint returns the passages of items at the indices kept, cut so that
// no two hold the same line of a file: chunks overlap (the chunker's
// overlap, a section within a larger one), and a pack holding both would
// spend its budget on lines twice. From the highest score down (then
// path and line), each passage keeps the longest run of its lines that
// no passage before it holds, recounted by count; one left with no line,
// or only blank ones, is dropped. Each is then kept inside its block
// ([inBlock]; contexts[i] is what is open where items[i] starts).
// Which passages hold a line does not depend on the budget, so
// [Knapsack] still chooses among fixed items.
func disjoint(items []Passage, contexts [][]string, kept []int, count func(string) int) ([]Passage, error) {
	order := slices.Clone(kept)
	slices.SortStableFunc(order, func(a, b int) int {
		x, y := items[a], items[b]
		return cmp.Or(cmp.Compare(y.Score, x.Score), cmp.Compare(x.Path, y.Path), cmp.Compare(x.StartLine, y.StartLine))
	})
	held := make(map[string][][2]int) // each file's line ranges taken
	var out []Passage
	for _, i := range order {
		it := items[i]
		from, to := freeRun(held[it.Path], it.StartLine, it.EndLine)
		if from > to {
			continue
		}
		if from != it.StartLine || to != it.EndLine {
			lines := curate.SplitLines(it.Text)
			if to-it.StartLine >= len(lines) {
				to = it.StartLine + len(lines) - 1
			}
			if from > to {
				continue
			}
			text := strings.Join(lines[from-it.StartLine:to-it.StartLine+1], "")
			text = strings.TrimSuffix(strings.TrimSuffix(text, "\n"), "\r")
			if strings.TrimSpace(text) == "" {
				continue
			}
			it.StartLine, it.EndLine, it.Text = from, to, text
		}
		if text, ok := inBlock(items[i].Text, contexts[i], from-items[i].StartLine, it.Text); ok || it.Text != items[i].Text {
			n := count(text)
			if n < 0 {
				return nil, fmt.Errorf("pack: token counter returned %d tokens for %s:%d-%d", n, it.Path, from, to)
			}
			it.Text, it.Tokens = text, n
		}
		held[it.Path] = append(held[it.Path], [2]int{from, to})
		out = append(out, it)
	}
	return out, nil
}

// inBlock returns text, the lines of a passage from its line skip (0 its
// first) on, whose whole lines are whole, inside the blocks they sit in
// ([curate.Blocks.Lead]): the lines that open the fenced code block or
// table they continue before them (context is what is open where whole
// starts), and a closing fence after them when they leave a fenced
// block open; ok is false when neither is needed and text is returned
// as it is.
func inBlock(whole string, context []string, skip int, text string) (string, bool) {
	var f curate.Blocks
	for _, l := range context {
		f.Next(l)
	}
	for _, l := range curate.SplitLines(whole)[:skip] {
		f.Next(l)
	}
	lines := curate.SplitLines(text)
	if len(lines) == 0 {
		return text, false
	}
	lead := f.Lead(lines[0])
	for _, l := range lines {
		f.Next(l)
	}
	after := f.Closer()
	if len(lead) == 0 && after == "" {
		return text, false
	}
	nl := "\n"
	if strings.Contains(text, "\r\n") || len(lead) > 0 && strings.HasSuffix(lead[0], "\r\n") {
		nl = "\r\n"
	}
	var b strings.Builder
	for _, l := range lead {
		b.WriteString(strings.TrimRight(l, "\r\n") + nl)
	}
	b.WriteString(text)
	if after != "" {
		b.WriteString(nl + after)
	}
	return b.String(), true
}

// freeRun returns the longest run of the lines from..to that no range of
// held covers (the first of equal ones), or from > to when each is held.
func freeRun(held [][2]int, from, to int) (int, int) {
	bestFrom, bestTo := 1, 0
	for l := from; l <= to; {
		if r, ok := covering(held, l); ok {
			l = r + 1
			continue
		}
		end := l
		for end < to {
			if _, ok := covering(held, end+1); ok {
				break
			}
			end++
		}
		if end-l > bestTo-bestFrom {
			bestFrom, bestTo = l, end
		}
		l = end + 1
	}
	return bestFrom, bestTo
}

// covering returns the end of a range of held holding line l.
func covering(held [][2]int, l int) (int, bool) {
	for _, r := range held {
		if r[0] <= l && l <= r[1] {
			return r[1], true
		}
	}
	return 0, false
}

// value is the value the knapsack maximises for a search score: the
// score itself, with a floor so that a result that passed the score
// threshold at 0 still counts for something. A passage a resolution in
// the files supersedes (superseded) is worth a millionth of that: what it
// says no longer holds, so it takes only room no live passage wants, and
// never the place of the line that supersedes it, which says less of
// the query's words and scores lower ([replaced]: only while that line
// is there).
func value(score float64, superseded bool) float64 {
	v := score
	if math.IsNaN(score) || score <= 0 {
		v = 1e-9
	}
	if superseded {
		v *= supersededShare
	}
	return v
}

// replaced reports whether a resolution in the files supersedes p by a
// line that may be among the pack's passages: its search found the line
// kept (SupersededBy's line set), or a live passage of the note that
// holds it is a candidate (live: the line kept edited since). With the
// line gone from a note no live passage comes from, p is the only
// version of its fact, which the search shows even when it hides
// superseded passages, and a pack weighs it by its score.
func replaced(p Passage, live map[string]bool) bool {
	return p.SupersededBy != nil && (p.SupersededBy.StartLine > 0 || live[p.SupersededBy.Path])
}

// livePaths returns the files of the passages of items no resolution
// supersedes.
func livePaths(items []Passage) map[string]bool {
	live := make(map[string]bool)
	for _, it := range items {
		if it.SupersededBy == nil {
			live[it.Path] = true
		}
	}
	return live
}

// supersededShare is the share of its score a superseded passage is
// worth to a pack ([value]).
const supersededShare = 1e-6

// apart reports whether a pack keeps passage p beside kept, a copy of it
// scored higher, because each says what its fact is about: dropping p
// would lose a subject of its note ([curate.SubjectsLost]: "production"
// of memory/production/db.md beside memory/staging/db.md, of a note
// titled "Production database") and either
// dropping kept would too (consolidate holds such a pair apart) or
// kept's note names no subject (a dated log: the topic note's copy says
// what the fact is about). A file manager's copy ("db (1).md"), a day
// log's repeat of a line and a copy whose text names kept's subject are
// dropped. So are copies under outer headings that each name what the
// other's lack ([curate.HeadingsLost]: "## Staging" and "## Production"
// of one note).
func apart(p, kept curate.Passage) bool {
	if len(p.Under) > 0 && len(kept.Under) > 0 && len(curate.HeadingsLost(kept, p)) > 0 && len(curate.HeadingsLost(p, kept)) > 0 {
		return true
	}
	if len(curate.SubjectsLost(kept, p)) == 0 {
		return false
	}
	return len(curate.SubjectsLost(p, kept)) > 0 || len(curate.Subjects(kept)) == 0
}
