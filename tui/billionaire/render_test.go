package billionaire

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"

	"boardroom/engine"
	bill "boardroom/engine/billionaire"
	"boardroom/tui/tuitest"
)

// sizes are the play areas at 80x24 and 160x50 and the whole terminals.
var sizes = [][2]int{{smallW, smallH}, {largeW2, largeH2}, {80, 24}, {160, 50}, {100, 30}}

// zoneVisit plays until it is seat's own visit to a zone (the others
// choose no cards and end their visits).
func (f *fixture) zoneVisit(seat int) {
	f.T.Helper()
	require.True(f.T, f.play(seat, func() bool {
		v := f.view()
		return v.Phase == bill.PhaseZone && v.Current == seat
	}), "no visit of seat %d", seat)
}

// boughtAndLoaded plays round 1 (ada buys the first Lab she can in the
// East) and round 2 up to ada's East visit with a Select Work and a Do
// Work card chosen; the other seats play nothing.
func boughtAndLoaded(t *testing.T, f *fixture) {
	t.Helper()
	f.Key("+", "enter", "y") // 1 Acquire Lab, confirmed
	require.True(t, f.view().Players[0].Chosen)
	f.zoneVisit(0)
	f.Key("a", "enter", "y")
	require.Len(t, f.view().Players[0].Labs, 1)
	f.Key("e")
	require.True(t, f.play(0, func() bool { return f.view().Round == 2 && f.view().Phase == bill.PhaseSelect }))
	f.Refresh()
	require.Equal(t, modeCards, f.r.mode, "the card picker opens by itself")
	f.Key("down", "down", "+", "down", "+", "enter", "y") // 1 Select Work, 1 Do Work
	require.Equal(t, [5]int{0, 0, 1, 1, 0}, [5]int(*f.view().Players[0].Hand))
	f.zoneVisit(0)
}

// TestRenderFitsEverySize: every phase of a few games at 80x24, 160x50
// and the play areas inside them, in colour, NO_COLOR and ASCII: exactly
// w x h, no line wider than the terminal.
func TestRenderFitsEverySize(t *testing.T) {
	for _, theme := range [][2]bool{{false, false}, {true, false}, {true, true}} {
		for _, seed := range []uint64{1, 7, 42} {
			f := newFixture(t, 4, seed, 0, theme[0])
			f.r.th = tuitest.Theme(theme[0], theme[1])
			f.r.ctx.Theme = f.r.th
			for step := 0; step < 400 && f.G.Prompt().Phase != bill.PhaseOver; step++ {
				if step%7 == 0 {
					for _, sz := range sizes {
						f.Render(sz[0], sz[1])
					}
					f.Key("d")
					f.Render(smallW, smallH)
					f.Key("esc", "v")
					f.Render(smallW, smallH)
					f.Key("v", "right")
				}
				p := f.G.Prompt()
				w := p.Waiting[0]
				a := w.Default
				if l := f.G.Legal(w.Seat); len(l) > 2 && step%3 == 0 {
					a = l[step%(len(l)-1)]
				}
				_, err := f.G.Apply(w.Seat, a)
				require.NoError(t, err)
				f.Refresh()
			}
		}
	}
}

// TestNoColourKeepsEveryMark: without colour the marks carry the screen:
// '>' the awaited player and the picked row, '*' the active zone and the
// shown company, '#' the viewer's own Lab, '!' the closed continent, '+'
// the Lab bought this round; and no colour sequence is written.
func TestNoColourKeepsEveryMark(t *testing.T) {
	f := newFixture(t, 2, 3, 0, true)
	bobHolds(f)
	f.Key("+", "enter", "y")
	f.zoneVisit(0)
	f.Key("a", "enter", "y")
	out := f.Render(largeW2, largeH2)
	require.False(t, tuitest.HasColour(out), "colour in NO_COLOR")
	plain := ansi.Strip(out)
	v := f.view()
	lab := v.Players[0].Labs[0].Loc
	name := v.Locations[lab].Name
	require.Contains(t, plain, "#"+name)
	require.Regexp(t, `#`+name+`.* P1\+`, plain)
	require.Contains(t, plain, "* "+bill.ZoneName(v.Zone)+" zone", "the active zone")
	require.Regexp(t, ` \*1 ada \(you\)`, plain, "shown")
	require.Regexp(t, `> 2 bob`, plain, "awaited: ada's visit ended with her last card")
	blocked := bill.ContinentCode(v.Blocked)
	require.Regexp(t, ` `+blocked+` [SML] .*!`, plain, "closed continent marked")
	f.Key("e")
	out = f.Render(smallW, smallH)
	require.False(t, tuitest.HasColour(out))
}

