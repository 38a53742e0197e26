package workspace

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// CheckLookalike refuses, wrapping [ErrLookalikeName], a new memory file
// rel (workspace-relative, "memory/..."; see [SafeMemoryPath]) of the
// workspace root when a component of it that does not exist yet reads
// as a name its folder holds ([skeleton]): the same letters composed
// otherwise, "café" with its é as one character or as e and a combining
// accent, or letters of another script that read as Latin ones
// ("\u0430pi.md", its a Cyrillic, beside "api.md"). Every output would
// show two notes of one name, one of which the user could not name to
// read or edit. The error names the one that exists, quoted in ASCII so
// the two differ. Names alike in letter case only are not lookalikes
// here: a sync on a machine that keeps case takes in the twins a remote
// brings; [CheckCaseTwin] refuses them where memweave makes a name.
func CheckLookalike(root, rel string) error { return checkAlike(root, rel, false) }

// CheckCaseTwin is [CheckLookalike] that also refuses a new name alike
// but for letter case (Unicode's simple case folding: "API.md" beside
// "api.md", a Kelvin sign for a k): macOS and Windows hold the two as
// one file, where a write of the one replaces the other, and a
// teammate's sync there refuses the pair. It refuses too, wrapping
// [ErrBadName], a new name Windows cannot hold ([NotWindowsName]:
// "a:b.md", "aux.md"), which Git for Windows will not check out, so
// that every Windows teammate's sync would refuse it. A note memweave
// writes at a user's or an agent's word is checked with it.
func CheckCaseTwin(root, rel string) error { return checkAlike(root, rel, true) }

// checkAlike is [CheckLookalike], and [CheckCaseTwin] when caseToo.
func checkAlike(root, rel string, caseToo bool) error {
	dir := filepath.Join(root, MemoryDir)
	parts := strings.Split(strings.TrimPrefix(filepath.ToSlash(rel), MemoryDir+"/"), "/")
	for i, name := range parts {
		entries, err := os.ReadDir(dir)
		if err != nil {
			// A folder to create: nothing to be alike.
			return windowsRefusal(rel, parts[i:], caseToo)
		}
		want, exact := skeleton(name), false
		for _, e := range entries {
			if e.Name() == name {
				exact = true
				break
			}
		}
		if exact {
			dir = filepath.Join(dir, name)
			continue
		}
		for _, e := range entries {
			why := ""
			switch s := skeleton(e.Name()); {
			case s == want:
				why = alikeWhy(name, e.Name())
			case caseToo && strings.EqualFold(s, want):
				why = caseWhy
			default:
				continue
			}
			have := MemoryDir + "/" + strings.Join(append(parts[:i:i], e.Name()), "/")
			return fmt.Errorf("%+q: %w: %+q exists, %s: use that name, or rename it first", rel, ErrLookalikeName, have, why)
		}
		return windowsRefusal(rel, parts[i:], caseToo)
	}
	return nil
}

// windowsRefusal refuses, when check is set, the path rel whose new
// components are names: the first Windows cannot hold.
func windowsRefusal(rel string, names []string, check bool) error {
	if !check {
		return nil
	}
	for _, name := range names {
		if why := NotWindowsName(name); why != "" {
			return fmt.Errorf("%+q: %w: Windows cannot hold %+q, %s; Git for Windows will not check it out, so a Windows teammate's sync would refuse it: choose another name", rel, ErrBadName, name, why)
		}
	}
	return nil
}

// windowsDevices are the names Windows keeps for devices, whatever the
// extension: aux.md opens a device, not a file.
var windowsDevices = []string{"con", "prn", "aux", "nul", "conin$", "conout$",
	"com1", "com2", "com3", "com4", "com5", "com6", "com7", "com8", "com9",
	"lpt1", "lpt2", "lpt3", "lpt4", "lpt5", "lpt6", "lpt7", "lpt8", "lpt9"}

// NotWindowsName says why Windows cannot hold a file or folder named c,
// as Git for Windows refuses to check it out (core.protectNTFS), "" when
// it can: a name holding one of <>:"|?* ("a:b.md" is the stream b.md of
// the file a there), or a device name whatever its extension ("aux.md").
func NotWindowsName(c string) string {
	if i := strings.IndexAny(c, `<>:"|?*`); i >= 0 {
		return "holding " + strconv.QuoteRune(rune(c[i])) + ", which Windows forbids in a name (a:b.md is the stream b.md of the file a there)"
	}
	stem, _, _ := strings.Cut(c, ".")
	if slices.Contains(windowsDevices, strings.ToLower(strings.TrimRight(stem, " "))) {
		return "a name Windows keeps for a device, whatever the extension"
	}
	return ""
}

