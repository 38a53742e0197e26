package curator

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"unicode"

	"github.com/memweave/memweave-go/chunker"
	"github.com/memweave/memweave-go/curate"
	"github.com/memweave/memweave-go/frontmatter"
	"github.com/memweave/memweave-go/indexer"
	"github.com/memweave/memweave-go/internal/edithook"
	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/workspace"
)

// ErrNoGroupIDs is returned by [Notes.Apply] when no group id is given:
// nothing is removed without naming what.
var ErrNoGroupIDs = errors.New("memweave: consolidate: no group ids given; run consolidate to list the groups and their ids, then apply the ids chosen")

// SkippedGroup is a group [Notes.Apply] left as it was, and why.
type SkippedGroup struct {
	ID     string `json:"id"`
	Reason string `json:"reason"`
}

// ConsolidateResult is what [Notes.Apply] did.
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
	// front matter took pinned, tags, importance or feedback marks from a
	// copy.
	Edited  []string `json:"edited"`
	Deleted []string `json:"deleted"`
	Merged  []string `json:"merged"`
	// Warnings are about files the refresh or re-index could not index.
	Warnings []indexer.Warning `json:"warnings"`
}

// Changed reports whether r changed a file.
func (r *ConsolidateResult) Changed() bool {
	return len(r.Edited)+len(r.Deleted)+len(r.Merged) > 0
}

// Apply removes the duplicates of the groups of plan named by ids,
// keeping each group's kept copy. No ids gives [ErrNoGroupIDs]; an id
// not in plan (one of its passages changed, or it was applied already)
// is skipped with the reason.
//
// For each group, under the workspace's write lock, the kept and the
// dropped passages are read again from their files and compared with
// the listing by content hash: if any differs, if two are one file, or
// if the kept note expires before a copy's note, or if a resolution
// written since the listing keeps a line of a copy, nothing of that
// group changes. Then the kept note's front matter takes pinned, tags,
// importance and the copy's feedback marks (under the kept passage's
// key, with a record of the carry that goes once the copy is gone, so
// that a rerun after a kill in between adds them once) from the notes of
// its copies ([frontmatter.Merge]), and
// each copy's lines are removed from its file (lines another passage of
// the file still covers are kept), each file edited atomically
// ([memfile.Edit]), after checking again under the lock that it still
// holds the copy with the front matter checked (a mark given
// meanwhile would go with it), the kept note still holds the kept
// passage, and the two still name one subject; a file
// left with nothing but blank lines and a front matter of pinned, tags,
// importance, feedback, expires or date is deleted (one with other
// fields keeps them). The
// result's Warnings are plan's, and one for each marker written during
// the apply that keeps a line of a copy it removed; the error joins the failures of groups
// applied in part. The caller re-indexes when [ConsolidateResult.Changed].
func (n *Notes) Apply(ctx context.Context, plan *ConsolidatePlan, ids []string) (*ConsolidateResult, error) {
	if len(ids) == 0 {
		return nil, ErrNoGroupIDs
	}
	// One apply at a time: another's check between this one's merge into
	// the kept note and its removal of the copies would merge their
	// marks again.
	res := &ConsolidateResult{Applied: []string{}, Skipped: []SkippedGroup{}, Edited: []string{}, Deleted: []string{}, Merged: []string{}, Warnings: plan.Warnings}
	unlock, err := memfile.LockApply(ctx, n.Dir)
	if err != nil {
		return res, err
	}
	defer unlock()
	scan := &markerScan{listedAt: plan.listedAt}
	byID := map[string]DuplicateGroup{}
	for _, g := range plan.Groups {
		byID[g.ID] = g
	}
	var errs []error
	var applied []DuplicateGroup
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
		before := len(res.Deleted) + len(res.Edited)
		skip, err := n.applyGroup(ctx, g, scan, res)
		if len(res.Deleted)+len(res.Edited) > before {
			applied = append(applied, g)
		}
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
	if len(applied) > 0 {
		res.Warnings = append(res.Warnings, n.markersOfRemoved(ctx, plan.listedAt, applied, res)...)
	}
	return res, errors.Join(errs...)
}

