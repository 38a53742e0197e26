package main

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
)

// locomoSample is one LoCoMo conversation with its questions.
type locomoSample struct {
	SampleID     string                     `json:"sample_id"`
	Conversation map[string]json.RawMessage `json:"conversation"`
	QA           []locomoQA                 `json:"qa"`
}

type locomoQA struct {
	Question string   `json:"question"`
	Evidence []string `json:"evidence"`
	Category int      `json:"category"`
}

type locomoTurn struct {
	Speaker     string `json:"speaker"`
	DiaID       string `json:"dia_id"`
	Text        string `json:"text"`
	BlipCaption string `json:"blip_caption"`
}

// locomoSession is one session of a conversation as written to memory/.
type locomoSession struct {
	n    int
	id   string // "session_<n>", the document id
	text string
	// lines maps each turn's dia_id, normalised by [diaRef.String], to its
	// 1-based line in text.
	lines map[string]int
}

// diaRef is a dialog turn: turn t of session s.
type diaRef struct{ s, t int }

func (d diaRef) String() string  { return fmt.Sprintf("D%d:%d", d.s, d.t) }
func (d diaRef) session() string { return fmt.Sprintf("session_%d", d.s) }

// evidenceRE reads a (session, turn) pair from an evidence string; it
// copes with the quirks LoCoMo's README lists ("D:11:26", "D30:05",
// several ids in one string).
var evidenceRE = regexp.MustCompile(`D:?(\d+):0*(\d+)`)

// parseEvidence returns the distinct turns named by evidence, in order of
// first mention. Strings naming no turn ("D", "") are dropped.
func parseEvidence(evidence []string) []diaRef {
	var refs []diaRef
	for _, e := range evidence {
		for _, m := range evidenceRE.FindAllStringSubmatch(e, -1) {
			s, err1 := strconv.Atoi(m[1])
			t, err2 := strconv.Atoi(m[2])
			if err1 != nil || err2 != nil {
				continue
			}
			if r := (diaRef{s, t}); !slices.Contains(refs, r) {
				refs = append(refs, r)
			}
		}
	}
	return refs
}

type locomoCommand struct {
	a     *app
	run   runFlags
	data  string
	level string
}

func (a *app) locomoCommand() *cobra.Command {
	c := &locomoCommand{a: a}
	cmd := &cobra.Command{
		Use:   "locomo --data FILE.json",
		Short: "Session- or turn-level retrieval on LoCoMo",
		Long: `locomo asks each LoCoMo question of a memory holding its own conversation:
one workspace per conversation, one file memory/session_<N>.md per
session. A session file is a "# Session <N>" heading, a "Date:" line
(session_<N>_date_time), a "Speakers:" line and one line per turn,
"Speaker (D1:3): text", with " [image: <blip_caption>]" appended for
turns that carry an image; turns are separated by blank lines.

Every category is asked, adversarial category 5 included, and reported
overall and per category in "by_category". Gold comes from the evidence
strings, read with the regular expression D:?(\d+):0*(\d+) (see the
data's README for the quirks it handles).

--level session (default): gold files are the sessions named in the
evidence. Metrics: recall_any@k (a gold session in the top k; questions
without evidence are left out of it), recall_frac@k (the fraction of gold
sessions in the top k, MemPalace's metric; a question without evidence
scores 1.0, as MemPalace counts it) and ndcg@10 (binary, left out for
questions without evidence).

--level turn: gold turns are the evidence dia_ids that exist in the
conversation. The ranking is of chunks, not files, and a chunk finds a
gold turn when its line range holds the turn's line. recall_any@k is
whether the first k chunks find any gold turn, recall_frac@k the fraction
of gold turns they find; questions without a valid gold turn are
treated as at session level. No NDCG is reported at turn level: the unit
ranked (a chunk) and the unit judged (a turn) differ, so there is no
ideal ranking to normalise by. With the default chunk size a chunk holds
a dozen turns; use --chunk-tokens to make the level discriminative.`,
		Args: noArgs,
		RunE: action(c.runE),
	}
	c.run.register(cmd, 200)
	fs := cmd.Flags()
	fs.StringVar(&c.data, "data", "", "LoCoMo `file` (JSON array of conversations)")
	fs.StringVar(&c.level, "level", "session", "judgment level: session or turn")
	_ = cmd.MarkFlagRequired("data")
	return cmd
}

// recallFracOr1 is recall_frac@k that scores a question without relevant
// documents 1.0, as MemPalace does.
func recallFracOr1(name string, k int) metric {
	return metric{name: name, score: func(ranked []string, gold judgments) (float64, bool) {
		if gold.relevant() == 0 {
			return 1, true
		}
		return recallFrac(ranked, gold, k), true
	}}
}

// locomoSessionMetrics are the session-level metrics of locomo.
var locomoSessionMetrics = []metric{
	definedIfRelevant("recall_any@1", recallAny, 1),
	definedIfRelevant("recall_any@5", recallAny, 5),
	definedIfRelevant("recall_any@10", recallAny, 10),
	recallFracOr1("recall_frac@5", 5),
	recallFracOr1("recall_frac@10", 10),
	definedIfRelevant("ndcg@5", ndcg, 5),
	definedIfRelevant("ndcg@10", ndcg, 10),
}

