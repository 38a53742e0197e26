package curate

import (
	"slices"
	"testing"
)

// TestRenderedFormsLeftHeld covers the forms cur13 left held (heading
// depth, a fence's language, a link title, number words, a bullet set's
// order, a footnote marker, a collapsed reference, a bare URL) and a
// look-alike of each that changes a fact. OneText(kept, dropped):
// the kept copy may add a link title or a footnote marker, not drop one.
func TestRenderedFormsLeftHeld(t *testing.T) {
	const p = "The broker keeps its partitions on separate racks."
	tests := []struct {
		name, kept, dropped string
		want                bool
	}{
		{"heading depth, one heading", "# Renewal\n" + p, "Renewal\n-------\n" + p, true},
		{"heading depth h2/h3", "### Renewal\n" + p, "## Renewal\n" + p, true},
		{"heading depth h2/h4", "#### Renewal\n" + p, "## Renewal\n" + p, true},
		{"heading depth setext h1/h3", "### Renewal\n" + p, "Renewal\n===\n" + p, true},
		{"heading depth setext h2/h5", "##### Renewal\n" + p, "Renewal\n---\n" + p, true},
		{"heading depth two sections two deeper", "### Prod\n" + p + "\n#### Beta\n" + p, "# Prod\n" + p + "\n## Beta\n" + p, true},
		{"heading depth two sections, one two deeper", "## Prod\n" + p + "\n#### Beta\n" + p, "## Prod\n" + p + "\n## Beta\n" + p, false},
		{"heading depth, sections made siblings", "#### Prod\n" + p + "\n#### Beta\n" + p, "## Prod\n" + p + "\n### Beta\n" + p, false},
		{"heading depth nests a section", "## Prod\n" + p + "\n### Beta\n" + p, "## Prod\n" + p + "\n## Beta\n" + p, false},
		{"heading depth ranked alike", "# Prod\n" + p + "\n## Beta\n" + p, "## Prod\n" + p + "\n### Beta\n" + p, true},
		{"fence language added", "```yaml\nttl: 300\n```", "```\nttl: 300\n```", true},
		{"fence language removed", "```\nttl: 300\n```", "```sql\nttl: 300\n```", true},
		{"fence language of indented code", "```go\nport: 1\n```", "    port: 1", true},
		{"fence info with a file name dropped", "```\nttl: 300\n```", "```yaml file=prod.yaml\nttl: 300\n```", false},
		{"fence language changed", "```toml\nttl = 300\n```", "```yaml\nttl = 300\n```", false},
		{"fence language added, code changed", "```yaml\nttl: 600\n```", "```\nttl: 300\n```", false},
		{"link title added", "See [the runbook](https://x.example/r \"Runbook\").", "See [the runbook](https://x.example/r).", true},
		{"link title added that says more", "See [the v1 API](https://x.example/v1 \"Deprecated\").", "See [the v1 API](https://x.example/v1).", false},
		{"link title added that says more, parens", "See [the store](https://x.example/s (Do not use)).", "See [the store](https://x.example/s).", false},
		{"link title added that negates", "See [the runbook](https://x.example/r \"not the runbook\").", "See [the runbook](https://x.example/r).", false},
		{"link title dropped that negates", "See [the runbook](https://x.example/r).", "See [the runbook](https://x.example/r \"Not the runbook\").", false},
		{"link title added, a manner word", "See [the runbook](https://x.example/r \"Runbook, carefully\").", "See [the runbook](https://x.example/r).", true},
		{"link title dropped", "See [the runbook](https://x.example/r).", "See [the runbook](https://x.example/r \"Owned by SRE\").", false},
		{"link title changed", "See [the runbook](https://x.example/r \"Lisbon\").", "See [the runbook](https://x.example/r \"Berlin\").", false},
		{"number word and digits", "The broker keeps 3 replicas.", "The broker keeps three replicas.", true},
		{"number digits and word", "Shifts are Eight hours long.", "Shifts are 8 hours long.", true},
		{"number word and other digits", "The broker keeps 13 replicas.", "The broker keeps three replicas.", false},
		{"number compound word", "The broker keeps 25 replicas.", "The broker keeps twenty-five replicas.", true},
		{"number compound word, other digits", "The broker keeps 26 replicas.", "The broker keeps twenty-five replicas.", false},
		{"number compound word, a ten alone", "The broker keeps 20 replicas.", "The broker keeps twenty-one replicas.", false},
		{"number compound word joined on", "A 21-year contract.", "A twenty-one-year contract.", false},
		{"minus sign and hyphen-minus", "Alarm above -18 °C.", "Alarm above \u221218 °C.", true},
		{"minus sign and no sign", "Alarm above 18 °C.", "Alarm above \u221218 °C.", false},
		{"minus sign between words", "Use a - b here.", "Use a \u2212 b here.", false},
		{"ordinal word and digits", "Closed on the 1st working day.", "Closed on the first working day.", true},
		{"ordinal word and digits, third", "Opens on the Third Tuesday.", "Opens on the 3rd Tuesday.", true},
		{"ordinal compound word and digits", "Paid on the 21st.", "Paid on the twenty-first.", true},
		{"ordinal word and other digits", "Opens on the 4th Tuesday.", "Opens on the third Tuesday.", false},
		{"ordinal word and a cardinal", "Opens on 1 working day.", "Opens on the first working day.", false},
		{"ordinal word and a cardinal word", "Opens on the three Tuesday.", "Opens on the third Tuesday.", false},
		{"ordinal word joined on", "A 1st-class ticket.", "A first-class ticket.", false},
		{"unit after a space or none", "A radius of 5 km.", "A radius of 5km.", true},
		{"unit after a space or none, bytes", "A disk of 40GB here.", "A disk of 40 GB here.", true},
		{"unit after a space or none, other unit", "A radius of 5 mi.", "A radius of 5km.", false},
		{"unit after a space or none, case", "A disk of 40 Gb here.", "A disk of 40GB here.", false},
		{"letter after a digit is no unit", "Use 2 FA here.", "Use 2FA here.", false},
		{"number ten joined to a unit is no number", "A 11 plan.", "A ten-one plan.", false},
		{"number a dozen", "The team keeps 12 boards.", "The team keeps a dozen boards.", false},
		{"number word in code", "Run `keep 3` now.", "Run `keep three` now.", false},
		{"bullet set reordered", "Tags:\n- b-tag\n- a-tag\n- c-tag", "Tags:\n- a-tag\n- b-tag\n- c-tag", true},
		{"bullet set reordered, nested", "Tags:\n- b-tag\n  - x\n- a-tag", "Tags:\n- a-tag\n- b-tag\n  - x", true},
		{"bullet set reordered, item moved under another", "Tags:\n- b-tag\n- a-tag\n  - x", "Tags:\n- a-tag\n- b-tag\n  - x", false},
		{"bullet steps reordered", "## Rotating the key\n- switch the signer to the new key\n- generate the new key pair\n- publish the new public key", "## Rotating the key\n- generate the new key pair\n- publish the new public key\n- switch the signer to the new key", false},
		{"bullet statements reordered", "Access:\n- employees change the invoice templates\n- contractors read the billing tables", "Access:\n- contractors read the billing tables\n- employees change the invoice templates", false},
		{"bullet names reordered", "Approvers:\n- Priya\n- Carol Smith\n- Dmitri from payments", "Approvers:\n- Carol Smith\n- Dmitri from payments\n- Priya", true},
		{"bullets in escalation order", "Escalation order:\n- bob\n- alice", "Escalation order:\n- alice\n- bob", false},
		{"bullets by priority", "By priority:\n- bob\n- alice", "By priority:\n- alice\n- bob", false},
		{"bullets, then", "Deploy:\n- build it\n- then ship it", "Deploy:\n- then ship it\n- build it", false},
		{"bullets of addresses", "Nameservers:\n- 10.0.0.3\n- 10.0.0.2", "Nameservers:\n- 10.0.0.2\n- 10.0.0.3", false},
		{"bullets, fallback", "Mirrors, the fallback is used when:\n- eu-mirror\n- us-mirror", "Mirrors, the fallback is used when:\n- us-mirror\n- eu-mirror", false},
		{"bullets, the former", "Regions, the former is the default:\n- eu-west\n- us-east", "Regions, the former is the default:\n- us-east\n- eu-west", false},
		{"single and double quotes", "Use the \"late refund\" macro.", "Use the 'late refund' macro.", true},
		{"feet and inches", "The cable is 5\" long.", "The cable is 5' long.", false},
		{"apostrophe is no quote", "The team's 'late' macro.", "The team\"s \"late\" macro.", false},
		{"trailing period", "The broker keeps 5 replicas.", "The broker keeps five replicas", true},
		{"trailing period after a version", "Pin release 4.2.", "Pin release 4.2.1", false},
		{"trailing period after code", "Run `make`.", "Run `make.`", false},
		{"ordered steps reordered", "1. build\n2. test", "1. test\n2. build", false},
		{"footnote marker added", "Kept two years[^1] then deleted.", "Kept two years then deleted.", true},
		{"footnote marker dropped", "Kept two years then deleted.", "Kept two years[^1] then deleted.", false},
		{"footnote marker renumbered", "Kept two years[^2] then deleted.", "Kept two years[^1] then deleted.", false},
		{"footnote marker moved", "Kept two years then deleted[^1].", "Kept two years[^1] then deleted.", false},
		{"regex class in code is no footnote", "Match `x[^a]` here.", "Match `x` here.", false},
		{"collapsed and shortcut reference", "See the [finance policy][] first.", "See the [finance policy] first.", true},
		{"full and shortcut reference", "See the [finance policy][archive] first.", "See the [finance policy] first.", false},
		{"bare URL and autolink", "Status is <https://status.example.com/>.", "Status is https://status.example.com/.", true},
		{"bare URL, autolink, other path", "Status is <https://status.example.com/x>.", "Status is https://status.example.com/.", false},
		{"bare URL and inline self link", "Status is [https://s.example.com/a](https://s.example.com/a).", "Status is https://s.example.com/a.", true},
		{"bare URL with a closing paren", "Docs (<https://d.example.com/a>) here.", "Docs (https://d.example.com/a) here.", true},
	}
	for _, tt := range tests {
		if got := OneText(tt.kept, tt.dropped); got != tt.want {
			t.Errorf("%s: OneText(%q, %q) = %v, want %v", tt.name, tt.kept, tt.dropped, got, tt.want)
		}
	}
}