// markersOfRemoved reads the markers of the notes changed since the
// listing once more, after the groups, and returns a warning for each
// that keeps a line of a copy the apply removed: an editor or a `git
// pull` (no lock taken) wrote it while the apply ran, after the one scan
// the groups were checked against. The marker now names a line no longer
// there, so searches show the fact it superseded again; the kept copy
// holds the same text, to resolve again with.
func (n *Notes) markersOfRemoved(ctx context.Context, listedAt int64, groups []DuplicateGroup, res *ConsolidateResult) []indexer.Warning {
	removed := map[string]bool{}
	for _, p := range append(slices.Clone(res.Deleted), res.Edited...) {
		removed[p] = true
	}
	scan := &markerScan{listedAt: listedAt}
	if err := n.scanMarkers(ctx, scan); err != nil || len(scan.keeps) == 0 {
		return nil
	}
	var out []indexer.Warning
	for _, g := range groups {
		for _, d := range g.Duplicates {
			if !removed[d.Path] {
				continue
			}
			for _, line := range curate.SplitLines(d.Text) {
				if strings.TrimSpace(line) == "" {
					continue
				}
				if at, ok := scan.keeps[[2]string{d.Path, curate.LinesKey([]string{line})}]; ok {
					at.Err = fmt.Errorf("a resolution written during the consolidate apply keeps a line of the copy it removed from %s; the same text is in %s:%d-%d: resolve again keeping that line", d.Path, g.Keep.Path, g.Keep.StartLine, g.Keep.EndLine)
					out = append(out, at)
					break
				}
			}
		}
	}
	return out
}

// errLeftEmpty stops the edit of a file that removing a passage leaves
// empty: it is deleted instead.
var errLeftEmpty = errors.New("nothing left")

