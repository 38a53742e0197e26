package tokenize

import (
	"strings"
	"sync"
)

// functionWords are the most frequent English function words, the ones
// that would otherwise dominate every bag-of-words vector. They are the
// stop list of the offline embedder (embed.Hash): changing this list
// changes its vectors, which must then change the embedder's model name.
const functionWords = `
a an and are as at be been but by
can do does for from had has have he
her his i if in into is it its it's
may more no not of on or our she so
such than that the their them then there
these they this those to too very was we
were what when which while who will with
would you your
`

// otherStopWords complete [functionWords] to the stop list of keyword
// query planning: the rest of the NLTK English list, the full
// contractions [Words] keeps whole ("don't", "what's"), a few modal and
// question words, and the scaffolding of questions asked of a memory:
// recall verbs ("remind", "remember", "mentioned"), "many" and "much" of
// "how many", and time adverbs ("ago", "lately", "previously"). Such words
// carry no topic, yet a chat history is full of them. Contraction
// fragments ("don", "t") are included because a curly apostrophe splits
// "don’t" into them.
const otherStopWords = `
about above after again against ago ain all also am any aren aren't
because before being below between both
can't cannot could couldn couldn't currently
d did didn didn't doesn doesn't doing don don't down during
each either few further
hadn hadn't hasn hasn't haven haven't having he'd he'll he's here here's hers herself him himself how how's
i'd i'll i'm i've isn isn't it'd it'll itself
just lately let's ll m many me mention mentioned might mightn mightn't most much must mustn mustn't my myself
needn needn't nor now o off once only other ours ourselves out over own
previously
re recently remember remind s same shall shan shan't she'd she'll she's should should've shouldn shouldn't some
t tell that'll that's theirs themselves there's they'd they'll they're they've through
under until up us
ve wasn wasn't we'd we'll we're we've weren weren't what's when's where where's whether who's whom whose why why's won won't wouldn wouldn't
y yes you'd you'll you're you've yours yourself yourselves
`

// questionWords are the stop words that are there because of how
// questions asked of a memory are phrased ("can you remind me", "what did
// I mention", "how many ... ago"), chosen on the development sets of
// cmd/memweave-bench: see [IsQuestionWord].
const questionWords = `
ago currently lately many mention mentioned much previously recently remember remind tell
`

// questionSet holds the words of questionWords, built at first use (as
// stopWords).
var questionSet = sync.OnceValue(func() map[string]bool {
	m := make(map[string]bool)
	for _, w := range strings.Fields(questionWords) {
		m[w] = true
	}
	return m
})

// IsQuestionWord reports whether w, a lower-case token of [Words], is one
// of the stop words that only the phrasing of questions asked of a memory
// put on the list: remind, remember, mention, mentioned, tell, many, much,
// ago, recently, lately, currently, previously. They were chosen on the
// development sets the benchmarks are measured on and no other set
// confirms them, so keyword query planning treats them as ordinary words
// unless asked (search.QueryOptions.DropQuestionWords). Every question
// word is a stop word.
func IsQuestionWord(w string) bool {
	return questionSet()[w]
}

// stopWords maps each stop word to whether it is also a function word.
// It is built at first use: at init every command, --version and status
// too, paid for it (TestInitAllocatesLittle in cmd/memweave; figures in
// docs/performance.md, "Stop 63, lead").
var stopWords = sync.OnceValue(func() map[string]bool {
	m := make(map[string]bool)
	for _, w := range strings.Fields(otherStopWords) {
		m[w] = false
	}
	for _, w := range strings.Fields(functionWords) {
		m[w] = true
	}
	return m
})

// IsStopWord reports whether w, a lower-case token of [Words], is an
// English stop word: a word such as "the", "what", "did" or "remember"
// that says nothing about the topic of a question. Every function word
// (see [FunctionWords]) is a stop word.
func IsStopWord(w string) bool {
	_, ok := stopWords()[w]
	return ok
}

// FunctionWords returns the most frequent English function words ("the",
// "and", "of", ...), a subset of the stop words, in a fixed order, as a
// new slice that the caller may keep or change.
func FunctionWords() []string {
	return strings.Fields(functionWords)
}