// TestGroupsKeepAFootnoteMarker: the copy kept may not drop a
// footnote marker the older copy has, even when its label is a word
// the kept copy's text holds elsewhere (so no word rule sees it go):
// the note's footnote would lose its reference.
func TestGroupsKeepAFootnoteMarker(t *testing.T) {
	older := "Support transcripts are kept two years[^note] per the retention note from legal, then deleted in January."
	newer := "Support transcripts are kept two years per the retention note from legal, then deleted in January."
	if got, why := grouped(labelled{a: older, b: newer, fileA: "memory/2026-11-01.md", fileB: "memory/2026-11-02.md"}, Threshold); got {
		t.Errorf("grouped(%q, %q) = true (%s), want the older copy kept", older, newer, why)
	}
}

// TestGroupsHoldALinkTitleThatSaysMore: a link title the newer copy adds
// is form only when its words are in the older copy's text; "Deprecated"
// on the link says what the older copy does not (pairs17).
func TestGroupsHoldALinkTitleThatSaysMore(t *testing.T) {
	older := "Client teams call the orders service through the [v1 orders API](https://api.example.com/v1/orders) and read its changelog first."
	newer := "Client teams call the orders service through the [v1 orders API](https://api.example.com/v1/orders \"Deprecated\") and read its changelog first."
	if got, why := grouped(labelled{a: older, b: newer, fileA: "memory/2026-11-01.md", fileB: "memory/2026-11-02.md"}, Threshold); got {
		t.Errorf("grouped(%q, %q) = true (%s), want the older copy kept", older, newer, why)
	}
}