// locomoTurnMetrics are the turn-level metrics of locomo. They score a
// list whose element k-1 holds the gold turns found by the first k chunks
// (see turnMetric).
var locomoTurnMetrics = []metric{
	turnMetric("recall_any@1", 1, false),
	turnMetric("recall_any@5", 5, false),
	turnMetric("recall_any@10", 10, false),
	turnMetric("recall_frac@5", 5, true),
	turnMetric("recall_frac@10", 10, true),
	turnMetric("recall_frac@25", 25, true),
}

// turnMetric scores chunk rankings against gold turns. Its ranked
// argument is the turns the chunks find, in order of first finding, each
// followed by the marker "" ending a chunk; k counts chunks.
func turnMetric(name string, k int, frac bool) metric {
	return metric{name: name, score: func(found []string, gold judgments) (float64, bool) {
		n := gold.relevant()
		if n == 0 {
			return 1, frac
		}
		var got []string
		chunks := 0
		for _, t := range found {
			if t == "" {
				chunks++
				if chunks == k {
					break
				}
				continue
			}
			got = append(got, t)
		}
		if frac {
			return recallFrac(got, gold, len(got)), true
		}
		return recallAny(got, gold, len(got)), true
	}}
}

func (c *locomoCommand) runE(cmd *cobra.Command, _ []string) error {
	if err := c.run.check(); err != nil {
		return err
	}
	if c.level != "session" && c.level != "turn" {
		return usageErr("invalid --level %q: want session or turn", c.level)
	}
	samples, err := readLoCoMo(c.data)
	if err != nil {
		return err
	}

	type question struct {
		sample, index int
		qa            *locomoQA
	}
	var (
		corpora   []corpus
		questions []question
		sessions  = make([][]locomoSession, len(samples))
	)
	for i := range samples {
		s := &samples[i]
		ss, err := locomoSessions(s)
		if err != nil {
			return fmt.Errorf("%s: %s: %w", c.data, s.SampleID, err)
		}
		sessions[i] = ss
		cp := corpus{name: s.SampleID}
		for _, se := range ss {
			cp.docs = append(cp.docs, doc{id: se.id, text: se.text})
		}
		for j := range s.QA {
			if c.run.limit > 0 && len(questions) == c.run.limit {
				break
			}
			if !c.run.keep(fmt.Sprintf("%s/%d", s.SampleID, j)) {
				continue
			}
			questions = append(questions, question{sample: i, index: len(cp.queries), qa: &s.QA[j]})
			cp.queries = append(cp.queries, s.QA[j].Question)
		}
		if len(cp.queries) > 0 {
			corpora = append(corpora, cp)
		}
	}
	c.a.progressf("locomo: %d questions over %d conversations, level %s, mode %s", len(questions), len(corpora), c.level, c.run.mode)

	rankings, ev, err := c.a.evaluate(cmd.Context(), &c.run, "locomo", corpora)
	if err != nil {
		return err
	}
	// corpora holds the samples with questions, in order.
	corpusOf := make(map[int]int)
	for ci, cp := range corpora {
		for i := range samples {
			if samples[i].SampleID == cp.name {
				corpusOf[i] = ci
			}
		}
	}

	metrics := locomoSessionMetrics
	if c.level == "turn" {
		metrics = locomoTurnMetrics
	}
	agg := newGroupedMean(metrics)
	var lines []object
	truncated, noEvidence := 0, 0
	for _, q := range questions {
		rk := rankings[corpusOf[q.sample]][q.index]
		refs := parseEvidence(q.qa.Evidence)
		gold := make(judgments)
		var ranked []string
		if c.level == "session" {
			for _, r := range refs {
				gold[r.session()] = 1
			}
			ranked = rk.docs()
			if rk.truncated(c.run.maxResults, 10) {
				truncated++
			}
		} else {
			known := make(map[string]bool)
			for _, se := range sessions[q.sample] {
				for id := range se.lines {
					known[id] = true
				}
			}
			for _, r := range refs {
				if known[r.String()] {
					gold[r.String()] = 1
				}
			}
			ranked = turnsFound(rk, sessions[q.sample])
			if len(rk.hits) == c.run.maxResults && c.run.maxResults < 25 {
				truncated++
			}
		}
		if gold.relevant() == 0 {
			noEvidence++
		}
		s := measure(metrics, ranked, gold)
		agg.add(strconv.Itoa(q.qa.Category), s)
		if c.run.perQuestion != "" {
			shown := ranked
			if c.level == "turn" {
				shown = chunkNames(rk, rankedInReport)
			}
			lines = append(lines, c.run.question(object{}.
				add("id", fmt.Sprintf("%s/%d", samples[q.sample].SampleID, q.index)).
				add("category", q.qa.Category).
				add("gold", sortedKeys(gold)).
				add("ranked", top(shown, rankedInReport)).
				add("metrics", s.object(metrics)), rk))
		}
	}
	if c.run.perQuestion != "" {
		if err := writeLines(c.run.perQuestion, lines); err != nil {
			return err
		}
	}

	n := 0
	for _, cp := range corpora {
		n += len(cp.docs)
	}
	o := ev.header("questions", len(questions)).
		add("level", c.level).
		add("conversations", len(corpora)).
		add("sessions", n).
		add("without_evidence", noEvidence)
	o = agg.all.fields(o).add("by_category", agg.byGroup())
	return c.a.writeReport(ev.footer(o, truncated))
}

