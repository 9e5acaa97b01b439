package opoly

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/tui"
)

// tpConfirmCase is one confirmable action of Technopoly: the position,
// the viewer, what is done before (prep), the keys that open its question,
// fragments of the question, and the action y sends.
type tpConfirmCase struct {
	name   string
	state  func(t *testing.T) *ppState
	viewer int
	prep   func(f *fixture)
	open   []string
	want   []string
	action engine.Action
}

// tpConfirmCases are every confirmation of Technopoly's screen: buy, the
// takeover request and its approval, hiring (staff are permanent), and
// terminating the game in and out of turn. (Bankruptcy is not a choice in
// Technopoly: a debt the cash cannot cover is one at once, A001-04.)
func tpConfirmCases() []tpConfirmCase {
	return []tpConfirmCase{
		{name: "buy", viewer: 0,
			state: func(t *testing.T) *ppState {
				return newTPState(t, 3, 150000).At(0, tpLearnLoop).TurnTo(0).Buying()
			},
			open:   []string{"b"},
			want:   []string{"Buy LearnLoop for £10,000?", "cash £150,000 → £140,000"},
			action: opoly.Buy{}},
		{name: "takeover request", viewer: 0,
			state:  func(t *testing.T) *ppState { return tpBoard(t, 90000) },
			open:   []string{"t", "enter"},
			want:   []string{"Ask bob to hand over Harbour Cloud for £18,000", "cash £90,000 → £72,000"},
			action: opoly.RequestTakeover{Cell: tpHarbourCloud}},
		{name: "takeover approval", viewer: 1,
			state: func(t *testing.T) *ppState { return tpBoard(t, 90000) },
			prep: func(f *fixture) {
				f.Apply(0, opoly.RequestTakeover{Cell: tpHarbourCloud})
				f.As(1)
				left := tpLeft(f.Plain(smallW, smallH))
				assert.Contains(f.T, left, "ada asks for Harbour Cloud (Cloud field) at £18,000", "the request is on screen")
				assert.Contains(f.T, left, "a approve · n deny", "with its keys")
			},
			open:   []string{"a"},
			want:   []string{"Approve? Harbour Cloud passes to ada at once", "cash £90,000 → £108,000"},
			action: opoly.ApproveTakeover{}},
		{name: "hire", viewer: 0,
			state:  func(t *testing.T) *ppState { return tpBoard(t, 150000) },
			open:   []string{"+", "enter"},
			want:   []string{"Hire a developer on TutorNest for £5,000?", "cash £150,000 → £145,000"},
			action: opoly.Build{Cell: tpTutorNest}},
		{name: "hire a CTO", viewer: 0,
			state: func(t *testing.T) *ppState {
				return tpBoard(t, 150000).Level(3, tpLearnLoop, tpQuizForge, tpTutorNest)
			},
			open:   []string{"+", "enter"},
			want:   []string{"Hire a CTO on LearnLoop for £5,000?", "cash £150,000 → £145,000"},
			action: opoly.Build{Cell: tpLearnLoop}},
		{name: "terminate in turn", viewer: 0,
			state:  func(t *testing.T) *ppState { return tpBoard(t, 90000) },
			open:   []string{"x"},
			want:   []string{"Terminate the game? It ends now for everyone and you cannot win", "cash £90,000 → £90,000"},
			action: opoly.Resign{}},
		{name: "terminate out of turn", viewer: 1,
			state:  func(t *testing.T) *ppState { return tpBoard(t, 90000).Cash(1, 120000) },
			open:   []string{"x"},
			want:   []string{"Terminate the game? It ends now for everyone and you cannot win: ada wins.", "cash £120,000 → £120,000"},
			action: opoly.Resign{}},
	}
}

// TestTechnopolyEveryConfirmationVisibleAt80x24: every confirmable action
// of Technopoly opens a question that is on screen in full at 80x24 (the
// play area of 80x12), with the cash before -> after and the keys line;
// Enter answers no (nothing is sent) and only y sends the action. With
// and without colour.
func TestTechnopolyEveryConfirmationVisibleAt80x24(t *testing.T) {
	for _, c := range tpConfirmCases() {
		for _, noColor := range []bool{true, false} {
			t.Run(c.name, func(t *testing.T) {
				f := c.state(t).Fixture(c.viewer, noColor)
				f.Live = true
				if c.prep != nil {
					c.prep(f)
				}
				f.Key(c.open...)
				require.Equal(t, modeConfirm, f.r.mode, "the keys %v open a question", c.open)
				require.Empty(t, f.Sent, "opening the question sends nothing")
				screen := f.Plain(smallW, smallH)
				left := tpLeft(screen)
				q := tpFlat(ansi.Strip(f.r.confirm.question))
				assert.Contains(t, left, q, "the whole question is on screen:\n%s", screen)
				for _, w := range c.want {
					assert.Contains(t, q, w)
				}
				assert.Contains(t, q, "→", "cash before -> after")
				assert.Contains(t, left, tpFlat(tui.YesNoLine), "the keys under the question:\n%s", screen)
				last := strings.Split(screen, "\n")[smallH-1]
				assert.Contains(t, last, tui.YesNoLine, "and in the action bar")

				f.Key("enter")
				require.Empty(t, f.Sent, "enter answers no")
				require.Equal(t, modeBoard, f.r.mode)
				f.Key(c.open...)
				f.Key("y")
				require.Equal(t, []any{c.action}, anySlice(f.Sent), "y confirms")
			})
		}
	}
}

// tpLeft is the question's column of the small screen's dialog (the card
// is at its right), its lines joined and spaces made one.
func tpLeft(screen string) string {
	lw, _ := wideSplit(smallW)
	var b strings.Builder
	for _, l := range strings.Split(screen, "\n") {
		rs := []rune(l)
		if len(rs) > lw {
			rs = rs[:lw]
		}
		b.WriteString(string(rs))
		b.WriteByte(' ')
	}
	return tpFlat(b.String())
}

// tpFlat makes every run of spaces one space.
func tpFlat(s string) string { return strings.Join(strings.Fields(s), " ") }
