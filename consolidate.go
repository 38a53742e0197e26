package memweave

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/memweave/memweave-go/chunker"
	"github.com/memweave/memweave-go/curate"
	"github.com/memweave/memweave-go/frontmatter"
	"github.com/memweave/memweave-go/history"
	"github.com/memweave/memweave-go/index"
	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/workspace"
)

// DuplicateJaccard is the token-set Jaccard similarity (tokenize.Jaccard)
// from which two passages may be near duplicates ([Weave.Consolidate]).
const DuplicateJaccard = curate.Threshold

// ErrNoGroupIDs is returned by [Weave.ApplyConsolidation] when no group
// id is given: nothing is removed without naming what.
var ErrNoGroupIDs = errors.New("memweave: consolidate: no group ids given; run consolidate to list the groups and their ids, then apply the ids chosen")

// maxHeld bounds the similar pairs held back that a plan lists.
const maxHeld = 100

// commitTimeout bounds the git call that dates notes by their last
// commit.
const commitTimeout = 10 * time.Second

// Passage is a passage of a note, as [Weave.Consolidate] reports it.
type Passage struct {
	Path      string `json:"path"`
	StartLine int    `json:"start_line"`
	EndLine   int    `json:"end_line"`
	Text      string `json:"text"`
	// Hash is the hex SHA-256 of Text: [Weave.ApplyConsolidation]
	// changes nothing unless the file still holds a passage with it.
	Hash string `json:"hash"`
	// Date is the note's own date, YYYY-MM-DD, and DateFrom where it
	// comes from: "name" (a dated file name), "front matter" (its date
	// field), "commit" (git's last commit of the file) or "mtime" (its
	// modification time). Set for the passages of groups only.
	Date     string `json:"date,omitempty"`
	DateFrom string `json:"date_from,omitempty"`
}

// Duplicate is a copy [Weave.ApplyConsolidation] would remove, and how it
// compares to the copy kept.
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
	// ID names the group for [Weave.ApplyConsolidation]: it is derived
	// from the files and content hashes of its passages, so the same
	// copies give the same id, and any edit to one of them another.
	ID         string      `json:"id"`
	Keep       Passage     `json:"keep"`
	Duplicates []Duplicate `json:"duplicates"`
}

// HeldPair is two passages of different files similar enough to be near
// duplicates that are not, because a value differs (a number, a date, a
// negation, a name, a disagreement [Weave.Conflicts] would read) or
// each holds words the other lacks. Such a pair is for conflicts and
// [Weave.Resolve], never for consolidation.
type HeldPair struct {
	A          Passage `json:"a"`
	B          Passage `json:"b"`
	Similarity float64 `json:"similarity"`
	Reason     string  `json:"reason"`
}

// ConsolidatePlan is what [Weave.Consolidate] proposes. Nothing is
// changed until [Weave.ApplyConsolidation] is given group ids.
type ConsolidatePlan struct {
	// Groups are ordered by the kept passage's path and line. Never nil.
	Groups []DuplicateGroup `json:"groups"`
	// Held are the similar pairs held back (at most 100), ordered by
	// path and line. Never nil.
	Held []HeldPair `json:"held"`
	// Warnings are about files the refresh before the search could not
	// index. Never nil.
	Warnings []Warning `json:"warnings"`
}

// SkippedGroup is a group [Weave.ApplyConsolidation] left as it was, and
// why.
type SkippedGroup struct {
	ID     string `json:"id"`
	Reason string `json:"reason"`
}

// ConsolidateResult is what [Weave.ApplyConsolidation] did.
type ConsolidateResult struct {
	// Applied are the ids of the groups whose duplicates were removed.
	Applied []string `json:"applied"`
	// Skipped are the groups not applied, with the reason. A group is
	// left as it was when, under the write lock, one of its passages is
	// no longer in its file as listed. A copy that changes after that
	// check, before its own edit, is left too, and its group reported
	// "partly applied" with the copies left.
	Skipped []SkippedGroup `json:"skipped"`
	// Edited are the files that lost lines, Deleted those left with
	// nothing else, which were deleted, and Merged the kept files whose
	// front matter took pinned, tags or importance from a copy.
	Edited  []string `json:"edited"`
	Deleted []string `json:"deleted"`
	Merged  []string `json:"merged"`
	// Warnings are about files the refresh or re-index could not index.
	Warnings []Warning `json:"warnings"`
}

