package vtscreen_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/internal/vtscreen"
)

// events records what a parser reports, one line per event.
type events struct{ got []string }

func (e *events) Print(r rune)   { e.got = append(e.got, fmt.Sprintf("print %q", r)) }
func (e *events) Execute(b byte) { e.got = append(e.got, fmt.Sprintf("exec %#02x", b)) }
func (e *events) Escape(inter []byte, final byte) {
	e.got = append(e.got, fmt.Sprintf("esc %q %c", inter, final))
}
func (e *events) CSI(params []byte, final byte) {
	e.got = append(e.got, fmt.Sprintf("csi %q %c", params, final))
}
func (e *events) OSC(payload []byte) { e.got = append(e.got, fmt.Sprintf("osc %q", payload)) }

// parse returns the events of in, written in chunks of n bytes.
func parse(in string, n int) []string {
	var e events
	p := vtscreen.NewParser(&e)
	for i := 0; i < len(in); i += n {
		_, _ = p.Write([]byte(in[i:min(i+n, len(in))]))
	}
	return e.got
}

func TestParserEvents(t *testing.T) {
	cases := []struct {
		name, in string
		want     []string
	}{
		{"text and controls", "a\r\n\t\x07é\x7f", []string{`print 'a'`, "exec 0x0d", "exec 0x0a", "exec 0x09", "exec 0x07", `print 'é'`}},
		{"csi", "\x1b[1;31m\x1b[?1049h\x1b[2 q\x1b[H", []string{`csi "1;31" m`, `csi "?1049" h`, `csi "2 " q`, `csi "" H`}},
		{"esc", "\x1b7\x1b(B\x1b#8\x1bM", []string{`esc "" 7`, `esc "(" B`, `esc "#" 8`, `esc "" M`}},
		{"osc bel and st", "\x1b]11;?\x07\x1b]0;title\x1b\\", []string{`osc "11;?"`, `osc "0;title"`}},
		{"dcs apc skipped to st", "\x1bP1$r\x07x\x1b\\y\x1b_apc\x1b\\z", []string{`print 'y'`, `print 'z'`}},
		{"can and sub abort", "\x1b[12\x18a\x1b]0;t\x1ab\x1bP\x18c", []string{`print 'a'`, `print 'b'`, `print 'c'`}},
		{"esc starts over", "\x1b[1\x1b[2J\x1b]0;t\x1b[K", []string{`csi "2" J`, `csi "" K`}},
		{"control inside csi", "\x1b[1\r;2H", []string{"exec 0x0d", `csi "1;2" H`}},
		{"control inside esc", "\x1b\n7", []string{"exec 0x0a", `esc "" 7`}},
		{"invalid utf-8", "a\xffb\xe4c\xe4\xb8", []string{`print 'a'`, `print '�'`, `print 'b'`, `print '�'`, `print 'c'`}},
		{"wide and box runes", "世│╭", []string{`print '世'`, `print '│'`, `print '╭'`}},
	}
	for _, c := range cases {
		for _, n := range []int{1, 2, 3, len(c.in)} {
			require.Equal(t, c.want, parse(c.in, n), "%s in chunks of %d", c.name, n)
		}
	}
}

func TestParserDropsOverlongSequences(t *testing.T) {
	in := "\x1b[" + strings.Repeat("1;", vtscreen.MaxCSI) + "6n" +
		"\x1b]11;?" + strings.Repeat("x", vtscreen.MaxOSC) + "\x07" +
		"\x1b(" + strings.Repeat("(", vtscreen.MaxCSI) + "B" +
		"ok\x1b[6n"
	for _, n := range []int{1, 7, len(in)} {
		require.Equal(t, []string{`print 'o'`, `print 'k'`, `csi "6" n`}, parse(in, n), "chunks of %d", n)
	}
	// Just within the caps, they arrive.
	in = "\x1b[" + strings.Repeat("1", vtscreen.MaxCSI) + "m\x1b]" + strings.Repeat("x", vtscreen.MaxOSC) + "\x07"
	require.Len(t, parse(in, 5), 2)
}

// TestTeeScreenReportsAsItsOwnParser: a screen made with NewTee shows what a
// plain screen shows and hands the other handler every event a parser of
// its own would report, whatever the chunks.
func TestTeeScreenReportsAsItsOwnParser(t *testing.T) {
	in := "\x1b[?1049h\x1b[2J\x1b[Hab\x1b[1;31mcd\x1b[0m\r\n世│\x1b]11;?\x07\x1b[6n\x1b[c\x1b7\x1b[3;4Hx\x1b8y"
	for _, n := range []int{1, 2, 5, len(in)} {
		var e events
		tee, plain := vtscreen.NewTee(20, 5, &e), vtscreen.New(20, 5)
		for i := 0; i < len(in); i += n {
			_, _ = tee.Write([]byte(in[i:min(i+n, len(in))]))
			_, _ = plain.Write([]byte(in[i:min(i+n, len(in))]))
		}
		require.Equal(t, parse(in, len(in)), e.got, "events in chunks of %d", n)
		require.Equal(t, plain.Lines(), tee.Lines(), "screen in chunks of %d", n)
		require.Equal(t, plain.Version(), tee.Version())
	}
}
