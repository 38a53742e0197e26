package main

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"os"

	"github.com/spf13/cobra"
)

// paraphraseSet is testdata/paraphrase.json, the default of paraphrase
// --data.
//
//go:embed testdata/paraphrase.json
var paraphraseSet []byte

type paraphraseCommand struct {
	a         *app
	run       runFlags
	data      string
	threshold float64
}

// defaultThreshold is the library's default min_score, at which the
// report's at_threshold and negatives figures are taken unless
// --threshold says otherwise.
const defaultThreshold = 0.35

func (a *app) paraphraseCommand() *cobra.Command {
	c := &paraphraseCommand{a: a}
	cmd := &cobra.Command{
		Use:   "paraphrase [--data FILE]",
		Short: "Questions that share no word with the note answering them",
		Long: `paraphrase indexes one workspace holding every note of a paraphrase set,
one file per note (the answers and the distractors), and asks each question,
whose answer shares no searchable word with it: keyword search cannot find
it, only the embedder can.

The set is testdata/paraphrase.json unless --data names another file of the
same form: {"pairs": [{"id", "domain", "question", "note"}], "negatives":
[{"id", "kind", "question"}], "distractors": [text, ...]}; negatives, which
may be absent, are questions no note answers. Pairs alternate between the
halves: the first, third, ... pair is in the tune half, the second, fourth,
... in the check half, and so do negatives (--split picks one; the report
gives both either way). testdata/meaning.json is a second set of this
form, with negatives; testdata/families.json a third, whose negatives are
off-topic, share a word or two with a note by chance, or are a topical
neighbour of a note; testdata/shapes.json a fourth, whose pairs come in
four shapes (short and long questions, dated log lines, list notes; the
domain field names the shape); testdata/memfiles.json a fifth, whose notes
look like an agent's memory files (Markdown sections, dated logs, prose,
one-line facts); testdata/senses.json a sixth, of 40 pairs and 24
negatives per half (synonym, hypernym, use and loanword pairs; chance and
topical negatives); testdata/ranks.json a seventh, whose every pair has a
distractor sharing a word or two of the question in another sense or on
another topic (homonym, frame, figurative and twoword pairs; negatives
sharing one or two words with a note by chance).

Metrics: top1, top3 (the note at rank 1, in the first 3) and recall@5, over
all questions, each half and each domain, with every result kept (min_score
0); at_threshold gives the same once results scoring under --threshold
(default the library's min_score, 0.35) are dropped; negatives.empty is the
share of negative questions with no result at that threshold.
separation asks whether any threshold could keep the answers and drop the
negatives: of the answers found in a top 3 against each negative's best
hit, auc is the chance the answer scores higher, threshold_keeping the
highest threshold that keeps 80% of those answers and empty_at_it the share
of negatives it leaves with nothing; separation_cosine is the same on the
raw cosines instead of the final scores (vector hits only).
keyword_target_hits counts the questions whose note the keyword backend
returned at all (0 when the set keeps its promise, in keyword mode).`,
		Args: noArgs,
		RunE: action(c.runE),
	}
	c.run.register(cmd, 50)
	cmd.Flags().StringVar(&c.data, "data", "", "paraphrase set `file` (default: the built-in testdata/paraphrase.json)")
	cmd.Flags().Float64Var(&c.threshold, "threshold", defaultThreshold, "min_score `F` of the at_threshold and negatives figures")
	return cmd
}

// paraphraseMetrics are the metrics of paraphrase.
var paraphraseMetrics = []metric{
	definedIfRelevant("top1", recallAny, 1),
	definedIfRelevant("top3", recallAny, 3),
	definedIfRelevant("recall@5", recallAny, 5),
}

// paraphraseData is the form of a paraphrase set.
type paraphraseData struct {
	Pairs []struct {
		ID       string `json:"id"`
		Domain   string `json:"domain"`
		Question string `json:"question"`
		Note     string `json:"note"`
	} `json:"pairs"`
	Negatives []struct {
		ID       string `json:"id"`
		Kind     string `json:"kind"`
		Question string `json:"question"`
	} `json:"negatives"`
	Distractors []string `json:"distractors"`
}

// readParaphrase reads and checks a paraphrase set; path "" is the
// built-in one.
func readParaphrase(path string) (*paraphraseData, error) {
	raw, name := paraphraseSet, "testdata/paraphrase.json"
	if path != "" {
		b, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		raw, name = b, path
	}
	var d paraphraseData
	if err := json.Unmarshal(raw, &d); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(d.Pairs) == 0 {
		return nil, fmt.Errorf("%s: no pairs", name)
	}
	seen := make(map[string]bool)
	for i, p := range d.Pairs {
		if p.ID == "" || !safeName(p.ID) || seen[p.ID] {
			return nil, fmt.Errorf("%s: pair %d: id %q is empty, repeated or not a safe file name", name, i+1, p.ID)
		}
		if p.Question == "" || p.Note == "" {
			return nil, fmt.Errorf("%s: pair %s: empty question or note", name, p.ID)
		}
		seen[p.ID] = true
	}
	for i, n := range d.Negatives {
		if n.ID == "" || seen[n.ID] || n.Question == "" {
			return nil, fmt.Errorf("%s: negative %d: id %q is empty or repeated, or the question is empty", name, i+1, n.ID)
		}
		seen[n.ID] = true
	}
	return &d, nil
}