// nfc returns name in Unicode's composed form (NFC): two names that read
// the same, their letters composed otherwise, have the same.
func nfc(name string) string { return norm.NFC.String(name) }

// skeleton returns name as it reads: in Unicode's composed form (NFC),
// with each letter of another script that reads as a Latin one (Cyrillic
// and Greek look-alikes, fullwidth forms) written as that letter, its
// case kept. Two names that read the same have the same skeleton.
func skeleton(name string) string {
	name = nfc(name)
	if isASCII(name) {
		return name
	}
	return strings.Map(func(r rune) rune {
		if r >= 0xff01 && r <= 0xff5e {
			return r - 0xfee0 // fullwidth ASCII
		}
		if l, ok := latinLookalikes[r]; ok {
			return l
		}
		return r
	}, name)
}

// latinLookalikes maps the Cyrillic and Greek letters that read as a
// Latin letter in the fonts of terminals and editors to that letter.
var latinLookalikes = map[rune]rune{
	// Cyrillic
	'а': 'a', 'с': 'c', 'ԁ': 'd', 'е': 'e', 'һ': 'h', 'і': 'i', 'ј': 'j', 'ӏ': 'l', 'о': 'o', 'р': 'p',
	'ԛ': 'q', 'ѕ': 's', 'ԝ': 'w', 'х': 'x', 'у': 'y', 'ү': 'y',
	'А': 'A', 'В': 'B', 'С': 'C', 'Е': 'E', 'Н': 'H', 'І': 'I', 'Ј': 'J', 'К': 'K', 'М': 'M', 'О': 'O',
	'Р': 'P', 'Ԛ': 'Q', 'Ѕ': 'S', 'Т': 'T', 'Ԝ': 'W', 'Х': 'X', 'У': 'Y', 'Ү': 'Y',
	// Greek
	'α': 'a', 'ι': 'i', 'ν': 'v', 'ο': 'o', 'ρ': 'p', 'υ': 'u', 'χ': 'x',
	'Α': 'A', 'Β': 'B', 'Ε': 'E', 'Ζ': 'Z', 'Η': 'H', 'Ι': 'I', 'Κ': 'K', 'Μ': 'M', 'Ν': 'N', 'Ο': 'O',
	'Ρ': 'P', 'Τ': 'T', 'Υ': 'Y', 'Χ': 'X',
}

// alikeWhy says why the names a and b, of one skeleton, read alike.
func alikeWhy(a, b string) string {
	if nfc(a) == nfc(b) {
		return "the same letters composed otherwise"
	}
	return "letters of another script that read as the same"
}

// lookalikes returns the pairs of names that read the same
// ([CheckLookalike]) or alike but for letter case ([CheckCaseTwin]),
// each pair as the two names in sorted order, with why they read
// alike. A folder of names alike to none, the usual case, costs one
// map of their folded forms, most of them the names themselves.
func lookalikes(names []string) [][3]string {
	folded := make(map[string]struct{}, len(names))
	alike := false
	for _, name := range names {
		key := foldCase(skeleton(name))
		if _, ok := folded[key]; ok {
			alike = true
			break
		}
		folded[key] = struct{}{}
	}
	if !alike {
		return nil
	}
	names = slices.Sorted(slices.Values(names)) // the pairs whatever the listing's order
	var pairs [][3]string
	seen := make(map[string]string)
	first := make(map[string]string)
	for _, name := range names {
		key := skeleton(name)
		fold := foldCase(key)
		if have, ok := seen[key]; ok {
			pairs = append(pairs, [3]string{have, name, alikeWhy(have, name) + ": every output shows them as one name"})
		} else if have, ok := first[fold]; ok {
			pairs = append(pairs, [3]string{have, name, caseWhy})
		}
		if _, ok := seen[key]; !ok {
			seen[key] = name
		}
		if _, ok := first[fold]; !ok {
			first[fold] = name
		}
	}
	return pairs
}

// caseWhy says why two names alike but for letter case are a problem.
const caseWhy = "alike but for letter case: one file where case is not told apart (macOS, Windows), whose sync refuses the two"

// foldCase returns s with each letter in lower case, as the least of
// the letters Unicode's simple case folding holds equal to it has it
// ("K", "k" and the Kelvin sign as "k"; "S", "s" and the long s as
// "s"): two names alike but for case, as [strings.EqualFold] tells
// them, have the same. A name in lower case ASCII is returned as it is.
func foldCase(s string) string {
	if isASCII(s) {
		return strings.ToLower(s)
	}
	return strings.Map(func(r rune) rune {
		least := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			least = min(least, f)
		}
		return unicode.ToLower(least)
	}, s)
}

// isASCII reports whether s holds ASCII characters only.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
