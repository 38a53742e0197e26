package main

import (
	"bytes"
	"cmp"
	"encoding/json"
	"math"
	"slices"
)

// Judgments map a document id to its graded relevance; ids absent from the
// map, or with a grade of 0 or less, are not relevant.
type judgments map[string]float64

// relevant returns the number of relevant documents.
func (g judgments) relevant() int {
	n := 0
	for _, r := range g {
		if r > 0 {
			n++
		}
	}
	return n
}

// top returns the first k elements of s, or all of them when there are
// fewer.
func top[T any](s []T, k int) []T {
	return s[:min(k, len(s))]
}

// found returns how many distinct relevant documents are in the first k of
// ranked.
func found(ranked []string, gold judgments, k int) int {
	seen := make(map[string]bool)
	n := 0
	for _, id := range top(ranked, k) {
		if gold[id] > 0 && !seen[id] {
			seen[id] = true
			n++
		}
	}
	return n
}

// recallAny is 1 when at least one relevant document is in the first k of
// ranked, else 0.
func recallAny(ranked []string, gold judgments, k int) float64 {
	if found(ranked, gold, k) > 0 {
		return 1
	}
	return 0
}

// recallAll is 1 when every relevant document is in the first k of ranked,
// else 0. It is 0 when there are no relevant documents; callers decide what
// such a question means.
func recallAll(ranked []string, gold judgments, k int) float64 {
	if n := gold.relevant(); n > 0 && found(ranked, gold, k) == n {
		return 1
	}
	return 0
}

// recallFrac is the fraction of the relevant documents found in the first k
// of ranked (BEIR's Recall@k, MemPalace's fractional recall). It is 0 when
// there are no relevant documents.
func recallFrac(ranked []string, gold judgments, k int) float64 {
	n := gold.relevant()
	if n == 0 {
		return 0
	}
	return float64(found(ranked, gold, k)) / float64(n)
}

// ndcg is the normalised discounted cumulative gain of the first k of
// ranked, with the grade as gain (linear, as in trec_eval and BEIR):
//
//	DCG@k = sum over ranks i = 1..k of grade(ranked[i]) / log2(i+1)
//
// divided by the DCG of the ideal ranking, the relevant documents sorted
// by grade. With binary judgments (every grade 1) the ideal DCG depends
// only on how many documents are relevant. A document repeated in ranked
// gains only at its first rank. It is 0 when there are no relevant
// documents.
func ndcg(ranked []string, gold judgments, k int) float64 {
	var grades []float64
	for _, r := range gold {
		if r > 0 {
			grades = append(grades, r)
		}
	}
	if len(grades) == 0 {
		return 0
	}
	slices.SortFunc(grades, func(a, b float64) int { return cmp.Compare(b, a) })
	var ideal float64
	for i, r := range top(grades, k) {
		ideal += r / math.Log2(float64(i)+2)
	}
	var dcg float64
	seen := make(map[string]bool)
	for i, id := range top(ranked, k) {
		if r := gold[id]; r > 0 && !seen[id] {
			seen[id] = true
			dcg += r / math.Log2(float64(i)+2)
		}
	}
	return dcg / ideal
}

// dedupe returns ids without repeats, keeping the first occurrence of each:
// the ranking of files (sessions, documents) implied by a ranking of their
// chunks.
func dedupe(ids []string) []string {
	out := make([]string, 0, len(ids))
	seen := make(map[string]bool, len(ids))
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// A metric scores one ranking against the judgments of its question. ok
// is false when the metric is undefined for the question, which then does
// not count towards the metric's mean.
type metric struct {
	name  string
	score func(ranked []string, gold judgments) (v float64, ok bool)
}

// definedIfRelevant wraps a metric function of k as a metric that is
// undefined for questions without relevant documents.
func definedIfRelevant(name string, fn func([]string, judgments, int) float64, k int) metric {
	return metric{name: name, score: func(ranked []string, gold judgments) (float64, bool) {
		if gold.relevant() == 0 {
			return 0, false
		}
		return fn(ranked, gold, k), true
	}}
}

// scores are the values of a list of metrics for one question, in the
// order of the list; NaN marks an undefined value.
type scores []float64

// measure scores ranked against gold with each metric.
func measure(metrics []metric, ranked []string, gold judgments) scores {
	s := make(scores, len(metrics))
	for i, m := range metrics {
		v, ok := m.score(ranked, gold)
		if !ok {
			v = math.NaN()
		}
		s[i] = v
	}
	return s
}

// object renders s as a JSON object keyed by metric name, leaving out
// undefined values.
func (s scores) object(metrics []metric) object {
	var o object
	for i, m := range metrics {
		if !math.IsNaN(s[i]) {
			o = o.add(m.name, round(s[i]))
		}
	}
	return o
}

// mean accumulates per-question scores into means.
type mean struct {
	metrics []metric
	sum     []float64
	n       []int
	// count is the number of questions added.
	count int
}

func newMean(metrics []metric) *mean {
	return &mean{metrics: metrics, sum: make([]float64, len(metrics)), n: make([]int, len(metrics))}
}

// add adds one question's scores.
func (m *mean) add(s scores) {
	m.count++
	for i, v := range s {
		if !math.IsNaN(v) {
			m.sum[i] += v
			m.n[i]++
		}
	}
}

// value returns the mean of metric i over the questions where it is
// defined, and false when it is defined for none.
func (m *mean) value(i int) (float64, bool) {
	if m.n[i] == 0 {
		return 0, false
	}
	return m.sum[i] / float64(m.n[i]), true
}

// fields appends the means, rounded, to o in metric order; a metric
// defined for no question is null.
func (m *mean) fields(o object) object {
	for i, mt := range m.metrics {
		if v, ok := m.value(i); ok {
			o = o.add(mt.name, round(v))
		} else {
			o = o.add(mt.name, nil)
		}
	}
	return o
}

// groupedMean keeps an overall mean and one per group (question type,
// category).
type groupedMean struct {
	all    *mean
	groups map[string]*mean
}

func newGroupedMean(metrics []metric) *groupedMean {
	return &groupedMean{all: newMean(metrics), groups: make(map[string]*mean)}
}

func (g *groupedMean) add(group string, s scores) {
	g.all.add(s)
	m := g.groups[group]
	if m == nil {
		m = newMean(g.all.metrics)
		g.groups[group] = m
	}
	m.add(s)
}

// byGroup renders the per-group means as an object keyed by group name in
// sorted order, each with its metrics and a "count" of questions.
func (g *groupedMean) byGroup() object {
	names := make([]string, 0, len(g.groups))
	for name := range g.groups {
		names = append(names, name)
	}
	slices.Sort(names)
	var o object
	for _, name := range names {
		m := g.groups[name]
		o = o.add(name, m.fields(nil).add("count", m.count))
	}
	return o
}

// round rounds v to four decimals, enough to compare runs and short enough
// to read.
func round(v float64) float64 { return math.Round(v*1e4) / 1e4 }

// object is a JSON object that keeps its keys in insertion order, so that
// reports read in a fixed, meaningful order.
type object []field

type field struct {
	key   string
	value any
}

// add returns o with key set to value appended.
func (o object) add(key string, value any) object { return append(o, field{key, value}) }

// MarshalJSON writes the fields in order.
func (o object) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, f := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := json.Marshal(f.key)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		v, err := json.Marshal(f.value)
		if err != nil {
			return nil, err
		}
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}