// TestMenuOffersExactlyTheLegalActions: in every state the keys of the
// action bar are those of the kinds the engine lists, no more, no less.
func TestMenuOffersExactlyTheLegalActions(t *testing.T) {
	keyOf := map[string]string{"choose": "c", "forced_sell": "f", "acquire_lab": "a", "sell_lab": "s",
		"select_work": "w", "do_work": "d", "stop_work": "x", "accept": "y", "decline": "n", "end_zone": "e", "resign": "R"}
	seen := map[string]bool{}
	for _, seed := range []uint64{2, 5} {
		f := newFixture(t, 3, seed, 0, false)
		bots := []engine.Bot{bill.Definition{}.NewBot(0, seed), bill.Definition{}.NewBot(1, seed), bill.Definition{}.NewBot(2, seed)}
		for step := 0; step < 1500 && f.G.Prompt().Phase != bill.PhaseOver; step++ {
			var want, got []string
			for _, a := range f.G.Legal(0) {
				if k := keyOf[a.Kind()]; !slices.Contains(want, k) {
					want = append(want, k)
				}
			}
			for _, e := range f.r.barEntries() {
				got = append(got, e.key)
				seen[e.key] = true
			}
			sort.Strings(want)
			sort.Strings(got)
			require.Equal(t, want, got, "step %d phase %s", step, f.G.Prompt().Phase)
			// Bots play every seat, so the game reaches every kind of action.
			w := f.G.Prompt().Waiting[0]
			a := bots[w.Seat].Choose(f.G.View(w.Seat), f.G.Legal(w.Seat))
			_, err := f.G.Apply(w.Seat, a)
			require.NoError(t, err)
			f.Refresh()
		}
	}
	for _, k := range []string{"c", "a", "w", "d", "e", "y", "n", "R"} {
		require.True(t, seen[k], "key %s never offered: the test did not reach its action", k)
	}
}

// TestLocationPickerShowsOnlyLegalLocations: the Acquire Lab list is the
// engine's list: free locations of the active zone the viewer can pay.
func TestLocationPickerShowsOnlyLegalLocations(t *testing.T) {
	f := newFixture(t, 2, 11, 0, false)
	f.Key("+", "enter", "y")
	f.zoneVisit(0)
	f.Key("a")
	require.Equal(t, modePick, f.r.mode)
	var want []engine.Action
	for _, a := range f.G.Legal(0) {
		if a.Kind() == "acquire_lab" {
			want = append(want, a)
		}
	}
	require.Equal(t, want, f.r.pick.acts)
	plain := f.Plain(smallW, smallH)
	for _, l := range bill.Locations() {
		offered := slices.Contains(want, engine.Action(bill.AcquireLab{Loc: l.ID}))
		inList := strings.Contains(plain, fmt.Sprintf("%-13s %s %s cost", l.Name, bill.ContinentCode(l.Continent), l.Type))
		require.Equal(t, offered, inList, l.Name)
		if l.Zone != f.view().Zone || l.Cost > f.view().Players[0].Capital {
			require.False(t, inList, "%s cannot be bought now", l.Name)
		}
	}
}

