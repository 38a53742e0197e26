package conflict_test

import (
	"testing"

	"github.com/memweave/memweave-go/conflict"
)

// TestJudgeCases holds one case per rule of the new phrasing round, each
// a pair that Judge got wrong before the rule: what a note asks, scopes,
// switches, roles, preferences and headings.
func TestJudgeCases(t *testing.T) {
	for _, c := range []struct {
		name string
		a, b string
		want bool
	}{
		{"a question states nothing", "Does the API gateway listen on port 443?", "The API gateway listens on port 8443.", false},
		{"an answer after its question", "Q: Which port does the gateway use? A: The API gateway listens on port 443.", "The API gateway listens on port 8443.", true},
		{"another environment's value", "The data warehouse runs in us-east-1.", "The staging data warehouse runs in eu-west-1.", false},
		{"a spare one", "The laptop has a 512 GB disk.", "The spare laptop has a 256 GB disk.", false},
		{"one environment", "The data warehouse runs in us-east-1.", "The data warehouse runs in eu-west-1.", true},
		{"a switch in two apps", "Dark mode is on in the mobile app.", "Dark mode is off in the web app.", false},
		{"a switch in one app", "Dark mode is on in the mobile app.", "Dark mode is off in the mobile app.", true},
		{"a role by its noun", "Alice leads the payments team.", "Bob is now the lead of the payments team.", true},
		{"a role by its noun, holder last", "Maintainer of the CLI: Kim", "The CLI is maintained by Lars.", true},
		{"ownership taken", "The search service is owned by team Falcon.", "Team Heron took ownership of the search service.", true},
		{"a role of another team", "Alice is the lead of the payments team.", "Bob leads the platform team.", false},
		{"the lead of another thing", "The lead of the payments team is Alice.", "The lead of the mobile team is Bob.", false},
		{"moved from the value stated", "Our CI runs on Jenkins.", "CI moved from Jenkins to GitHub Actions.", true},
		{"replaced, passive", "Transactional email goes through Mandrill.", "Mandrill was replaced by Postmark for transactional email.", true},
		{"the new value replaced the old", "The docs site is built with Hugo.", "Astro replaced Hugo for the docs site.", true},
		{"a switch of another subject", "The platform team uses Scrum.", "The payments team moved from Scrum to Kanban.", false},
		{"the old value of another subject", "The logging cluster runs Elasticsearch.", "The search index was moved from Elasticsearch to OpenSearch.", false},
		{"both values named", "Our CI runs on Jenkins and GitHub Actions.", "CI moved from Jenkins to GitHub Actions.", false},
		{"history of the old value", "Our CI used to run on Jenkins.", "CI moved from Jenkins to GitHub Actions.", false},
		{"handed over, holder by a key", "Contact for the Berlin office: Eva", "Eva handed the Berlin office over to Tomasz.", true},
		{"handed on, holder after a copula", "On-call for payments is Ana.", "Ana handed on-call for payments over to Ravi.", true},
		{"handed over to the holder stated", "Tomasz manages the Berlin office.", "Eva handed the Berlin office over to Tomasz in 2024.", false},
		{"handed over another thing", "Eva manages the Berlin office.", "Eva handed the Berlin office budget over to finance.", false},
		{"a switch with no subject word", "Secrets are stored in HashiCorp Vault.", "We swapped Vault out for AWS Secrets Manager.", true},
		{"ditched for, no subject word", "Tickets are tracked in Jira.", "We ditched Jira for Linear.", true},
		{"no subject word, the new value stated", "Tickets are tracked in Linear.", "We ditched Jira for Linear.", false},
		{"no subject word, a common noun", "The cache is Redis.", "We swapped the cache out for a queue.", false},
		{"no subject word, both values named", "Jira and Linear are both used.", "We ditched Jira for Linear.", false},
		{"one quantity, subject words reordered", "The request timeout of the search API is 2 seconds.", "Search API request timeout is now 1500 ms.", true},
		{"reordered, raised", "The upload limit of the avatar API is 2 MB.", "Avatar API upload limit was raised to 5 MB.", true},
		{"reordered, the same amount", "The request timeout of the search API is 2 seconds.", "Search API request timeout is now 2000 ms.", false},
		{"reordered, another timeout", "The request timeout of the search API is 2 seconds.", "Search API connect timeout is now 1500 ms.", false},
		{"reordered, nothing changed", "The request timeout of the search API is 2 seconds.", "Search API request timeout: 1500 ms.", false},
		{"the second predicate of a sentence", "Omar hates video calls and prefers written updates.", "Omar now prefers video calls to written updates.", true},
		{"the second predicate, a role", "Ines reviews the budget and owns the hiring plan.", "Paul owns the hiring plan.", true},
		{"the second predicate agrees", "Ines reviews the budget and owns the hiring plan.", "Ines owns the hiring plan.", false},
		{"two days joined by and", "We deploy on Tuesdays and Thursdays.", "We deploy on Tuesdays.", false},
		{"two holders joined by and", "Ana runs payments and Ben runs search.", "Ben runs search.", false},
		{"a holder, then now", "Ines owns the hiring plan.", "Paul now owns the hiring plan.", true},
		{"the same holder, now", "Ines owns the hiring plan.", "Ines now owns the hiring plan.", false},
		{"another role, now", "Ines owns the hiring plan.", "Paul now owns the travel budget.", false},
		{"approval, passive", "Grace approves all production deploys.", "All production deploys are approved by Henrik.", true},
		{"handled, passive", "Jonas handles vendor contracts.", "Vendor contracts are now handled by Amira.", true},
		{"handled, passive, same holder", "Vendor contracts are handled by Jonas.", "Jonas handles vendor contracts.", false},
		{"approval of another thing", "Grace approves production deploys.", "Henrik approves expense reports.", false},
		{"a preference turned round", "Nadia prefers tea over coffee.", "Nadia prefers coffee over tea now.", true},
		{"a preference said twice", "Nadia prefers tea over coffee.", "Nadia prefers tea to coffee.", false},
		{"another person's preference", "Nadia prefers tea over coffee.", "Nadia's husband prefers coffee over tea.", false},
		{"a value led by another verb", "The metrics exporter runs on port 9100.", "The metrics exporter listens on 9200.", true},
		{"another subject before the copula", "The quarterly planning meeting is on March 3.", "The quarterly planning doc is due on March 1.", false},
		{"two times of one job", "The nightly backup job starts at 02:00.", "The nightly backup job finishes at 04:00.", false},
		{"a heading names the key's subject", "## Postgres\n- Version: 14\n- Host: db1", "Postgres was upgraded to version 16.", true},
		{"one heading, two values", "## Database\n- Port: 5432", "## Database\n- Port: 5433", true},
		{"two headings", "## Postgres\n- Version: 16\n- Host: db1", "## Redis\n- Version: 7\n- Host: db1", false},
		{"a table cell against prose", "| Service | Port |\n|---|---|\n| auth | 7000 |", "The auth service runs on port 7100.", true},
		{"a table of two rows against prose", "| Service | Port |\n|---|---|\n| auth | 7000 |\n| billing | 7100 |", "The billing service runs on port 7100.", false},
		{"two rows of other subjects", "| Service | Port |\n|---|---|\n| auth | 7000 |", "| Service | Port |\n|---|---|\n| billing | 7001 |", false},
		{"two notes' front matter", "---\ntitle: Staging notes\nreview date: 2026-01-01\n---\n", "---\ntitle: Production notes\nreview date: 2026-03-01\n---\n", false},
		{"prose between two rules", "---\nThe staging cluster has 4 nodes.\n---", "The staging cluster has 6 nodes.", true},
		{"a claim below front matter", "---\ntags: [infra]\n---\nThe staging cluster has 4 nodes.", "The staging cluster has 6 nodes.", true},
		{"an end extended until a date", "The beta ends on 2026-09-30.", "The beta was extended until 2026-10-31.", true},
		{"an end extended until an event", "The beta ends on 2026-09-30.", "The beta was extended until the customer signs.", false},
		{"the only value against a list", "The app is available in English and Spanish.", "The app is available only in English.", true},
		{"the only one, a list in a key", "Supported browsers: Chrome, Firefox, Safari.", "The only supported browser is Chrome.", true},
		{"only, and another attribute", "Only the API is public.", "The API is public and documented.", false},
		{"only, the same value", "The app is available in English.", "The app is available only in English.", false},
		{"not only, but also", "The app is available not only in English but also in Spanish.", "The app is available in English.", false},
		{"a hypothetical", "Standup starts at 9:30.", "If the team moves to Lisbon, standup would start at 8:30.", false},
		{"a condition on one side", "The cache TTL is 10 minutes.", "The cache TTL is 20 minutes if traffic spikes.", false},
		{"one condition on both sides", "The API returns 404 if the key is missing.", "The API returns 410 if the key is missing.", true},
		{"a policy before and after its subject", "Force pushes to release branches are forbidden.", "We allow force pushes to release branches.", true},
		{"a switch before and after its subject", "Public signups are enabled.", "We disabled public signups.", true},
		{"antonyms of two subjects", "Debug logging is enabled, and tracing is disabled.", "Tracing is enabled for debug logging.", false},
		{"an hour alone after at", "Standup starts at 9:30.", "Standup is at 10 now.", true},
		{"an hour alone, the same time", "Standup starts at 10:00.", "Standup starts at 10.", false},
		{"British and American spelling, other holder", "The visualisation service is owned by Priya.", "The visualization service is owned by Marco.", true},
		{"British and American spelling, other amount", "The centre pool has 12 workers.", "The center pool has 20 workers.", true},
		{"British and American spelling, same value", "The programme budget is 40000 EUR.", "The program budget is 40,000 EUR.", false},
		{"a name that ends like a British word keeps its switch", "Our mobile builds run on Bitrise.", "Mobile builds moved from Bitrise to Codemagic.", true},
		{"a past fact with its end against a switch", "Our wiki ran on Confluence until 2024.", "We moved the wiki from Confluence to Notion.", false},
		{"a past fact until last year against a switch", "The team used Trello until last year.", "The team ditched Trello for Jira.", false},
		{"a change until a date", "The beta ends on 2026-09-30.", "The beta was extended until 2026-10-31.", true},
		{"one amount, its measure named otherwise", "Deploy jobs are cancelled after 30 minutes.", "The deploy job timeout is half an hour.", false},
		{"another measure of the same amount", "The build box has 64 GB of RAM.", "The build box has 64 GB of disk.", false},
		{"one holder, two things held", "The data team maintains the ingestion pipeline.", "The data team maintains the export pipeline.", false},
		{"a team holder after an article", "The platform team owns the billing runbook.", "The payments team owns the billing runbook.", true},
		{"what a thing does is no role", "The API runs on Fly.io.", "The worker runs on Fly.io.", false},
		{"a role noun before a copula is no verb", "The team leads are Ana and Bo.", "The tech leads are Ana and Cy.", false},
		{"a status word naming another subject", "The registration form is open.", "The registration form for the closed pilot is hidden.", false},
		{"an antonym naming another subject", "The docs site is public.", "The docs site for private repositories is slow.", false},
		{"a status word after the copula on both sides", "The registration form is open.", "The registration form is closed.", true},
		{"two clauses, the second with its own subject", "The frontend is hosted on Netlify and the backend runs on Render.", "The backend runs on Heroku.", true},
		{"two clauses joined by while", "The docs live in Notion, while the runbooks are kept in Confluence.", "The runbooks are kept in Google Docs.", true},
		{"two clauses, the other subject restated", "Ivy reviews the budget, while Raj owns the hiring plan.", "Raj owns the hiring plan.", false},
		{"two subjects of one verb", "The API and the worker run on Fly.io.", "The admin app runs on Render.", false},
		{"a role noun with a qualifier, holder first and last", "The engineering manager for payments is Ravi.", "Lin is the engineering manager for payments.", true},
		{"a role noun with a qualifier, no article", "Ravi is engineering manager for payments.", "The engineering manager for payments is Lin.", true},
		{"one of many holders", "Ravi is a team lead for payments.", "Lin is a team lead for payments.", false},
		{"two roles of one holder", "Jonas is the product owner for search.", "Jonas is the tech lead for search.", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			if v, got := conflict.Judge(c.a, c.b); got != c.want {
				t.Errorf("Judge(%q, %q) = %v %q, want %v", c.a, c.b, got, v.Reason, c.want)
			}
		})
	}
}
