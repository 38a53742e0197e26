package curate

import "testing"

// TestSpellingsKeepNamesBare: a name needs no kind noun from a short
// list beside it to keep its hyphen or British spelling (pairs24): the
// noun of any kind of thing before it (a VLAN, a subnet, a pipeline, a
// realm, a wiki space), the name standing alone where a common noun
// would need "the" ("copy the dumps to web-app", "redeploy
// work-queue"), a second name after "and". The same words as prose
// (after "the"/"our", ending in a particle, before the noun they
// qualify) are still one text with their other spelling.
func TestSpellingsKeepNamesBare(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"Tag them with the VLAN back-office now.", "Tag them with the VLAN backoffice now.", false},
		{"Route them through the subnet back-end at night.", "Route them through the subnet backend at night.", false},
		{"It is refreshed by the pipeline data-sync nightly.", "It is refreshed by the pipeline datasync nightly.", false},
		{"They sign in through the realm harbour on the server.", "They sign in through the realm harbor on the server.", false},
		{"It is written up in the wiki space centre, next to the guide.", "It is written up in the wiki space center, next to the guide.", false},
		{"Renew them on the hosts db-main and web-app by hand.", "Renew them on the hosts db-main and webapp by hand.", false},
		{"The job copies the dumps to web-app before noon.", "The job copies the dumps to webapp before noon.", false},
		{"It pulls the metrics from log-relay every minute.", "It pulls the metrics from logrelay every minute.", false},
		{"After each migration, redeploy work-queue before the jobs start.", "After each migration, redeploy workqueue before the jobs start.", false},
		{"Copy the dumps to web-app.", "Copy the dumps to webapp.", false},
		// prose
		{"Customers confirm the address during sign-up, then pay.", "Customers confirm the address during signup, then pay.", true},
		{"They were moved to multi-zone storage last week.", "They were moved to multizone storage last week.", true},
		{"They export it from our back-office every Friday.", "They export it from our backoffice every Friday.", true},
		{"The marketing web-site is rebuilt nightly.", "The marketing website is rebuilt nightly.", true},
		{"Contractors log-in through the portal.", "Contractors login through the portal.", true},
		{"The database became multi-region last spring.", "The database became multiregion last spring.", true},
		{"The receipt is sent by e-mail to the buyer.", "The receipt is sent by email to the buyer.", true},
		{"We favour the smaller instance types.", "We favor the smaller instance types.", true},
		{"The customer cancelled the order.", "The customer canceled the order.", true},
		{"The sales team travelled to Porto.", "The sales team traveled to Porto.", true},
	}
	for _, tt := range tests {
		if got := OneText(tt.a, tt.b); got != tt.want {
			t.Errorf("OneText(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

// TestOrderPhrasesCur18: phrases that say a list is walked in order
// though none of their words does alone (pairs24).
func TestOrderPhrasesCur18(t *testing.T) {
	for _, intro := range []string{"If it is stuck, work your way down these contacts:", "Delete these, starting with the top one:", "Call the carriers as listed:", "Beginning with the nearest, ask each of these:"} {
		a := intro + "\n- the payments desk\n- the bank liaison\n- the finance director"
		b := intro + "\n- the bank liaison\n- the payments desk\n- the finance director"
		if OneText(a, b) {
			t.Errorf("OneText(%q, %q) = true, want false", a, b)
		}
	}
}
