package main

import (
	"regexp"
	"strings"
	"testing"
)

// flagForm is the one form of an error about a flag's value:
// "invalid --NAME VALUE: why", the value as given (quoted when it is
// text), then why it is refused, in words rather than a Go parser's.
var flagForm = regexp.MustCompile(`^memweave: invalid --[a-z-]+ ("([^"\\]|\\.)*"|[^\s"]+): [a-z]`)

// TestFlagValueErrorsHaveOneForm: every refused flag value reads
// "invalid --NAME VALUE: why". Before, pflag's own form ("invalid
// argument "x" for "-n, --max-results" flag: strconv.ParseInt: parsing
// "x": invalid syntax"), a bound without the value ("invalid
// --embedding-dims: must be in [0, 65536], got 70000") and an empty
// value without "invalid" stood beside it.
func TestFlagValueErrorsHaveOneForm(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	tests := []struct {
		args []string
		want string // the error line after "memweave: ", up to " (see"
	}{
		{[]string{"search", "q", "--max-results", "x"}, `invalid --max-results "x": want a whole number`},
		{[]string{"search", "q", "-n", "1.5"}, `invalid --max-results "1.5": want a whole number`},
		{[]string{"search", "q", "--decay-half-life", "soon"}, `invalid --decay-half-life "soon": want a number`},
		{[]string{"files", "--json=maybe"}, `invalid --json "maybe": want true or false`},
		{[]string{"watch", "--debounce", "x"}, `invalid --debounce "x": want a duration such as 500ms, 30s or 5m`},
		{[]string{"pack", "q", "--budget", "99999999999999999999"}, `invalid --budget "99999999999999999999": want a whole number`},
		{[]string{"config", "--embedding-dims", "70000"}, `invalid --embedding-dims 70000: must be in [0, 65536]`},
		{[]string{"--embedding-dims", "-1", "status"}, `invalid --embedding-dims -1: must be in [0, 65536]`},
		{[]string{"search", "q", "--embedding-model", " "}, `invalid --embedding-model " ": must not be empty (leave it out for the default)`},
		{[]string{"--db", "", "status"}, `invalid --db "": must not be empty (leave it out for <workspace>/.memweave/index.db)`},
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
