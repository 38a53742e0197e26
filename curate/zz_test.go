package curate

import (
	"strings"
	"testing"
)

func TestZZProbe(t *testing.T) {
	long := "The platform team noted in the review that %s, and the on-call engineer checks it every morning before the standup meeting."
	vs := [][2]string{
		{"the limit is 5k", "the limit is 5K"},
		{"the cache holds 10 kB", "the cache holds 10 KB"},
		{"the flag is -v", "the flag is -V"},
		{"the flag is `-v`", "the flag is `-V`"},
		{"the script runs `ls -l`", "the script runs `ls -L`"},
		{"the option is -r", "the option is -R"},
		{"the mode is 0644", "the mode is 644"},
		{"the path is C:\\Users", "the path is C:/Users"},
		{"the job writes to /data/", "the job writes to /data"},
		{"the cron is 0 */2 * * *", "the cron is 0 */3 * * *"},
		{"the quota is 1.5GB", "the quota is 1,5GB"},
		{"the timeout is 1.500 s", "the timeout is 1,500 s"},
		{"the winner was A/B variant B", "the winner was A/B variant A"},
		{"the build uses Python 3.1", "the build uses Python 3.10"},
		{"the API returns 201", "the API returns 210"},
		{"the bucket is logs-eu", "the bucket is logs_eu"},
		{"the file is notes.md", "the file is notes.mdx"},
		{"the image tag is latest", "the image tag is Latest"},
		{"the user is root", "the user is Root"},
		{"the DNS record is www", "the DNS record is ww"},
		{"the region is eu-west-1", "the region is eu-west-2"},
		{"the sign is ✓", "the sign is ✗"},
		{"it's done", "it's undone"},
		{"the setting is on", "the setting is off"},
		{"the count is ~100", "the count is 100"},
		{"the count is >100", "the count is 100"},
		{"the count is 100+", "the count is 100"},
		{"the account is @alice", "the account is alice"},
		{"the variable is $HOME", "the variable is HOME"},
		{"the variable is %PATH%", "the variable is PATH"},
		{"the hash is #a1b2", "the hash is a1b2"},
		{"the rate is 1/2", "the rate is 1/3"},
		{"the order was A then B", "the order was B then A"},
		{"the heading is H1", "the heading is H2"},
		{"the temperature is 5°", "the temperature is 5"},
		{"the price is 5¢", "the price is 5"},
		{"the version is 2.0-rc1", "the version is 2.0"},
		{"the weight is 5 lb", "the weight is 5 lbs"},
		{"the key is Ctrl+C", "the key is Ctrl+V"},
		{"the team name is Team Blue", "the team name is Team blue"},
		{"the login is JSmith", "the login is jsmith"},
		{"the token is `Abc`", "the token is `abc`"},
		{"the rule matches *.log", "the rule matches *.logs"},
		{"the SQL uses LIKE 'a%'", "the SQL uses LIKE '%a'"},
		{"the price is 9.99 €", "the price is 9,99 €"},
		{"the status is 👍", "the status is 👍🏻"},
		{"the answer was yes", "the answer was yes?"},
		{"the answer was yes!", "the answer was yes"},
		{"the room is 4B", "the room is 4b"},
		{"the gate is B12", "the gate is b12"},
		{"the grade is A+", "the grade is A"},
		{"the grade is A-", "the grade is A"},
		{"the result was (positive)", "the result was positive"},
		{"the cap is 10 req/s", "the cap is 10 req/min"},
		{"the owner is J. Smith", "the owner is J Smith"},
		{"the owner is Anne-Marie", "the owner is Anne Marie"},
		{"the range is 1-10", "the range is 1–10"},
		{"the range is [1,10)", "the range is [1,10]"},
		{"the interval is (0, 1]", "the interval is [0, 1]"},
	}
	for _, v := range vs {
		a, b := strings.Replace(long, "%s", v[0], 1), strings.Replace(long, "%s", v[1], 1)
		c := labelled{part: "x", family: v[0], fileA: "memory/2026-11-01.md", fileB: "memory/2026-11-02.md", a: a, b: b}
		g, why := grouped(c, 0.5)
		r, _ := Differs(a, b)
		if g {
			t.Logf("GROUPED %q / %q", v[0], v[1])
		} else {
			_ = why
			_ = r
		}
	}
}
