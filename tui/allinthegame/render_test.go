package allinthegame

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	aitg "boardroom/engine/allinthegame"
	"boardroom/tui/tuitest"
)

// reachable lists every action the menu's steps lead to.
func reachable(s *step) []string {
	var out []string
	for _, it := range s.items {
		switch {
		case it.next != nil:
			out = append(out, reachable(it.next())...)
		case it.act != nil:
			out = append(out, fmt.Sprintf("%#v", it.act))
		}
	}
	return out
}

func actionSet(as []engine.Action) []string {
	var out []string
	for _, a := range as {
		out = append(out, fmt.Sprintf("%#v", a))
	}
	sort.Strings(out)
	return out
}

// TestRenderFitsEverySize: every line of every screen of whole games (2-4
// players, both modules on and off) is exactly the width given, at the
// play areas of 80x24 and 160x50 and at in-between sizes, for a seated
// player and a spectator.
func TestRenderFitsEverySize(t *testing.T) {
	sizes := [][2]int{{smallW, smallH}, {smallW, 15}, {100, 20}, {largeW, largeH}, {160, 50}}
	for _, n := range []int{2, 3, 4} {
		for _, opts := range []map[string]string{nil, {"deadlines": "off", "innovation": "off"}} {
			f := newFixture(t, n, opts, uint64(10+n), 0, false)
			steps := 0
			f.until(func() bool {
				steps++
				if steps%7 == 0 {
					for _, viewer := range []int{0, engine.Spectator} {
						f.As(viewer)
						for _, s := range sizes {
							f.Render(s[0], s[1])
						}
					}
				}
				return false
			})
			f.As(0)
			require.True(t, f.view().Over)
			out := f.Plain(smallW, smallH)
			require.Contains(t, out, "The game is over.")
			f.Key("i") // no page after the game: at 80x24 nobody would see it take the keys
			require.Len(t, f.r.stack, 1)
			require.False(t, f.r.Capturing())
			require.NotContains(t, out, "(i: whole card)", "nor a promise of it")
		}
	}
}

// TestSmallScreenShowsTheWholeTable: at 80x12 every project row, the
// players with dollars, hand size and moves, the hand and the menu are on
// screen (4 players, Innovation on: six projects).
func TestSmallScreenShowsTheWholeTable(t *testing.T) {
	f := newFixture(t, 4, nil, 3, 1, false)
	require.True(t, f.myWork("assign"))
	out := f.Plain(smallW, smallH)
	v := f.view()
	for _, p := range v.Projects {
		require.Contains(t, out, p.Name[:10])
	}
	for _, p := range v.Players {
		require.Contains(t, out, fmt.Sprintf("%s h%d m%d", aitg.Money(p.Dollars), p.HandSize, p.MovesLeft))
	}
	require.Contains(t, out, "Your hand: ")
	require.Contains(t, out, "> a Assign", "the actions side by side, the first highlighted")
	require.Contains(t, out, "Assign a consultant from your hand to a desk", "what the highlighted action does")
	require.Contains(t, out, "s Pass")
	require.Contains(t, out, "x Resign")
	require.Contains(t, out, ">2 bob", "the player to act is marked")
	require.Contains(t, out, "Event "+v.Event.ID)
	large := f.Plain(largeW, largeH)
	require.Contains(t, large, "Decks: ")
	require.Contains(t, large, "moves left")
	require.Contains(t, large, "(you)")
}

// TestNoColourIsReadable: without colours the screen has no colour codes
// and the marks carry the meaning: desks as [D*..], the player to act
// with >, the menu cursor with >.
func TestNoColourIsReadable(t *testing.T) {
	f := newFixture(t, 3, nil, 5, 0, true)
	require.True(t, f.myWork("assign"))
	raw := f.Render(smallW, smallH)
	require.False(t, tuitest.HasColour(raw), "NO_COLOR output has colour codes")
	out := f.Plain(smallW, smallH)
	require.Regexp(t, `\[[DSIB]\*\.\.\]`, out, "a free Principal-only desk")
	require.Regexp(t, `\[A \.\.\]`, out, "a free Innovation desk")
	require.Contains(t, out, ">1 ada")
	require.Contains(t, out, "> a Assign")
	f.Key("a", "enter")
	out = f.Plain(smallW, smallH)
	require.Regexp(t, `>[DSIBA][ *][.0-9][.sP]<`, out, "the chosen desk")
	coloured := newFixture(t, 3, nil, 5, 0, false)
	require.True(t, coloured.myWork("assign"))
	require.True(t, tuitest.HasColour(coloured.Render(smallW, smallH)))
}

