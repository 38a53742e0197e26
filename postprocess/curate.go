package postprocess

import (
	"cmp"
	"context"
	"slices"

	"github.com/memweave/memweave-go/curate"
	"github.com/memweave/memweave-go/frontmatter"
	"github.com/memweave/memweave-go/search"
)

// The weights of [Curate]'s factor.
const (
	// ImportanceWeight is the boost of importance 1.
	ImportanceWeight = 0.06
	// PinnedWeight is the boost of a pinned note.
	PinnedWeight = 0.04
	// FeedbackWeight is the boost of FeedbackSaturation more useful than
	// useless marks on a passage, and the cut of as many more useless.
	FeedbackWeight = 0.05
	// FeedbackSaturation is the net mark count from which feedback weighs
	// its full weight.
	FeedbackSaturation = 3
)

// CurationFactor is what [Curate] multiplies the score of a passage
// with the feedback marks v ([curate.Marks]) in a note with front
// matter m by:
//
//	1 + 0.06·importance + 0.04·pinned + 0.05·clamp(useful−useless, −3, 3)/3
//
// where importance is 0 when not given, pinned is 0 or 1, and useful and
// useless are the passage's feedback marks. It is 1 for a note without
// front matter, and in [0.95, 1.10] always.
func CurationFactor(m frontmatter.Meta, v frontmatter.Votes) float64 {
	f := 1.0
	if m.Importance != nil {
		f += ImportanceWeight * *m.Importance
	}
	if m.Pinned {
		f += PinnedWeight
	}
	net := min(max(v.Useful-v.Useless, -FeedbackSaturation), FeedbackSaturation)
	f += FeedbackWeight * float64(net) / FeedbackSaturation
	return f
}

// Curate applies what the notes' front matter says about them: it copies
// their fields (tags, importance, pinned, expires) onto the results and
// multiplies each score by [CurationFactor], capped at 1, then re-sorts,
// ties kept in their order (which is by score before curation).
//
// The factor is bounded, so curation reorders only results of close
// relevance: a result can pass another only when its score is above
// 0.95/1.10 (86%) of the other's. A note that matches the query exactly
// keeps its place above one that merely shares a word with it, however
// important, pinned or praised that one is; and useless marks push a
// passage down without hiding it, for Curate runs after [Threshold].
type Curate struct {
	// Meta returns the front matter fields of the given files, keyed by
	// path; files without any may be left out.
	Meta func(ctx context.Context, paths []string) map[string]frontmatter.Meta
	// Passages returns the passages of the file path, for the feedback
	// a note's front matter filed before an edit of a passage
	// ([curate.Marks]); read only for such notes. Nil: such feedback
	// is not read.
	Passages func(ctx context.Context, path string) ([]Passage, error)
}

// Name returns "curate".
func (Curate) Name() string { return "curate" }

// Process returns the curated results. It does not modify results.
func (c Curate) Process(ctx context.Context, _ string, results []search.Result) ([]search.Result, error) {
	if c.Meta == nil || len(results) == 0 {
		return results, nil
	}
	paths := make([]string, 0, len(results))
	for _, r := range results {
		paths = append(paths, r.Path)
	}
	metas := c.Meta(ctx, paths)
	if len(metas) == 0 {
		return results, nil
	}
	out := slices.Clone(results)
	notes := map[string]map[string]string{}
	changed := false
	for i := range out {
		m, ok := metas[out[i].Path]
		if !ok {
			continue
		}
		r := &out[i]
		r.Tags, r.Importance, r.Pinned, r.Expires = m.Tags, m.Importance, m.Pinned, m.Expires
		v, _ := curate.Marks(m.Feedback, curate.Keyed{Headings: r.Headings, Text: r.Text}, c.owners(ctx, r.Path, m, notes))
		if f := CurationFactor(m, v); f != 1 {
			r.Score = min(1, r.Score*f)
			r.Explain.Curation = &f
			changed = true
		}
	}
	if changed {
		slices.SortStableFunc(out, func(a, b search.Result) int { return cmp.Compare(b.Score, a.Score) })
	}
	return out, nil
}

// owners returns the func [curate.Marks] reads [curate.Owners] of the
// note path, whose front matter is m, with, caching them in notes; nil
// without c.Passages. A note the index cannot list has none.
func (c Curate) owners(ctx context.Context, path string, m frontmatter.Meta, notes map[string]map[string]string) func() map[string]string {
	if c.Passages == nil {
		return nil
	}
	return func() map[string]string {
		if own, ok := notes[path]; ok {
			return own
		}
		got, _ := c.Passages(ctx, path)
		ps := make([]curate.Keyed, len(got))
		for i, p := range got {
			ps[i] = curate.Keyed{Headings: p.Headings, Text: p.Text}
		}
		notes[path] = curate.Owners(m.Feedback, ps)
		return notes[path]
	}
}
