package conflict_test

import "testing"

// TestContra14Rules holds cases per rule of the fourteenth pass, each
// written for the rule and not taken from testdata/contra14.jsonl: the
// look-alikes it must leave alone and the contradictions next to them
// it must still find.
func TestContra14Rules(t *testing.T) {
	checkJudged(t, contra14FormCases, contra14ModifierCases, contra14PastPlaceCases, contra14AttributeCases, contra14NotOwnedCases, contra14PronounCases, contra14StageCases, contra14KindCases, contra14AboutCases, contra14OwnedCases, contra14StanceCases)
}

var contra14FormCases = []judgeCase{
	{"a plural in -ies against its count of one", "The cottage has three bathrooms and two pantries.", "The cottage has three bathrooms and one pantry.", true},
	{"plural -ies counts", "Our street has two bakeries.", "Our street has four bakeries.", true},
	{"a plural in -ies, another noun", "Our street has two bakeries.", "Our street has four cafes.", false},
	{"a plural of an -ie noun against one", "The jar holds 12 cookies.", "The jar holds one cookie.", true},
	{"-ies and -ied of one verb", "The discount applies to students.", "The discount never applied to students.", true},
	{"a short -ing form beside its verb", "Rui hikes to the office.", "Rui has stopped hiking to the office.", true},
	{"a short -ing form, another way", "Rui hikes to the office.", "Rui has stopped cycling to the office.", false},
	{"a short -ing form keeps being the habit", "The puppy keeps chewing the rug.", "The puppy never chews the rug.", true},
	{"during is no verb", "The gym is closed during July.", "The gym is open in August.", false},
}

var contra14ModifierCases = []judgeCase{
	{"a modifier names another code", "The gate code is 4512.", "The garage gate code is 7730.", false},
	{"a modifier names another router", "The router sits in the hallway.", "The backup router sits in the attic.", false},
	{"a modifier names another shift", "The shift starts at 07:00.", "The night shift starts at 22:00.", false},
	{"one modified subject, two values", "The night shift starts at 22:00.", "The night shift starts at 23:00.", true},
	{"a correction is no modifier", "The gate code is 4512.", "Correction: the gate code is 7730.", true},
	{"a modified subject that changed", "The gate code is 4512.", "The garage gate code was changed to 7730.", true},
}

var contra14PastPlaceCases = []judgeCase{
	{"born in one place, living in another", "Dana was born in Lagos.", "Dana lives in Accra now.", false},
	{"studied in one place, living in another", "Dana studied in Leeds.", "Dana lives in York.", false},
	{"grew up in one place, based in another", "Dana grew up in Cork.", "Dana is based in Galway now.", false},
	{"living in two places", "Dana lives in Leeds.", "Dana lives in York now.", true},
	{"a move beside a place", "Dana moved to York.", "Dana lives in Leeds.", true},
}

var contra14AttributeCases = []judgeCase{
	{"two favourites share a word", "Ravi's favourite colour is orange.", "Ravi's favourite drink is orange juice.", false},
	{"two attributes share a value word", "The kitchen wall colour is sage.", "The kitchen towel colour is sage green.", false},
	{"one favourite, two values", "Ravi's favourite colour is orange.", "Ravi's favourite colour is teal.", true},
	{"one attribute, a value and a longer one", "The kitchen wall colour is sage.", "The kitchen wall colour is navy blue.", true},
}

var contra14NotOwnedCases = []judgeCase{
	{"none owned, a borrowed one used", "Lea doesn't own a laptop.", "Lea works on a borrowed laptop.", false},
	{"none owned, another's walked", "Tim has no dog.", "Tim walks his sister's dog.", false},
	{"none owned, a rented one", "Tim has no van.", "Tim drives a rented van for the move.", false},
	{"none owned, her own used", "Lea doesn't own a laptop.", "Lea works on her laptop at home.", true},
	{"none, his own walked", "Tim has no dog.", "Tim walks his dog.", true},
}

