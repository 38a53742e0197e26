package memweave_test

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/frontmatter"
	"github.com/memweave/memweave-go/internal/edithook"
	"github.com/memweave/memweave-go/memweavetest"
)

// listGroups lists the groups of w's workspace.
func listGroups(tb testing.TB, w *memweave.Weave) []memweave.DuplicateGroup {
	tb.Helper()
	plan, err := w.Consolidate(tb.Context())
	if err != nil {
		tb.Fatal(err)
	}
	return plan.Groups
}

// applyGroups applies the groups listed with the given ids.
func applyGroups(tb testing.TB, w *memweave.Weave, gs []memweave.DuplicateGroup) *memweave.ConsolidateResult {
	tb.Helper()
	var ids []string
	for _, g := range gs {
		ids = append(ids, g.ID)
	}
	res, err := w.ApplyConsolidation(tb.Context(), ids)
	if err != nil {
		tb.Fatal(err)
	}
	return res
}

// memoryFiles returns the files left under root/memory.
func memoryFiles(tb testing.TB, root string) []string {
	tb.Helper()
	var out []string
	err := filepath.WalkDir(filepath.Join(root, "memory"), func(p string, d os.DirEntry, err error) error {
		if err == nil && d.IsDir() && strings.HasPrefix(d.Name(), ".") {
			return filepath.SkipDir // memweave's own temporary folder
		}
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(root, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return err
	})
	if err != nil {
		tb.Fatal(err)
	}
	slices.Sort(out)
	return out
}

// sameMTime gives every file of root/memory one modification time, as a
// fresh git checkout does.
func sameMTime(tb testing.TB, root string) {
	tb.Helper()
	t := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	for _, rel := range memoryFiles(tb, root) {
		if err := os.Chtimes(filepath.Join(root, rel), t, t); err != nil {
			tb.Fatal(err)
		}
	}
}

// A pair of notes whose 25-word paragraph differs in one fact is never
// a group: a number, a number word, a name, a negation, a date, a
// weekday, a provider word, each in several phrasings.
func TestConsolidateOneFactDifferent(t *testing.T) {
	t.Parallel()
	family := map[string][2]string{
		"number":          {"The payment client retries 3 times with exponential backoff before it gives up and posts the failure to the on-call channel for the team.", "The payment client retries 5 times with exponential backoff before it gives up and posts the failure to the on-call channel for the team."},
		"number word":     {"The payment client retries three times with exponential backoff before it gives up and posts the failure to the on-call channel for the team.", "The payment client retries five times with exponential backoff before it gives up and posts the failure to the on-call channel for the team."},
		"quantity":        {"Nightly snapshots of the orders database are kept for 14 days in the archive bucket, and the platform team restores one every quarter as a drill.", "Nightly snapshots of the orders database are kept for 35 days in the archive bucket, and the platform team restores one every quarter as a drill."},
		"name":            {"The analytics warehouse is Snowflake, loaded each night by Fivetran from the production replicas, and finance reads it through the shared dashboards every morning.", "The analytics warehouse is BigQuery, loaded each night by Fivetran from the production replicas, and finance reads it through the shared dashboards every morning."},
		"name first":      {"Fivetran loads the analytics warehouse each night from the production replicas, and finance reads the results through the shared dashboards every single morning.", "Airbyte loads the analytics warehouse each night from the production replicas, and finance reads the results through the shared dashboards every single morning."},
		"person":          {"For the billing migration the main contact is Carol from the platform team, who approves schema changes and reviews every rollout plan before launch.", "For the billing migration the main contact is Dmitri from the platform team, who approves schema changes and reviews every rollout plan before launch."},
		"negation":        {"The mobile app supports offline mode for the order history screen, so field staff can look up past orders while travelling between customer sites.", "The mobile app does not support offline mode for the order history screen, so field staff can look up past orders while travelling between customer sites."},
		"negation never":  {"We deploy the storefront on Fridays after the weekly review, once the release checklist has been signed off by the product owner and QA.", "We never deploy the storefront on Fridays after the weekly review, once the release checklist has been signed off by the product owner and QA."},
		"date":            {"The security audit of the customer portal is scheduled for March 3, with the external firm reviewing authentication, session handling and audit logging.", "The security audit of the customer portal is scheduled for April 14, with the external firm reviewing authentication, session handling and audit logging."},
		"date iso":        {"The contract with the hosting provider renews on 2026-06-30 and the notice period for cancelling it is sixty days before that date, per legal.", "The contract with the hosting provider renews on 2026-09-30 and the notice period for cancelling it is sixty days before that date, per legal."},
		"weekday":         {"The staging environment is wiped and rebuilt from the latest snapshot every Tuesday morning, so long running experiments there must be saved beforehand.", "The staging environment is wiped and rebuilt from the latest snapshot every Thursday morning, so long running experiments there must be saved beforehand."},
		"provider word":   {"Session data for the web checkout lives in redis with a one hour expiry, and the cart service reads it on every request that it handles.", "Session data for the web checkout lives in memcached with a one hour expiry, and the cart service reads it on every request that it handles."},
		"provider switch": {"Container images for every service are built by the pipeline and pushed to the registry hosted on aws, tagged with the commit hash of the build.", "Container images for every service are built by the pipeline and pushed to the registry hosted on azure, tagged with the commit hash of the build."},
	}
	for name, pair := range family {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			_, w := openIndexed(t, map[string]string{
				"memory/2026-11-01.md": "# Note\n\n" + pair[0] + "\n",
				"memory/2026-11-20.md": "# Note\n\n" + pair[1] + "\n",
			}, memweave.Config{})
			if gs := listGroups(t, w); len(gs) != 0 {
				t.Errorf("Consolidate grouped a pair that differs in one fact: %+v", gs)
			}
		})
	}
}