// TestMenuOffersExactlyTheLegalActions: at many points of real games the
// actions reachable through the menu, its lists and its desk picker are
// exactly the viewer's legal actions, and the menu is empty when the
// viewer has none.
func TestMenuOffersExactlyTheLegalActions(t *testing.T) {
	for _, n := range []int{2, 4} {
		f := newFixture(t, n, nil, uint64(n), 0, false)
		checked := map[string]int{}
		f.until(func() bool {
			for seat := 0; seat < n; seat++ {
				f.As(seat)
				legal := f.G.Legal(seat)
				got := reachable(f.r.menu())
				sort.Strings(got)
				if len(legal) == 0 {
					require.Empty(t, got)
					continue
				}
				require.Equal(t, actionSet(legal), got, "seat %d phase %s", seat, f.G.Prompt().Phase)
				checked[f.G.Prompt().Phase]++
			}
			return false
		})
		require.Greater(t, checked[aitg.PhaseWork], 50)
		require.Greater(t, checked[aitg.PhaseTrainPick]+checked[aitg.PhaseRecruitPick], 0)
	}
}

var deskCellRe = regexp.MustCompile(`([\[(>])([DSIBA][A-Z]{0,2})([ *])(\.\.|[1-4][sP])([\])<])`)

// TestDeskPickerShowsOnlyLegalDesks: opening Assign for a card marks on
// the board exactly the desks the rules allow for that card, the cursor
// walks only those, and enter submits the assign of the chosen desk.
func TestDeskPickerShowsOnlyLegalDesks(t *testing.T) {
	f := newFixture(t, 2, nil, 9, 0, false)
	require.True(t, f.until(func() bool {
		p := f.G.Prompt()
		if p.Phase != aitg.PhaseWork || !p.Awaits(0) {
			return false
		}
		// a position with a project partly filled, so gaps and the
		// right-of-rightmost rule both matter
		for _, pr := range f.G.View(0).(aitg.View).Projects {
			for _, d := range pr.Desks {
				if d.Owner >= 0 {
					return tuitest.LegalKind(f.G, 0, "assign") != nil
				}
			}
		}
		return false
	}))
	f.Key("a")
	require.Len(t, f.r.stack, 2, "the card list is open")
	card := f.r.stack[1].items[0]
	f.Key("enter")
	pick := f.r.deskPicker()
	require.NotNil(t, pick, card.label)
	// legal desks of that card, from the game
	var want []string
	var colour int
	var isP bool
	for _, a := range f.G.Legal(0) {
		if as, ok := a.(aitg.Assign); ok && strings.HasPrefix(card.label, cardName(as.Colour, as.Principal)+" ") {
			colour, isP = as.Colour, as.Principal
			want = append(want, fmt.Sprintf("%d/%d", as.Project, as.Desk))
		}
	}
	require.NotEmpty(t, want)
	for k := 0; k < len(want); k++ {
		out := f.Plain(160, 50)
		var marked []string
		cursor := ""
		for _, line := range strings.Split(out, "\n") {
			slot := projectOf(f, line)
			if slot < 0 {
				continue
			}
			for d, m := range deskCellRe.FindAllStringSubmatch(line, -1) {
				switch m[1] {
				case "(":
					marked = append(marked, fmt.Sprintf("%d/%d", slot, d))
				case ">":
					cursor = fmt.Sprintf("%d/%d", slot, d)
					marked = append(marked, cursor)
				}
			}
		}
		require.ElementsMatch(t, want, marked, "marked desks for %s", cardName(colour, isP))
		require.Contains(t, want, cursor)
		f.Key("right")
	}
	f.Key("enter")
	require.Len(t, f.Sent, 1)
	a := f.Sent[0].(aitg.Assign)
	require.Equal(t, colour, a.Colour)
	require.Equal(t, isP, a.Principal)
}

// projectOf finds which slot a board line draws (by the project's name at
// the line's start), or -1.
func projectOf(f *fixture, line string) int {
	if len(line) < 3 {
		return -1
	}
	for i, p := range f.view().Projects {
		if p.Empty {
			continue
		}
		if strings.HasPrefix(strings.TrimLeft(line[2:], " "), p.Name[:min(len(p.Name), 12)]) {
			return i
		}
	}
	return -1
}