// paraphraseHalf is the half of pair i (0-based): tune for even i.
func paraphraseHalf(i int) string {
	if i%2 == 0 {
		return "tune"
	}
	return "check"
}

func (c *paraphraseCommand) runE(cmd *cobra.Command, _ []string) error {
	if err := c.run.check(); err != nil {
		return err
	}
	if !(c.threshold >= 0 && c.threshold <= 1) {
		return usageErr("invalid --threshold %g: must be in [0,1]", c.threshold)
	}
	d, err := readParaphrase(c.data)
	if err != nil {
		return err
	}
	cp := corpus{name: "paraphrase"}
	for _, p := range d.Pairs {
		cp.docs = append(cp.docs, doc{id: p.ID, text: p.Note + "\n"})
	}
	for i, t := range d.Distractors {
		cp.docs = append(cp.docs, doc{id: fmt.Sprintf("d%03d", i+1), text: t + "\n"})
	}
	// asked and negs index d.Pairs and d.Negatives: the questions of the
	// chosen half, up to the limit, each.
	pick := func(n int, question func(int) string) []int {
		var out []int
		for i := range n {
			if c.run.limit > 0 && len(out) == c.run.limit {
				break
			}
			if c.run.split != "" && paraphraseHalf(i) != c.run.split {
				continue
			}
			out = append(out, i)
			cp.queries = append(cp.queries, question(i))
		}
		return out
	}
	asked := pick(len(d.Pairs), func(i int) string { return d.Pairs[i].Question })
	negs := pick(len(d.Negatives), func(i int) string { return d.Negatives[i].Question })
	c.a.progressf("paraphrase: %d notes, %d questions, %d negatives, mode %s", len(cp.docs), len(asked), len(negs), c.run.mode)

	rankings, ev, err := c.a.evaluate(cmd.Context(), &c.run, "paraphrase", []corpus{cp})
	if err != nil {
		return err
	}
	halves, domains := newGroupedMean(paraphraseMetrics), newGroupedMean(paraphraseMetrics)
	cut := newGroupedMean(paraphraseMetrics)
	var lines []object
	sep, sepCos := newSeparation(false), newSeparation(true)
	truncated, kwHits := 0, 0
	for j, i := range asked {
		p := d.Pairs[i]
		rk := rankings[0][j]
		ranked := rk.docs()
		gold := judgments{p.ID: 1}
		s := measure(paraphraseMetrics, ranked, gold)
		halves.add(paraphraseHalf(i), s)
		domains.add(p.Domain, s)
		sc := measure(paraphraseMetrics, rk.above(c.threshold), gold)
		cut.add(paraphraseHalf(i), sc)
		sep.answer(paraphraseHalf(i), p.ID, rk)
		sepCos.answer(paraphraseHalf(i), p.ID, rk)
		for _, h := range rk.hits {
			if h.doc == p.ID && h.bm25 != nil {
				kwHits++
				break
			}
		}
		if rk.truncated(c.run.maxResults, 5) {
			truncated++
		}
		if c.run.perQuestion != "" {
			lines = append(lines, c.run.question(object{}.
				add("id", p.ID).
				add("half", paraphraseHalf(i)).
				add("gold", []string{p.ID}).
				add("ranked", top(ranked, rankedInReport)).
				add("metrics", s.object(paraphraseMetrics)).
				add("metrics_at_threshold", sc.object(paraphraseMetrics)), rk))
		}
	}
	// A negative is answered well when nothing passes the threshold.
	empty := newGroupedMean([]metric{emptyMetric})
	kinds := newGroupedMean([]metric{emptyMetric})
	for j, i := range negs {
		n := d.Negatives[i]
		rk := rankings[0][len(asked)+j]
		kept := rk.above(c.threshold)
		s := measure([]metric{emptyMetric}, kept, nil)
		empty.add(paraphraseHalf(i), s)
		kinds.add(n.Kind, s)
		sep.negative(paraphraseHalf(i), rk)
		sepCos.negative(paraphraseHalf(i), rk)
		if c.run.perQuestion != "" {
			best := 0.0
			if len(rk.hits) > 0 {
				best = rk.hits[0].score
			}
			lines = append(lines, c.run.question(object{}.
				add("id", n.ID).
				add("half", paraphraseHalf(i)).
				add("kind", n.Kind).
				add("returned", top(kept, rankedInReport)).
				add("best_score", best), rk))
		}
	}
	if c.run.perQuestion != "" {
		if err := writeLines(c.run.perQuestion, lines); err != nil {
			return err
		}
	}
	o := ev.header("questions", len(asked)).add("notes", len(cp.docs))
	o = halves.all.fields(o)
	o = o.add("halves", halves.byGroup()).
		add("domains", domains.byGroup()).
		add("keyword_target_hits", kwHits)
	o = o.add("at_threshold", cut.all.fields(object{}.add("threshold", c.threshold)).add("halves", cut.byGroup()))
	if len(negs) > 0 {
		o = o.add("negatives", empty.all.fields(object{}).add("halves", empty.byGroup()).add("kinds", kinds.byGroup())).
			add("separation", sep.object()).
			add("separation_cosine", sepCos.object())
	}
	return c.a.writeReport(ev.footer(o, truncated))
}

// emptyMetric is 1 for a question with nothing ranked: what a negative
// question, which no note answers, should get.
var emptyMetric = metric{name: "empty", score: func(ranked []string, _ judgments) (float64, bool) {
	if len(ranked) == 0 {
		return 1, true
	}
	return 0, true
}}