// TestSecretChoiceOnlyOnTheChoosersScreen: both players choose at once;
// each screen shows its own cards and only "chosen: yes/no" of the other
// until the cards are played.
func TestSecretChoiceOnlyOnTheChoosersScreen(t *testing.T) {
	f := newFixture(t, 2, 4, 0, false)
	require.Equal(t, modeCards, f.r.mode)
	f.Key("+", "enter", "y") // ada: 1 Acquire Lab
	ada := f.Plain(largeW2, largeH2)
	require.Contains(t, ada, "Your secret cards: 1 Acquire Lab")
	require.Contains(t, ada, "chosen: no", "bob has not chosen")
	f.As(1)
	bob := f.Plain(largeW2, largeH2)
	require.NotContains(t, bob, "Acquire Lab          3      1", "bob's picker starts empty")
	f.Key("esc")
	bob = f.Plain(largeW2, largeH2)
	require.Regexp(t, `1 ada +50 M€ 0 chosen: yes`, bob)
	require.NotContains(t, bob, "Acquire Lab.")
	for _, sz := range sizes {
		require.NotContains(t, f.Plain(sz[0], sz[1]), "Your secret cards: 1 Acquire")
	}
	f.Key("c", "down", "down", "+", "enter", "y") // bob: 1 Select Work
	require.NotEqual(t, bill.PhaseSelect, f.view().Phase, "both chose: the cards are played")
	bob = f.Plain(largeW2, largeH2)
	require.NotContains(t, bob, "Acquire")
	f.As(0)
	require.NotContains(t, f.Plain(largeW2, largeH2), "Select Work", "ada never sees bob's card type before he plays it")
}

// TestBuyingAsksFirstAndSaysTheCost: enter in the Lab list asks a question
// with the capital before and after; n sends nothing, y buys.
func TestBuyingAsksFirstAndSaysTheCost(t *testing.T) {
	f := newFixture(t, 2, 9, 0, false)
	bobHolds(f)
	f.Key("+", "enter", "y")
	f.zoneVisit(0)
	f.Key("a", "enter")
	require.Equal(t, modeConfirm, f.r.mode)
	loc := f.r.confirm.action.(bill.AcquireLab).Loc
	l := bill.Locations()[loc]
	q := f.Plain(smallW, smallH)
	require.Contains(t, q, fmt.Sprintf("Buy the %s Lab in %s for %d M€? capital 50 M€ → %d M€", bill.SizeName(l.Type), l.Name, l.Cost, 50-l.Cost))
	n := len(f.Sent)
	f.Key("n")
	require.Len(t, f.Sent, n, "no sends nothing")
	require.Equal(t, modePick, f.r.mode)
	f.Key("enter", "y")
	require.Equal(t, bill.AcquireLab{Loc: loc}, f.Sent[len(f.Sent)-1])
	require.Equal(t, 50-l.Cost, f.view().Players[0].Capital)
}

// TestSelectWorkAcceptAndDoWork: the drawn items show only to the drawer
// with y/n; the Do Work list previews the rings the rules give.
func TestSelectWorkAcceptAndDoWork(t *testing.T) {
	f := newFixture(t, 2, 12, 0, false)
	boughtAndLoaded(t, f)
	f.Key("w")
	require.Equal(t, modePick, f.r.mode)
	require.Len(t, f.r.pick.acts, 4)
	f.Key("enter") // small + small: no money, no question
	v := f.view()
	require.Equal(t, bill.PhaseDecide, v.Phase)
	drawn := v.Drawn[0]
	require.Contains(t, f.Plain(largeW2, largeH2), "> now: "+drawn.Code)
	f.As(1)
	require.NotContains(t, f.Plain(largeW2, largeH2), drawn.Code, "the other player does not see the draw")
	f.As(0)
	f.Key("y")
	require.Equal(t, drawn.ID, f.view().Players[0].Containers[0].Item.ID)
	f.Key("n")
	if f.view().Blocked == bill.Locations()[f.view().Players[0].Labs[0].Loc].Continent {
		t.Skip("the event closed the Lab's continent this round")
	}
	f.Key("d")
	require.Equal(t, modePick, f.r.mode)
	dw := f.r.pick.acts[0].(bill.DoWork)
	lab := bill.Locations()[dw.Labs[0]]
	want := lab.Capacity
	if lab.Continent == drawn.Customer {
		want *= 2
	}
	hi := max(0, want-lab.Overhead) // the container moves onto the Lab
	row := f.Plain(smallW, smallH)
	if drawn.HighRisk {
		require.Contains(t, row, fmt.Sprintf("+0 to %d (dice) md", hi))
	} else {
		require.Contains(t, row, fmt.Sprintf("+%d md", hi))
	}
	f.Key("enter")
	c := f.view().Players[0].Containers[0]
	if c.Item != nil {
		require.LessOrEqual(t, c.Rings, hi)
		require.Equal(t, dw.Host, c.Loc)
	}
}

