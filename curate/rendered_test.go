package curate

import (
	"runtime"
	"strings"
	"testing"
)

// TestSameRendered: two Markdown forms of one document are one text;
// anything a reader of the note sees otherwise is not.
func TestSameRendered(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"Restore\n-------\nStop the writers first.", "## Restore\nStop the writers first.", true},
		{"1. build\n1. test\n1. ship", "1. build\n2. test\n3. ship", true},
		{"1. build\n3. test\n4. ship", "1. build\n2. test\n3. ship", false},
		{"3. build\n4. test", "1. build\n2. test", false},
		{"| a | b |\n|:--|--:|\n| 1 | 2 |", "a | b\n---|---\n1 | 2", true},
		{"Exports are <b>never</b> mailed.", "Exports are __never__ mailed.", true},
		{"Exports are <i>never</i> mailed.", "Exports are **never** mailed.", false},
		{"R&amp;D and \\#42 and &copy;", "R&D and #42 and ©", true},
		{"Use `a  b` here.", "Use `a b` here.", false},
		{"Use `&amp;` here.", "Use `&` here.", false},
		{"> cache:\n>   port: 6379", "> cache:\n> port: 6379", false},
		{"> one\n> two", "> one\ntwo", true},
		{"Deploy:\n    run(job)\n    notify(job)", "Deploy:\n    run(job)\n        notify(job)", false},
		{"See [docs][d].\n\n[d]: https://x.example/a", "See [docs](https://x.example/a).", true},
		{"See the docs.\n\n[d]: https://x.example/a", "See the docs.", false},
		{"See <https://x.example/a>.", "See [https://x.example/a](https://x.example/b).", false},
		{"The job is built on Acme.", "The job is built on acme.", false},
		{"~~~\nport: 1\n~~~", "    port: 1", true},
		{"```go\nport: 1\n```", "    port: 1", true}, // a language added is form (cur13's label, pairs15)
		{"```go\nport: 1\n```", "```python\nport: 1\n```", false},
		// A flag that only numbers the lines is form (lane cur16,
		// pairs17 and pairs19); a class or an attribute with a value
		// is not.
		{"```sh\nls\n```", "```sh {linenos}\nls\n```", true},
		{"```sh\nls\n```", "```sh {.line-numbers}\nls\n```", true},
		{"```go\nls\n```", "```go {.numberLines}\nls\n```", true},
		{"```\nls\n```", "```zsh {linenos=table}\nls\n```", true},
		{"```sh {.bad}\nls\n```", "```sh {.bad linenos}\nls\n```", true},
		{"```sh\nls\n```", "```sh {.bad}\nls\n```", false},
		{"```sh\nls\n```", "```sh {.wrong linenos}\nls\n```", false},
		{"```sh\nls\n```", "```sh {hl_lines=[2]}\nls\n```", false},
		{"```sh\nls\n```", "```sh {linenos=false}\nls\n```", false},
		{"```sh\nls\n```", "```sh linenos\nls\n```", false},
		{"```sh {linenos}\nls\n```", "```bash {linenos}\nls\n```", false},
		// An attribute's quoted value is read as written: a comma or a
		// space inside it is no separator of the flags.
		{"```sh {title=\"a, b.sh\"}\nls\n```", "```sh {title=\"a b.sh\"}\nls\n```", false},
		{"```sh {linenos title=\"a, b.sh\"}\nls\n```", "```sh {title=\"a b.sh\"}\nls\n```", false},
		{"```sh {.bad, .old}\nls\n```", "```sh {.bad .old}\nls\n```", true},
		// A table whose rows are records of a set (lane cur16): its rows
		// in any order, unless a word says the order counts, a cell is
		// longer than a member, or two rows share their first cell.
		{"| Service | Owner |\n|---|---|\n| billing | Priya |\n| search | Tomás |\n| ingest | Wen |", "| Service | Owner |\n|---|---|\n| ingest | Wen |\n| billing | Priya |\n| search | Tomás |", true},
		{"Ports:\n| Service | Port |\n|---|---|\n| auth | 7000 |\n| billing | 7100 |", "Ports:\n| Service | Port |\n|---|---|\n| billing | 7100 |\n| auth | 7000 |", true},
		{"| Service | Port |\n|---|---|\n| auth | 7000 |\n| billing | 7100 |", "| Service | Port |\n|---|---|\n| auth | 7100 |\n| billing | 7000 |", false},
		{"| Service | Owner |\n|---|---|\n| billing | Priya |\n| search | Tomás |", "| Service | Owner |\n|---|---|\n| search | Priya |\n| billing | Tomás |", false},
		{"Escalation:\n| Who | Phone |\n|---|---|\n| on-call | 100 |\n| lead | 101 |", "Escalation:\n| Who | Phone |\n|---|---|\n| lead | 101 |\n| on-call | 100 |", false},
		{"On-call rota:\n| Person | Phone |\n|---|---|\n| Ana | 100 |\n| Lin | 101 |", "On-call rota:\n| Person | Phone |\n|---|---|\n| Lin | 101 |\n| Ana | 100 |", false},
		{"| Stage | What |\n|---|---|\n| build | compile the images and push them to the registry |\n| test | run it |", "| Stage | What |\n|---|---|\n| test | run it |\n| build | compile the images and push them to the registry |", false},
		{"| Day | Task |\n|---|---|\n| Mon | backups |\n| Mon | restore |", "| Day | Task |\n|---|---|\n| Mon | restore |\n| Mon | backups |", false},
		{"| Who | Role |\n|---|---|\n| Ana | lead |\n| Lin | dev |", "| Role | Who |\n|---|---|\n| lead | Ana |\n| dev | Lin |", false},
		// A hyphen inside a prose word of letters is form (lane cur16):
		// "e-mail" is "email"; not after a prefix that makes another
		// word joined ("re-sign", "co-op"), nor in code, a host or a
		// number.
		{"Send an e-mail receipt.", "Send an email receipt.", true},
		{"The on-call rota is weekly and the multi-tenant setup is old.", "The oncall rota is weekly and the multitenant setup is old.", true},
		{"We re-sign the installer.", "We resign the installer.", false},
		{"The co-op runs the canteen.", "The coop runs the canteen.", false},
		{"It is un-ionized water.", "It is unionized water.", false},
		{"Use `e-mail` here.", "Use `email` here.", false},
		{"The host api-gw.example.com answers.", "The host apigw.example.com answers.", false},
		{"Retention is 30-90 days.", "Retention is 3090 days.", false},
		{"The us-east1 zone is used.", "The useast1 zone is used.", false},
		{"Mail x@e-mail.io now.", "Mail x@email.io now.", false},
		{"Send an e-mail receipt.", "Send an e mail receipt.", false},
		{"The API-GW host answers.", "The APIGW host answers.", false},
		// pairs21 (written after the rule): a host's hyphen is a name's.
		{"It goes through the host edge-gw first.", "It goes through the host edgegw first.", false},
		{"It goes through the host web-gw first.", "It goes through the host webgw first.", false},
		{"It goes through the host edge-proxy first.", "It goes through the host edgeproxy first.", false},
		{"Read the e-book first.", "Read the ebook first.", true},
		// fread: a single letter other than e- is no compound head.
		{"Play the a-side of the record.", "Play the aside of the record.", false},
		{"Take an x-ray of the wrist.", "Take an xray of the wrist.", false},
		{"The web-site has a log-in page for the non-profit.", "The website has a login page for the nonprofit.", true},
		// Spellings of one value or word (lane cur16): "percent", a
		// currency sign after the number, "version", a title or street
		// abbreviated, British and American spelling. A superscript
		// is no digit (pairs16: "m²" is not "m2").
		{"The office has 420 m² of space.", "The office has 420 m2 of space.", true}, // one unit after a number (cur18, pairs24)
		{"It runs on H₂O and CO₂.", "It runs on H2O and CO2.", true},                 // a formula's subscripts (cur17, pairs19/22)
		{"It allows 0.1% of requests.", "It allows 0.1 percent of requests.", true},
		{"It allows 5% of requests.", "It allows 5 per cent of requests.", true},
		{"The allowance is €40 a month.", "The allowance is 40 € a month.", true},
		{"The allowance is £40 a month.", "The allowance is 40£ a month.", true},
		{"Pinned to v4.2 until May.", "Pinned to version 4.2 until May.", true},
		{"Run by Dr. Okafor at the clinic.", "Run by Doctor Okafor at the clinic.", true},
		{"The depot is at 14 Harbour St. near the dock.", "The depot is at 14 Harbour Street near the dock.", true},
		{"The colour tokens are organised in a catalogue by licence.", "The color tokens are organized in a catalog by license.", true},
		{"The centre is 5 metres from the theatre.", "The center is 5 meters from the theater.", true},
		{"We analyse the favourite behaviours.", "We analyze the favorite behaviors.", true},
		{"It drives 10⁶ requests.", "It drives 106 requests.", false},
		{"The office has 420 m² of space.", "The office has 420 m³ of space.", false},
		{"It runs on CO₂ here.", "It runs on CO here.", false},
		{"The area is x² here.", "The area is x2 here.", false},
		{"Conversion rose 3%.", "Conversion rose 3 percentage points.", false},
		{"The allowance is $40 a month.", "The allowance is €40 a month.", false},
		{"Pinned to v4.2 until May.", "Pinned to version 4.1 until May.", false},
		{"The vault is on Mill Dr. near the dock.", "The vault is on Mill Drive near the dock.", true}, // a street's "Dr." (cur17, pairs22)
		{"The vault is on Mill Dr. near the dock.", "The vault is on Mill Rd. near the dock.", false},
		{"Run by Dr. Okafor.", "Run by Prof. Okafor.", false},
		// pairs21: "Dr." after a street's name, "St." before a town's.
		{"The gate on Harbour Dr. at nine.", "The gate on Harbour Doctor at nine.", false},
		{"It is held in St. Gallen this year.", "It is held in Street Gallen this year.", false},
		{"The shop at 210 Lake Ave. prints it.", "The shop at 210 Lake Avenue prints it.", true},
		{"We retry four times.", "We retry for times.", false},
		{"The hour is set.", "The hor is set.", false},
		{"We advise the team.", "We advize the team.", false},
		{"The rogue host is gone.", "The rog host is gone.", false},
		{"Use `colour` here.", "Use `color` here.", false},
		{"The form was filled.", "The form was filed.", false},
		{"The dense fence is old.", "The dence fense is old.", false},
		{"Ask Seymour in finance.", "Ask Seymor in finance.", false},
		{"See [docs][d].\n\n[d]: https://x.example/a\n[d]: https://x.example/b", "See [docs][d].\n\n[d]: https://x.example/a", false},
		{"| a | b |\n|---|---|\n| x | y | z |", "| a | b |\n|---|---|\n| x | y |", false},
		{"| a | b |\n|---|---|\n| x |", "| a | b |\n|---|---|\n| x | |", true},
		// GitHub's forms under the CommonMark core parser.
		{"Owners:\n| s | o |\n|:---|:---:|\n| a | b |", "Owners:\ns | o\n--- | ---\na | b", true},
		{"Owners:\n| s | o |\n|---|---|\n| a | b |", "Owners: | s | o | |---|---| | a | b |", false},
		{"| s | o |\n|---|---|\n| a | b |\n|---|---|", "| s | o |\n|---|---|\n| a | b |\n|---|---|", false},
		{"| a | b |\n|---|---|\n| `x\\|y` | z |", "| a | b |\n|---|---|\n| `x\\|y` | z |", true},
		{"Old \\~~port~~ kept.", "Old ~~port~~ kept.", false},
		{"Old ~~port~~ kept.", "Old <del>port</del> kept.", false},
		{"- \\[x] ship", "- [x] ship", false},
		{"- [&#120;] ship", "- [x] ship", false},
		{"- [x] ship", "* [x] ship", true},
		{"Mail a&#64;b.io now", "Mail a@b.io now", false},
		{"See http\\://x.io now", "See http://x.io now", false},
		{"A \\[draft\\] in review", "A [draft] in review", true},
		{"Use a &amp;lt; b here", "Use a < b here", false},
		{"R&amp;D &amp;copy;", "R&D ©", false},
	}
	for _, tt := range tests {
		if got := OneText(tt.a, tt.b); got != tt.want {
			ra, _ := rendered(tt.a)
			rb, _ := rendered(tt.b)
			t.Errorf("OneText(%q, %q) = %v, want %v (%+v / %+v)", tt.a, tt.b, got, tt.want, ra, rb)
		}
	}
}

// TestRenderedLongTableAllocatesLinearly: each list item's line is
// found in the passage without copying the text before it, so a long
// table or list (a note at the largest chunk size) costs memory in
// proportion to it.
func TestRenderedLongTableAllocatesLinearly(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector's sync.Pool drops pooled regexp machines at random (129 MB under it, 8 MB without)")
	}
	for _, tc := range []struct{ head, row string }{
		{"| a | b |\n|---|---|\n", "| x | y |\n"},
		{"", "1. x\n"},
	} {
		var s strings.Builder
		s.WriteString(tc.head)
		for s.Len() < 60<<10 {
			s.WriteString(tc.row)
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		if _, ok := rendered(s.String()); !ok {
			t.Fatalf("rendered refused %q ...", tc.head+tc.row)
		}
		runtime.ReadMemStats(&after)
		if got := after.TotalAlloc - before.TotalAlloc; got > 32<<20 {
			t.Errorf("rendered of %d bytes of %q allocated %d bytes, want at most 32 MiB", s.Len(), tc.row, got)
		}
	}
}
