package memweave_test

import (
	"testing"

	"github.com/memweave/memweave-go"
)

// TestConsolidateKeepsANestingApart: two notes hold the same lines but
// one sits at another depth (a list item that was a sub-step is a step
// of its own, also under another bullet; a YAML key moved out of its
// parent; a line moved out of the loop of an indented code block).
// Their words are the same, so they were grouped and apply deleted the
// older note's fact.
func TestConsolidateKeepsANestingApart(t *testing.T) {
	intro := "Deploy config for the payments service, owned by the platform team and reviewed at the weekly sync:\n\n"
	for name, pair := range map[string][2]string{
		"list":          {"- staging\n  - run the migrations\n- production\n- tag the release\n", "- staging\n- run the migrations\n- production\n- tag the release\n"},
		"bullet":        {"- staging\n  * run the migrations\n- production\n- tag the release\n", "- staging\n- run the migrations\n- production\n- tag the release\n"},
		"indented code": {"    for job in jobs:\n        run(job)\n        notify(job)\n", "    for job in jobs:\n        run(job)\n    notify(job)\n"},
		"yaml":          {"```yaml\ndatabase:\n  host: db.internal\n  port: 5432\ncache:\n  port: 6379\n```\n", "```yaml\ndatabase:\n  host: db.internal\n  port: 5432\ncache:\nport: 6379\n```\n"},
	} {
		t.Run(name, func(t *testing.T) {
			_, w := openIndexed(t, map[string]string{
				"memory/2026-11-01.md": intro + pair[0],
				"memory/2026-11-05.md": intro + pair[1],
			}, memweave.Config{MinScore: new(0.0)})
			plan, err := w.Consolidate(t.Context())
			if err != nil {
				t.Fatal(err)
			}
			if len(plan.Groups) != 0 {
				t.Errorf("consolidate grouped two notes whose lines sit at other depths: %+v", plan.Groups)
			}
		})
	}
}
