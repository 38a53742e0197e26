package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// openPTY opens a pseudo-terminal: what a process writes to tty, the
// test reads from ptm. Output processing and echo are off, so a line
// feed reads back as one and what the test types is not read back.
func openPTY(tb testing.TB) (ptm, tty *os.File) {
	tb.Helper()
	ptm, err := os.OpenFile("/dev/ptmx", os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		tb.Skipf("no pseudo-terminal: %v", err)
	}
	tb.Cleanup(func() { ptm.Close() })
	if err := unix.IoctlSetPointerInt(int(ptm.Fd()), unix.TIOCSPTLCK, 0); err != nil {
		tb.Fatal(err)
	}
	n, err := unix.IoctlGetInt(int(ptm.Fd()), unix.TIOCGPTN)
	if err != nil {
		tb.Fatal(err)
	}
	tty, err = os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		tb.Skipf("no pseudo-terminal: %v", err) // devpts mounted elsewhere
	}
	tb.Cleanup(func() { tty.Close() })
	t, err := unix.IoctlGetTermios(int(tty.Fd()), unix.TCGETS)
	if err != nil {
		tb.Fatal(err)
	}
	t.Oflag &^= unix.OPOST
	t.Lflag &^= unix.ECHO
	if err := unix.IoctlSetTermios(int(tty.Fd()), unix.TCSETS, t); err != nil {
		tb.Fatal(err)
	}
	return ptm, tty
}

// runOnTerminal runs memweave with its standard output (and, with input
// not "", its standard input) on a terminal, and returns what the
// terminal received; input is typed on the terminal.
func runOnTerminal(tb testing.TB, env []string, input string, args ...string) output {
	tb.Helper()
	ptm, tty := openPTY(tb)
	cmd := exec.Command(binary, args...)
	cmd.Env = append(os.Environ(), env...)
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = tty, &stderr
	if input != "" {
		cmd.Stdin = tty
	}
	if err := cmd.Start(); err != nil {
		tb.Fatal(err)
	}
	tty.Close() // the child holds it; the reads below end when it exits
	read := make(chan string)
	go func() {
		var b bytes.Buffer
		io.Copy(&b, ptm) // ends with EIO once no process holds the terminal
		read <- b.String()
	}()
	if input != "" {
		if _, err := ptm.Write([]byte(input)); err != nil {
			tb.Error(err)
		}
	}
	err := cmd.Wait()
	out := output{stdout: <-read, stderr: stderr.String()}
	if exit, ok := err.(*exec.ExitError); ok {
		out.code = exit.ExitCode()
	} else if err != nil {
		tb.Fatal(err)
	}
	return out
}

// TestNoteEscapesDoNotReachTheTerminal: get and pack printed a note's
// text raw, so an escape sequence in a note (an agent pasted it, a
// teammate's sync brought it) drove the terminal: it set its title (OSC
// 0), cleared the screen, and U+009B (CSI in UTF-8) and a lone carriage
// return could hide what the note says. On a terminal they are now
// written as text (\x1b), line feeds, tabs and CRLF line ends kept; into
// a pipe the text stays byte for byte as on disk.
func TestNoteEscapesDoNotReachTheTerminal(t *testing.T) {
	ws := testWorkspace(t)
	note := "# Deploy\n\nThe deploy key\x1b]0;PWNED\a rotates\x1b[2J weekly;\tsee \u009b31mrunbook.\r\nAll good\rHIDDEN line.\n"
	if err := os.WriteFile(filepath.Join(ws, "memory", "deploy.md"), []byte(note), 0o644); err != nil {
		t.Fatal(err)
	}
	mustRunCLI(t, "-w", ws, "index")
	for _, args := range [][]string{{"get", "deploy.md"}, {"pack", "deploy key rotates", "--budget", "500"}} {
		args = append([]string{"-w", ws}, args...)
		tty := runOnTerminal(t, nil, "", args...)
		if tty.code != 0 {
			t.Fatalf("%q on a terminal: exit %d, stderr %q", args, tty.code, tty.stderr)
		}
		if strings.ContainsAny(tty.stdout, "\x1b\x07\u009b") || strings.Contains(strings.ReplaceAll(tty.stdout, "\r\n", ""), "\r") {
			t.Errorf("%q on a terminal wrote control characters of the note raw:\n%q", args, tty.stdout)
		}
		for _, want := range []string{`key\x1b]0;PWNED\a rotates\x1b[2J weekly;` + "\t" + `see \u009b31mrunbook.` + "\r\n", `All good\rHIDDEN line.` + "\n"} {
			if !strings.Contains(tty.stdout, want) {
				t.Errorf("%q on a terminal = %q, want it to hold %q", args, tty.stdout, want)
			}
		}
		piped := runCLI(t, "", nil, args...)
		if !strings.Contains(piped.stdout, note[len("# Deploy\n\n"):]) {
			t.Errorf("%q into a pipe = %q, want the note's text as on disk", args, piped.stdout)
		}
	}
}