// Consolidate lists groups of near-duplicate passages across the notes
// of memory/, and changes nothing: [Weave.ApplyConsolidation] removes
// the groups chosen by id.
//
// Two passages of different files are near duplicates when their token
// sets have a Jaccard similarity of at least [DuplicateJaccard], no
// value differs between them (a number or number word, a date, a
// weekday or frequency, a negation, a name, a word of quantity or
// order, or a disagreement the contradiction rules read: such pairs are
// listed in Held instead, as candidates for [Weave.Conflicts] and
// [Weave.Resolve]), and the copy dropped holds no content word the kept
// one lacks. The copy kept is the newest by the note's own date: a dated
// file name, else a date field in its front matter, else the time of
// its last git commit (when the workspace is in a git repository), else
// its modification time; every other copy of its group is at least the
// threshold similar to it (complete linkage), one per file. See package
// curate for the rules and their bounds.
func (w *Weave) Consolidate(ctx context.Context) (*ConsolidatePlan, error) {
	if err := w.checkOpen(); err != nil {
		return nil, err
	}
	plan := &ConsolidatePlan{Warnings: []Warning{}}
	if !w.cfg.NoSyncOnSearch {
		plan.Warnings = append(plan.Warnings, w.refresh(ctx)...)
	}
	if err := w.plan(ctx, plan); err != nil {
		return nil, fmt.Errorf("memweave: consolidate: %w", err)
	}
	return plan, nil
}

