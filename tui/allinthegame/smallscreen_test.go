package allinthegame

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"

	aitg "boardroom/engine/allinthegame"
	"boardroom/tui"
)

// TestSmallScreenHasWhatAPlayerNeeds (80x24): with six projects on the
// table the first line counts the International Projects left and says
// this round's costs; every project row is there with its name whole or
// cut with "…" (whole on the i page); every action is in sight at once;
// a list longer than its room says how many more there are, and the
// cursor brings them into sight.
func TestSmallScreenHasWhatAPlayerNeeds(t *testing.T) {
	f := newFixture(t, 4, nil, 3, 1, true)
	f.Live = false
	require.True(t, f.myWork("train"))
	f.withHand(1, aitg.HandCard{Colour: aitg.DEV, Count: 1}, aitg.HandCard{Colour: aitg.SEC, Count: 1},
		aitg.HandCard{Colour: aitg.INF, Count: 1}, aitg.HandCard{Colour: aitg.BIZ, Count: 1},
		aitg.HandCard{Colour: aitg.DEV, Principal: true, Count: 1}, aitg.HandCard{Colour: aitg.SEC, Principal: true, Count: 1},
		aitg.HandCard{Colour: aitg.INF, Principal: true, Count: 1}, aitg.HandCard{Colour: aitg.BIZ, Principal: true, Count: 1})
	v := f.view()
	require.Len(t, v.Projects, 6)
	out := f.Plain(smallW, smallH)
	require.Contains(t, out, "Your hand: Seniors: DEV, SEC x2, INF, BIZ x2 · Principals: DEV, SEC, INF, BIZ", "a big hand whole")
	lines := strings.Split(out, "\n")
	require.Contains(t, lines[0], "Intl Projects left: "+strconv.Itoa(v.IntlLeft))
	require.Contains(t, lines[0], "Train "+aitg.Money(v.TrainCost)+", Promote "+aitg.Money(v.PromoteCost)+", Recruit "+aitg.Money(v.RecruitCost))
	f.Key("i")
	page := ""
	for k := 0; k < 30; k++ {
		page += f.Plain(smallW, smallH) + "\n"
		f.Key("down")
	}
	f.Key("esc")
	for _, p := range v.Projects {
		cut := strings.TrimSuffix(tui.Fit(p.Name, 12, "…"), "…")
		require.Contains(t, out, cut, "each project is on the board")
		require.Contains(t, words(page), p.Name, "and whole on the i page")
	}
	for _, a := range []string{"a Assign", "t Train", "p Promote", "r Recruit", "s Pass", "x Resign"} {
		require.Contains(t, out, a, "every action in sight")
	}
	// the Train list holds 8 cards; given two lines (a short screen with
	// an error line, say) it shows a window and says how many are out of it
	f.Key("t")
	require.Contains(t, f.Plain(smallW, smallH), "Principal BIZ (you hold 1)", "at 80x24 the 8 cards fit")
	plain := func(ls []string) string { return ansi.Strip(strings.Join(ls, "\n")) }
	out = plain(f.r.menuLines(smallW, 3, true))
	require.Regexp(t, `… \d+ more below \(arrows\)`, out)
	for k := 0; k < 7; k++ {
		f.Key("down")
	}
	out = plain(f.r.menuLines(smallW, 3, true))
	require.Contains(t, out, "> Principal BIZ (you hold 1)")
	require.Regexp(t, `… \d+ more above \(arrows\)`, out)
	out = plain(f.r.menuLines(largeW, 4, false)) // one a line on a tall screen
	require.Contains(t, out, "> Principal BIZ (you hold 1)")
	require.Regexp(t, `… \d+ more above \(arrows\)`, out)
}

