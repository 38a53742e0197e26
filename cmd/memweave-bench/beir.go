package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
)

type beirCommand struct {
	a       *app
	run     runFlags
	corpus  string
	queries string
	qrels   string
}

func (a *app) beirCommand() *cobra.Command {
	c := &beirCommand{a: a}
	cmd := &cobra.Command{
		Use:   "beir --corpus corpus.jsonl --queries queries.jsonl --qrels qrels.tsv",
		Short: "Document retrieval on a BEIR data set (e.g. SciFact)",
		Long: `beir indexes a BEIR corpus into one workspace, one file memory/<_id>.md
per document (the title as a "# " heading, the text as the body), and
asks every query that has judgments in the qrels file.

Metrics, as BEIR reports them: ndcg@10 with the qrels score as graded
gain, recall@10 and recall@100 (the fraction of relevant documents in the
top k). A query whose judgments are all 0 is asked but left out of the
means.`,
		Args: noArgs,
		RunE: action(c.runE),
	}
	c.run.register(cmd, 200)
	fs := cmd.Flags()
	fs.StringVar(&c.corpus, "corpus", "", "corpus `file` (JSON lines: _id, title, text)")
	fs.StringVar(&c.queries, "queries", "", "queries `file` (JSON lines: _id, text)")
	fs.StringVar(&c.qrels, "qrels", "", "judgments `file` (TSV: query-id, corpus-id, score)")
	for _, f := range []string{"corpus", "queries", "qrels"} {
		_ = cmd.MarkFlagRequired(f)
	}
	return cmd
}

// beirMetrics are the metrics of beir.
var beirMetrics = []metric{
	definedIfRelevant("ndcg@10", ndcg, 10),
	definedIfRelevant("recall@10", recallFrac, 10),
	definedIfRelevant("recall@100", recallFrac, 100),
}

func (c *beirCommand) runE(cmd *cobra.Command, _ []string) error {
	if err := c.run.check(); err != nil {
		return err
	}
	docs, err := readBEIRCorpus(c.corpus)
	if err != nil {
		return err
	}
	texts, err := readBEIRQueries(c.queries)
	if err != nil {
		return err
	}
	order, qrels, err := readQrels(c.qrels)
	if err != nil {
		return err
	}
	cp := corpus{name: "corpus", docs: docs}
	var ids []string
	for _, qid := range order {
		if c.run.limit > 0 && len(ids) == c.run.limit {
			break
		}
		if !c.run.keep(qid) {
			continue
		}
		text, ok := texts[qid]
		if !ok {
			return fmt.Errorf("%s: query %s has judgments but no text in %s", c.qrels, qid, c.queries)
		}
		ids = append(ids, qid)
		cp.queries = append(cp.queries, text)
	}
	c.a.progressf("beir: %d documents, %d queries, mode %s", len(docs), len(ids), c.run.mode)

	rankings, ev, err := c.a.evaluate(cmd.Context(), &c.run, "beir", []corpus{cp})
	if err != nil {
		return err
	}
	agg := newMean(beirMetrics)
	var lines []object
	truncated := 0
	for i, qid := range ids {
		rk := rankings[0][i]
		ranked := rk.docs()
		s := measure(beirMetrics, ranked, qrels[qid])
		agg.add(s)
		if rk.truncated(c.run.maxResults, 100) {
			truncated++
		}
		if c.run.perQuestion != "" {
			lines = append(lines, c.run.question(object{}.
				add("id", qid).
				add("gold", sortedKeys(qrels[qid])).
				add("ranked", top(ranked, rankedInReport)).
				add("metrics", s.object(beirMetrics)), rk))
		}
	}
	if c.run.perQuestion != "" {
		if err := writeLines(c.run.perQuestion, lines); err != nil {
			return err
		}
	}
	o := ev.header("queries", len(ids)).add("documents", len(docs))
	o = agg.fields(o)
	return c.a.writeReport(ev.footer(o, truncated))
}

// readBEIRCorpus reads a BEIR corpus.jsonl into memory files.
func readBEIRCorpus(path string) ([]doc, error) {
	var docs []doc
	err := readJSONLines(path, func(dec *json.Decoder) error {
		var d struct {
			ID    string `json:"_id"`
			Title string `json:"title"`
			Text  string `json:"text"`
		}
		if err := dec.Decode(&d); err != nil {
			return err
		}
		if d.ID == "" {
			return errors.New("no _id")
		}
		var b strings.Builder
		if t := oneLine(d.Title); t != "" {
			b.WriteString("# " + t + "\n\n")
		}
		b.WriteString(strings.TrimSpace(d.Text))
		b.WriteString("\n")
		docs = append(docs, doc{id: d.ID, text: b.String()})
		return nil
	})
	if err == nil && len(docs) == 0 {
		err = fmt.Errorf("%s: no documents", path)
	}
	return docs, err
}

// readBEIRQueries reads a BEIR queries.jsonl into a map from id to text.
func readBEIRQueries(path string) (map[string]string, error) {
	texts := make(map[string]string)
	err := readJSONLines(path, func(dec *json.Decoder) error {
		var q struct {
			ID   string `json:"_id"`
			Text string `json:"text"`
		}
		if err := dec.Decode(&q); err != nil {
			return err
		}
		if q.ID == "" {
			return errors.New("no _id")
		}
		texts[q.ID] = q.Text
		return nil
	})
	return texts, err
}

// readJSONLines calls fn once per JSON value of path (one per line in
// practice); fn decodes it from dec. Errors name the value's position.
func readJSONLines(path string, fn func(dec *json.Decoder) error) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	r, err := maybeGzip(f)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	dec := json.NewDecoder(r)
	for n := 1; ; n++ {
		if !dec.More() {
			return nil
		}
		if err := fn(dec); err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return fmt.Errorf("%s: record %d: %w", path, n, err)
		}
	}
}

// readQrels reads a BEIR qrels TSV (query-id, corpus-id, score, with or
// without a header row). It returns the query ids in order of first
// appearance and the judgments of each.
func readQrels(path string) ([]string, map[string]judgments, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	qrels := make(map[string]judgments)
	var order []string
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		fields := strings.Split(line, "\t")
		if len(fields) != 3 {
			return nil, nil, fmt.Errorf("%s:%d: want 3 tab-separated fields, got %d", path, n, len(fields))
		}
		score, err := strconv.ParseFloat(strings.TrimSpace(fields[2]), 64)
		if err != nil {
			if n == 1 {
				continue // header row
			}
			return nil, nil, fmt.Errorf("%s:%d: score %q: %w", path, n, fields[2], err)
		}
		qid, did := strings.TrimSpace(fields[0]), strings.TrimSpace(fields[1])
		if qrels[qid] == nil {
			qrels[qid] = make(judgments)
			order = append(order, qid)
		}
		qrels[qid][did] = score
	}
	if err := sc.Err(); err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(order) == 0 {
		return nil, nil, fmt.Errorf("%s: no judgments", path)
	}
	return order, qrels, nil
}
