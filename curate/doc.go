// Package curate holds the pure functions behind memweave's curation
// commands: they take a note's bytes and return new bytes or facts about
// them, and do no I/O. [Supersede] writes the marker with which
// memweave resolve settles a contradiction, [Spans] and [Split] read the
// markers back, so that the index treats exactly the lines they name as
// superseded.
package curate