// A chain of 8 notes, each one word from the next, loses no file.
func TestConsolidateChainLosesNoFile(t *testing.T) {
	t.Parallel()
	words := strings.Fields("alpha beta gamma delta epsilon zeta theta kappa")
	files := map[string]string{}
	for i := range 8 {
		// Note i says word i where note i+1 says word i+1.
		files[fmt.Sprintf("memory/2026-11-%02d.md", i+1)] = "# Release process\n\nThe release train leaves from the main branch each week, and the " +
			words[i] + " checklist is signed by the release captain before the tag is pushed to the registry.\n"
	}
	root, w := openIndexed(t, files, memweave.Config{})
	before := memoryFiles(t, root)
	gs := listGroups(t, w)
	if len(gs) > 0 {
		applyGroups(t, w, gs)
	}
	if after := memoryFiles(t, root); !slices.Equal(after, before) {
		t.Errorf("files after consolidating the chain = %q, want all %d of %q", after, len(before), before)
	}
	for f, want := range files {
		if got := memweavetest.ReadFile(t, root, f); got != want {
			t.Errorf("%s = %q, want it unchanged", f, got)
		}
	}
}

// A kept copy edited between the listing and the apply means nothing is
// deleted, whether the apply sees the edit in a fresh listing or only
// under the lock (the index not refreshed).
func TestConsolidateKeptEditedBeforeApply(t *testing.T) {
	t.Parallel()
	dup := "# Deploys\n\nThe staging deploy runs every Tuesday at noon from the release branch.\n"
	for _, noSync := range []bool{false, true} {
		t.Run(fmt.Sprint("NoSyncOnSearch=", noSync), func(t *testing.T) {
			t.Parallel()
			root, w := openIndexed(t, map[string]string{"memory/2026-11-01.md": dup, "memory/2026-11-20.md": dup}, memweave.Config{NoSyncOnSearch: noSync})
			gs := listGroups(t, w)
			if len(gs) != 1 || gs[0].Keep.Path != "memory/2026-11-20.md" {
				t.Fatalf("groups = %+v, want memory/2026-11-20.md kept", gs)
			}
			edited := strings.Replace(dup, "Tuesday", "Thursday", 1)
			memweavetest.WriteFile(t, root, "memory/2026-11-20.md", edited)
			res, err := w.ApplyConsolidation(t.Context(), []string{gs[0].ID})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Applied) != 0 || len(res.Skipped) != 1 || res.Skipped[0].ID != gs[0].ID || len(res.Deleted)+len(res.Edited) != 0 {
				t.Errorf("ApplyConsolidation = %+v, want the group skipped, nothing deleted", res)
			}
			t.Logf("skipped: %s", res.Skipped[0].Reason)
			if got := memweavetest.ReadFile(t, root, "memory/2026-11-01.md"); got != dup {
				t.Errorf("the older copy = %q, want it kept as it was", got)
			}
		})
	}
}