// TestEndVisitWithCardsLeftAsks: ending a visit with playable cards asks.
func TestEndVisitWithCardsLeftAsks(t *testing.T) {
	f := newFixture(t, 2, 8, 0, false)
	f.Key("+", "enter", "y")
	f.zoneVisit(0)
	n := len(f.Sent)
	f.Key("e")
	require.Equal(t, modeConfirm, f.r.mode)
	require.Contains(t, f.Plain(smallW, smallH), "You still hold 1 Acquire Lab")
	f.Key("esc")
	require.Len(t, f.Sent, n)
	f.Key("e", "y")
	require.Equal(t, bill.EndZone{}, f.Sent[len(f.Sent)-1])
}

// TestSmallScreenShowsOneZoneAtATime: at 80x24 the map shows the active
// zone's six locations; right and left show the others, "." follows the
// sun again.
func TestSmallScreenShowsOneZoneAtATime(t *testing.T) {
	f := newFixture(t, 2, 6, 0, false)
	f.Key("esc")
	zoneOf := func(out string) []string {
		var names []string
		for _, l := range bill.Locations() {
			if strings.Contains(out, fmt.Sprintf(" %-13s %s %s", l.Name, bill.ContinentCode(l.Continent), l.Type)) {
				names = append(names, bill.ZoneName(l.Zone))
			}
		}
		return names
	}
	all := func(z string) []string { return []string{z, z, z, z, z, z} }
	require.Equal(t, all("East"), zoneOf(f.Plain(smallW, smallH)))
	f.Key("right")
	require.Equal(t, all("Center"), zoneOf(f.Plain(smallW, smallH)))
	f.Key("right")
	require.Equal(t, all("West"), zoneOf(f.Plain(smallW, smallH)))
	f.Key("right", "left", "left")
	require.Equal(t, all("Center"), zoneOf(f.Plain(smallW, smallH)))
	f.Key(".")
	require.Equal(t, all("East"), zoneOf(f.Plain(smallW, smallH)))
	require.Len(t, zoneOf(f.Plain(largeW2, largeH2)), bill.NumLocations, "the whole map at 160x50")
}

// TestSecretChoiceReopensAfterAStateWithoutIt: a state in which the viewer
// cannot choose (an update read before the seat's actions) closes the card
// picker; when the choice is legal again in the same round, it opens
// again by itself (over ssh the picker stayed closed under load).
func TestSecretChoiceReopensAfterAStateWithoutIt(t *testing.T) {
	f := newFixture(t, 2, 4, 0, false)
	require.Equal(t, modeCards, f.r.mode)
	gs := f.r.gs
	without := gs
	without.Legal = nil
	f.r.SetState(without)
	require.Equal(t, modeMap, f.r.mode, "nothing to choose: the picker closes")
	f.r.SetState(gs)
	require.Equal(t, modeCards, f.r.mode, "the choice is due again: the picker is back")
	f.Key("esc")
	f.r.SetState(gs)
	require.Equal(t, modeMap, f.r.mode, "closed by the player: it stays closed this round")
}
