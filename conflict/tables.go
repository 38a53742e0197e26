package conflict

import (
	"strings"
	"sync"
)

// loadTables builds the package's word tables, once, before the first
// [Detect], [Parse] or [JudgeParsed] reads them (each calls it first).
// Built as package initialisers, they cost every process that links this
// package (every command of the CLI) memory and instructions
// (docs/performance.md, "Stop 51, speed36 and lazy lanes"), while only
// conflicts, consolidate, resolve, feedback and the curator
// read them; a fresh search never does. The order is the one Go's
// initialisation gave them (go/types' InitOrder): a table built with
// lemma, rewrite or wordKey comes after the tables those read.
// TestTablesInitOrder (internal/tablecheck) checks that order and that no package-level
// initialiser left eager reads a table built here; TestLoadTablesFills
// checks that each is filled. A new table a search does not read
// belongs here, a new eager one may only be a literal that reads none.
var loadTables = sync.OnceFunc(func() {
	durationVerbs = setOf(`last lasts lasted take takes took`)
	countVerbs = setOf(`has have had includes include included contains contain contained holds hold held fits fit
comes come came runs run ran amounts amount totals totalled totaled stretches stretch stretched spans spanned`)
	exceptions = setOf(`other others additional further else another more new`)
	roleVerbs = setOf(`leads lead owns manages runs heads chairs maintains coordinates oversees handles approves`)
	ownVerbs = setOf(`owns leads manages maintains heads chairs oversees`)
	filler = newFiller()
	eventVerbs = newEventVerbs()
	irregularLemma = newIrregularLemma()
	pastForms = newPastForms()
	clauseVerbs = newClauseVerbs()
	changeVerbs = newChangeVerbs()
	locChange = setOf(`moved migrated relocated transferred`)
	passiveRole = newPassiveRole()
	numberWords = newNumberWords()
	determiners = setOf(`the a an our their my his her its this that`)
	preferVerbs = setOf(`prefer prefers preferred preferring`)
	boundWord = newBoundWord()
	boundOpposite = map[string]string{"minimum": "maximum", "maximum": "minimum", "from": "by", "by": "from"}
	perWords = setOf(`a an per every each`)
	frameWords = newFrameWords()
	periodWords = newPeriodWords()
	replaceVerbs = setOf(`replaced swapped substituted traded ditched`)
	roleNouns = newRoleNouns()
	irregular = newIrregular()
	statusPhase = newStatusPhase()
	statusFirst = newStatusFirst()
	classOf = newClassOf()
	copulaKey = wordKey("~is-name")
	durationKey = wordKey("~duration")
	ageKey = wordKey("~age")
	slotOf = newSlotOf()
	changeWords = newChangeWords()
	rawLex = newRawLex()
	multiValued = newMultiValued()
	kinWords = newKinWords()
	actVerbs = newActVerbs()
	abbreviations = setOf(`dr mr mrs ms prof st jr sr vs e.g i.e approx`)
	shortForms = newShortForms()
	expanded = newExpanded()
	boundAbbrevs = newBoundAbbrevs()
	phrasalNouns = newPhrasalNouns()
	phrasalParticle = newPhrasalParticle()
	entityWords = newEntityWords()
	antonymOf = newAntonymOf()
	qualityOf = newQualityOf()
	substituteMakers = newSubstituteMakers()
	switchPole = newSwitchPole()
	stance = newStance()
	maritalStatus = newMaritalStatus()
	spouseWords = newSpouseWords()
	reactionWords = newReactionWords()
	slotWords = newSlotWords()
	idNouns = newIdNouns()
	locVerbs = newLocVerbs()
	months = newMonths()
	units = newUnits()
	currencies = newCurrencies()
	measures = newMeasures()
	handVerbs = setOf(`handed passed turned`)
	handParticles = setOf(`over on off`)
	roleObjects = setOf(`role roles duties responsibilities responsibility ownership reins`)
	roleObjectWords = newRoleObjectWords()
	mannerVerbs = newMannerVerbs()
	kindOf = newKindOf()
	kinKinds = newKinKinds()
	dietKinds = newDietKinds()
	dietKind = newDietKind()
	foodKinds = newFoodKinds()
	countries = newCountries()
	states = newStates()
	namesakes = newNamesakes()
	within = newWithin()
	consumeVerbs = newConsumeVerbs()
	lentWords = newLentWords()
	placeNouns = newPlaceNouns()
	tasteWords = newTasteWords()
	placeAdverbs = newPlaceAdverbs()
	occasionWords = foldedSet(`once twice thrice`)
	openAir = newOpenAir()
	inOut = newInOut()
	disposalVerbs = foldedSet(`sell sold sells give gave gives donate donated donates scrap scrapped scraps`)
	feelingVerbs = foldedSet(`miss misses missed regret regrets mourn mourns remember remembers want wants`)
	restVerbs = foldedSet(`stand stands sit sits hang hangs lie lies rest rests`)
})

// reactionWords are the reactions of the body (an allergy, an
// intolerance) and the fears a subject has to a thing, as claim words
// fold them: states beside a liking, not likings (see [likingBeside]).
// Built after the tables that [lemma] reads.
var reactionWords map[string]bool

func newReactionWords() map[string]bool {
	return foldedSet(`allergic allergy allergies intolerant intolerance sensitive afraid scared frightened terrified phobic`)
}

// lentWords are the words before a thing that say it is lent, or no
// one's ("a stray dog"), not the subject's own ([notOwned]): each as
// written and as claim words fold it. Built after the tables that [lemma] reads.
var lentWords map[string]bool