// With every modification time equal, the newest copy by the notes' own
// dates survives: dated names, and front matter dates in either order
// of the file names.
func TestConsolidateNewestSurvivesEqualMTimes(t *testing.T) {
	t.Parallel()
	body := "# Cache\n\nThe session cache is flushed by the deploy job, and warmed again from the replica before traffic returns.\n"
	dated := func(d string) string { return "---\ndate: " + d + "\n---\n" + body }
	tests := []struct {
		name        string
		files       map[string]string
		keep, other string
	}{
		{"dated names", map[string]string{"memory/2026-01-05.md": body, "memory/2026-10-01.md": body}, "memory/2026-10-01.md", "memory/2026-01-05.md"},
		{"front matter, newest last", map[string]string{"memory/inbox.md": dated("2026-01-05"), "memory/notes.md": dated("2026-10-01")}, "memory/notes.md", "memory/inbox.md"},
		{"front matter, newest first", map[string]string{"memory/inbox.md": dated("2026-10-01"), "memory/notes.md": dated("2026-01-05")}, "memory/inbox.md", "memory/notes.md"},
		{"front matter against a dated name", map[string]string{"memory/2026-03-01.md": body, "memory/cache.md": dated("2026-09-09")}, "memory/cache.md", "memory/2026-03-01.md"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			root := memweavetest.Workspace(t, tt.files)
			sameMTime(t, root)
			w := open(t, root, memweave.Config{})
			mustIndex(t, w)
			gs := listGroups(t, w)
			if len(gs) != 1 || gs[0].Keep.Path != tt.keep || len(gs[0].Duplicates) != 1 || gs[0].Duplicates[0].Path != tt.other {
				t.Fatalf("groups = %+v, want %s kept and %s dropped", gs, tt.keep, tt.other)
			}
			applyGroups(t, w, gs)
			if got := memoryFiles(t, root); !slices.Equal(got, []string{tt.keep}) {
				t.Errorf("files after apply = %q, want %s alone", got, tt.keep)
			}
		})
	}
}

// A pinned duplicate gives its pin, tags and importance to the copy that
// survives.
func TestConsolidateKeepsPin(t *testing.T) {
	t.Parallel()
	body := "# Keys\n\nThe signing keys for release builds live in the hardware vault, and two people must be present to use them.\n"
	root, w := openIndexed(t, map[string]string{
		"memory/2026-02-01.md": "---\npinned: true\ntags: [security, release]\nimportance: 0.6\n---\n" + body,
		"memory/2026-11-20.md": "---\ntags: [keys]\n---\n" + body,
	}, memweave.Config{})
	gs := listGroups(t, w)
	if len(gs) != 1 || gs[0].Keep.Path != "memory/2026-11-20.md" {
		t.Fatalf("groups = %+v, want the newer memory/2026-11-20.md kept", gs)
	}
	res := applyGroups(t, w, gs)
	if !slices.Equal(res.Deleted, []string{"memory/2026-02-01.md"}) || !slices.Equal(res.Merged, []string{"memory/2026-11-20.md"}) {
		t.Errorf("ApplyConsolidation = %+v, want memory/2026-02-01.md deleted, its front matter merged", res)
	}
	got := memweavetest.ReadFile(t, root, "memory/2026-11-20.md")
	m, _, err := frontmatter.Parse([]byte(got))
	if err != nil || !m.Pinned || !slices.Equal(m.Tags, []string{"keys", "security", "release"}) || m.Importance == nil || *m.Importance != 0.6 {
		t.Errorf("the survivor's front matter = %+v, %v, want pinned, tags keys, security, release and importance 0.6:\n%s", m, err, got)
	}
	if !strings.HasSuffix(got, body) {
		t.Errorf("the survivor's text changed: %q", got)
	}
	// The pin counts: the survivor is found as a pinned note.
	r := mustSearch(t, w, "signing keys hardware vault", memweave.MinScore(0)).Results
	if len(r) == 0 || r[0].Path != "memory/2026-11-20.md" || !r[0].Pinned {
		t.Errorf("search after consolidating = %+v, want the survivor first and pinned", r)
	}
}

// Apply needs ids; ids not in the listing are skipped with the reason.
func TestApplyConsolidationIDs(t *testing.T) {
	t.Parallel()
	dup := "# Deploys\n\nThe staging deploy runs every Tuesday at noon from the release branch.\n"
	_, w := openIndexed(t, map[string]string{"memory/2026-11-01.md": dup, "memory/2026-11-20.md": dup}, memweave.Config{})
	if _, err := w.ApplyConsolidation(t.Context(), nil); !errors.Is(err, memweave.ErrNoGroupIDs) {
		t.Errorf("ApplyConsolidation(no ids) = %v, want ErrNoGroupIDs", err)
	}
	gs := listGroups(t, w)
	res, err := w.ApplyConsolidation(t.Context(), []string{"000000000000", gs[0].ID, gs[0].ID})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(res.Applied, []string{gs[0].ID}) || len(res.Skipped) != 1 || res.Skipped[0].ID != "000000000000" || !slices.Equal(res.Deleted, []string{"memory/2026-11-01.md"}) {
		t.Errorf("ApplyConsolidation = %+v, want %s applied, the unknown id skipped", res, gs[0].ID)
	}
	// Applied again, the id is gone from the listing.
	res, err = w.ApplyConsolidation(t.Context(), []string{gs[0].ID})
	if err != nil || len(res.Applied) != 0 || len(res.Skipped) != 1 {
		t.Errorf("ApplyConsolidation again = %+v, %v; want it skipped", res, err)
	}
}

