// Package chunker splits Markdown into search-sized chunks.
//
// [Split] is pure: it takes bytes and returns chunks, never an error. Cuts
// fall preferably at headings, then at blank lines and list items, and never
// inside a fenced code block unless that block alone exceeds the budget.
// Every chunk carries its exact 1-based line range and heading path.
//
// Tokens are estimated as one token per four bytes of UTF-8 text (see
// [EstimateTokens]); the budget is therefore a hard cap of 4*MaxTokens
// bytes per chunk.
//
// Block structure comes from goldmark's CommonMark parser: headings (ATX
// and setext), fenced and indented code blocks, lists and list items,
// block quotes, HTML blocks and paragraphs. Only top-level headings start
// sections; a "#" line inside a block quote, list or code block is
// content.
//
// Split runs in linear time on any input. goldmark is super-linear on
// some shapes (hundreds of list markers on one line, thousands of "[a]("
// in a heading, thousands of nesting levels, thousands of link reference
// definitions in one paragraph), so a parse budget keeps such lines from
// it: the run of non-blank lines around one, or a run of more than 128
// lines opening with "[" and no blank line between them, is cut by lines
// alone, keeping its ATX headings and code fences. Heading paths
// are bounded too, as every chunk of a section repeats its path in the
// index: the innermost 3 headings, each at most 200 bytes.
package chunker