// applyGroup applies one group. A non-empty skip says why the group was
// left as it was, before anything changed; an error is a failure part
// way, the group's state then being what res reports.
func (n *Notes) applyGroup(ctx context.Context, g DuplicateGroup, scan *markerScan, res *ConsolidateResult) (skip string, err error) {
	c, skip, err := n.check(ctx, g, scan)
	if skip != "" || err != nil {
		return skip, err
	}
	merge := c.merge
	edithook.RunGroup(ctx, g.ID)
	n.linkMu.Lock()
	n.linkGroup++ // the group's first cut lists the notes again ([Notes.linkingNotes])
	n.linkMu.Unlock()

	// The kept note first takes what its copies carry.
	if merge.Pinned || len(merge.Tags) > 0 || merge.Importance != nil || len(merge.Feedback) > 0 {
		merged := false
		_, err := memfile.Edit(ctx, n.Dir, g.Keep.Path, n.MaxFileBytes, func(_ string, old []byte) ([]byte, error) {
			if err := n.holds(old, g.Keep); err != nil {
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
	var gone []string
	for _, d := range g.Duplicates {
		deleted, err := n.dropCopy(ctx, g.Keep, d.Passage, c)
		switch {
		case err != nil:
			errs = append(errs, err)
		case deleted:
			res.Deleted = append(res.Deleted, d.Path)
		default:
			res.Edited = append(res.Edited, d.Path)
		}
		if err == nil && c.records[d.Path] != "" {
			gone = append(gone, c.records[d.Path])
		}
	}
	// The records of the copies gone are moot. One left (this edit
	// failing, or a kill before it) only keeps a copy of the same path
	// and text from carrying its marks again; searches never read it.
	if len(gone) > 0 {
		_, _ = memfile.Edit(ctx, n.Dir, g.Keep.Path, n.MaxFileBytes, func(_ string, old []byte) ([]byte, error) {
			return frontmatter.DropFeedback(old, gone)
		})
	}
	return "", errors.Join(errs...)
}

// checked is what [Notes.check] found for a group: what its copies'
// front matter carries for the kept note (merge), the real file of
// each note (reals, by path), the record of each copy's carried
// feedback marks (records, by the copy's path) and each copy's front
// matter lines as checked (fronts, by path): one that changes before
// the copy goes (a mark, a tag given meanwhile) keeps the copy.
type checked struct {
	merge                  frontmatter.Meta
	reals, records, fronts map[string]string
	glossary               string // the group's ([DuplicateGroup])
}

// check reads every passage of g under the workspace's write lock and
// checks it is still in its file as listed, and returns what the copies'
// front matter carries for the kept note: pinned, the union of tags and
// the highest importance (a copy whose note expires later than the kept
// note, or never, is a reason to skip: after that day searches would
// leave the passage out), and the real path of each note (links
// followed), which must be distinct files: a note that is a link to
// another of its group would have the copy cut out of that note. A
// non-empty skip says why nothing may change.
//
// A copy's feedback marks are carried with a record of the carry
// ([carryKey], in records by the copy's path), written in the same edit
// of the kept note: a process killed after that edit and before the
// copy went leaves both, and the rerun, finding the record, does not add
// the marks again. The record holds the marks carried: those given to
// the copy since (an apply that then kept the copy) are carried by the
// next ([uncarried]).
func (n *Notes) check(ctx context.Context, g DuplicateGroup, scan *markerScan) (c checked, skip string, err error) {
	unlock, err := memfile.Lock(ctx, n.Dir)
	if err != nil {
		return c, "", err
	}
	defer unlock()
	c.glossary = g.glossary
	ps := []Passage{g.Keep}
	for _, d := range g.Duplicates {
		ps = append(ps, d.Passage)
	}
	if c.reals, skip = n.reals(ps); skip != "" {
		return c, skip, nil
	}
	c.records, c.fronts = map[string]string{}, map[string]string{}
	datas := make([][]byte, len(ps))
	for i, p := range ps {
		data, err := n.read(p.Path)
		if err == nil {
			err = n.holds(data, p)
		}
		if err != nil {
			what := "its copy in"
			if i == 0 {
				what = "the kept passage in"
			}
			return c, fmt.Sprintf("nothing changed: %s %s: %v", what, p.Path, err), nil
		}
		datas[i] = data
	}
	if w := n.frontBlock(ps, datas); w != nil {
		return c, "nothing changed: " + w.Error(), nil
	}
	kept, _, _ := frontmatter.Parse(datas[0])
	for i, p := range ps[1:] {
		if skip := n.checkCopy(g.Keep, p, datas[0], kept, datas[i+1], &c); skip != "" {
			return c, "nothing changed: " + skip, nil
		}
	}
	if skip, err := n.resolvedSince(ctx, g, scan); skip != "" || err != nil {
		return c, skip, err
	}
	return c, "", nil
}

// frontBlock returns, as a warning naming the note and the line, the
// front matter that keeps a group of the passages ps (the kept one
// first), in notes datas, from being applied until it is fixed: a
// copy's that does not parse, whose fields could not move to the kept
// note; or the kept note's, when a copy has fields to move into it
// (pinned, tags, importance, feedback marks). Nil when none does.
func (n *Notes) frontBlock(ps []Passage, datas [][]byte) *indexer.Warning {
	moves := false
	for i, p := range ps[1:] {
		m, _, err := frontmatter.Parse(datas[i+1])
		if err != nil {
			return frontWarning(p.Path, err, "its pinned, tags, importance and feedback cannot move to the kept note")
		}
		_, marked := n.marks(datas[i+1], m, p)
		moves = moves || m.Pinned || len(m.Tags) > 0 || m.Importance != nil || marked
	}
	if _, _, err := frontmatter.Parse(datas[0]); err != nil && moves {
		return frontWarning(ps[0].Path, err, "the kept note cannot take its copies' pinned, tags, importance and feedback")
	}
	return nil
}

// frontWarning is the warning of [Notes.frontBlock] about the front
// matter of the note path, which err reports.
func frontWarning(path string, err error, why string) *indexer.Warning {
	w := &indexer.Warning{Path: path, Err: fmt.Errorf("%w; %s: fix it", err, why)}
	if fe := (*frontmatter.Error)(nil); errors.As(err, &fe) {
		w.Line = fe.Line
	}
	return w
}

// checkCopy is [Notes.check] of the copy p, whose note is data, against
// the kept passage keep, in keptData whose front matter is kept: it adds
// to c what p's note carries, or says why the group may not change.
func (n *Notes) checkCopy(keep, p Passage, keptData []byte, kept frontmatter.Meta, data []byte, c *checked) (skip string) {
	m, _, _ := frontmatter.Parse(data) // parsed ([Notes.frontBlock])
	if why := n.heldNow(keep, p, keptData, data, c.glossary); why != "" {
		return why
	}
	if _, err := n.removal(data, p, false); err != nil {
		return fmt.Sprintf("its copy in %s: %v", p.Path, err)
	}
	if kept.Expires != "" && (m.Expires == "" || m.Expires > kept.Expires) {
		never := "never expires"
		if m.Expires != "" {
			never = "expires on " + m.Expires
		}
		return fmt.Sprintf("the kept note %s expires on %s and %s %s; searches would lose the passage after %s", keep.Path, kept.Expires, p.Path, never, kept.Expires)
	}
	c.fronts[p.Path] = frontLines(data)
	// The copy's feedback marks go to the kept passage, under its own
	// key: the two may open with lines written otherwise.
	if v, ok := n.marks(data, m, p); ok {
		if c.merge.Feedback == nil {
			c.merge.Feedback = map[string]frontmatter.Votes{}
		}
		rec := carryKey(p)
		c.records[p.Path] = rec
		if add := uncarried(v, kept.Feedback, rec); add != (frontmatter.Votes{}) {
			k := n.key(keptData, keep)
			c.merge.Feedback[k] = frontmatter.Votes{Useful: min(c.merge.Feedback[k].Useful+add.Useful, frontmatter.MaxVotes), Useless: min(c.merge.Feedback[k].Useless+add.Useless, frontmatter.MaxVotes)}
			c.merge.Feedback[rec] = add
		} else if _, ok := kept.Feedback[rec]; !ok {
			c.merge.Feedback[rec] = frontmatter.Votes{}
		}
	}
	c.merge.Pinned = c.merge.Pinned || m.Pinned
	c.merge.Tags = append(c.merge.Tags, m.Tags...)
	if m.Importance != nil && (c.merge.Importance == nil || *m.Importance > *c.merge.Importance) {
		c.merge.Importance = m.Importance
	}
	return ""
}

// marks returns the feedback marks of the passage p of the note data,
// whose front matter is m ([curate.Marks]).
func (n *Notes) marks(data []byte, m frontmatter.Meta, p Passage) (frontmatter.Votes, bool) {
	c, _, ok := n.find(data, p)
	if !ok {
		c = chunker.Chunk{Text: p.Text}
	}
	return curate.Marks(m.Feedback, curate.Keyed{Headings: c.Headings, Text: c.Text}, func() map[string]string { return curate.Owners(m.Feedback, keyed(n.split(data))) })
}

// key returns the [curate.PassageKey] of the passage p of the note data.
func (n *Notes) key(data []byte, p Passage) string {
	c, _, ok := n.find(data, p)
	if !ok {
		c = chunker.Chunk{Text: p.Text}
	}
	return curate.PassageKey(c.Headings, c.Text)
}

// frontLines returns the front matter lines of the note data, "" when
// it has none.
func frontLines(data []byte) string {
	lines := curate.SplitLines(string(data))
	return strings.Join(lines[:min(frontmatter.Find(data).Lines, len(lines))], "")
}

// heldNow returns why the copy d may no longer be dropped for keep, as
// their notes keepData and dData read now, "" when it may: the listing
// held pairs whose notes name two subjects (tags, the headings a copy
// sits under, a front matter field memweave does not read, a status:
// [curate.Pairs], [curate.FieldsLose], [curate.StandingChanged]), and
// another program may have
// written those since without changing the passages the content hashes
// check. Passages no longer in their notes are for [Notes.holds]. The
// two are compared with glossary, the group's ([curate.Glossary]), as
// the listing compared them: an acronym it defines is its words.
func (n *Notes) heldNow(keep, d Passage, keepData, dData []byte, glossary string) string {
	kc, _, okK := n.find(keepData, keep)
	dc, _, okD := n.find(dData, d)
	if !okK || !okD {
		return ""
	}
	km, _, _ := frontmatter.Parse(keepData)
	dm, _, _ := frontmatter.Parse(dData)
	kp := curate.Passage{File: keep.Path, Text: kc.Text, Under: curate.Under(kc.Headings, kc.Text), Tags: km.Tags}
	dp := curate.Passage{File: d.Path, Text: dc.Text, Under: curate.Under(dc.Headings, dc.Text), Tags: dm.Tags}
	ps := []curate.Passage{kp, dp}
	if glossary != "" {
		ps = append(ps, curate.Passage{File: "\x00glossary", Text: glossary}) // read as the listing read them
	}
	_, held := curate.Pairs(ps, curate.Threshold)
	if i := slices.IndexFunc(held, func(h curate.Held) bool { return h.A == 0 && h.B == 1 }); i >= 0 {
		return fmt.Sprintf("%s and %s are no longer copies of one fact (changed since the listing): %s", keep.Path, d.Path, held[i].Reason)
	}
	if lost := curate.FieldsLose(kp, dp, curate.FieldValues(keepData), curate.FieldValues(dData)); len(lost) > 0 {
		return fmt.Sprintf("the front matter of %s names what that of %s does not (changed since the listing): %s", d.Path, keep.Path, strings.Join(lost, " "))
	}
	if f := curate.StandingChanged(keepData, dData); f != "" {
		return fmt.Sprintf("the front matter of %s and %s says otherwise whether the note holds (changed since the listing): %s", keep.Path, d.Path, f)
	}
	return ""
}

// reals returns the real file of each passage's note, keyed by its path,
// or why the group must be skipped: a name the write rules refuse (a
// control character, a link out of memory/), which would stop the group
// half way, or two paths that are one file.
func (n *Notes) reals(ps []Passage) (reals map[string]string, skip string) {
	reals = map[string]string{}
	byReal := map[string]string{}
	for _, p := range ps {
		if _, _, err := memfile.Target(n.Dir, p.Path); err != nil {
			return nil, fmt.Sprintf("nothing changed: %v", err)
		}
		real, err := n.real(p.Path)
		if err != nil {
			return nil, fmt.Sprintf("nothing changed: %v", err)
		}
		if other, ok := byReal[real]; ok && other != p.Path {
			return nil, fmt.Sprintf("nothing changed: %s and %s are the same file (a symbolic link); a copy cut from one would be cut from both", other, p.Path)
		}
		byReal[real], reals[p.Path] = p.Path, real
	}
	return reals, ""
}

// uncarried returns the marks of a copy's passage, v, that the kept
// note's feedback does not record as carried under rec ([carryKey]):
// all of them with no record, those given since it otherwise (a mark
// given during an apply that then kept the copy). A record of no marks,
// as builds before this one wrote it, carried them all.
func uncarried(v frontmatter.Votes, kept map[string]frontmatter.Votes, rec string) frontmatter.Votes {
	done, ok := kept[rec]
	switch {
	case !ok:
		return v
	case done == (frontmatter.Votes{}):
		return frontmatter.Votes{}
	}
	return frontmatter.Votes{Useful: max(v.Useful-done.Useful, 0), Useless: max(v.Useless-done.Useless, 0)}
}

// carryKey is the feedback key under which the kept note records that
// the marks of the copy p were carried to it: "c" and a key of p's path
// and content hash. Searches read passage keys ("p...") only.
func carryKey(p Passage) string {
	return "c" + curate.LinesKey([]string{p.Path, p.Hash})
}

// markerScan is what [Notes.resolvedSince] found, once per apply: the
// markers of the notes changed since the listing, by the line each
// keeps (its file and content key).
type markerScan struct {
	listedAt int64
	done     bool
	keeps    map[[2]string]indexer.Warning // marker's path and kept key -> where the marker is (Path, Line)
}

// resolvedSince returns why g may not be applied when a marker the
// listing did not see keeps a line of one of g's copies: the listing
// ([Notes.Consolidate]) read the index from scan.listedAt, and a
// resolution written since (to a note the index lacks, whose size or
// mtime differs from its row, or indexed again since listedAt) would
// then name a line no longer there. Its first call, under the write
// lock, reads those notes; later groups look up what it found:
// resolutions wait for the apply lock the whole apply holds
// ([Notes.Resolve]), so none is written in between, and reading every
// note again for each group made an apply quadratic in its groups.
func (n *Notes) resolvedSince(ctx context.Context, g DuplicateGroup, scan *markerScan) (skip string, err error) {
	if !scan.done {
		if err := n.scanMarkers(ctx, scan); err != nil {
			return "", err
		}
	}
	for _, d := range g.Duplicates {
		for _, line := range curate.SplitLines(d.Text) {
			if strings.TrimSpace(line) == "" {
				continue
			}
			if at, ok := scan.keeps[[2]string{d.Path, curate.LinesKey([]string{line})}]; ok {
				return fmt.Sprintf("nothing changed: a resolution written since the listing (%s:%d) keeps a line of the copy in %s; run consolidate again", at.Path, at.Line, d.Path), nil
			}
		}
	}
	return "", nil
}

// scanMarkers fills scan with the markers of the notes the index lacks,
// whose size or mtime differs from their row, or indexed since the
// listing began.
func (n *Notes) scanMarkers(ctx context.Context, scan *markerScan) error {
	indexed, err := n.DB.Files(ctx)
	if err != nil {
		return err
	}
	files, _, err := workspace.Discover(n.Dir, nil)
	if err != nil {
		return err
	}
	scan.keeps = map[[2]string]indexer.Warning{}
	for _, f := range files {
		if row, ok := indexed[f.Rel]; ok && row.Size == f.Size && row.MTime == f.MTime && row.IndexedAt != 0 && row.IndexedAt < scan.listedAt {
			continue
		}
		data, err := n.read(f.Rel)
		if err != nil {
			continue // unreadable: it holds no marker the listing could rely on
		}
		for _, s := range curate.Spans(data) {
			k := [2]string{s.Marker.Path, s.Marker.KeptKey}
			if _, ok := scan.keeps[k]; !ok {
				scan.keeps[k] = indexer.Warning{Path: f.Rel, Line: s.To + 1}
			}
		}
	}
	scan.done = true
	return nil
}

// real returns the real path of the note rel, links followed.
func (n *Notes) real(rel string) (string, error) {
	real, err := filepath.EvalSymlinks(filepath.Join(n.Dir, filepath.FromSlash(rel)))
	if err != nil {
		return "", fmt.Errorf("%s: %w", rel, err)
	}
	return real, nil
}

// sameFiles checks that the notes keep and d are still the files check
// found, reals: a note replaced since by a link (to the other note, say)
// would have the edit land on the file the link leads to, and one
// deleted or renamed no longer holds the kept copy.
func (n *Notes) sameFiles(reals map[string]string, paths ...string) error {
	for _, p := range paths {
		real, err := n.real(p)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return fmt.Errorf("%s was deleted or renamed since the check; left as it is", p)
		case err != nil:
			return fmt.Errorf("%s can no longer be resolved since the check (%w); left as it is", p, err)
		case real != reals[p]:
			return fmt.Errorf("%s is no longer the file checked (replaced by a symbolic link?); left as it is", p)
		}
	}
	return nil
}

// onlyMoot reports whether the front matter of data, if any, holds no
// field but those [curate.MootField] names: a note with nothing else is deleted, one with
// other fields (an author, a source) keeps them.
func onlyMoot(data []byte) bool {
	keys, ok := frontmatter.Find(data).Keys()
	if !ok {
		return false
	}
	for _, k := range keys {
		if !curate.MootField(k) {
			return false
		}
	}
	return true
}

// headingsOwning returns how many lines at the start of the chunk c are
// its own headings (and the blank lines between them) that another
// chunk of the note, others, sits under and covers lines after: removing
// them with c would put those lines under the heading before, and state
// their facts of another subject ("## Database" of "# Production" read
// as part of "# Staging"). Such a chunk is a later one, or one starting
// inside c (an overlap, or a line too long for one chunk, cut into
// several). It returns 0 when c opens with no heading or none of its
// headings holds such a chunk.
func headingsOwning(c chunker.Chunk, others []chunker.Chunk) int {
	n, k := curate.HeadingLines(c.Text)
	if n == 0 || len(c.Headings) == 0 {
		return 0
	}
	// The chunk's own headings end its heading path ("# Production" and
	// "## Backups" opening it: both).
	own := c.Headings[max(len(c.Headings)-k, 0):]
	for _, o := range others {
		if o.StartLine >= c.StartLine && o.EndLine >= c.StartLine+n && slices.ContainsFunc(o.Headings, func(h string) bool { return slices.Contains(own, h) }) {
			return n
		}
	}
	return 0
}

// removal returns the note old without the passage d: its lines but
// those another passage of the note still covers, and the headings it
// opens with that such a passage sits under ([headingsOwning]). A
// passage no longer in old, or one every line of whose text another
// passage covers (a line too long for one passage is cut into several,
// each of that line), is an error: removing it would remove nothing of
// its text, or its heading alone; so is one whose removal loses what a
// link names ([Notes.linkedFrom], the notes changed since they were
// read read again when fresh: the cut itself).
func (n *Notes) removal(old []byte, d Passage, fresh bool) ([]byte, error) {
	c, others, ok := n.find(old, d)
	if !ok {
		return nil, fmt.Errorf("lines %d-%d changed since the listing; left as they are", d.StartLine, d.EndLine)
	}
	var keepLines [][2]int
	for _, o := range others {
		keepLines = append(keepLines, [2]int{o.StartLine, o.EndLine})
	}
	if n := headingsOwning(c, others); n > 0 {
		keepLines = append(keepLines, [2]int{c.StartLine, c.StartLine + n - 1})
	}
	if l := curate.BlockChanged(old, c.StartLine, c.EndLine, keepLines); l > 0 {
		return nil, fmt.Errorf("lines %d-%d: removing them would change the block of line %d: code, a table row or an HTML comment no longer, or code or a comment now (they hold a fence, a table's header or a comment's \"<!--\" or \"-->\" of a block they do not hold whole); left as they are", d.StartLine, d.EndLine, l)
	}
	if l, target := curate.DefinitionLost(old, c.StartLine, c.EndLine, keepLines); l > 0 {
		return nil, fmt.Errorf("lines %d-%d: they give %s, which line %d still links to (a link's definition, a footnote or a heading); left as they are", d.StartLine, d.EndLine, target, l)
	}
	if at, link, err := n.linkedFrom(d.Path, curate.AnchorsLost(old, c.StartLine, c.EndLine, keepLines), fresh); err != nil || at != "" {
		return nil, cmp.Or(err, fmt.Errorf("lines %d-%d: they give the heading that %s still links to (%s); left as they are", d.StartLine, d.EndLine, at, link))
	}
	data := curate.RemovePassage(old, c.StartLine, c.EndLine, keepLines)
	if slices.Equal(wordLines(data), wordLines(old)) {
		return nil, fmt.Errorf("lines %d-%d: another passage of the note covers every line of the copy that holds a word (a line longer than a passage is cut into several); nothing of its text to remove", d.StartLine, d.EndLine)
	}
	if n.leftEmpty(data) {
		if at, link, err := n.linkedFrom(d.Path, curate.NoteLinks(), fresh); err != nil || at != "" {
			return nil, cmp.Or(err, fmt.Errorf("lines %d-%d: removing them leaves nothing, and the note would be deleted while %s still links to it (%s); left as they are", d.StartLine, d.EndLine, at, link))
		}
	}
	return data, nil
}

// leftEmpty reports whether a note that is data now holds nothing to
// keep: no passage, and no front matter field but those [onlyMoot]
// allows. Such a note is deleted.
func (n *Notes) leftEmpty(data []byte) bool {
	return len(n.split(data)) == 0 && onlyMoot(data)
}

// linkedFrom returns "path:line" of the first line of another note of
// the workspace that links to one of anchors of the note rel (any link
// to it with [curate.NoteLinks]), and that link; "" when none (no
// anchors: nothing is read). A note that cannot be read links to
// nothing; notes that cannot be listed are an error.
//
// The notes are listed and read once per Notes (one apply), at the
// first removal that loses a heading or deletes the note, keeping only
// those that may hold a link ([mayLink]): read again for each such
// removal, an apply cost notes x groups reads (docs/performance.md,
// "Consolidate --apply: links to a removed heading"). When fresh (a
// cut, under the lock), the notes are listed again, once per group (at
// its first cut that needs them), and those whose size or modification
// time changed since are read again: a link an editor saved after the
// group's check (no lock taken) is seen. Listed again at every cut, a
// group of n copies in a workspace of n notes cost n x n stats (a paste
// in 1,000 notes: a million; docs/performance.md, "Consolidate --apply:
// a group of many copies"). A link saved after that listing, while the
// group's copies are cut, is not seen; a link left pointing at nothing
// loses no text: the kept copy holds the heading and its passage. The
// group's own cuts leave the listing holding what they removed: a link
// there keeps a copy (held, never lost).
func (n *Notes) linkedFrom(rel string, anchors []string, fresh bool) (at, link string, err error) {
	if len(anchors) == 0 {
		return "", "", nil
	}
	notes, err := n.linkingNotes(fresh)
	if err != nil {
		return "", "", fmt.Errorf("list the notes that may link to a heading of %s: %w", rel, err)
	}
	for _, f := range notes {
		if f.rel == rel {
			continue
		}
		if l, link := curate.LinksTo(f.data, f.rel, rel, anchors); l > 0 {
			return fmt.Sprintf("%s:%d", f.rel, l), link, nil
		}
	}
	return "", "", nil
}

// mayLink reports whether data may hold a link ([curate.LinksTo]): an
// inline link, a reference definition, a wiki link or an HTML one.
func mayLink(data []byte) bool {
	for _, s := range []string{"](", "]:", "[[", "href"} {
		if bytes.Contains(data, []byte(s)) {
			return true
		}
	}
	return false
}

// linkingNote is a note that may link to a heading: its path and content.
type linkingNote struct {
	rel  string
	data []byte
}

// linkingNotes returns the workspace's notes, and the Markdown files of
// its extra paths ([Notes.ExtraPaths]), that may hold a link, read on
// the first call; when fresh and not yet listed so for the group being
// cut, the notes are listed again and those new or whose size or
// modification time changed since they were read are read again.
func (n *Notes) linkingNotes(fresh bool) ([]linkingNote, error) {
	n.linkMu.Lock()
	defer n.linkMu.Unlock()
	if n.linking != nil && (!fresh || n.linkFresh == n.linkGroup) {
		return n.linking, nil
	}
	if fresh {
		n.linkFresh = n.linkGroup
	}
	var extra []string
	if n.ExtraPaths != nil {
		extra = n.ExtraPaths()
	}
	files, _, err := workspace.Discover(n.Dir, extra)
	if err != nil {
		return nil, err
	}
	old := map[string]linkingNote{}
	for _, f := range n.linking {
		old[f.rel] = f
	}
	seen := n.linkSeen
	n.linking, n.linkSeen = []linkingNote{}, map[string][2]int64{}
	for _, f := range files {
		stat := [2]int64{f.Size, f.MTime}
		n.linkSeen[f.Rel] = stat
		if prev, ok := seen[f.Rel]; ok && prev == stat {
			if o, ok := old[f.Rel]; ok {
				n.linking = append(n.linking, o)
			}
			continue
		}
		if data, err := n.readIn(extra, f.Rel); err == nil && mayLink(data) {
			n.linking = append(n.linking, linkingNote{f.Rel, data})
		}
	}
	return n.linking, nil
}

// wordLines returns the lines of data that hold a letter or a digit:
// not blank lines, thematic breaks (---) or fences, which a removal of
// them alone would take from between the passages they part.
func wordLines(data []byte) []string {
	var out []string
	for _, l := range curate.SplitLines(string(data)) {
		if strings.IndexFunc(l, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0 {
			out = append(out, l)
		}
	}
	return out
}

// dropCopy removes the passage d from its note, after checking under the
// write lock that the note still holds it, the kept note still holds
// keep, both are still the files check found (c.reals) and its front
// matter is as check read it (c.fronts), and deletes
// the note when nothing else is left (no passage, and no front matter
// field but those [onlyMoot] allows); it reports whether it did. The
// kept note is read once more when the copy is gone ([Notes.keptAfter]):
// an editor, which takes no lock, may have saved it without keep in
// between.
func (n *Notes) dropCopy(ctx context.Context, keep, d Passage, c checked) (deleted bool, err error) {
	var before, after []byte // the copy's note as cut last read and left it
	cut := func(old []byte) ([]byte, error) {
		if err := n.sameFiles(c.reals, keep.Path, d.Path); err != nil {
			return nil, err
		}
		if frontLines(old) != c.fronts[d.Path] {
			return nil, errors.New("its front matter changed since the check (a mark or a tag given meanwhile would go with it); left as it is: run consolidate again")
		}
		kept, err := n.read(keep.Path)
		if err == nil {
			err = n.holds(kept, keep)
		}
		if err != nil {
			return nil, fmt.Errorf("the kept passage in %s: %w; %s left as it was", keep.Path, err, d.Path)
		}
		if why := n.heldNow(keep, d, kept, old, c.glossary); why != "" {
			return nil, fmt.Errorf("%s; %s left as it is", why, d.Path)
		}
		data, err := n.removal(old, d, true)
		if err != nil {
			return nil, err
		}
		if n.leftEmpty(data) {
			return nil, errLeftEmpty
		}
		before, after = old, data
		return data, nil
	}
	_, err = memfile.Edit(ctx, n.Dir, d.Path, n.MaxFileBytes, func(_ string, old []byte) ([]byte, error) { return cut(old) })
	if err == nil {
		unlock, err := memfile.Lock(ctx, n.Dir)
		if err != nil {
			return false, fmt.Errorf("check %s after the edit of %s: %w", keep.Path, d.Path, err)
		}
		defer unlock()
		return false, n.keptAfter(ctx, keep, d, before, after)
	}
	if !errors.Is(err, errLeftEmpty) {
		return false, err
	}
	// Nothing else is left: delete the note, checking it again under the
	// lock held until it is gone.
	unlock, err := memfile.Lock(ctx, n.Dir)
	if err != nil {
		return false, fmt.Errorf("delete %s: %w", d.Path, err)
	}
	defer unlock()
	old, err := n.read(d.Path)
	if err == nil {
		_, err = cut(old)
	}
	if !errors.Is(err, errLeftEmpty) {
		if err == nil {
			err = errors.New("it gained a passage; left as it is")
		}
		return false, fmt.Errorf("delete %s: %w", d.Path, err)
	}
	// Removed only if it still holds what was just checked: an editor
	// that does not take the lock may save it at any moment.
	if err := memfile.RemoveIf(ctx, n.Dir, d.Path, old); err != nil {
		return false, fmt.Errorf("delete %s: %w", d.Path, err)
	}
	if err := n.keptAfter(ctx, keep, d, old, nil); err != nil {
		return false, err
	}
	return true, nil
}

// keptAfter checks, with the write lock held, that the kept note still
// holds keep now that the copy d has left its note: an editor may have
// saved the kept note without the passage after the check before the
// edit (the lock binds memweave's writers only), and the fact would be
// in neither note. When it does not, the copy's note is put back as it
// was (before), if it still holds what the removal left (after; nil for
// a note deleted: no file there), and the error says so; if it was
// saved since too, the error quotes the passage, which no note holds.
func (n *Notes) keptAfter(ctx context.Context, keep, d Passage, before, after []byte) error {
	kept, err := n.read(keep.Path)
	if err == nil {
		err = n.holds(kept, keep)
	}
	if err == nil {
		return nil
	}
	why := fmt.Sprintf("the kept passage in %s: %v (saved meanwhile)", keep.Path, err)
	var perr error
	if after != nil {
		_, perr = memfile.ReplaceIf(n.Dir, d.Path, before, after)
	} else {
		_, perr = memfile.Create(ctx, n.Dir, d.Path, before) // never over a file saved since
	}
	if perr != nil {
		return fmt.Errorf("%s; %s lost its copy and could not be put back (%w): its text was %q", why, d.Path, perr, d.Text)
	}
	return fmt.Errorf("%s; %s put back as it was", why, d.Path)
}
