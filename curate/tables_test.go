package curate

import (
	"testing"

	"github.com/memweave/memweave-go/internal/tablecheck"
)

// TestTablesInitOrder guards loadTables, which builds the word sets on
// first use instead of at package initialisation: nothing may read a
// set before it (see [tablecheck.InitOrder]).
func TestTablesInitOrder(t *testing.T) {
	tablecheck.InitOrder(t, "curate", "valueKind", "numberWords")
}

// TestLoadTablesFills checks that loadTables fills every set it names;
// the list must name exactly the sets loadTables assigns.
func TestLoadTablesFills(t *testing.T) {
	loadTables()
	tables := map[string]any{
		"dashes": dashes, "conjunctions": conjunctions, "directionWords": directionWords, "placeNames": placeNames,
		"apostrophes": apostrophes, "curlyQuotes": curlyQuotes, "orderWords": orderWords, "numberValues": numberValues, "fillerWords": fillerWords, "mannerWords": mannerWords, "wordingWords": wordingWords,
		"contractionTails": contractionTails, "numberWords": numberWords, "dateWords": dateWords,
		"negations": negations, "valueWords": valueWords, "mootFields": mootFields, "aboutTheNote": aboutTheNote,
	}
	tablecheck.Filled(t, "curate", tables)
}
