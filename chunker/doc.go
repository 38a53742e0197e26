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
package chunker