// TestSecretPickOnlyOnTheActingScreen: after Train, the acting player's
// screen offers the Senior deck with its counts; the other player's
// screen shows neither the picker nor the counts nor which card was given
// back, only that the pick is going on.
func TestSecretPickOnlyOnTheActingScreen(t *testing.T) {
	f := newFixture(t, 2, nil, 4, 0, false)
	require.True(t, f.myWork("train"))
	f.Key("t")
	for f.r.stack[len(f.r.stack)-1].kind == stepList {
		f.Key("enter") // the first card
	}
	require.Equal(t, stepConfirm, f.r.stack[len(f.r.stack)-1].kind)
	f.Key("y")
	require.Len(t, f.Sent, 1)
	require.Equal(t, aitg.PhaseTrainPick, f.G.Prompt().Phase)
	mine := f.Plain(largeW, largeH)
	require.Contains(t, mine, "Secret pick (only you see this)")
	v := f.view()
	for c := 0; c < aitg.NumColours; c++ {
		if v.Search[c] > 0 {
			require.Contains(t, mine, fmt.Sprintf("Take a Senior %s (%d in the deck)", aitg.ColourCode(c), v.Search[c]))
		}
	}
	f.As(1)
	other := f.Plain(largeW, largeH)
	require.NotContains(t, other, "Secret pick")
	require.NotContains(t, other, "in the deck")
	require.Contains(t, other, "Waiting for ada: picking a trained Senior in secret.")
	items := f.r.menu().items
	require.Len(t, items, 1, "outside the turn only resigning is offered (C-8)")
	require.Equal(t, aitg.Resign{}, items[0].act)
	require.NotContains(t, f.Plain(smallW, smallH), "in the deck")
	// back to ada: enter takes the highlighted colour, in secret
	f.As(0)
	f.Key("enter")
	require.Len(t, f.Sent, 2)
	_, ok := f.Sent[1].(aitg.TakeSenior)
	require.True(t, ok)
}

// TestSpendingAsksFirst: Train, Promote and Recruit say what they cost
// and do to the dollars, and nothing is sent before yes; no goes back.
func TestSpendingAsksFirst(t *testing.T) {
	f := newFixture(t, 2, nil, 4, 0, false)
	f.Live = false
	require.True(t, f.myWork("train", "promote"))
	v := f.view()
	have := v.Players[0].Dollars
	for _, k := range []struct {
		key, word string
		cost      int64
	}{{"t", "Train for", v.TrainCost}, {"p", "Promote for", v.PromoteCost}} {
		f.Key(k.key, "enter")
		out := f.Plain(smallW, smallH)
		require.Contains(t, out, k.word+" "+aitg.Money(k.cost)+"?")
		require.Contains(t, out, "Dollars "+aitg.Money(have)+" → "+aitg.Money(have-k.cost))
		require.Empty(t, f.Sent)
		f.Key("n")
		require.Empty(t, f.Sent)
		f.Key("esc")
		require.Len(t, f.r.stack, 1)
	}
	f.Key("p", "enter", "y")
	require.Len(t, f.Sent, 1)
	_, ok := f.Sent[0].(aitg.Promote)
	require.True(t, ok)
}

// TestPassAndAssignByKeys: s asks before passing; a, enter, enter assigns
// the first card to its first legal desk.
func TestPassAndAssignByKeys(t *testing.T) {
	f := newFixture(t, 3, nil, 8, 2, false)
	require.True(t, f.myWork("assign"))
	first := tuitest.LegalKind(f.G, 2, "assign").(aitg.Assign)
	f.Key("s")
	require.Contains(t, f.Plain(smallW, smallH), "Pass? You take no more actions this round.")
	f.Key("esc")
	f.Key("a", "enter", "enter")
	require.Equal(t, []engine.Action{first}, f.Sent)
	require.Len(t, f.r.stack, 1, "the menu starts over after an action")
	require.True(t, f.myWork())
	f.Key("s", "y")
	require.Equal(t, aitg.Pass{}, f.Sent[len(f.Sent)-1])
}

// TestC8_ResignOutsideYourTurnAsksFirst: a player who is not awaited is
// offered Resign, which asks before it is sent.
func TestC8_ResignOutsideYourTurnAsksFirst(t *testing.T) {
	f := newFixture(t, 3, nil, 8, 2, false)
	f.Live = false
	require.True(t, f.until(func() bool { return f.G.Prompt().Phase == aitg.PhaseWork && !f.G.Prompt().Awaits(2) }))
	f.As(2)
	out := f.Plain(smallW, smallH)
	require.Contains(t, out, "x  Resign the game (asks first)")
	f.Key("x")
	require.Contains(t, f.Plain(smallW, smallH), "Resign the game? You leave it at once")
	require.Empty(t, f.Sent)
	f.Key("n")
	require.Empty(t, f.Sent)
	f.Key("x", "y")
	require.Equal(t, []engine.Action{aitg.Resign{}}, f.Sent)
}
