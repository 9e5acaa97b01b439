package tui_test

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/stretchr/testify/assert"
)

// moveFrameDigests are the sha256 of every line of every frame the two
// humans' sessions of BenchmarkPlayMoves's tables draw (the warm table,
// whose players chat, and the measured one), on terminals of each size and
// kind, one session scrolling its log up and back now and then: computed
// on main (9b279cc) before the play frame kept its parts between frames
// (docs/decisions/2026-11-play-frames-keep-their-parts.md). A change of one
// byte of any frame changes them; a change of the drawing that is meant
// must compute them again and say why.
var moveFrameDigests = map[moveScreen]string{
	screen80:                      "1197b743aa924fb61ebba70bd67ace2241ad9e2e6cb0d43dbc432709d405bb52",
	{w: 80, h: 24, noColor: true}: "dcb6065f42d480828863b7ed2e675c5a2eb0dc276ae7fb2617e7933a156bc888",
	{w: 100, h: 30}:               "babf15a9c384a220559c7042fe33f4a4a0324e7da5839490429c800bc6ce75d9",
	{w: 160, h: 50}:               "c42258d98778546db22b0ef4d55c582132cb4989d537ecfa16e7c626638a9cae",
}

func TestPlayMovesFramesAsBefore(t *testing.T) {
	f := newMoveFixture(t, moveSkip, moveActions)
	for _, sc := range []moveScreen{screen80, {w: 80, h: 24, noColor: true}, {w: 100, h: 30}, {w: 160, h: 50}} {
		h := sha256.New()
		seen := func(lines []string) {
			for _, l := range lines {
				h.Write([]byte(l))
				h.Write([]byte{'\n'})
			}
			h.Write([]byte{0})
		}
		r := f.startOn(t, sc, seen)
		keys := []tea.KeyMsg{{Type: tea.KeyPgUp}, {Type: tea.KeyPgUp}, {Type: tea.KeyPgDown}, {Type: tea.KeyEnd}}
		for r.move() {
			if r.next%5 == 0 {
				m := r.ms[1]
				m.Update(keys[(r.next/5)%len(keys)])
				seen(m.ViewLines())
			}
		}
		got := hex.EncodeToString(h.Sum(nil))
		t.Logf("%+v: %s", sc, got)
		assert.Equal(t, moveFrameDigests[sc], got, fmt.Sprintf("the frames of %+v", sc))
	}
}
