package conflict_test

import (
	"strings"
	"testing"

	"github.com/memweave/memweave-go/conflict"
)

// TestContra4Rules holds one or more cases per rule of the fourth pass
// over new phrasings, each written for the rule and not taken from
// testdata/contra4.jsonl: the pairs it must find and the look-alikes it
// must leave alone.
func TestContra4Rules(t *testing.T) {
	checkJudged(t, []judgeCase{
		{"n times an hour agrees with its period", "The poller wakes every 10 minutes.", "The poller wakes 6 times an hour.", false},
		{"n times an hour differs from its period", "The poller wakes every 10 minutes.", "The poller wakes 4 times an hour.", true},
		{"no fewer than against at least", "Each cluster keeps no fewer than 3 etcd members.", "Each cluster keeps at least 5 etcd members.", true},
		{"n or more against a minimum of", "Reviews need 2 or more approvals.", "Reviews need a minimum of 3 approvals.", true},
		{"no larger than against at most", "Uploads may be no larger than 5 MB.", "Uploads must be at most 10 MB.", true},
		{"no larger than agrees with up to", "Uploads may be no larger than 5 MB.", "Uploads of up to 5 MB are accepted.", false},
		{"a minimum beside a maximum", "Reviews need at least 2 approvals.", "Reviews need at most 4 approvals.", false},
		{"history until a month, now another", "Our wiki runs on Confluence.", "Our wiki ran on Confluence until March; now it runs on Notion.", true},
		{"history and the present it agrees with", "Our wiki runs on Notion.", "Our wiki ran on Confluence until March; now it runs on Notion.", false},
		{"history, and now another", "Alerts go to PagerDuty.", "Alerts went to PagerDuty until June, and now go to Opsgenie.", true},
		{"history, and now also another", "Alerts go to PagerDuty.", "Alerts went to PagerDuty until June, and now also go to Slack.", false},
		{"history after an opening until", "Hiring runs through Greenhouse.", "Until the reorg, hiring ran through Greenhouse; today it runs through Lever.", true},
		{"an abbreviation and its word", "The auth proxy listens on port 4180.", "The authentication proxy listens on port 4181.", true},
		{"an abbreviation, its word capitalised", "Our k8s nodes run Ubuntu 22.04.", "Our Kubernetes nodes run Ubuntu 24.04.", true},
		{"an abbreviation and another attribute", "The infra budget is $40k.", "The infrastructure headcount is 4.", false},
		{"a switch of another subject's name", "Traces ship to Jaeger.", "Metrics shipping was cut over to Prometheus.", false},
		{"a switch of the subject's name", "Traces ship to Jaeger.", "Trace shipping was cut over to Tempo.", true},
		{"a switch of the subject's name, its verb a noun", "Receipts are printed with Xero.", "We switched receipt printing to QuickBooks.", true},
		{"the opposite state in a scope added", "Autosave is on by default.", "Autosave is off by default in the terminal editor.", false},
		{"the opposite state, an attribute in a scope added", "Comments are public for all projects.", "Comments are private for projects of the legal team.", false},
		{"the opposite state", "Autosave is on by default.", "Autosave is off by default.", true},
		{"a place within the place", "The summer retreat is in Kyoto.", "The summer retreat venue is in Kyoto's Gion district.", false},
		{"another place", "The summer retreat is in Kyoto.", "The summer retreat venue is in Osaka's Namba district.", true},
		{"a minute and a half", "The lock expires after 90 seconds.", "The lock expires after a minute and a half.", false},
		{"one and a half hours", "The talk lasts 90 minutes.", "The talk lasts one and a half hours.", false},
		{"a verb and its particle against their noun", "Sessions time out after 15 minutes.", "The session timeout is 30 minutes.", true},
		{"backed up against the backup", "The ledger is backed up every 6 hours.", "The ledger backup runs every 12 hours.", true},
		{"the scope first", "In production, uploads time out after 60 seconds.", "Production upload timeout: 20 seconds.", true},
		{"another scope first", "In staging, uploads time out after 60 seconds.", "Production upload timeout: 20 seconds.", false},
		{"a status still a status", "The ledger service is in production.", "The ledger service is in review.", true},
		{"a role handed to another, no particle", "The mobile release captain is Ines.", "Ines handed the mobile release captain role to Karl.", true},
		{"another role handed to another", "The web release captain is Ines.", "Ines handed the mobile release captain role to Karl.", false},
		{"a role handed to its holder", "The mobile release captain is Karl.", "Ines handed the mobile release captain role to Karl.", false},
		{"only the subject, the other adds to it", "Only maintainers can merge to main.", "Maintainers and reviewers can merge to main.", true},
		{"only the subject, the other adds a word after", "Only maintainers can merge to main.", "Maintainers can merge to main quickly.", false},
		{"only the subject, the other qualifies it", "Only maintainers can merge to main.", "Senior maintainers can merge to main.", false},
		{"a subject's duration, in two verbs", "Retros are an hour long.", "Retros last 45 minutes.", true},
		{"a subject's duration, agreeing", "Retros are an hour long.", "Retros last 60 minutes.", false},
		{"a duration beside a frequency", "Retros are weekly.", "Retros last 45 minutes.", false},
		{"a duration, takes and lasts", "Onboarding takes 3 days.", "Onboarding lasts a week.", true},
		{"history, when it moved", "The wiki is hosted on Confluence.", "The wiki was hosted on Confluence until 2021, when it moved to Notion.", true},
		{"history, when it moved, agreeing", "The wiki is hosted on Notion.", "The wiki was hosted on Confluence until 2021, when it moved to Notion.", false},
		{"max against up to", "The max payload on the event bus is 128 KB.", "Event bus payloads can be up to 512 KB.", true},
		{"max against up to, agreeing", "The max payload on the event bus is 512 KB.", "Event bus payloads can be up to 512 KB.", false},
		{"ported to another", "The status page is built with Statuspage.", "The status page was ported to Instatus.", true},
		{"transitioned to another", "The billing UI uses Angular.", "The billing UI transitioned to React last year.", true},
		{"n or fewer beside n or more", "Squads have 3 or more engineers.", "Squads have 9 or fewer engineers.", false},
	})
	// The reason shows the added words as the adding claim writes them.
	if v, _ := conflict.Judge("Only maintainers can merge to main.", "Maintainers and reviewers can merge to main."); !strings.Contains(v.Reason, `"reviewers"`) {
		t.Errorf("reason %q, want it to name \"reviewers\"", v.Reason)
	}
}

// TestHistorySwitchHostile feeds lines that end or break the history
// and the present early, and letters whose lower case is longer: a
// switch is read or not, never a panic.
func TestHistorySwitchHostile(t *testing.T) {
	for _, s := range []string{
		"until", "Until ; now X", "X until", "We used Foo until; now", "İİİ until May; now we use Bar",
		"We used Foo until May and", "until May, and now go to Bar. until", "Ⱥ used Foo until May; now Bar",
		"We used Foo till İstanbul; now we use Bar", "through and now Foo", ". until . now Foo",
		"used to; now Foo", "We used to; now it is Bar", "tried ; now Foo", "X tried and now Y", "Originally; now Foo",
		"formerly  and now Bar", "We previously", "used to ", "İ used to be Foo; now Bar", "for years; now Foo", "Foo for a while", "; it", "A is; it", "X was; now it", "; now they Foo", "İ was Foo; it is Bar",
	} {
		conflict.Judge(s, "We use Foo.")
	}
}