// In a git repository, with every modification time equal (a fresh
// checkout) and no date in the names or front matter, the copy committed
// last survives, whatever the file names' order.
func TestConsolidateNewestByCommit(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	body := "# Cache\n\nThe session cache is flushed by the deploy job, and warmed again from the replica before traffic returns.\n"
	root := memweavetest.Workspace(t, nil)
	git := func(date string, args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"}, args...)...)
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_DATE="+date, "GIT_COMMITTER_DATE="+date)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("", "init", "-q")
	// The newer copy sorts first by name.
	memweavetest.WriteFile(t, root, "memory/notes/cache.md", body)
	git("2026-01-05T10:00:00Z", "add", ".")
	git("2026-01-05T10:00:00Z", "commit", "-q", "-m", "old")
	memweavetest.WriteFile(t, root, "memory/cache.md", body)
	git("2026-10-01T10:00:00Z", "add", ".")
	git("2026-10-01T10:00:00Z", "commit", "-q", "-m", "new")
	sameMTime(t, root)
	w := open(t, root, memweave.Config{})
	mustIndex(t, w)
	gs := listGroups(t, w)
	if len(gs) != 1 || gs[0].Keep.Path != "memory/cache.md" || gs[0].Keep.DateFrom != "commit" || gs[0].Keep.Date != "2026-10-01" {
		t.Fatalf("groups = %+v, want memory/cache.md kept by its commit of 2026-10-01", gs)
	}
	applyGroups(t, w, gs)
	if got := memoryFiles(t, root); !slices.Equal(got, []string{"memory/cache.md"}) {
		t.Errorf("files after apply = %q, want memory/cache.md alone", got)
	}
}

// A kept copy edited after apply checked its group, before the copies'
// edits, still means no copy is removed: each copy's edit checks the
// kept passage again under the lock.
func TestConsolidateKeptEditedDuringApply(t *testing.T) {
	t.Parallel()
	dup := "# Deploys\n\nThe staging deploy runs every Tuesday at noon from the release branch.\n"
	root, w := openIndexed(t, map[string]string{"memory/2026-11-01.md": dup, "memory/2026-11-20.md": dup}, memweave.Config{})
	gs := listGroups(t, w)
	if len(gs) != 1 {
		t.Fatalf("groups = %+v, want one", gs)
	}
	edited := strings.Replace(dup, "Tuesday", "Thursday", 1)
	// The hook runs in the window after the group's check under the lock.
	ctx := edithook.WithGroup(t.Context(), func(string) {
		memweavetest.WriteFile(t, root, "memory/2026-11-20.md", edited)
	})
	res, err := w.ApplyConsolidation(ctx, []string{gs[0].ID})
	if err == nil || len(res.Applied) != 0 || len(res.Deleted)+len(res.Edited) != 0 || len(res.Skipped) != 1 {
		t.Errorf("ApplyConsolidation = %+v, %v; want an error, the group skipped, nothing deleted", res, err)
	} else {
		t.Logf("skipped: %s", res.Skipped[0].Reason)
	}
	if got := memweavetest.ReadFile(t, root, "memory/2026-11-01.md"); got != dup {
		t.Errorf("the older copy = %q, want it kept as it was", got)
	}
}

// A newer copy that lacks words of the older one is no duplicate: the
// pair is listed as held, and nothing is grouped.
func TestConsolidateOlderSaysMore(t *testing.T) {
	t.Parallel()
	older := "# Signing\n\nRelease builds are signed in the pipeline with the team key from the vault, and the signature is checked at deploy time by the agent.\n"
	newer := strings.Replace(older, " by the agent", "", 1)
	_, w := openIndexed(t, map[string]string{"memory/2026-11-01.md": older, "memory/2026-11-20.md": newer}, memweave.Config{})
	plan, err := w.Consolidate(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if len(plan.Groups) != 0 || len(plan.Held) != 1 || !strings.Contains(plan.Held[0].Reason, "older copy says more: agent") {
		t.Errorf("Consolidate = %+v, want no group, the pair held because the older copy says more", plan)
	}
}
