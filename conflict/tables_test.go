package conflict

import (
	"testing"

	"github.com/memweave/memweave-go/internal/tablecheck"
)

// TestTablesInitOrder guards loadTables, which builds the word tables on
// first use instead of at package initialisation: nothing may read a
// table before it (see [tablecheck.InitOrder]).
func TestTablesInitOrder(t *testing.T) {
	tablecheck.InitOrder(t, "conflict", "lemma", "irregularLemma")
}

// TestLoadTablesFills checks that loadTables fills every table it names:
// after it, none is nil, empty or zero. The list below must name
// exactly the tables loadTables assigns, so a table added there is
// checked here too.
func TestLoadTablesFills(t *testing.T) {
	loadTables()
	tables := map[string]any{
		"durationVerbs": durationVerbs, "countVerbs": countVerbs, "exceptions": exceptions, "roleVerbs": roleVerbs, "ownVerbs": ownVerbs,
		"filler": filler, "eventVerbs": eventVerbs, "irregularLemma": irregularLemma, "pastForms": pastForms, "clauseVerbs": clauseVerbs,
		"changeVerbs": changeVerbs, "locChange": locChange, "passiveRole": passiveRole, "numberWords": numberWords,
		"determiners": determiners, "preferVerbs": preferVerbs, "boundWord": boundWord,
		"boundOpposite": boundOpposite, "perWords": perWords, "frameWords": frameWords,
		"periodWords": periodWords, "replaceVerbs": replaceVerbs, "roleNouns": roleNouns,
		"irregular": irregular, "statusPhase": statusPhase, "statusFirst": statusFirst, "classOf": classOf,
		"copulaKey": copulaKey, "durationKey": durationKey, "ageKey": ageKey, "slotOf": slotOf, "changeWords": changeWords, "rawLex": rawLex,
		"multiValued": multiValued, "kinWords": kinWords, "kinKinds": kinKinds, "actVerbs": actVerbs, "abbreviations": abbreviations,
		"shortForms": shortForms, "expanded": expanded, "boundAbbrevs": boundAbbrevs, "phrasalNouns": phrasalNouns,
		"phrasalParticle": phrasalParticle, "entityWords": entityWords, "antonymOf": antonymOf, "qualityOf": qualityOf, "substituteMakers": substituteMakers,
		"switchPole": switchPole, "stance": stance, "slotWords": slotWords, "idNouns": idNouns, "locVerbs": locVerbs, "mannerVerbs": mannerVerbs, "kindOf": kindOf, "lentWords": lentWords, "placeNouns": placeNouns, "reactionWords": reactionWords, "maritalStatus": maritalStatus, "spouseWords": spouseWords, "dietKinds": dietKinds, "dietKind": dietKind, "foodKinds": foodKinds, "countries": countries, "states": states, "namesakes": namesakes, "within": within, "consumeVerbs": consumeVerbs,
		"months": months, "units": units, "currencies": currencies, "measures": measures, "handVerbs": handVerbs,
		"handParticles": handParticles, "roleObjects": roleObjects, "roleObjectWords": roleObjectWords,
		"tasteWords": tasteWords, "placeAdverbs": placeAdverbs, "occasionWords": occasionWords, "openAir": openAir, "inOut": inOut, "restVerbs": restVerbs, "disposalVerbs": disposalVerbs, "feelingVerbs": feelingVerbs,
	}
	tablecheck.Filled(t, "conflict", tables)
}