// TestShortScreenAsksTheQuestionOfEveryPhase: at 80x24 the player the
// game waits for sees what it asks (choose the start player, give a Senior
// to the Headhunters, the secret picks), not only the answers.
func TestShortScreenAsksTheQuestionOfEveryPhase(t *testing.T) {
	asked := map[string]bool{}
	for _, phase := range []string{aitg.PhaseTrainPick, aitg.PhaseRecruitPick, aitg.PhaseChooseStart, aitg.PhaseHeadhunters} {
		for seed := uint64(1); seed <= 8 && !asked[phase]; seed++ {
			f := newFixture(t, 3, nil, seed, 0, true)
			if f.until(func() bool { return f.G.Prompt().Phase == phase }) {
				f.As(f.G.Prompt().Waiting[0].Seat)
				out := f.Plain(smallW, smallH)
				require.Contains(t, out, f.r.stack[0].title, "seed %d", seed)
				require.Contains(t, out, "> ", "seed %d: the first answer is highlighted", seed)
				asked[phase] = true
			}
		}
	}
	require.Len(t, asked, 4)
}

// TestSmallScreenPlayersLineKeepsEveryNumber: at 80x24 with four players
// the one players line keeps every player's dollars, hand size and moves
// (or that they passed) through a whole game; the names give way.
func TestSmallScreenPlayersLineKeepsEveryNumber(t *testing.T) {
	f := newFixture(t, 4, nil, 7, 0, true)
	f.until(func() bool {
		f.Refresh()
		v := f.view()
		if v.Over {
			return false
		}
		out := f.Plain(smallW, smallH)
		for _, p := range v.Players {
			want := aitg.Money(p.Dollars) + " h" + strconv.Itoa(p.HandSize) + " m" + strconv.Itoa(p.MovesLeft)
			switch {
			case p.Resigned:
				want = aitg.Money(p.Dollars) + " resigned"
			case p.Passed:
				want = aitg.Money(p.Dollars) + " h" + strconv.Itoa(p.HandSize) + " passed"
			}
			require.Regexp(t, `(?m)^.*[ >]`+strconv.Itoa(p.Seat+1)+` \S+ `+regexp.QuoteMeta(want), out, "round %d", v.Round)
		}
		return false
	})
}

// TestDeskPickerSaysTheWholeDeskAt80x24: the chosen desk's whole line,
// "completes the project" included, is on screen at 80x24 (it wraps).
func TestDeskPickerSaysTheWholeDeskAt80x24(t *testing.T) {
	f := newFixture(t, 4, nil, 3, 1, true)
	require.True(t, f.myWork())
	v := f.view()
	// seat 0's Seniors on every desk of project 0 but the last, and a
	// Principal for the last one in the viewer's hand
	snap, err := f.G.Snapshot()
	require.NoError(t, err)
	var st map[string]any
	require.NoError(t, json.Unmarshal(snap, &st))
	p := v.Projects[0]
	desks := st["slots"].([]any)[0].(map[string]any)["desks"].([]any)
	seniors := st["seniors"].([]any)
	for d := 0; d < len(p.Desks)-1; d++ {
		if desks[d].(map[string]any)["owner"].(float64) >= 0 {
			continue
		}
		c := p.Desks[d].Colour
		desks[d] = map[string]any{"owner": 0, "colour": c}
		seniors[c] = seniors[c].(float64) - 1
	}
	snap, err = json.Marshal(st)
	require.NoError(t, err)
	f.G, err = aitg.Definition{}.Restore(snap)
	require.NoError(t, err)
	last := p.Desks[len(p.Desks)-1].Colour
	f.withHand(1, aitg.HandCard{Colour: last, Principal: true, Count: 1})
	f.Key("a")
	top := f.r.stack[len(f.r.stack)-1]
	for !strings.HasPrefix(top.items[top.cursor].label, "Principal "+aitg.ColourCode(last)) {
		f.Key("down")
	}
	f.Key("enter")
	pick := f.r.deskPicker()
	require.NotNil(t, pick)
	for k := 0; k < len(pick.items) && !strings.Contains(pick.items[pick.cursor].label, "completes"); k++ {
		f.Key("right")
	}
	label := pick.items[pick.cursor].label
	require.Contains(t, label, "completes the project, it pays out now")
	require.Contains(t, words(f.Plain(smallW, smallH)), "> "+label)
}
