package opoly

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unsafe"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/opoly/projectopoly"
	"boardroom/engine/opoly/technopoly"
	"boardroom/engine/opoly/unipoly"
	"boardroom/tui"
	"boardroom/tui/tuitest"
)

// TestWrapAsAnsi: the cache's wrap is ansi.Wrap(s, w, ""), byte for
// byte, on made-up lines of words, hyphens, runs of spaces, tabs, line
// breaks, colours, accents, bullets, wide characters and non-breaking
// spaces, at widths from 1 to 40; Append and Count give what
// tui.AppendWrapped and tui.WrappedCount give, wrapped afresh or kept.
func TestWrapAsAnsi(t *testing.T) {
	pieces := []string{"a", "ab", "word", "longerword", "extraordinarily-long-hyphenated-word", "-", "--", " ", "  ",
		"   ", "\t", "\n", "é", "café", "•", "…", "£1,500", "1.500€", "漢字", "🎲", "\u00a0", "x\u00a0y",
		"\x1b[1m", "\x1b[0m", "\x1b[38;5;160m", "\x1b[7m", "(bot)", "2+3", "supercalifragilistic"}
	rng := rand.New(rand.NewPCG(1, 2))
	var c wrapCache
	for i := 0; i < 30000; i++ {
		var b strings.Builder
		for n := rng.IntN(14); n >= 0; n-- {
			b.WriteString(pieces[rng.IntN(len(pieces))])
			if rng.IntN(3) > 0 {
				b.WriteByte(' ')
			}
		}
		s, w := b.String(), 1+rng.IntN(40)
		require.Equal(t, ansi.Wrap(s, w, ""), c.wrap(s, w), "%q at %d", s, w)
		if i%16 == 0 {
			c.Frame()
		}
		require.Equal(t, tui.AppendWrapped(nil, s, w), c.Append(nil, s, w), "%q at %d", s, w)
		require.Equal(t, tui.WrappedCount(s, w), c.Count(s, w), "%q at %d", s, w)
	}
}

// TestWrapAsAnsiOnThePanes: the same on every line the panes of bot games
// stack, at the widths of the panes.
func TestWrapAsAnsiOnThePanes(t *testing.T) {
	lines := 0
	for _, def := range []engine.Definition{unipoly.Definition{}, projectopoly.Definition{}, technopoly.Definition{}} {
		g, err := def.New(engine.Setup{Seats: 4, Seed: 3})
		require.NoError(t, err)
		tf := tuitest.New(t, g, def.Info(), 0).BotLast()
		r := testNew(tf.Context(tuitest.Theme(false, false))).(*Renderer)
		bots := make([]engine.Bot, 4)
		for i := range bots {
			bots[i] = def.NewBot(i, uint64(i+1))
		}
		var c wrapCache
		for step := 0; step < 400 && !g.Outcome().Finished; step++ {
			if step%5 == 0 {
				r.SetState(tf.State(0))
				for _, w := range []int{20, 24, 31, 50} {
					secs := append(r.phaseSections(w, 30), r.detailSection(w, 30), section{"", r.infoLines()},
						r.latestSection(), section{"", r.playerRows(w)})
					for _, sec := range secs {
						for _, l := range append(sec.lines, sec.title) {
							require.Equal(t, ansi.Wrap(l, w, ""), c.wrap(l, w), "%q at %d", l, w)
							lines++
						}
					}
				}
			}
			seat := g.Prompt().Waiting[0].Seat
			_, err := g.Apply(seat, bots[seat].Choose(g.View(seat), g.Legal(seat)))
			require.NoError(t, err)
		}
	}
	require.Greater(t, lines, 1000)
}

// TestPaneLinesWrappedOnceForATheme: two renderers of one theme (the
// players of a table on terminals of one kind) wrap a long pane line once:
// the second takes the first's lines, the same as wrapped alone; a
// renderer without a theme's share wraps its own.
func TestPaneLinesWrappedOnceForATheme(t *testing.T) {
	th := tuitest.Theme(false, false)
	line := "Owner 2 \x1b[1mada\x1b[0m · rent $26 · 3 houses · the bank holds 12 houses and 4 hotels now"
	a, b, alone := wrapCache{th: th}, wrapCache{th: th}, wrapCache{}
	for _, w := range []int{20, 33} {
		want := strings.Split(ansi.Wrap(line, w, ""), "\n")
		la, lb, l0 := a.Append(nil, line, w), b.Append(nil, line, w), alone.Append(nil, line, w)
		require.Equal(t, want, la)
		require.Equal(t, want, lb)
		require.Equal(t, want, l0)
		require.Same(t, unsafe.StringData(la[0]), unsafe.StringData(lb[0]), "at %d: wrapped by the first renderer only", w)
		require.NotSame(t, unsafe.StringData(la[0]), unsafe.StringData(l0[0]), "at %d: no theme, its own wrap", w)
	}
}
