package main

import (
	"regexp"
	"strings"
	"testing"
)

// TestFlagErrorsHaveOneForm: a flag value the command refuses is named
// one way whether its range or its parse failed: "invalid --FLAG VALUE:
// what it wants", not pflag's `invalid argument "abc" for "-n,
// --max-results" flag: strconv.ParseInt: parsing "abc": invalid syntax`,
// which quotes Go's function names at the user.
func TestFlagErrorsHaveOneForm(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"search", "q", "-n", "abc"}, `invalid --max-results "abc": want a whole number`},
		{[]string{"search", "q", "--max-results", "99999999999999999999"}, `invalid --max-results "99999999999999999999": out of range`},
		{[]string{"search", "q", "--min-score", "high"}, `invalid --min-score "high": want a number`},
		{[]string{"search", "q", "--decay-half-life", "1e999"}, `invalid --decay-half-life "1e999": out of range`},
		{[]string{"search", "q", "--explain=maybe"}, `invalid --explain "maybe": want true or false`},
		{[]string{"mcp", "--sync-every", "5"}, `invalid --sync-every "5": want a duration such as 30s or 5m`},
		{[]string{"watch", "--debounce", "soon"}, `invalid --debounce "soon": want a duration such as 30s or 5m`},
		{[]string{"--embedding-dims", "x", "status"}, `invalid --embedding-dims "x": want a whole number`},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			t.Parallel()
			out := runCLI(t, "", nil, append([]string{"-w", ws}, tt.args...)...)
			if out.code != 2 || out.stdout != "" {
				t.Errorf("exit status %d, stdout %q; want 2 and no output", out.code, out.stdout)
			}
			checkErrorLine(t, out.stderr, tt.want)
			if strings.Contains(out.stderr, "strconv.") || strings.Contains(out.stderr, "invalid argument") {
				t.Errorf("stderr %q quotes pflag's or Go's form", out.stderr)
			}
		})
	}
}

// flagForm is the one form of an error about a flag's value:
// "invalid --NAME VALUE: why", the value as given (quoted when it is
// text), then why it is refused, in words rather than a Go parser's.
var flagForm = regexp.MustCompile(`^memweave: invalid --[a-z-]+ ("([^"\\]|\\.)*"|[^\s"]+): [a-z]`)

// TestFlagValueErrorsHaveOneForm: the refusals TestFlagErrorsHaveOneForm
// does not cover read "invalid --NAME VALUE: why" too. Before, a bound
// without the value ("invalid --embedding-dims: must be in [0, 65536],
// got 70000") and an empty value without "invalid" ("--db must not be
// empty") stood beside it.
func TestFlagValueErrorsHaveOneForm(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	tests := []struct {
		args []string
		want string // the error line after "memweave: ", up to " (see"
	}{
		{[]string{"config", "--embedding-dims", "70000"}, `invalid --embedding-dims 70000: must be in [0, 65536]`},
		{[]string{"--embedding-dims", "-1", "status"}, `invalid --embedding-dims -1: must be in [0, 65536]`},
		{[]string{"search", "q", "--embedding-model", " "}, `invalid --embedding-model " ": must not be empty (leave it out for the default)`},
		{[]string{"--db", "", "status"}, `invalid --db "": must not be empty (leave it out for <workspace>/.memweave/index.db)`},
		{[]string{"config", "--fusion", "x"}, `invalid --fusion "x": want blend, keyword or vector`},
		{[]string{"feedback", "memory/stack.md:5", "useful", "--passage", "zz"}, `invalid --passage "zz": want p and 16 hex digits, or 8 as earlier builds wrote, as a search result's passage gives it`},
		{[]string{"config", "--chunk-tokens", "5"}, `invalid --chunk-tokens 5: must be at least 16`},
		{[]string{"config", "--chunk-tokens", "1000000000"}, `invalid --chunk-tokens 1000000000: must be at most 8192`},
		{[]string{"config", "--chunk-overlap", "-1"}, `invalid --chunk-overlap -1: must be 0 or more and at most half the chunk size (200 of 400 tokens)`},
		{[]string{"append", "hi", "--source", "../x"}, `invalid --source "../x": want one folder name of letters, digits, '-' and '_'`},
		{[]string{"append", "hi", "--source", ""}, `invalid --source "": must not be empty (leave it out for memory/YYYY-MM-DD.md)`},
		{[]string{"search", "q", "--tag", " "}, `invalid --tag " ": must not be empty`},
		{[]string{"search", "q", "--source", ""}, `invalid --source "": must not be empty`},
		{[]string{"pack", "q", "--budget", "9", "--source", ""}, `invalid --source "": must not be empty`},
		{[]string{"mcp", "--http", "127.0.0.1:0", "--allow-host", "a b"}, `invalid --allow-host "a b": matches no request: want a host name or IP address without port, scheme or path, such as mcp.example.com`},
		{[]string{"mcp", "--http", "127.0.0.1:0", "--allow-origin", "nope"}, `invalid --allow-origin "nope": matches no request: want scheme://host[:port] with scheme http or https, such as https://app.example.com`},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			t.Parallel()
			out := runCLI(t, "", nil, append([]string{"-w", ws}, tt.args...)...)
			line, _, _ := strings.Cut(strings.TrimSuffix(out.stderr, "\n"), " (see '")
			if out.code != 2 || !flagForm.MatchString(out.stderr) || line != "memweave: "+tt.want {
				t.Errorf("memweave %q: exit %d, stderr %q; want exit 2 and %q", tt.args, out.code, out.stderr, "memweave: "+tt.want)
			}
		})
	}
}