// plan fills plan's groups and held pairs from the index.
func (w *Weave) plan(ctx context.Context, plan *ConsolidatePlan) error {
	var chunks []index.StoredChunk
	var ps []curate.Passage
	err := w.db.EachChunk(ctx, func(c index.StoredChunk) error {
		if workspace.InMemory(c.Path) {
			chunks = append(chunks, c)
			ps = append(ps, curate.Passage{File: c.Path, Text: c.Text})
		}
		return nil
	})
	if err != nil {
		return err
	}
	files, err := w.db.Files(ctx)
	if err != nil {
		return err
	}
	pairs, held := curate.Pairs(ps, DuplicateJaccard)
	gctx, cancel := context.WithTimeout(ctx, commitTimeout)
	defer cancel()
	dates := w.noteDates(gctx, files)
	copies := make([]curate.Copy, len(ps))
	for _, p := range pairs {
		for _, i := range []int{p.A, p.B} {
			d, _ := dates(chunks[i].Path)
			copies[i] = curate.Copy{Date: d, File: chunks[i].Path, Line: chunks[i].StartLine}
		}
	}
	passage := func(i int, dated bool) Passage {
		c := chunks[i]
		p := Passage{Path: c.Path, StartLine: c.StartLine, EndLine: c.EndLine, Text: c.Text, Hash: curate.Hash(c.Text)}
		if dated {
			d, from := dates(c.Path)
			p.Date, p.DateFrom = d.UTC().Format(time.DateOnly), from
		}
		return p
	}
	plan.Groups = []DuplicateGroup{}
	groups := curate.Groups(ps, copies, pairs)
	grouped := map[[2]int]bool{}
	for _, g := range groups {
		for _, m := range g.Drop {
			grouped[[2]int{min(g.Keep, m.Index), max(g.Keep, m.Index)}] = true
		}
	}
	// A similar pair the newer copy of which lacks words of the older is
	// held back too: dropping the older would lose them.
	for _, p := range pairs {
		if grouped[[2]int{p.A, p.B}] {
			continue
		}
		newer, older := p.A, p.B
		if curate.Prefer(copies[p.A], copies[p.B]) > 0 {
			newer, older = p.B, p.A
		}
		if lost := curate.Loses(ps[newer].Text, ps[older].Text); len(lost) > 0 {
			held = append(held, curate.Held{Pair: p, Reason: "the older copy says more: " + strings.Join(lost, " ")})
		}
	}
	slices.SortFunc(held, func(x, y curate.Held) int { return cmp.Or(cmp.Compare(x.A, y.A), cmp.Compare(x.B, y.B)) })
	for _, g := range groups {
		dg := DuplicateGroup{Keep: passage(g.Keep, true)}
		var refs []curate.Ref
		for _, m := range g.Drop {
			d := Duplicate{Passage: passage(m.Index, true), Similarity: m.Similarity, OnlyKept: nonNil(m.OnlyKept), OnlyDuplicate: nonNil(m.OnlyDropped)}
			dg.Duplicates = append(dg.Duplicates, d)
			refs = append(refs, curate.Ref{File: d.Path, Hash: d.Hash})
		}
		dg.ID = curate.GroupID(curate.Ref{File: dg.Keep.Path, Hash: dg.Keep.Hash}, refs)
		plan.Groups = append(plan.Groups, dg)
	}
	slices.SortFunc(plan.Groups, func(a, b DuplicateGroup) int {
		return cmp.Or(cmp.Compare(a.Keep.Path, b.Keep.Path), cmp.Compare(a.Keep.StartLine, b.Keep.StartLine))
	})
	plan.Held = []HeldPair{}
	for _, h := range held {
		if len(plan.Held) == maxHeld {
			break
		}
		plan.Held = append(plan.Held, HeldPair{A: passage(h.A, false), B: passage(h.B, false), Similarity: h.Similarity, Reason: h.Reason})
	}
	return nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// noteDates returns the function giving a note's own date and where it
// comes from, as [Weave.Consolidate] describes; each note is read at
// most once, and git is asked (once, under ctx) only for a note without
// a date of its own.
func (w *Weave) noteDates(ctx context.Context, files map[string]index.File) func(rel string) (time.Time, string) {
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
		if t, ok := workspace.DateOf(rel); ok {
			d = dated{t, "name"}
		} else if data, _, err := workspace.ReadFile(w.cfg.Workspace, nil, rel, w.cfg.MaxFileBytes); err == nil {
			if t, ok := frontmatter.Date(data); ok {
				d = dated{t, "front matter"}
			}
		}
		if d.t.IsZero() {
			if commits == nil {
				commits = history.CommitTimes(ctx, w.cfg.Workspace)
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

// ApplyConsolidation removes the duplicates of the groups of
// [Weave.Consolidate] named by ids, keeping each group's kept copy. No
// ids gives [ErrNoGroupIDs].
//
// The groups are listed again first; an id that is not in the new
// listing (one of its passages changed, or it was applied already) is
// skipped with the reason. For each group, under the workspace's write
// lock, the kept and the dropped passages are read again from their
// files and compared with the listing by content hash: if any differs,
// nothing of that group changes. Then the kept note's front matter takes
// pinned, tags and importance from the notes of its copies
// ([frontmatter.Merge]), and each copy's lines are removed from its file
// (lines another passage of the file still covers are kept), each file
// edited atomically, after checking again under the lock that it still
// holds the copy and the kept note still holds the kept passage; a file
// left with nothing but blank lines and front matter is deleted. The
// workspace is then re-indexed.
func (w *Weave) ApplyConsolidation(ctx context.Context, ids []string) (*ConsolidateResult, error) {
	if err := w.checkOpen(); err != nil {
		return nil, err
	}
	if len(ids) == 0 {
		return nil, ErrNoGroupIDs
	}
	plan, err := w.Consolidate(ctx)
	if err != nil {
		return nil, err
	}
	res := &ConsolidateResult{Applied: []string{}, Skipped: []SkippedGroup{}, Edited: []string{}, Deleted: []string{}, Merged: []string{}, Warnings: plan.Warnings}
	byID := map[string]DuplicateGroup{}
	for _, g := range plan.Groups {
		byID[g.ID] = g
	}
	var errs []error
	changed := false
	seen := map[string]bool{}
	for _, id := range ids {
		if seen[id] {
			continue
		}
		seen[id] = true
		g, ok := byID[id]
		if !ok {
			res.Skipped = append(res.Skipped, SkippedGroup{ID: id, Reason: "not in the current listing: one of its passages changed, or it was applied already; run consolidate again for the current ids"})
			continue
		}
		skip, err := w.applyGroup(ctx, g, res)
		changed = changed || len(res.Edited)+len(res.Deleted)+len(res.Merged) > 0
		switch {
		case err != nil:
			// Some copies may be gone already; those left are named.
			errs = append(errs, fmt.Errorf("group %s: %w", id, err))
			res.Skipped = append(res.Skipped, SkippedGroup{ID: id, Reason: "partly applied, copies left: " + err.Error()})
		case skip != "":
			res.Skipped = append(res.Skipped, SkippedGroup{ID: id, Reason: skip})
		default:
			res.Applied = append(res.Applied, id)
		}
	}
	if changed {
		if ir, err := w.Index(ctx); err != nil {
			errs = append(errs, err)
		} else {
			res.Warnings = append(res.Warnings, ir.Warnings...)
		}
	}
	if err := errors.Join(errs...); err != nil {
		return res, fmt.Errorf("memweave: consolidate: %w", err)
	}
	return res, nil
}

// afterGroupCheck, when set by a test, runs after a group's passages
// were checked under the lock and before anything is changed: the window
// in which another writer may still change them.
var afterGroupCheck func(DuplicateGroup)

// errLeftEmpty stops the edit of a file that removing a passage leaves
// empty: it is deleted instead.
var errLeftEmpty = errors.New("nothing left")

// applyGroup applies one group as [Weave.ApplyConsolidation] describes.
// A non-empty skip says why the group was left as it was, before
// anything changed; an error is a failure part way, the group's state
// then being what res reports.
func (w *Weave) applyGroup(ctx context.Context, g DuplicateGroup, res *ConsolidateResult) (skip string, err error) {
	// Check every passage under the lock, and read what the copies'
	// front matter carries.
	var merge frontmatter.Meta
	unlock, err := memfile.Lock(ctx, w.cfg.Workspace)
	if err != nil {
		return "", err
	}
	for i, p := range append([]Passage{g.Keep}, passagesOf(g.Duplicates)...) {
		data, err := w.readNote(p.Path)
		if err == nil {
			err = w.holds(data, p)
		}
		if err != nil {
			unlock()
			what := "its copy in"
			if i == 0 {
				what = "the kept passage in"
			}
			return fmt.Sprintf("nothing changed: %s %s: %v", what, p.Path, err), nil
		}
		if i > 0 {
			m, _, err := frontmatter.Parse(data)
			if err != nil {
				unlock()
				return fmt.Sprintf("nothing changed: %s: %v; fix it so its pinned, tags and importance can move to the kept note", p.Path, err), nil
			}
			merge.Pinned = merge.Pinned || m.Pinned
			merge.Tags = append(merge.Tags, m.Tags...)
			if m.Importance != nil && (merge.Importance == nil || *m.Importance > *merge.Importance) {
				merge.Importance = m.Importance
			}
		}
	}
	unlock()
	if afterGroupCheck != nil {
		afterGroupCheck(g)
	}

	// The kept note first takes what its copies carry.
	if merge.Pinned || len(merge.Tags) > 0 || merge.Importance != nil {
		merged := false
		_, err := memfile.Edit(ctx, w.cfg.Workspace, g.Keep.Path, w.cfg.MaxFileBytes, func(_ string, old []byte) ([]byte, error) {
			if err := w.holds(old, g.Keep); err != nil {
				return nil, err
			}
			data, err := frontmatter.Merge(old, merge)
			merged = err == nil && string(data) != string(old)
			return data, err
		})
		if err != nil {
			return fmt.Sprintf("nothing deleted: the kept note %s: %v", g.Keep.Path, err), nil
		}
		if merged {
			res.Merged = append(res.Merged, g.Keep.Path)
		}
	}

	// Then each copy goes, checked again with the kept passage.
	var errs []error
	for _, d := range g.Duplicates {
		deleted, err := w.dropCopy(ctx, g.Keep, d.Passage)
		switch {
		case err != nil:
			errs = append(errs, err)
		case deleted:
			res.Deleted = append(res.Deleted, d.Path)
		default:
			res.Edited = append(res.Edited, d.Path)
		}
	}
	return "", errors.Join(errs...)
}

func passagesOf(ds []Duplicate) []Passage {
	out := make([]Passage, len(ds))
	for i, d := range ds {
		out[i] = d.Passage
	}
	return out
}

// readNote reads the note rel, refusing one over Config.MaxFileBytes.
func (w *Weave) readNote(rel string) ([]byte, error) {
	data, _, err := workspace.ReadFile(w.cfg.Workspace, nil, rel, w.cfg.MaxFileBytes)
	if err != nil {
		return nil, err
	}
	if w.cfg.MaxFileBytes > 0 && int64(len(data)) > w.cfg.MaxFileBytes {
		return nil, fmt.Errorf("over the %d-byte limit", w.cfg.MaxFileBytes)
	}
	return data, nil
}

// find returns the passage of the note data with p's content hash (the
// one starting at p's line when several do), and the others.
func (w *Weave) find(data []byte, p Passage) (found chunker.Chunk, others []chunker.Chunk, ok bool) {
	chunks := curate.Split(data, w.chunkOptions(data))
	at := -1
	for i, c := range chunks {
		if curate.Hash(c.Text) == p.Hash && (at < 0 || c.StartLine == p.StartLine) {
			at = i
		}
	}
	if at < 0 {
		return chunker.Chunk{}, nil, false
	}
	return chunks[at], slices.Delete(slices.Clone(chunks), at, at+1), true
}

// holds checks that the note data still holds the passage p.
func (w *Weave) holds(data []byte, p Passage) error {
	if _, _, ok := w.find(data, p); !ok {
		return fmt.Errorf("lines %d-%d changed since the listing (no passage with content hash %.12s)", p.StartLine, p.EndLine, p.Hash)
	}
	return nil
}

// dropCopy removes the passage d from its note, after checking under the
// write lock that the note still holds it and the kept note still holds
// keep, and deletes the note when nothing else is left; it reports
// whether it did.
func (w *Weave) dropCopy(ctx context.Context, keep, d Passage) (deleted bool, err error) {
	cut := func(old []byte) ([]byte, error) {
		kept, err := w.readNote(keep.Path)
		if err == nil {
			err = w.holds(kept, keep)
		}
		if err != nil {
			return nil, fmt.Errorf("the kept passage in %s: %w; %s left as it was", keep.Path, err, d.Path)
		}
		c, others, ok := w.find(old, d)
		if !ok {
			return nil, fmt.Errorf("lines %d-%d changed since the listing; left as they are", d.StartLine, d.EndLine)
		}
		var keepLines [][2]int
		for _, o := range others {
			keepLines = append(keepLines, [2]int{o.StartLine, o.EndLine})
		}
		data := curate.RemovePassage(old, c.StartLine, c.EndLine, keepLines)
		if len(curate.Split(data, w.chunkOptions(data))) == 0 {
			return nil, errLeftEmpty
		}
		return data, nil
	}
	_, err = memfile.Edit(ctx, w.cfg.Workspace, d.Path, w.cfg.MaxFileBytes, func(_ string, old []byte) ([]byte, error) { return cut(old) })
	if !errors.Is(err, errLeftEmpty) {
		return false, err
	}
	// Nothing else is left: delete the note, checking it again under the
	// lock held until it is gone.
	unlock, err := memfile.Lock(ctx, w.cfg.Workspace)
	if err != nil {
		return false, fmt.Errorf("delete %s: %w", d.Path, err)
	}
	defer unlock()
	old, err := w.readNote(d.Path)
	if err == nil {
		_, err = cut(old)
	}
	if !errors.Is(err, errLeftEmpty) {
		if err == nil {
			err = errors.New("it gained a passage; left as it is")
		}
		return false, fmt.Errorf("delete %s: %w", d.Path, err)
	}
	if err := memfile.Remove(w.cfg.Workspace, d.Path); err != nil {
		return false, fmt.Errorf("delete %s: %w", d.Path, err)
	}
	return true, nil
}
