// Package curate holds the pure logic of curation: clustering
// near-duplicate passages, choosing the copy kept, and editing lines of
// notes.
//
// Everything here takes values and returns values: no file is read or
// written, no clock or process is consulted. Package curator reads the
// notes, asks git or the file system for dates, takes the workspace's
// write lock and applies what these functions decide.
//
// Near duplicates ([Pairs], [Groups]) are found in three steps. Two
// passages of different files are similar when their token sets
// (tokenize.SetOf) overlap by a Jaccard similarity of at least a
// threshold. A similar pair is held back, never grouped, when the words
// that differ carry a value ([Differs]): a number or number word, a
// date, a weekday or a frequency, a negation, a name (a word written
// with a capital letter that is not a stop word), a word of quantity or
// order, or any disagreement the contradiction rules of package conflict
// read, or when the same words are arranged or written otherwise (in
// another order but for a clause moved within its sentence, an acronym or identifier in another case, code or an
// operator that differs, text struck through on one side only); such a pair is a candidate for conflicts and
// resolve instead. In
// a group, the copy kept is the one [Prefer] puts first (the newest by
// the note's own date), every other copy is at least the threshold
// similar to it (complete linkage around the kept copy, so chains of
// small edits never pull in a distant copy), and no copy dropped holds a
// content word the kept one lacks ([Loses]), nor lacks a word of the
// kept one that may change the fact ([Adds]).
//
// A resolution supersedes exactly the lines the user named. [Supersede]
// writes a supersession marker right after them (the line surgery:
// only the marker line is added or replaced), naming them by content
// (their count and a key of their text, [LinesKey]) and the line kept
// by file and content key, so that edits above either side leave it
// right. [Spans] reads the markers that still hold, and [Split] chunks a
// note, as the index does, with each supersession in passages of its own, so
// that [Superseded] can tell from a passage's text alone whether a
// resolution supersedes it.
//
// Passages and lines are named by content, never by line number alone,
// so that edits above them leave the name right: [LinesKey] is the one
// content key, of a resolution's lines and of the line it keeps, and
// [PassageKey], under which feedback files its marks, is the key of a
// passage's first line, heading path and text ([Marks] reads it).
package curate
