package curate

import "testing"

// TestSpellingsKeepNames: a word that names a thing (after "host",
// "branch", "role", before "package", against "=") keeps its hyphen and
// its British spelling, which are letters of the name (pairs22); the
// same word in prose is still one text with its other spelling.
func TestSpellingsKeepNames(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"It ships to the host web-app first.", "It ships to the host webapp first.", false},
		{"Grant the role data-reader to them.", "Grant the role datareader to them.", false},
		{"The fix lives on the branch log-rotation for now.", "The fix lives on the branch logrotation for now.", false},
		{"Dumps go to the bucket back-up nightly.", "Dumps go to the bucket backup nightly.", false},
		{"It talks to the web-app host only.", "It talks to the webapp host only.", false},
		{"Set colour=never in the config.", "Set color=never in the config.", false},
		{"Call it with --theme=colour to print it.", "Call it with --theme=color to print it.", false},
		{"It depends on the colour package from npm.", "It depends on the color package from npm.", false},
		{"Pin the colour module too.", "Pin the color module too.", false},
		{"Host: web-app, in the second rack.", "Host: webapp, in the second rack.", false},
		{"It ships to the hosts web-app and db.", "It ships to the hosts webapp and db.", false},
		{"It ships to the host \"web-app\" first.", "It ships to the host \"webapp\" first.", false},
		{"It ships to a box called web-app first.", "It ships to a box called webapp first.", false},
		{"Set colour = never in the config.", "Set color = never in the config.", false},
		{"The web-app box runs out of disk.", "The webapp box runs out of disk.", false},
		{"Reboot the web-app machine first.", "Reboot the webapp machine first.", false},
		{"Then ssh web-app and tail the log.", "Then ssh webapp and tail the log.", false},
		{"Drain web-app before the upgrade.", "Drain webapp before the upgrade.", false},
		// the kind noun right after a character of more than one byte
		{"Traffic moved—host web-app serves it now.", "Traffic moved—host webapp serves it now.", false},
		{"Traffic moved→host web-app serves it now.", "Traffic moved→host webapp serves it now.", false},
		{"Our web-hook endpoint gets every refund.", "Our webhook endpoint gets every refund.", true},
		// prose, no name beside it
		{"Our web-app shows the invoices.", "Our webapp shows the invoices.", true},
		{"The sign-up form asks for a name.", "The signup form asks for a name.", true},
		{"It shows the colour of each badge.", "It shows the color of each badge.", true},
	}
	for _, tt := range tests {
		if got := OneText(tt.a, tt.b); got != tt.want {
			t.Errorf("OneText(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

// TestSpellingsLeftOpen: the forms last round left held (pairs22), and a
// look-alike of each that changes a fact.
func TestSpellingsLeftOpen(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		// a chemical formula's subscripts; a variable's index or power is kept
		{"It releases CO₂ on a trigger.", "It releases CO2 on a trigger.", true},
		{"It keeps H₂SO₄ locked.", "It keeps H2SO4 locked.", true},
		{"It keeps H₂O₂ locked.", "It keeps H2O locked.", false},
		{"It releases CO₂ on a trigger.", "It releases CO on a trigger.", false},
		{"It grows with x₂ here.", "It grows with x2 here.", false},
		{"It grows with x² here.", "It grows with x2 here.", false},
		{"It uses 2⁸ shards.", "It uses 28 shards.", false},
		// a Roman numeral after a numbered part's name
		{"Phase II moves the batch jobs.", "Phase 2 moves the batch jobs.", true},
		{"The study is in Stage III of its review.", "The study is in Stage 3 of its review.", true},
		{"Part IV of the handbook covers it.", "Part 4 of the handbook covers it.", true},
		{"Read chapter XII first.", "Read chapter 12 first.", true},
		{"Phase II moves the batch jobs.", "Phase III moves the batch jobs.", false},
		{"Phase 2 moves the batch jobs.", "Phase III moves the batch jobs.", false},
		{"Phase II moves the batch jobs.", "Phase 11 moves the batch jobs.", false},
		{"After the phase I moved the jobs.", "After the phase 1 moved the jobs.", false},
		{"Ask Henry II about it.", "Ask Henry 2 about it.", false},
		{"The MIX phase is over.", "The M9 phase is over.", false},
		{"It is a Category X drug.", "It is a Category 10 drug.", false},
		{"Plan for Phase X later.", "Plan for Phase 10 later.", false},
		{"See Appendix I for the list.", "See Appendix 1 for the list.", false},
		{"Phase I trials start in May.", "Phase 1 trials start in May.", true},
		{"Stage V is the last.", "Stage 5 is the last.", true},
		// British -lled and "practise", "Dr" without its stop, "Mill Dr."
		{"The offsite was cancelled.", "The offsite was canceled.", true},
		{"It is labelled and modelled.", "It is labeled and modeled.", true},
		{"We practise the drill.", "We practice the drill.", true},
		{"Ask Dr Okafor first.", "Ask Dr. Okafor first.", true},
		{"Ask Dr Okafor first.", "Ask Doctor Okafor first.", true},
		{"Deliveries go to 40 Mill Dr. at the gate.", "Deliveries go to 40 Mill Drive at the gate.", true},
		{"The gate on Harbour Dr. at nine.", "The gate on Harbour Doctor at nine.", false},
		{"The offsite was cancelled.", "The offsite was cancel.", false},
		{"The ship was propelled.", "The ship was repelled.", false},
		// "5 %" is "5%"; per mille is not per cent
		{"The canary takes 5 % of traffic.", "The canary takes 5% of traffic.", true},
		{"The canary takes 5 % of traffic.", "The canary takes 5 percent of traffic.", true},
		{"It flags 0.5% of payments.", "It flags 0.5‰ of payments.", false},
		{"The canary takes 5 % of traffic.", "The canary takes 15% of traffic.", false},
		// mkdocs numbers lines from 1 with linenums="1", outside braces
		{"```sh linenums=\"1\"\nss -tlnp\n```", "```sh\nss -tlnp\n```", true},
		{"```sh linenums=\"10\"\nss -tlnp\n```", "```sh\nss -tlnp\n```", false},
		{"```sh title=\"a.sh\"\nss -tlnp\n```", "```sh\nss -tlnp\n```", false},
	}
	for _, tt := range tests {
		if got := OneText(tt.a, tt.b); got != tt.want {
			t.Errorf("OneText(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

// TestOrderPhrases: a phrase that says a list or table is tried in
// order ("in turn", "one by one", "until one answers", "down this
// list") keeps its rows in order (pairs22); without one, the rows are
// still a set.
func TestOrderPhrases(t *testing.T) {
	table := func(intro, rows string) string { return intro + "\n| Host | Zone |\n|---|---|\n" + rows }
	list := func(intro, items string) string { return intro + "\n" + items }
	const r1, r2 = "| alpha | eu |\n| beta | us |\n| gamma | ap |", "| gamma | ap |\n| alpha | eu |\n| beta | us |"
	const l1, l2 = "- alpha\n- beta\n- gamma", "- gamma\n- alpha\n- beta"
	tests := []struct {
		a, b string
		want bool
	}{
		{table("Try these in turn:", r1), table("Try these in turn:", r2), false},
		{table("Call them one by one:", r1), table("Call them one by one:", r2), false},
		{table("Ask them one at a time:", r1), table("Ask them one at a time:", r2), false},
		{list("Ask the mirrors until one answers:", l1), list("Ask the mirrors until one answers:", l2), false},
		{list("Go down this list:", l1), list("Go down this list:", l2), false},
		{list("Work down the list:", l1), list("Work down the list:", l2), false},
		{list("Try each mirror:", l1), list("Try each mirror:", l2), false},
		{list("They are tried successively:", l1), list("They are tried successively:", l2), false},
		{list("Requests go round-robin to:", l1), list("Requests go round-robin to:", l2), false},
		{list("When one is down it falls back to:", l1), list("When one is down it falls back to:", l2), false},
		{list("Requests rotate through the gateways:", l1), list("Requests rotate through the gateways:", l2), false},
		{list("The job cycles through:", l1), list("The job cycles through:", l2), false},
		{list("The probe iterates over:", l1), list("The probe iterates over:", l2), false},
		{list("Loop over these hosts:", l1), list("Loop over these hosts:", l2), false},
		{table("Hosts of the shared cache:", r1), table("Hosts of the shared cache:", r2), true},
		{list("Labels the bot may add:", l1), list("Labels the bot may add:", l2), true},
	}
	for _, tt := range tests {
		if got := OneText(tt.a, tt.b); got != tt.want {
			t.Errorf("OneText(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}