func newLentWords() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`rental rented hired borrowed loaned loaner shared company courtesy spare stray`) {
		m[w], m[lemma(stem(w))] = true, true
	}
	return m
}

// kindOf maps the words for things of a kind, as claim words fold
// them, to the kinds' words (see [asKind]): "dog" is a "pet", "beer"
// "alcohol", "chicken" "meat", "daughter" a "child" ("kids" and
// "children" are "child", [shortForms]), "cello"
// an "instrument", "wrist" a "bone" (who broke a wrist broke a bone;
// plurals fold to these; [asKind] reads a singular only). Built after the tables that [lemma] reads.
var kindOf map[string][]string

// kinKinds are the kinds of [kindOf] that kin and pets are of, as
// claim words fold them ("siblings", "child", "pets"), for [kindOfKin].
var kinKinds map[string]bool

func newKinKinds() map[string]bool {
	m := map[string]bool{}
	for _, k := range strings.Fields(`pets child siblings`) {
		m[lemma(spelling(stem(k)))] = true
	}
	return m
}

func newKindOf() map[string][]string {
	m := map[string][]string{}
	for _, kinds := range [...][2]string{
		{`pets`, `dog puppy cat kitten hamster rabbit parrot goldfish`},
		{`alcohol`, `beer wine whisky whiskey vodka gin rum cocktail champagne cider prosecco lager tequila`},
		{`meat`, `chicken beef pork steak lamb bacon ham sausage burger veal mince`},
		{`child`, `daughter son`},
		{`siblings`, `brother sister`},
		{`instruments`, `piano guitar violin cello flute trumpet saxophone clarinet harp`},
		{`bone`, `arm leg wrist ankle hip rib collarbone finger toe nose jaw skull femur pelvis`},
	} {
		var ks []string
		for _, k := range strings.Fields(kinds[0]) {
			ks = append(ks, lemma(spelling(stem(k))))
		}
		for _, w := range strings.Fields(kinds[1]) {
			m[lemma(spelling(stem(w)))] = ks
		}
	}
	return m
}

// verbForms are irregular verbs as "base past participle", or "base
// past" when the participle is the past, for [pastTense],
// [newIrregularLemma] and [newIrregular]: the one table of them.
const verbForms = `be was been|begin began begun|bring brought|build built|buy bought|catch caught|choose chose chosen|
do did done|draw drew drawn|drink drank drunk|drive drove driven|eat ate eaten|fight fought|fly flew flown|forget forgot forgotten|
forgive forgave forgiven|freeze froze frozen|give gave given|go went gone|grow grew grown|hide hid hidden|know knew known|
lend lent|lose lost|make made|meet met|pay paid|ride rode ridden|ring rang rung|run ran|say said|see saw seen|seek sought|
sell sold|send sent|shake shook shaken|shoot shot|show showed shown|sing sang sung|sit sat|sleep slept|spend spent|
stand stood|steal stole stolen|swim swam swum|take took taken|teach taught|tear tore torn|tell told|think thought|
throw threw thrown|understand understood|wake woke woken|wear wore worn|win won|write wrote written|break broke broken|
keep kept|sweep swept|fall fell fallen|mean meant|hear heard|speak spoke spoken|find found|hold held|lead led`

// newIrregularLemma maps the past forms and participles of
// [verbForms] to their base as [lemma] folds it ("wrote", "written":
// "writ", as "write" folds), so that "Iris wrote the proposal" and
// "Iris did not write the proposal" align, and "using", "making",
// "taking" to theirs. A base folds by its ending ([foldEnding]). Forms
// that are other words a claim compares keep theirs ("left", "found",
// "saw", "felt", "fell", "rose", "spoke", "read"), as do "won" (see
// [placing]), "lost" and "drew" (see result.go), and "got", "came",
// "held" (fillers and frames read them as written).
func newIrregularLemma() map[string]string {
	m := map[string]string{"using": "use", "used": "use", "making": "make", "taking": "take"}
	skip := setOf(`won lost drew left found saw lay felt fell rose ground spoke bore wound led read got came held`)
	for _, verb := range strings.Split(verbForms, "|") {
		f := strings.Fields(verb)
		base := foldEnding(f[0])
		for _, w := range f[1:] {
			if !skip[w] {
				m[w] = base
			}
		}
	}
	return m
}

// pastForms are the simple pasts of [verbForms] ("wrote", "broke",
// "paid"), for [pastTense].
var pastForms map[string]bool

func newPastForms() map[string]bool {
	past := map[string]bool{}
	for _, verb := range strings.Split(verbForms, "|") {
		if f := strings.Fields(verb); len(f) > 1 {
			past[f[1]] = true
		}
	}
	return past
}

// mannerVerbs maps the forms of the verbs that name a way of travelling,
// as written and as folded, to one form each (see [deniedManner]). Built
// after the tables that [lemma] and [spelling] read.
var mannerVerbs map[string]string

func newMannerVerbs() map[string]string {
	m := map[string]string{}
	for _, forms := range []string{`drive drives drove driven driving`, `fly flies flew flown flying`,
		`cycle cycles cycled cycling`, `bike bikes biked biking`, `ride rides rode ridden riding`,
		`walk walks walked walking`, `sail sails sailed sailing`, `hitchhike hitchhikes hitchhiked hitchhiking`} {
		f := strings.Fields(forms)
		for _, w := range f {
			// Tokens are folded as [claim.tokenAt] folds them.
			m[w], m[lemma(spelling(stem(w)))] = f[0], f[0]
		}
	}
	return m
}
