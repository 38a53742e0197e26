package curate

import "testing"

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
		{"heading depth h2/h4", "#### Renewal\n" + p, "## Renewal\n" + p, false},
		{"heading depth setext h1/h3", "### Renewal\n" + p, "Renewal\n===\n" + p, false},
		{"heading depth nests a section", "## Prod\n" + p + "\n### Beta\n" + p, "## Prod\n" + p + "\n## Beta\n" + p, false},
		{"heading depth ranked alike", "# Prod\n" + p + "\n## Beta\n" + p, "## Prod\n" + p + "\n### Beta\n" + p, true},
		{"fence language added", "```yaml\nttl: 300\n```", "```\nttl: 300\n```", true},
		{"fence language removed", "```\nttl: 300\n```", "```sql\nttl: 300\n```", true},
		{"fence language of indented code", "```go\nport: 1\n```", "    port: 1", true},
		{"fence info with a file name dropped", "```\nttl: 300\n```", "```yaml file=prod.yaml\nttl: 300\n```", false},
		{"fence language changed", "```toml\nttl = 300\n```", "```yaml\nttl = 300\n```", false},
		{"fence language added, code changed", "```yaml\nttl: 600\n```", "```\nttl: 300\n```", false},
		{"link title added", "See [the runbook](https://x.example/r \"Runbook\").", "See [the runbook](https://x.example/r).", true},
		{"link title dropped", "See [the runbook](https://x.example/r).", "See [the runbook](https://x.example/r \"Owned by SRE\").", false},
		{"link title changed", "See [the runbook](https://x.example/r \"Lisbon\").", "See [the runbook](https://x.example/r \"Berlin\").", false},
		{"number word and digits", "The broker keeps 3 replicas.", "The broker keeps three replicas.", true},
		{"number digits and word", "Shifts are Eight hours long.", "Shifts are 8 hours long.", true},
		{"number word and other digits", "The broker keeps 13 replicas.", "The broker keeps three replicas.", false},
		{"number compound word", "The broker keeps 25 replicas.", "The broker keeps twenty-five replicas.", false},
		{"number a dozen", "The team keeps 12 boards.", "The team keeps a dozen boards.", false},
		{"number word in code", "Run `keep 3` now.", "Run `keep three` now.", false},
		{"bullet set reordered", "Tags:\n- b-tag\n- a-tag\n- c-tag", "Tags:\n- a-tag\n- b-tag\n- c-tag", true},
		{"bullet set reordered, nested", "Tags:\n- b-tag\n  - x\n- a-tag", "Tags:\n- a-tag\n- b-tag\n  - x", true},
		{"bullet set reordered, item moved under another", "Tags:\n- b-tag\n- a-tag\n  - x", "Tags:\n- a-tag\n- b-tag\n  - x", false},
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
