package conflict_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/memweave/memweave-go/conflict"
)

// judgeCase is one pair a rule test gives [conflict.Judge]: whether a
// and b must be hinted as a contradiction.
type judgeCase struct {
	name string
	a, b string
	want bool
}

// judgeWrong returns the cases of cs that [conflict.Judge] gets wrong,
// each written as the line a test reports.
func judgeWrong(cs []judgeCase) []string {
	var out []string
	for _, c := range cs {
		if _, got := conflict.Judge(c.a, c.b); got != c.want {
			out = append(out, fmt.Sprintf("%s: Judge(%q, %q) = %v, want %v", c.name, c.a, c.b, got, c.want))
		}
	}
	return out
}

// checkJudged fails t with a line for each case of cs that
// [conflict.Judge] gets wrong.
func checkJudged(t *testing.T, cs ...[]judgeCase) {
	t.Helper()
	for _, line := range judgeWrong(slices.Concat(cs...)) {
		t.Error(line)
	}
}

// TestContra5Rules holds one or more cases per rule of the fifth pass
// over new phrasings, each written for the rule and not taken from
// testdata/contra5.jsonl: the pairs it must find and the look-alikes it
// must leave alone.
func TestContra5Rules(t *testing.T) {
	checkJudged(t, contra5Cases)
}