// turnsFound lists, for the chunks of rk in rank order, the turns each
// chunk holds that no earlier chunk held, each chunk's list ended by "".
func turnsFound(rk ranking, sessions []locomoSession) []string {
	byID := make(map[string]*locomoSession, len(sessions))
	for i := range sessions {
		byID[sessions[i].id] = &sessions[i]
	}
	seen := make(map[string]bool)
	var out []string
	for _, h := range rk.hits {
		if se := byID[h.doc]; se != nil {
			var turns []string
			for id, line := range se.lines {
				if line >= h.start && line <= h.end && !seen[id] {
					turns = append(turns, id)
				}
			}
			slices.SortFunc(turns, func(a, b string) int { return se.lines[a] - se.lines[b] })
			for _, id := range turns {
				seen[id] = true
			}
			out = append(out, turns...)
		}
		out = append(out, "")
	}
	return out
}

// chunkNames names the first n chunks of rk as "<doc>:<start>-<end>".
func chunkNames(rk ranking, n int) []string {
	var out []string
	for _, h := range top(rk.hits, n) {
		out = append(out, fmt.Sprintf("%s:%d-%d", h.doc, h.start, h.end))
	}
	return out
}

// sessionKeyRE matches the conversation keys that hold sessions.
var sessionKeyRE = regexp.MustCompile(`^session_(\d+)$`)

// locomoSessions renders the sessions of s, in session order.
func locomoSessions(s *locomoSample) ([]locomoSession, error) {
	var speakers []string
	for _, k := range []string{"speaker_a", "speaker_b"} {
		var name string
		if raw, ok := s.Conversation[k]; ok && json.Unmarshal(raw, &name) == nil && name != "" {
			speakers = append(speakers, name)
		}
	}
	var out []locomoSession
	for key, raw := range s.Conversation {
		m := sessionKeyRE.FindStringSubmatch(key)
		if m == nil {
			continue
		}
		n, err := strconv.Atoi(m[1])
		if err != nil {
			return nil, fmt.Errorf("%s: %w", key, err)
		}
		var turns []locomoTurn
		if err := json.Unmarshal(raw, &turns); err != nil {
			return nil, fmt.Errorf("%s: %w", key, err)
		}
		var date string
		if raw, ok := s.Conversation[key+"_date_time"]; ok {
			_ = json.Unmarshal(raw, &date)
		}
		out = append(out, renderLoCoMoSession(n, date, speakers, turns))
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no sessions")
	}
	slices.SortFunc(out, func(a, b locomoSession) int { return a.n - b.n })
	return out, nil
}

// renderLoCoMoSession writes session n as a memory file and records the
// line of each turn.
func renderLoCoMoSession(n int, date string, speakers []string, turns []locomoTurn) locomoSession {
	se := locomoSession{n: n, id: fmt.Sprintf("session_%d", n), lines: make(map[string]int)}
	var lines []string
	lines = append(lines, fmt.Sprintf("# Session %d", n), "")
	if date != "" {
		lines = append(lines, "Date: "+oneLine(date))
	}
	if len(speakers) > 0 {
		lines = append(lines, "Speakers: "+strings.Join(speakers, " and "))
	}
	for _, t := range turns {
		lines = append(lines, "")
		line := fmt.Sprintf("%s (%s): %s", oneLine(t.Speaker), oneLine(t.DiaID), oneLine(t.Text))
		if t.BlipCaption != "" {
			line += " [image: " + oneLine(t.BlipCaption) + "]"
		}
		lines = append(lines, line)
		if refs := parseEvidence([]string{t.DiaID}); len(refs) == 1 {
			se.lines[refs[0].String()] = len(lines)
		}
	}
	se.text = strings.Join(lines, "\n") + "\n"
	return se
}

// readLoCoMo reads a LoCoMo file: a JSON array of conversations.
func readLoCoMo(path string) ([]locomoSample, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var samples []locomoSample
	if err := json.Unmarshal(data, &samples); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(samples) == 0 {
		return nil, fmt.Errorf("%s: no conversations", path)
	}
	seen := make(map[string]bool)
	for i, s := range samples {
		if s.SampleID == "" {
			return nil, fmt.Errorf("%s: conversation %d has no sample_id", path, i+1)
		}
		if seen[s.SampleID] {
			return nil, fmt.Errorf("%s: sample_id %s appears twice", path, s.SampleID)
		}
		seen[s.SampleID] = true
	}
	return samples, nil
}
