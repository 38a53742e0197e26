package conflict_test

import (
	"testing"

	"github.com/memweave/memweave-go/conflict"
)

// contra6Case is one pair of TestContra6Rules.
type contra6Case struct {
	name string
	a, b string
	want bool
}

// TestContra6Rules holds one or more cases per rule of the sixth pass
// over new phrasings, each written for the rule and not taken from
// testdata/contra6.jsonl: the pairs it must find and the look-alikes it
// must leave alone.
func TestContra6Rules(t *testing.T) {
	for _, c := range contra6Cases {
		if _, got := conflict.Judge(c.a, c.b); got != c.want {
			t.Errorf("%s: Judge(%q, %q) = %v, want %v", c.name, c.a, c.b, got, c.want)
		}
	}
}

var contra6Cases = []contra6Case{
	{"one count of other things", "The plan allows 5 seats.", "The plan allows 5 projects.", false},
	{"one count of other things, words added", "There are 3 people on the support desk.", "There are 3 unfilled jobs on the support desk.", false},
	{"one count of one thing, changed", "The plan allows 5 seats.", "The plan allows 8 seats.", true},
	{"one frequency of other things", "We publish the changelog twice a month.", "We publish the roadmap twice a month.", false},
	{"twice a month against weekly", "The changelog is published twice a month.", "The changelog is published weekly.", true},
	{"a count of things against a measure", "The warranty covers 40 parts.", "The warranty covers 2 years.", false},
	{"a bare number against a measure", "The retention period is 30.", "The retention period is 90 days.", true},
	{"a percentage against a count", "15% of orders are refunded.", "150 orders are refunded.", false},
	{"a percentage against a percentage", "The refund rate is 15%.", "The refund rate is 9 percent.", true},
	{"a percentage restated in words", "The refund rate is 15%.", "The refund rate is 15 percent.", false},
	{"a weekend scope opening one claim", "The gym opens at 6.", "On weekends the gym opens at 8.", false},
	{"a season scope opening one claim", "In winter the ferry leaves at 7 am.", "The ferry leaves at 9 am.", false},
	{"a weekend scope on both", "On weekends the gym opens at 6.", "On weekends the gym opens at 8.", true},
	{"a denial of one kind, another kind asserted", "The report does not list cancelled orders.", "The report lists refunded orders.", false},
	{"a denial of one kind, that kind asserted", "The report does not list cancelled orders.", "The report lists cancelled orders.", true},
	{"a denial of a class, a member asserted", "Leila has no food allergies.", "Leila is allergic to shellfish.", true},
	{"two aversions", "Omar hates cold calls.", "Omar hates long emails.", false},
	{"two aversions, one word apart", "Omar dislikes early flights.", "Omar dislikes long flights.", false},
	{"two things one cannot stand", "Ines can't stand durian.", "Ines can't stand crowded trains.", false},
	{"one aversion, changed", "Omar dislikes early flights.", "Omar now dislikes late flights instead.", true},
	{"every other week against every week", "The bins go out every other week.", "The bins go out every week.", true},
	{"every other day is every 2 days", "Backups run every other day.", "Backups run every 2 days.", false},
	{"every second is a second", "The poller runs every second.", "The poller runs every 2 seconds.", true},
	{"every other day of the week against weekly", "The review happens every other Thursday.", "The review is weekly, on Thursdays.", true},
	{"every other day of the week, held", "The review happens every other Thursday.", "The review is held every other Thursday.", false},
	{"every other day of the week, another day", "The review happens every other Thursday.", "The review happens every other Friday.", true},
	{"a length said with runs to and long", "The brochure runs to 24 pages.", "The brochure is 16 pages long.", true},
	{"a count said with includes and comes with", "The starter kit includes 6 cables.", "The starter kit comes with 4 cables.", true},
	{"a count said with includes and comes with, agreeing", "The starter kit includes 6 cables.", "The starter kit comes with 6 cables.", false},
	{"a capacity said with holds and fits", "The hall holds 300 people.", "The hall fits 250 people.", true},
	{"a capacity beside another count", "The hall holds 300 people.", "The hall has 12 exits.", false},
	{"a count beside the number hired", "The team has 4 engineers.", "The team hired 2 engineers.", false},
	{"a count beside the number lost", "The cluster has 5 nodes.", "The cluster lost 2 nodes.", false},
	{"a period after run keeps the verb", "Backups run every six hours.", "Backups run once a day.", true},
	{"API calls against requests", "The search API allows 300 calls per minute.", "The search API is limited to 200 requests per minute.", true},
	{"a price per calls against per requests", "Translation costs $20 per 1000 requests.", "Translation costs $15 per 1000 calls.", true},
	{"API calls against requests, agreeing", "The search API allows 300 calls per minute.", "The search API allows 300 requests per minute.", false},
	{"calls and requests of other subjects", "Sales reps make 40 calls a day.", "The support desk answers 40 requests a day.", false},
	{"about so many against an exact count near it", "The museum has about 300 visitors a day.", "The museum has 320 visitors a day.", false},
	{"about so many against a count far from it", "The museum has about 300 visitors a day.", "The museum has roughly 1200 visitors a day.", true},
	{"about an hour against minutes near it", "The ferry ride takes about an hour.", "The ferry ride takes 55 minutes.", false},
	{"roughly a size against one near it", "The backup image is roughly 2 GB.", "The backup image is 2.1 GB.", false},
	{"exact counts near each other", "The museum has 300 visitors a day.", "The museum has 320 visitors a day.", true},
	{"a date that slipped", "The release is on May 4.", "The release slipped to May 18.", true},
	{"can't stand against loves", "Ines can't stand open offices.", "Ines loves open offices.", true},
	{"a role said with run by and heads", "The Lisbon office is run by Ana.", "Rui heads the Lisbon office.", true},
	{"a role said with manages and heads, one holder", "Ana manages the Lisbon office.", "Ana heads the Lisbon office.", false},
	{"one holder runs another thing", "Ana runs the Lisbon office.", "Rui runs the Lisbon marathon.", false},
	{"a value inside a range", "Shipping takes 2 to 4 working days.", "Shipping takes 3 working days.", false},
	{"a value outside a range", "Shipping takes 2 to 4 working days.", "Shipping takes 9 working days.", true},
	{"a sum inside a range written with a dash", "The tour costs 20-30 euros.", "The tour costs 25 euros.", false},
	{"a sum outside a range written with a dash", "The tour costs 20-30 euros.", "The tour costs 60 euros.", true},
	{"a duration inside a range with between", "The workshop session lasts between 50 and 70 minutes.", "The workshop session lasts an hour.", false},
	{"two ranges of hours", "The helpdesk is staffed from 8 to 16.", "The helpdesk is staffed from 7 to 19.", true},
	{"a range of hours and its opening time", "The helpdesk is open from 8 to 16.", "The helpdesk opens at 8 am.", false},
	{"a change from one value to another is no range", "The team grew from 4 to 9 people.", "The team has 6 people.", true},
	{"a numbered thing with a dash is no range", "Ticket 2024-117 was closed.", "Ticket 2024-131 was closed.", false},
	{"a change by an amount against the value", "The error rate dropped by 20%.", "The error rate is 2%.", false},
	{"a change by an amount, no by", "The bounce rate fell 15%.", "The bounce rate is 40%.", false},
	{"two changes by other amounts", "The bounce rate fell 15% in May.", "The bounce rate fell 25% in May.", true},
	{"a change to a value against the value", "The price rose to 35 dollars.", "The price is 30 dollars.", true},
	{"a past fact opened by before", "Before 2020 the firm had 12 staff.", "The firm has 40 staff.", false},
	{"a rule opened by before, in the present", "Before a release, the team runs 3 smoke tests.", "Before a release, the team runs 5 smoke tests.", true},
	{"a holiday scope opening one claim", "The library opens at 9.", "On public holidays the library opens at 11.", false},
	{"a goal against the fact", "We aim to answer tickets within 2 hours.", "Tickets are answered within 6 hours.", false},
	{"a season named inside the replaced span", "The board meets every other month.", "The board meets every month in the summer.", false},
	{"days of the week on both sides", "The board meets every other Monday.", "The board meets every Tuesday.", true},
}
