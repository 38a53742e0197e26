package curator

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/memweave/memweave-go/curate"
	"github.com/memweave/memweave-go/frontmatter"
	"github.com/memweave/memweave-go/history"
	"github.com/memweave/memweave-go/index"
	"github.com/memweave/memweave-go/indexer"
	"github.com/memweave/memweave-go/workspace"
)

// maxHeld bounds the similar pairs held back that a plan lists.
const maxHeld = 100

// commitTimeout bounds the git call that dates notes by their last
// commit.
const commitTimeout = 10 * time.Second

// Passage is a passage of a note, as [Notes.Consolidate] reports it.
type Passage struct {
	workspace.Lines
	// Hash is the hex SHA-256 of Text: [Notes.Apply] changes nothing
	// unless the file still holds a passage with it.
	Hash string `json:"hash"`
	// Date is the note's own date, YYYY-MM-DD, and DateFrom where it
	// comes from: "name" (a dated file name), "front matter" (its date
	// field), "commit" (git's last commit of the file) or "mtime" (its
	// modification time). Set for the passages of groups only.
	Date     string `json:"date,omitempty"`
	DateFrom string `json:"date_from,omitempty"`
}

// Duplicate is a copy [Notes.Apply] would remove, and how it compares to
// the copy kept.
type Duplicate struct {
	Passage
	// Similarity is its token-set Jaccard similarity to the kept copy.
	Similarity float64 `json:"similarity"`
	// OnlyKept and OnlyDuplicate are the words that differ: those only
	// the kept copy holds and those only this copy holds (stop words
	// alone: a copy holding a content word the kept one lacks is not a
	// duplicate).
	OnlyKept      []string `json:"only_kept"`
	OnlyDuplicate []string `json:"only_duplicate"`
}

// DuplicateGroup is a passage kept and its near duplicates in other
// files.
type DuplicateGroup struct {
	// ID names the group for [Notes.Apply]: it is derived from the files
	// and content hashes of its passages, so the same copies give the
	// same id, and any edit to one of them another.
	ID         string      `json:"id"`
	Keep       Passage     `json:"keep"`
	Duplicates []Duplicate `json:"duplicates"`
	// glossary is the acronyms the listing's passages define
	// ([curate.Glossary]), for the apply's check of the copies.
	glossary string
}

// HeldPair is two passages of different files similar enough to be near
// duplicates that are not, because a value differs (a number, a date, a
// negation, a name, a disagreement package conflict would read) or each
// holds words the other lacks. Such a pair is for conflicts and
// resolve, never for consolidation.
type HeldPair struct {
	A          Passage `json:"a"`
	B          Passage `json:"b"`
	Similarity float64 `json:"similarity"`
	Reason     string  `json:"reason"`
}

// ConsolidatePlan is what [Notes.Consolidate] proposes. Nothing is
// changed until [Notes.Apply] is given group ids.
type ConsolidatePlan struct {
	// Groups are ordered by the kept passage's path and line. Never nil.
	Groups []DuplicateGroup `json:"groups"`
	// Held are the similar pairs held back (at most 100), ordered by
	// path and line. Never nil.
	Held []HeldPair `json:"held"`
	// Warnings are about files the refresh before the search could not
	// index. Never nil.
	Warnings []indexer.Warning `json:"warnings"`
	// listedAt is when the listing began reading the index (Unix
	// nanoseconds): [Notes.Apply] reads again, for markers, each note
	// indexed since (0: every note).
	listedAt int64
}