var contra5Cases = []judgeCase{
	{"a synonym of the subject noun", "The fleet vehicle runs on diesel fuel costing 1.60 per litre.", "The fleet car runs on diesel fuel costing 1.85 per litre.", true},
	{"a synonym of the subject noun, agreeing", "The fleet vehicle runs on diesel fuel costing 1.60 per litre.", "The fleet car runs on diesel fuel costing 1.60 per litre.", false},
	{"a synonym, another attribute", "The fleet vehicle is a Ford Transit.", "The fleet car seats nine people.", false},
	{"employees and staff", "Employees get 25 days of paid leave.", "Staff get 28 days of paid leave.", true},
	{"capped at against a limit", "Guest wifi is capped at 10 Mbps.", "The guest wifi limit is 50 Mbps.", true},
	{"capped at against a limit, agreeing", "Guest wifi is capped at 10 Mbps.", "The guest wifi limit is 10 Mbps.", false},
	{"limited to against a ceiling", "Team lunches are limited to $30 per person.", "The team lunch ceiling is $45 per person.", true},
	{"a cap beside a minimum", "Team lunches are capped at $30 per person.", "Team lunches cost at least $10 per person.", false},
	{"a preference shown by a habit", "Tomas prefers red wine.", "Tomas always orders white wine.", true},
	{"a habit that agrees with the preference", "Tomas prefers red wine.", "Tomas always orders red wine.", false},
	{"another person's habit", "Tomas prefers red wine.", "Julia always orders white wine.", false},
	{"a habit against a habit", "Mei always picks the early train.", "Mei always picks the late train.", true},
	{"another act on one object", "The legal team drafts the supplier contracts.", "The legal team signs the supplier contracts.", false},
	{"another act, the object shared after", "Bruno prints the shipping labels every morning.", "Bruno checks the shipping labels every morning.", false},
	{"an act that replaced another", "The legal team drafts the supplier contracts.", "The legal team now only reviews the supplier contracts.", true},
	{"a denial in a narrower scope", "The export does not include attachments for archived projects.", "The export includes attachments.", false},
	{"a denial of the whole, the other narrower", "The export does not include attachments.", "The export includes attachments for archived projects.", true},
	{"a denial of the whole", "The office is not open.", "The office is open on public holidays.", true},
	{"a denial, the same scope", "The office is not open on public holidays.", "The office is open on public holidays.", true},
	{"a denial that stopped in a narrower scope", "We no longer ship to Norway by sea.", "We ship to Norway.", true},
	{"a verb denied, another verb asserted", "Guests cannot book the rooftop terrace.", "Guests can visit the rooftop terrace.", false},
	{"a verb denied, the same verb asserted", "Guests cannot book the rooftop terrace.", "Guests can book the rooftop terrace.", true},
	{"a noun denied by a related noun", "Leila is allergic to shellfish.", "Leila has no food allergies.", true},
	{"n times a day in words agrees with its period", "The poller runs every eight hours.", "The poller runs three times a day.", false},
	{"n times a day in words differs from its period", "The poller runs every eight hours.", "The poller runs six times a day.", true},
	{"a flag on in one stage, off in another", "The beta_search toggle is on in production.", "The beta_search toggle is off in staging.", false},
	{"a flag on and off in one stage", "The beta_search toggle is on in production.", "The beta_search toggle is off in production.", true},
	{"a subject qualified before a change verb", "Expenses are filed in Expensify.", "Travel expenses were moved to Navan.", true},
	{"a subject qualified, its head the other's first word", "Invoicing runs on Xero.", "Client invoicing was switched to FreeAgent.", true},
	{"a subject that gains a head before a change verb", "The docs site is built with Hugo.", "The docs site search was ported to Algolia.", false},
	{"another head, the change said with moved", "The intranet runs on SharePoint.", "The intranet directory was moved to Okta.", false},
	{"used to, the present agreeing", "Our sales tool is Attio.", "The sales tool used to be Pipedrive; now it is Attio.", false},
	{"used to, another subject", "Our support tool is Pipedrive.", "The sales tool used to be Pipedrive; now it is Attio.", false},
	{"used to, the present adding", "Our sales tool is Pipedrive.", "The sales tool used to be Pipedrive; now it also syncs to Attio.", false},
	{"a feature removed against its use", "The app offers a Dropbox export.", "The Dropbox export was removed from the app.", true},
	{"support dropped against support", "The SDK supports Ruby 2.7.", "Ruby 2.7 support was dropped from the SDK.", true},
	{"another version's support dropped", "The SDK supports Ruby 3.3.", "Ruby 2.7 support was dropped from the SDK.", false},
	{"a value dropped to another, not removed", "The trial lasts 30 days.", "The trial was dropped to 14 days.", true},
	{"a removal policy is no removal", "Old builds are removed after 30 days.", "Old builds are kept on the build server.", false},
	{"belongs to against owned by another", "The demo laptop belongs to the sales team.", "The demo laptop is owned by the support team.", true},
	{"belongs to against owned by the same", "The demo laptop belongs to the sales team.", "The demo laptop is owned by the sales team.", false},
	{"took over a thing another owns", "Lucia owns the hiring pipeline.", "Marek took over the hiring pipeline.", true},
	{"took over another thing", "Lucia owns the hiring pipeline.", "Marek took over the onboarding checklist.", false},
	{"one holder of two things", "The demo laptop belongs to Ana.", "The demo phone belongs to Ana.", false},
	{"a place, the moved subject named without a qualifier", "The shared build box sits in the Leiden server cupboard.", "The build box now sits in a Delft data center.", true},
	{"a place, another subject with a shared head, nothing moved", "The shared NAS sits in the Leiden office.", "The backup NAS sits in the Delft office.", false},
	{"a place, the owner's relative moved", "Mara lives in Leeds.", "Mara's brother moved to Glasgow.", false},
	{"a synonym with a possessive", "The vehicle's mileage is 42,000 km.", "The car's mileage is 58,000 km.", true},
	{"originally a name, now another", "The blog is hosted on Netlify.", "The blog was originally on Netlify; it now runs on Vercel.", true},
	{"originally a name, now the same", "The blog is hosted on Vercel.", "The blog was originally on Netlify; it now runs on Vercel.", false},
	{"tried, the present adding", "Design reviews happen in Figma.", "We tried Figma for a quarter; now we also use Penpot.", false},
	{"rewritten in another language", "The billing worker is written in Python.", "The billing worker was rewritten in Go.", true},
	{"rebuilt in another tool", "The status dashboard uses Grafana.", "The status dashboard was rebuilt in Kibana.", true},
	{"rebuilt in the same tool", "The status dashboard uses Grafana.", "The status dashboard was rebuilt in Grafana last week.", false},
	{"a history for years, now another", "The team wiki lives in Notion.", "The team wiki was in Notion for years; now it lives in Outline.", true},
	{"a history for years, now the same", "The team wiki lives in Outline.", "The team wiki was in Notion for years; now it lives in Outline.", false},
	{"a quota against capped at", "The mailbox quota is 15 GB.", "Mailboxes are capped at 50 GB.", true},
	{"a quota against capped at, agreeing", "The mailbox quota is 15 GB.", "Mailboxes are capped at 15 GB.", false},
	{"proofreading beside translating", "Marta translates the release notes.", "Marta proofreads the release notes.", false},
	{"a qualified thing removed, the other of another kind", "Legacy reports were removed from the billing console.", "The billing console supports CSV reports.", false},
	{"one state in two scopes", "The beta_search toggle is on in staging.", "The beta_search toggle is on in production.", false},
	{"one state for two audiences", "Audit logging is enabled for EU tenants.", "Audit logging is enabled for US tenants.", false},
	{"a past fact for months beside the present", "Retros happen every other Friday.", "Retros were held every Friday for months; now they happen every other Friday.", false},
	{"a past fact for years, the same now", "The office is in Utrecht.", "The office was in Utrecht for years.", false},
	{"one value after two verbs, one saying it changed", "The docs portal is hosted on Netlify.", "The docs portal now runs on Netlify.", false},
	{"moved off a name, now another", "Billing uses Chargebee.", "Billing moved off Chargebee in May; it now runs on Recurly.", true},
	{"moved off a name, now the same", "Billing runs on Recurly.", "Billing moved off Chargebee in May; it now runs on Recurly.", false},
	{"a pronoun after a semicolon, another value now", "Retros happen on Tuesdays.", "Retros were held on Tuesdays for months; now they happen on Thursdays.", true},
	{"a pronoun after a semicolon, the same value now", "Retros happen on Thursdays.", "Retros were held on Tuesdays for months; now they happen on Thursdays.", false},
	{"a pronoun after a semicolon, another subject", "Demos happen on Tuesdays.", "Retros were held on Tuesdays for months; now they happen on Thursdays.", false},
	{"a pronoun after a semicolon, a copula first", "The standup is at 9:00.", "The standup was at 9:00 last quarter; now it is at 9:45.", true},
	{"allows a number against capped at", "The team plan allows 8 seats.", "The team plan is capped at 12 seats.", true},
	{"allows a number against capped at, agreeing", "The team plan allows 8 seats.", "The team plan is capped at 8 seats.", false},
	{"a habit of taking is no preference", "Paula always takes notes in retros.", "Paula prefers to present in retros.", false},
	{"a measure named on one side", "Usernames must be at least 4 characters.", "The minimum username length is 6 characters.", true},
	{"a measure named on one side, agreeing", "Usernames must be at least 6 characters.", "The minimum username length is 6 characters.", false},
	{"a measure against another attribute", "The batch holds at most 500 rows.", "The maximum batch size is 2 MB.", false},
	{"a TTL against expire after", "The feature flag cache TTL is 60 seconds.", "Feature flag cache entries expire after 5 minutes.", true},
	{"a TTL against expire after, agreeing", "The feature flag cache TTL is 60 seconds.", "Feature flag cache entries expire after a minute.", false},
}