// TestGroupsHoldALinkTitleThatNegates: a title whose new word is a stop
// word that negates ("not the alert runbook") says more than the text
// too; the words rule sees no content word added, so Groups must parse.
func TestGroupsHoldALinkTitleThatNegates(t *testing.T) {
	older := "Every paging alert links to its page in the [alert runbook](https://runbooks.example.com/alerts) and the on-call writes the outcome in the ticket."
	newer := "Every paging alert links to its page in the [alert runbook](https://runbooks.example.com/alerts \"not the alert runbook\") and the on-call writes the outcome in the ticket."
	if got, why := grouped(labelled{a: older, b: newer, fileA: "memory/2026-11-01.md", fileB: "memory/2026-11-02.md"}, Threshold); got {
		t.Errorf("grouped(%q, %q) = true (%s), want the older copy kept", older, newer, why)
	}
}

// TestFootnoteLabelRenamed: a footnote's label renamed in its marker and
// its definition, both in the passage, is form (pairs19); a label whose
// definition is elsewhere in the note, two markers swapped, or a
// definition's text changed still differ.
func TestFootnoteLabelRenamed(t *testing.T) {
	tests := []struct {
		name, a, b string
		want       bool
	}{
		{"renamed", "Kept ten years[^1] in the bucket.\n[^1]: Required by tax law.", "Kept ten years[^tax] in the bucket.\n[^tax]: Required by tax law.", true},
		{"two renamed", "Kept ten years[^1] and audited[^2].\n[^1]: Tax law.\n[^2]: By the firm.", "Kept ten years[^a] and audited[^b].\n[^a]: Tax law.\n[^b]: By the firm.", true},
		{"markers swapped", "Kept ten years[^1] and audited[^2].\n[^1]: Tax law.\n[^2]: By the firm.", "Kept ten years[^2] and audited[^1].\n[^1]: Tax law.\n[^2]: By the firm.", false},
		{"definitions swapped", "Kept ten years[^1] and audited[^2].\n[^1]: Tax law.\n[^2]: By the firm.", "Kept ten years[^1] and audited[^2].\n[^2]: Tax law.\n[^1]: By the firm.", false},
		{"defined elsewhere", "Kept ten years[^1] in the bucket.", "Kept ten years[^tax] in the bucket.", false},
		{"one defined elsewhere", "Kept ten years[^1] and audited[^2].\n[^1]: Tax law.", "Kept ten years[^a] and audited[^b].\n[^a]: Tax law.", false},
		{"text changed", "Kept ten years[^1] in the bucket.\n[^1]: Required by tax law.", "Kept ten years[^tax] in the bucket.\n[^tax]: Required by the auditor.", false},
	}
	for _, tt := range tests {
		if got := OneText(tt.a, tt.b); got != tt.want {
			t.Errorf("%s: OneText(%q, %q) = %v, want %v", tt.name, tt.a, tt.b, got, tt.want)
		}
	}
}

// TestFootnoteLostByItsLabel: what a copy would lose names the footnote
// as its text writes it ("[^2]"), not the number the comparison reads
// it by ("[^#2]", which no note holds).
func TestFootnoteLostByItsLabel(t *testing.T) {
	a := "Kept ten years[^1] and audited[^2].\n\n[^1]: Tax law.\n[^2]: By the firm."
	b := "Kept ten years[^a] and audited.\n\n[^a]: Tax law.\n[^2]: By the firm."
	f := NewForms([]Passage{{Text: a}, {Text: b}})
	if got := f.Loses(1, 0); !slices.Equal(got, []string{"[^2]"}) {
		t.Errorf("Loses(%q, %q) = %q, want [[^2]]", b, a, got)
	}
}