// Consolidate lists groups of near-duplicate passages across the notes
// of memory/ the index holds, and changes nothing: [Notes.Apply]
// removes the groups chosen by id.
//
// Two passages of different files are near duplicates when their token
// sets have a Jaccard similarity of at least [curate.Threshold], they
// sit under the same outer headings of their notes, dropping one loses
// no subject its note's folders and file name state
// ([curate.LosesName]: staging.md and production.md), no value differs
// between them (a number or number word, a date, a
// weekday or frequency, a negation, a name, a word of quantity or
// order, or a disagreement the contradiction rules read: such pairs are
// listed in Held instead, as candidates for conflicts and resolve), and
// the copy dropped holds no content word the kept one lacks, nor the
// kept one a content word that may change the fact ([curate.Adds]). The copy
// kept is one holding a line a resolution's marker names as kept (never
// dropped: two such copies are held), else the newest by the note's own
// date: a dated file name, else a
// date field in its front matter, else the time of its last git commit
// (when the workspace is in a git repository), else its modification
// time; every other copy of its group is at least the threshold similar
// to it (complete linkage), one per file. Package curate decides
// ([curate.PairsPreferring], [curate.Groups]); see it for the rules and
// their bounds: copies of a paragraph pasted into many notes are
// compared around the one kept, so they come back as one group. The plan's Warnings are empty ([Notes.FrontWarnings] gives
// those of a listing).
func (n *Notes) Consolidate(ctx context.Context) (*ConsolidatePlan, error) {
	listedAt := time.Now().UnixNano()
	files, err := n.DB.Files(ctx)
	if err != nil {
		return nil, err
	}
	var chunks []index.StoredChunk
	var ps []curate.Passage
	tags := map[string][]string{}
	err = n.DB.EachChunk(ctx, func(c index.StoredChunk) error {
		if workspace.InMemory(c.Path) {
			t, ok := tags[c.Path]
			if !ok {
				t = frontmatter.Decode(files[c.Path].Meta).Tags
				tags[c.Path] = t
			}
			chunks = append(chunks, c)
			ps = append(ps, curate.Passage{File: c.Path, Text: c.Text, Under: curate.Under(c.Headings, c.Text), Tags: t})
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	gctx, cancel := context.WithTimeout(ctx, commitTimeout)
	defer cancel()
	l := listing{chunks: chunks, ps: ps, dates: n.dates(gctx, files)}
	kept := keptLines(chunks)
	// A copy is described (its note's date read) only when a pair or a
	// paste's copies compared around the one kept need it.
	copies := make([]curate.Copy, len(ps))
	described := make([]bool, len(ps))
	resolvedBy := map[int]string{}
	describe := func(i int) curate.Copy {
		if !described[i] {
			described[i] = true
			d, _ := l.dates(chunks[i].Path)
			copies[i] = curate.Copy{Date: d, File: chunks[i].Path, Line: chunks[i].StartLine}
			if by := resolvedIn(kept, chunks[i]); by != "" {
				copies[i].Resolved, resolvedBy[i] = true, by
			}
		}
		return copies[i]
	}
	prefer := func(a, b int) int { return cmp.Or(curate.Prefer(describe(a), describe(b)), cmp.Compare(a, b)) }
	pairs, held := curate.PairsPreferring(ps, curate.Threshold, prefer)
	for _, p := range pairs {
		describe(p.A)
		describe(p.B)
	}
	pairs, fieldsHeld := n.heldForFields(ps, copies, pairs)
	held = append(held, fieldsHeld...)
	groups := curate.Groups(ps, copies, pairs)
	held = append(held, heldNewer(ps, copies, pairs, groups, resolvedBy)...)
	slices.SortFunc(held, func(x, y curate.Held) int { return cmp.Or(cmp.Compare(x.A, y.A), cmp.Compare(x.B, y.B)) })
	plan := &ConsolidatePlan{Groups: l.groups(groups), Held: l.held(held), Warnings: []indexer.Warning{}, listedAt: listedAt}
	if len(groups) > 0 {
		glossary := curate.Glossary(ps)
		for i := range plan.Groups {
			plan.Groups[i].glossary = glossary
		}
	}
	return plan, nil
}

// FrontWarnings returns a warning for each of the listed groups whose
// apply would be skipped for a front matter that does not parse (a
// copy's, or the kept note's when a copy has fields to move into it),
// naming the note, the line and the group, so that a listing says what
// [Notes.Apply] would refuse. A note that cannot be read now is the
// apply's to report.
func (n *Notes) FrontWarnings(groups []DuplicateGroup) []indexer.Warning {
	out := []indexer.Warning{}
	for _, g := range groups {
		ps := []Passage{g.Keep}
		for _, d := range g.Duplicates {
			ps = append(ps, d.Passage)
		}
		datas := make([][]byte, len(ps))
		var err error
		for i, p := range ps {
			if datas[i], err = n.read(p.Path); err != nil {
				break
			}
		}
		if err != nil {
			continue
		}
		if w := n.frontBlock(ps, datas); w != nil {
			w.Err = fmt.Errorf("group %s cannot be applied: %w", g.ID, w.Err)
			out = append(out, *w)
		}
	}
	return out
}

// heldForFields returns the pairs whose copy dropped (the other being
// the one [curate.Prefer] keeps) loses nothing its note's front matter
// states, and holds back the others: a field memweave does not read
// (title, env, project) whose values name a subject the kept note's
// fields lack ([curate.FieldsLose]), or whose notes' front matter says
// otherwise whether the note holds ([curate.StandingChanged]: status:
// obsolete, draft: true). The kept note does not take such fields, so
// dropping the copy would lose what its fact is about. Only the notes
// of pairs are read, and each front matter is parsed once, however many
// pairs its note is in.
func (n *Notes) heldForFields(ps []curate.Passage, copies []curate.Copy, pairs []curate.Pair) (kept []curate.Pair, held []curate.Held) {
	values, standing := map[string][]string{}, map[string]curate.Standing{}
	valuesOf := func(rel string) []string {
		v, ok := values[rel]
		if !ok {
			if data, err := n.read(rel); err == nil {
				v, standing[rel] = curate.FieldValues(data), curate.StandingOf(data)
			}
			values[rel] = v
		}
		return v
	}
	for _, p := range pairs {
		k, d := p.A, p.B
		if curate.Prefer(copies[p.A], copies[p.B]) > 0 {
			k, d = p.B, p.A
		}
		if lost := curate.FieldsLose(ps[k], ps[d], valuesOf(ps[k].File), valuesOf(ps[d].File)); len(lost) > 0 {
			held = append(held, curate.Held{Pair: p, Reason: "the front matter of " + ps[d].File + " names what that of " + ps[k].File + " does not: " + strings.Join(lost, " ")})
			continue
		}
		if f := standing[ps[k].File].Changed(standing[ps[d].File]); f != "" {
			held = append(held, curate.Held{Pair: p, Reason: "the front matter of " + ps[k].File + " and " + ps[d].File + " says otherwise whether the note holds: " + f})
			continue
		}
		kept = append(kept, p)
	}
	return kept, held
}

// heldNewer returns the similar pairs no group took whose copy kept
// (the newer, or the one whose line a resolution keeps) lacks words of
// the other, or adds words that may change the fact ([curate.Adds]):
// they are held back too, as dropping the other would lose those words,
// or the fact it states.
func heldNewer(ps []curate.Passage, copies []curate.Copy, pairs []curate.Pair, groups []curate.Group, resolvedBy map[int]string) []curate.Held {
	grouped := map[[2]int]bool{}
	inGroup := map[int]bool{}
	for _, g := range groups {
		inGroup[g.Keep] = true
		for _, m := range g.Drop {
			grouped[[2]int{min(g.Keep, m.Index), max(g.Keep, m.Index)}] = true
			inGroup[m.Index] = true
		}
	}
	var held []curate.Held
	forms := curate.NewForms(ps) // a passage is in many pairs: parsed once
	for _, p := range pairs {
		if grouped[[2]int{p.A, p.B}] {
			continue
		}
		if forms.OneText(p.A, p.B) {
			// Words of one form only ("b" of <b>) are no reason.
			if h, ok := heldForm(ps, copies, forms, p, inGroup, resolvedBy); ok {
				held = append(held, h)
			}
			continue
		}
		kept, dropped := p.A, p.B
		if curate.Prefer(copies[p.A], copies[p.B]) > 0 {
			kept, dropped = p.B, p.A
		}
		// The copy kept is the newer but when a resolution keeps a line
		// of the older: the reason says so, as the files have it.
		keptWord, droppedWord, why := "newer", "older", ""
		if byDate(copies[kept], copies[dropped]) > 0 {
			keptWord, droppedWord = "older", "newer"
			why = " (a resolution keeps a line of the older: " + resolvedBy[kept] + ")"
		}
		if lost := curate.Loses(ps[kept].Text, ps[dropped].Text); len(lost) > 0 {
			held = append(held, curate.Held{Pair: p, Reason: "the " + droppedWord + " copy says more: " + strings.Join(lost, " ") + why})
		} else if added := curate.Adds(ps[kept].Text, ps[dropped].Text); len(added) > 0 {
			held = append(held, curate.Held{Pair: p, Reason: "the " + keptWord + " copy adds: " + strings.Join(added, " ") + why})
		} else if lost := curate.LosesName(ps[kept], ps[dropped]); len(lost) > 0 {
			held = append(held, curate.Held{Pair: p, Reason: "the " + droppedWord + " copy's note is about what the " + keptWord + "'s is not: " + strings.Join(lost, " ") + why})
		} else if copies[p.A].Resolved && copies[p.B].Resolved {
			held = append(held, curate.Held{Pair: p, Reason: "a resolution keeps a line of each copy: " + resolvedBy[p.A] + ", " + resolvedBy[p.B]})
		}
	}
	return held
}

// heldForm returns why a pair of copies that differ in Markdown form
// alone ([curate.OneText]) is held back, naming the lines that differ,
// and false when nothing holds it: both copies are in groups already
// (the text stays in the copy a group keeps).
func heldForm(ps []curate.Passage, copies []curate.Copy, forms *curate.Forms, p curate.Pair, inGroup map[int]bool, resolvedBy map[int]string) (curate.Held, bool) {
	kept, dropped := p.A, p.B
	if curate.Prefer(copies[p.A], copies[p.B]) > 0 {
		kept, dropped = p.B, p.A
	}
	lost := curate.LosesName(ps[kept], ps[dropped])
	if len(lost) == 0 && !(copies[p.A].Resolved && copies[p.B].Resolved) && inGroup[p.A] && inGroup[p.B] {
		return curate.Held{}, false // both copies in groups: nothing to say, and no lines to show
	}
	lines := curate.ShowLines(ps[dropped].Text, ps[kept].Text)
	switch {
	case len(lost) > 0:
		return curate.Held{Pair: p, Reason: "one text in two forms (" + lines + "), but the note of " + ps[dropped].File + " is about what that of " + ps[kept].File + " is not: " + strings.Join(lost, " ")}, true
	case copies[p.A].Resolved && copies[p.B].Resolved:
		return curate.Held{Pair: p, Reason: "one text in two forms (" + lines + "), but a resolution keeps a line of each copy: " + resolvedBy[p.A] + ", " + resolvedBy[p.B]}, true
	}
	if lost := forms.Loses(kept, dropped); len(lost) > 0 {
		return curate.Held{Pair: p, Reason: "one text in two forms (" + lines + "), but " + ps[dropped].File + " would lose " + strings.Join(lost, " ")}, true
	}
	if added := forms.Adds(kept, dropped); len(added) > 0 {
		return curate.Held{Pair: p, Reason: "one text in two forms (" + lines + "), but " + ps[kept].File + " adds the link title " + strings.Join(added, " ")}, true
	}
	why := "not grouped this run"
	for _, i := range []int{kept, dropped} {
		if inGroup[i] {
			why = "not grouped: " + ps[i].File + " is in another group"
		}
	}
	return curate.Held{Pair: p, Reason: "one text in two forms (" + lines + "), " + why}, true
}

// byDate compares two copies as [curate.Prefer] does, resolutions
// aside: below 0 when a is the newer.
func byDate(a, b curate.Copy) int {
	a.Resolved, b.Resolved = false, false
	return curate.Prefer(a, b)
}

// keptLines maps each line a resolution keeps, by its note and content
// key, to the place of a marker naming it ("memory/old.md:2"): the
// markers of chunks whose superseded lines still match ([curate.Spans]).
func keptLines(chunks []index.StoredChunk) map[[2]string]string {
	kept := map[[2]string]string{}
	for _, c := range chunks {
		for _, s := range curate.Spans([]byte(c.Text)) {
			k := [2]string{s.Marker.Path, s.Marker.KeptKey}
			if _, ok := kept[k]; !ok {
				kept[k] = fmt.Sprintf("%s:%d", c.Path, c.StartLine+s.To)
			}
		}
	}
	return kept
}

// resolvedIn returns the place of a marker that keeps one of c's lines,
// "" when none does.
func resolvedIn(kept map[[2]string]string, c index.StoredChunk) string {
	if len(kept) == 0 {
		return ""
	}
	for _, line := range curate.SplitLines(c.Text) {
		if strings.TrimSpace(line) == "" {
			continue
		}
		if by, ok := kept[[2]string{c.Path, curate.LinesKey([]string{line})}]; ok {
			return by
		}
	}
	return ""
}

// listing turns curate's indexes into the passages of a plan.
type listing struct {
	chunks []index.StoredChunk
	ps     []curate.Passage
	dates  func(rel string) (time.Time, string)
}

// passage is the i-th passage, with its note's date when dated.
func (l *listing) passage(i int, dated bool) Passage {
	c := l.chunks[i]
	p := Passage{Lines: workspace.Lines{Path: c.Path, StartLine: c.StartLine, EndLine: c.EndLine, Text: c.Text}, Hash: curate.Hash(c.Text)}
	if dated {
		d, from := l.dates(c.Path)
		p.Date, p.DateFrom = d.UTC().Format(time.DateOnly), from
	}
	return p
}

// groups are the plan's groups, with their ids, ordered by the kept
// passage's path and line; never nil.
func (l *listing) groups(groups []curate.Group) []DuplicateGroup {
	out := []DuplicateGroup{}
	for _, g := range groups {
		dg := DuplicateGroup{Keep: l.passage(g.Keep, true)}
		var refs []curate.Ref
		for _, m := range g.Drop {
			d := Duplicate{Passage: l.passage(m.Index, true), Similarity: m.Similarity, OnlyKept: nonNil(m.OnlyKept), OnlyDuplicate: nonNil(m.OnlyDropped)}
			dg.Duplicates = append(dg.Duplicates, d)
			refs = append(refs, curate.Ref{File: d.Path, Hash: d.Hash})
		}
		dg.ID = curate.GroupID(curate.Ref{File: dg.Keep.Path, Hash: dg.Keep.Hash}, refs)
		out = append(out, dg)
	}
	slices.SortFunc(out, func(a, b DuplicateGroup) int {
		return cmp.Or(cmp.Compare(a.Keep.Path, b.Keep.Path), cmp.Compare(a.Keep.StartLine, b.Keep.StartLine))
	})
	return out
}

// held are the first maxHeld of the pairs held back; never nil.
func (l *listing) held(held []curate.Held) []HeldPair {
	out := []HeldPair{}
	for _, h := range held[:min(len(held), maxHeld)] {
		out = append(out, HeldPair{A: l.passage(h.A, false), B: l.passage(h.B, false), Similarity: h.Similarity, Reason: h.Reason})
	}
	return out
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// dates returns the function giving a note's own date and where it
// comes from: a dated file name ("name"), else the date field of its
// front matter ("front matter"), either not ahead of now
// ([workspace.DateAhead]), else the time of its last git commit ("commit"), else its
// modification time as the index holds it in files ("mtime"). Each note is read at most once, and git is asked (once,
// under ctx) only for a note without a date of its own.
func (n *Notes) dates(ctx context.Context, files map[string]index.File) func(rel string) (time.Time, string) {
	type dated struct {
		t    time.Time
		from string
	}
	memo := map[string]dated{}
	var commits func(string) time.Time
	return func(rel string) (time.Time, string) {
		if d, ok := memo[rel]; ok {
			return d.t, d.from
		}
		d := dated{from: "mtime"}
		// A date ahead (workspace.DateAhead) came from a clock set
		// wrong: the commit's or the file's time is the note's.
		now := n.Now()
		if t, ok := workspace.DateOf(rel); ok {
			if !workspace.DateAhead(t, now) {
				d = dated{t, "name"}
			}
		} else if data, _, err := workspace.ReadFile(n.Dir, nil, rel, n.MaxFileBytes); err == nil {
			if t, ok := frontmatter.Date(data); ok && !workspace.DateAhead(t, now) {
				d = dated{t, "front matter"}
			}
		}
		if d.t.IsZero() {
			if commits == nil {
				commits = history.CommitTimes(ctx, n.Dir, n.Now())
			}
			if t := commits(rel); !t.IsZero() {
				d = dated{t, "commit"}
			}
		}
		if d.t.IsZero() {
			d.t = time.Unix(0, files[rel].MTime)
		}
		memo[rel] = d
		return d.t, d.from
	}
}