var contra14PronounCases = []judgeCase{
	{"one pronoun, opposite verbs, one object", "She passed the audit.", "She failed the audit.", true},
	{"one pronoun, a prefix antonym", "We trust Mirela.", "We distrust Mirela.", true},
	{"two pronouns", "She passed the audit.", "He failed the audit.", false},
	{"one pronoun, two objects", "She passed the audit.", "She failed the exam.", false},
	{"one pronoun, verbs not opposite", "We trust Mirela.", "We thanked Mirela.", false},
}

var contra14StageCases = []judgeCase{
	{"out at the semi-final, reached the final", "Our club lost the semi-final against Leeds.", "Our club reached the final.", true},
	{"out in round one, won the title", "Noor was knocked out in the first round of the spelling bee.", "Noor won the spelling bee.", true},
	{"out in the quarter-finals, played the final", "The Owls went out in the quarter-finals.", "The Owls played in the final.", true},
	{"out at the semi-final, won the final", "Mia lost the semi-final.", "Mia won the final.", true},
	{"two seasons", "Our team lost the semi-final last season.", "Our team reached the final this season.", false},
	{"two events", "Ana lost the semi-final of the singles.", "Ana reached the doubles final.", false},
	{"two tournaments", "The Hawks lost the quarter-final at Wimbledon.", "The Hawks reached the final of the US Open.", false},
	{"another title", "Noor was knocked out in the first round of the spelling bee.", "Noor won the quiz night.", false},
	{"two people", "Leo was eliminated in the heats.", "Leo's brother ran in the final.", false},
	{"a game lost is no stage", "The Owls lost a group match.", "The Owls won the cup.", false},
	{"went through a stage", "The Owls went through the group stage.", "The Owls won the cup.", false},
	{"a stage won reaches the next", "Mia won the semi-final.", "Mia lost the final.", false},
	{"twice and once", "The Lions lost the semi-final twice.", "The Lions reached the final once.", false},
}

var contra14KindCases = []judgeCase{
	{"no pets, a cat of one's own", "Rosa has no pets.", "Rosa feeds her cat at seven.", true},
	{"no alcohol, a glass of wine", "Rosa doesn't drink alcohol.", "Rosa drinks wine on Fridays.", true},
	{"no siblings, a sister", "Rosa has no siblings.", "Rosa has a sister in Lyon.", true},
	{"no pets, another's cat", "Rosa has no pets.", "Rosa feeds her neighbour's cat.", false},
	{"no pets, cats in general", "Rosa has no pets.", "Rosa is allergic to cats.", false},
	{"no pets, a cat named of another", "Rosa has no pets.", "Rosa's brother has a cat.", false},
	{"no alcohol, selling wine", "Rosa doesn't drink alcohol.", "Rosa sells wine at the market.", false},
	{"no meat, another food", "Rosa never eats meat.", "Rosa eats tofu every day.", false},
}

var contra14AboutCases = []judgeCase{
	{"a duration and an approximate other", "The flight takes 9 hours.", "The flight takes about 12 hours.", true},
	{"a duration and about the same", "The flight takes 9 hours.", "The flight takes about 9 hours.", false},
	{"an approximate duration and a near one", "The flight takes around 9 hours.", "The flight takes 9.5 hours.", false},
}

var contra14OwnedCases = []judgeCase{
	{"none, and the subject's one named", "The school has no gym.", "The school gym opens at eight.", true},
	{"none, and the subject's one with a possessive", "The cottage has no cellar.", "We store apples in the cottage's cellar.", true},
	{"none, and another of the subject's kind", "The cottage has no cellar.", "Our old cottage's cellar flooded.", false},
	{"none, and another's", "The school has no gym.", "The school's pupils use the town gym.", false},
}

var contra14StanceCases = []judgeCase{
	{"enjoys and hates one thing", "Ola enjoys sushi.", "Ola hates sushi.", true},
	{"uses and avoids one thing", "We use Jira.", "We avoid Jira.", true},
	{"enjoys one thing, hates another", "Ola enjoys sushi.", "Ola hates ramen.", false},
	{"two people", "Ola enjoys sushi.", "Ben hates sushi.", false},
	{"avoids it in one case", "We use Jira.", "We avoid Jira for small tasks.", false},
}
