package vtscreen

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// runeByRune hides the grid's PrintASCII: its parser hands it every rune
// alone, as before runs of ASCII were handed over at once.
type runeByRune struct{ g *grid }

func (h runeByRune) Print(r rune)                    { h.g.Print(r) }
func (h runeByRune) Execute(c byte)                  { h.g.Execute(c) }
func (h runeByRune) Escape(inter []byte, final byte) { h.g.Escape(inter, final) }
func (h runeByRune) CSI(params []byte, final byte)   { h.g.CSI(params, final) }
func (h runeByRune) OSC(payload []byte)              { h.g.OSC(payload) }

// printed records what a tee's second handler is given.
type printed struct{ runes []rune }

func (p *printed) Print(r rune)        { p.runes = append(p.runes, r) }
func (p *printed) Execute(byte)        {}
func (p *printed) Escape([]byte, byte) {}
func (p *printed) CSI([]byte, byte)    {}
func (p *printed) OSC([]byte)          {}

// TestASCIIRunsAsRuneByRune: a screen fed runs of ASCII at once ends as a
// screen fed every rune alone, cell for cell, cursor and version alike, for
// random streams of text, wide and box-drawing runes, broken UTF-8,
// controls and sequences (cursor moves, erasing, scroll regions, the
// alternate screen, insertions), cut into writes at random; and a tee's
// second handler without PrintASCII still gets every rune.
func TestASCIIRunsAsRuneByRune(t *testing.T) {
	pieces := []string{"a", "hello", " ", "$5,226 (you)", "│", "╭─ Log ─╮", "世界", "é", "\xe4\xb8", "\xff",
		"\r", "\n", "\r\n", "\b", "\t", "\x1b[H", "\x1b[3;7H", "\x1b[K", "\x1b[1K", "\x1b[J", "\x1b[2J",
		"\x1b[2;4r", "\x1b[r", "\x1b[?1049h", "\x1b[?1049l", "\x1b[2@", "\x1b[3P", "\x1b[L", "\x1b[M",
		"\x1b[1;38;5;212m", "\x1b[0m", "\x1b7", "\x1b8", "\x1bM", "\x1b]0;title\x07", "\x1b[5G", "\x1b[A",
		"\x1b[10C", "\x7f", "\x1b[", "~~~~~~~~~~~~~~~~~~~~~~~~~~~~"}
	for seed := uint64(1); seed <= 300; seed++ {
		rng := rand.New(rand.NewPCG(seed, 32))
		w, h := 1+rng.IntN(30), 1+rng.IntN(8)
		fast, slow := New(w, h), New(w, h)
		slow.p = NewParser(runeByRune{&slow.g})
		var got printed
		teed := NewTee(w, h, &got)
		var stream []byte
		for range 200 {
			stream = append(stream, pieces[rng.IntN(len(pieces))]...)
		}
		for len(stream) > 0 {
			n := min(1+rng.IntN(40), len(stream))
			_, _ = fast.Write(stream[:n])
			_, _ = slow.Write(stream[:n])
			_, _ = teed.Write(stream[:n])
			stream = stream[n:]
			require.Equal(t, slow.g.cells, fast.g.cells, "seed %d", seed)
			require.Equal(t, []int{slow.g.r, slow.g.c}, []int{fast.g.r, fast.g.c}, "seed %d", seed)
			require.Equal(t, slow.Version(), fast.Version(), "seed %d", seed)
			require.Equal(t, fast.g.cells, teed.g.cells, "seed %d", seed)
		}
		var want printed
		all := New(w, h)
		all.p = NewParser(tee{runeByRune{&all.g}, &want})
		rng = rand.New(rand.NewPCG(seed, 32))
		_, _ = rng.IntN(30), rng.IntN(8)
		stream = stream[:0]
		for range 200 {
			stream = append(stream, pieces[rng.IntN(len(pieces))]...)
		}
		_, _ = all.Write(stream)
		require.True(t, slices.Equal(want.runes, got.runes), "seed %d: the tee's second handler got other runes", seed)
	}
}
