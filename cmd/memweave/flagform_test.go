package main

import (
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
