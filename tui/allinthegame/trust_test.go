package allinthegame

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	aitg "boardroom/engine/allinthegame"
	"boardroom/tui"
)

// words is the text of a screen or a question as one line of words, so a
// question wrapped over several lines is found whole.
func words(s string) string { return strings.Join(strings.Fields(s), " ") }

// withHand rebuilds the fixture's game with extra cards in seat's hand,
// taken from the decks (the snapshot is the game's whole state).
func (f *fixture) withHand(seat int, cards ...aitg.HandCard) {
	f.T.Helper()
	snap, err := f.G.Snapshot()
	require.NoError(f.T, err)
	var st map[string]any
	require.NoError(f.T, json.Unmarshal(snap, &st))
	hands := st["hands"].([]any)
	for _, c := range cards {
		deck, rank := "seniors", 0
		if c.Principal {
			deck, rank = "principals", 1
		}
		d := st[deck].([]any)
		require.GreaterOrEqual(f.T, d[c.Colour].(float64), float64(c.Count))
		d[c.Colour] = d[c.Colour].(float64) - float64(c.Count)
		h := hands[seat].([]any)[c.Colour].([]any)
		h[rank] = h[rank].(float64) + float64(c.Count)
	}
	snap, err = json.Marshal(st)
	require.NoError(f.T, err)
	g, err := aitg.Definition{}.Restore(snap)
	require.NoError(f.T, err)
	f.G = g
	f.Refresh()
}

// TestWaitingMenuHighlightsNothingAndEnterNeverResigns: while another
// player acts, the menu highlights nothing and says whom it waits for;
// Enter (pressed any number of times) does nothing, x asks, Enter answers
// no, only y resigns.
func TestWaitingMenuHighlightsNothingAndEnterNeverResigns(t *testing.T) {
	f := newFixture(t, 2, nil, 8, 1, true)
	f.Live = false
	require.True(t, f.until(func() bool { return f.G.Prompt().Phase == aitg.PhaseWork && f.G.Prompt().Awaits(0) }))
	f.As(1)
	out := f.Plain(smallW, smallH)
	require.Contains(t, out, "Waiting for ada to take an action or pass (Let's work!).")
	require.Contains(t, out, "  x  Resign the game (asks first)")
	require.NotRegexp(t, `(?m)^> `, out, "nothing is highlighted")
	require.Equal(t, -1, f.r.stack[0].cursor)
	for _, k := range f.r.Keys() {
		require.NotContains(t, k.Keys(), "enter", "enter is no key of a waiting menu")
	}
	f.Key("enter", "enter", "enter", "space")
	require.Empty(t, f.Sent)
	require.Len(t, f.r.stack, 1)
	f.Key("x")
	require.Contains(t, f.Plain(smallW, smallH), tui.YesNoLine)
	f.Key("enter")
	require.Empty(t, f.Sent, "enter answers no")
	require.Len(t, f.r.stack, 1)
	f.Key("enter", "x", "y")
	require.Equal(t, []engine.Action{aitg.Resign{}}, f.Sent)
}

// TestWaitingTextFollowsTheState: the waiting player's legal actions stay
// the same (resign) while the others act, and the line says whom the game
// waits for now, not whom it waited for when the menu was built.
func TestWaitingTextFollowsTheState(t *testing.T) {
	f := newFixture(t, 3, nil, 8, 2, false)
	require.True(t, f.until(func() bool {
		p := f.G.Prompt()
		return p.Phase == aitg.PhaseWork && p.Awaits(0) && !f.view().Players[1].Passed
	}))
	f.As(2)
	require.Contains(t, f.Plain(smallW, smallH), "Waiting for ada to take")
	f.Key("x") // an open question stays open while the others act
	f.Apply(0, aitg.Pass{})
	require.True(t, f.G.Prompt().Awaits(1))
	require.Contains(t, words(f.Plain(smallW, smallH)), "Resign the game? You leave it at once with "+aitg.Money(f.view().Players[2].Dollars))
	f.Key("esc")
	out := f.Plain(smallW, smallH)
	require.Contains(t, out, "Waiting for bob to take")
	require.NotContains(t, out, "Waiting for ada")
	f.As(engine.Spectator) // a spectator reads it too
	require.Contains(t, f.Plain(smallW, smallH), "You are watching. Waiting for bob to take an action or pass")
}

// TestG002_09_EventTextOnScreenIsTheEngines: every round's event card is
// on screen in the engine's words (which TestG002_09_EventTextsMatchTheRulesAndTheEngine
// checks against the rules): whole at 160x50; at 80x24 whole or cut with
// "…" and the key that shows it, and whole on that page.
func TestG002_09_EventTextOnScreenIsTheEngines(t *testing.T) {
	seen := map[string]bool{}
	for seed := uint64(1); seed <= 6 && len(seen) < aitg.NumEvents; seed++ {
		f := newFixture(t, 2, nil, seed, 0, true)
		f.until(func() bool {
			f.Refresh()
			ev := f.view().Event
			if ev == nil || seen[ev.ID] {
				return false
			}
			seen[ev.ID] = true
			whole := "Event " + ev.ID + " " + ev.Name + ": " + ev.Text
			require.Contains(t, words(f.Plain(largeW, largeH)), whole, "seed %d", seed)
			small := f.Plain(smallW, smallH)
			if !strings.Contains(small, whole) {
				require.Contains(t, small, "… (i: whole card)", "seed %d %s", seed, ev.ID)
				f.Key("i")
				page := ""
				for k := 0; k < 20; k++ { // scroll through the page
					page += f.Plain(smallW, smallH) + "\n"
					f.Key("down")
				}
				require.Contains(t, words(page), whole, "seed %d", seed)
				f.Key("esc")
			}
			return false
		})
	}
	require.Len(t, seen, aitg.NumEvents)
}

// TestAcceptance5_BoardWarnsBeforeTheLastRound: the first line says how
// many International Projects are left, warns when one is left (the next
// completion makes its round the last) or the next round is the last
// (event cards), and says LAST ROUND in it; also without colours.
func TestAcceptance5_BoardWarnsBeforeTheLastRound(t *testing.T) {
	kinds := map[string]bool{}
	for _, c := range []struct {
		n    int
		seed uint64
	}{{2, 1}, {3, 2}, {4, 3}, {2, 4}} {
		f := newFixture(t, c.n, nil, c.seed, 0, true)
		f.until(func() bool {
			f.Refresh()
			v := f.view()
			if v.Over || v.Round == 0 {
				return false
			}
			first := strings.SplitN(f.Plain(smallW, smallH), "\n", 2)[0]
			large := words(f.Plain(largeW, largeH))
			switch {
			case v.LastRound || v.Round == v.MaxRounds:
				kinds["last"] = true
				require.Contains(t, first, "LAST ROUND: the game ends after this round's rewards", "seed %d", c.seed)
				require.Contains(t, large, "LAST ROUND:")
			case v.IntlLeft == 1 && v.Round == v.MaxRounds-1:
				kinds["both"] = true
				require.Contains(t, first, "next round is the LAST; this one if a project is completed", "seed %d", c.seed)
			case v.IntlLeft == 1:
				kinds["intl"] = true
				require.Contains(t, first, "1 Intl Project left: next completion makes this the LAST ROUND", "seed %d", c.seed)
				require.Contains(t, large, "Only 1 International Project is left")
			case v.Round == v.MaxRounds-1:
				kinds["events"] = true
				require.Contains(t, first, "next round is the LAST (1 event card left)", "seed %d", c.seed)
			default:
				require.Contains(t, first, "Intl Projects left: "+strconv.Itoa(v.IntlLeft), "seed %d", c.seed)
				require.NotContains(t, first, "LAST")
			}
			return false
		})
	}
	require.True(t, kinds["last"] && kinds["intl"] && kinds["events"], "%v", kinds)
}

// TestA002_14_PromotingAPrincipalSaysNothingChanges: Promote with a
// Principal is legal (A002-14) but gives back what it takes: the list and
// the question say so before the $2 are spent.
func TestA002_14_PromotingAPrincipalSaysNothingChanges(t *testing.T) {
	f := newFixture(t, 2, nil, 4, 0, false)
	f.Live = false
	require.True(t, f.myWork("promote"))
	f.withHand(0, aitg.HandCard{Colour: aitg.SEC, Principal: true, Count: 1})
	v := f.view()
	f.Key("p")
	out := f.Plain(smallW, smallH)
	require.Contains(t, out, "Principal SEC (you hold 1): is a Principal already, nothing changes")
	top := f.r.stack[len(f.r.stack)-1]
	for top.items[top.cursor].act != (aitg.Promote{Colour: aitg.SEC, Principal: true}) {
		f.Key("down")
	}
	f.Key("enter")
	out = words(f.Plain(smallW, smallH))
	require.Contains(t, out, "Promote for "+aitg.Money(v.PromoteCost)+"? Your Principal SEC is a Principal already: you give it back and take another Principal SEC, so nothing changes but your dollars.")
	require.Contains(t, out, "Dollars "+aitg.Money(v.Players[0].Dollars)+" → "+aitg.Money(v.Players[0].Dollars-v.PromoteCost))
	require.Empty(t, f.Sent)
}

// TestEventLineBeforeTheStartPlayerIsChosen: from round 2 the event card
// is revealed after the poorest player chose the start player; until
// then the event line says so (not "no event card").
func TestEventLineBeforeTheStartPlayerIsChosen(t *testing.T) {
	f := newFixture(t, 3, nil, 2, 1, true)
	require.True(t, f.until(func() bool { return f.G.Prompt().Phase == aitg.PhaseChooseStart }))
	v := f.view()
	chooser := f.Table.Seats[v.Turn].Handle
	want := "Event card of round " + strconv.Itoa(v.Round) + ": revealed as soon as " + chooser + " has chosen the start player."
	for _, size := range [][2]int{{smallW, smallH}, {largeW, largeH}} {
		out := f.Plain(size[0], size[1])
		require.Contains(t, words(out), want[:60])
		require.NotContains(t, strings.ToLower(out), "no event card")
	}
	f.Key("i")
	require.Contains(t, words(f.Plain(largeW, largeH)), want)
}

// TestR002_17_PaysColumnSaysTheRightPaysFirst: a project's track reads
// from the end that pays first: "right 6 4 2 1" (the rightmost consultant
// gets $6), International "right 8 6 4 2 1", the Innovation Project "$1
// each"; the legend says what it means.
func TestR002_17_PaysColumnSaysTheRightPaysFirst(t *testing.T) {
	f := newFixture(t, 3, nil, 2, 0, true)
	sawIntl := false
	f.until(func() bool {
		f.Refresh()
		small, large := f.Plain(smallW, smallH), f.Plain(largeW, largeH)
		for _, p := range f.view().Projects {
			switch p.Kind {
			case aitg.KindRegular:
				require.Regexp(t, regexp.QuoteMeta(p.Name[:8])+`.* right 6 4 2 1 `, small)
				require.Regexp(t, regexp.QuoteMeta(p.Name[:8])+`.* from right 6 4 2 1 `, large)
			case aitg.KindInternational:
				sawIntl = true
				require.Regexp(t, regexp.QuoteMeta(p.Name[:8])+`.* right 8 6 4 2 1 `, small)
			case aitg.KindInnovation:
				require.Regexp(t, `I Innovation Pro.* \$1 each`, small)
			}
		}
		return sawIntl
	})
	require.True(t, sawIntl)
	require.Contains(t, f.r.Legend(), `Pays "right 6 4 2 1": in the rewards the rightmost consultant gets $6, the next one to its left $4`)
}

// offWords are other games' words (rules C-14): buying, building,
// bidding, trading, streets, rent, mortgages.
var offWords = regexp.MustCompile(`(?i)\b(buy\w*|build\w*|bid\w*|trad(e|es|ing)|street\w*|rent|mortgag\w*|auction\w*|propert\w*)\b`)

// TestLegendAndHelpSpeakThisGamesWords (C-14): the legend of the ? help,
// the key names, the i page, the guide and everything a whole game shows
// use this game's words only.
func TestLegendAndHelpSpeakThisGamesWords(t *testing.T) {
	f := newFixture(t, 3, nil, 5, 0, true)
	texts := []string{f.r.Legend()}
	for _, g := range (aitg.Definition{}).Info().Guide {
		texts = append(texts, g.Title, g.Text)
	}
	steps := 0
	f.until(func() bool {
		steps++
		if steps%5 != 0 {
			return false
		}
		f.Refresh()
		texts = append(texts, f.Plain(smallW, smallH), f.Plain(largeW, largeH))
		for _, k := range f.r.Keys() {
			texts = append(texts, k.Help().Key+" "+k.Help().Desc)
		}
		f.Key("i")
		texts = append(texts, f.Plain(largeW, largeH))
		f.Key("esc")
		return false
	})
	require.Contains(t, texts[0], "consultant")
	require.Contains(t, texts[0], "Principal")
	for _, s := range texts {
		require.Empty(t, offWords.FindAllString(s, -1), "%s", s)
	}
}

// TestEveryConfirmationVisibleAt80x24: every question of this game
// (pass, resign in every phase and while waiting, train, promote, promote
// of a Principal, recruit) is on screen whole at the play area of an 80x24
// terminal with its dollars before and after (for a paid action) and its
// keys line; Enter answers no and sends nothing; only y sends.
func TestEveryConfirmationVisibleAt80x24(t *testing.T) {
	type want struct {
		name string
		keys []string // from the menu to the question
		act  engine.Action
	}
	opened := map[string]bool{}
	check := func(f *fixture, w want) {
		t.Helper()
		f.Sent = nil
		f.Key(w.keys...)
		top := f.r.stack[len(f.r.stack)-1]
		require.Equal(t, stepConfirm, top.kind, w.name)
		out := f.Plain(smallW, smallH)
		require.Contains(t, words(out), words(top.question()), "%s: the whole question at 80x24", w.name)
		require.Contains(t, out, tui.YesNoLine, w.name)
		if strings.Contains(top.question(), "Dollars") {
			require.Regexp(t, `Dollars -?\$\d+ → -?\$\d+\.`, out, w.name)
		}
		f.Key("enter")
		require.Empty(t, f.Sent, "%s: enter sends nothing", w.name)
		require.NotEqual(t, stepConfirm, f.r.stack[len(f.r.stack)-1].kind, "%s: enter answered no", w.name)
		f.Key("esc", "esc")
		f.Key(w.keys...)
		f.Key("y")
		require.Equal(t, []engine.Action{top.act}, f.Sent, w.name)
		if w.act != nil {
			require.Equal(t, w.act, top.act, w.name)
		}
		f.Refresh()
		opened[w.name] = true
	}
	pick := func(f *fixture, key string, act engine.Action) []string {
		f.Key(key)
		top := f.r.stack[len(f.r.stack)-1]
		keys := []string{key}
		for i, it := range top.items {
			if it.act == act {
				for k := 0; k < i; k++ {
					keys = append(keys, "down")
				}
				f.Key("esc")
				return append(keys, "enter")
			}
		}
		t.Fatalf("%#v is not in the list of %s", act, key)
		return nil
	}
	f := newFixture(t, 2, nil, 4, 0, true)
	f.Live = false
	require.True(t, f.myWork("train", "promote"))
	f.withHand(0, aitg.HandCard{Colour: aitg.SEC, Principal: true, Count: 1})
	check(f, want{name: "pass", keys: []string{"s"}, act: aitg.Pass{}})
	check(f, want{name: "resign", keys: []string{"x"}, act: aitg.Resign{}})
	for _, a := range []engine.Action{tui.FirstOfKind(f.G.Legal(0), "train"), aitg.Promote{Colour: aitg.SEC, Principal: true},
		tui.FirstOfKind(f.G.Legal(0), "promote"), tui.FirstOfKind(f.G.Legal(0), "recruit")} {
		if a == nil {
			continue
		}
		check(f, want{name: fmt.Sprintf("%s %#v", a.Kind(), a), keys: pick(f, map[string]string{"train": "t", "promote": "p", "recruit": "r"}[a.Kind()], a), act: a})
	}
	f.As(1)
	check(f, want{name: "resign while waiting", keys: []string{"x"}, act: aitg.Resign{}})
	// resign in the other phases: the secret pick, the choice of the start player, Headhunters
	for _, phase := range []string{aitg.PhaseTrainPick, aitg.PhaseRecruitPick, aitg.PhaseChooseStart, aitg.PhaseHeadhunters} {
		for seed := uint64(1); seed <= 8; seed++ {
			g := newFixture(t, 3, nil, seed, 0, true)
			g.Live = false
			if g.until(func() bool { return g.G.Prompt().Phase == phase }) {
				g.As(g.G.Prompt().Waiting[0].Seat)
				check(g, want{name: "resign in " + phase, keys: []string{"x"}, act: aitg.Resign{}})
				break
			}
		}
	}
	for _, name := range []string{"pass", "resign", "resign while waiting", "resign in " + aitg.PhaseChooseStart} {
		require.True(t, opened[name], name)
	}
	t.Logf("questions opened: %v", opened)
	require.Len(t, opened, 11, "pass, resign (own turn, waiting, 4 phases), train, promote twice, recruit")
}

// TestC7_TheHighlightedAnswerIsTheTimersDefault: outside Let's work! the
// highlighted answer is the one the game takes when time runs out (A002-04:
// the chooser themselves; E4: the first Senior; the picks: the colour with
// most cards), and it says so; in Let's work! the default (Pass) is never
// highlighted.
func TestC7_TheHighlightedAnswerIsTheTimersDefault(t *testing.T) {
	checked := map[string]bool{}
	for _, phase := range []string{aitg.PhaseChooseStart, aitg.PhaseHeadhunters, aitg.PhaseTrainPick, aitg.PhaseRecruitPick} {
		for seed := uint64(1); seed <= 8 && !checked[phase]; seed++ {
			f := newFixture(t, 3, nil, seed, 0, true)
			f.Live = false
			if !f.until(func() bool { return f.G.Prompt().Phase == phase }) {
				continue
			}
			w := f.G.Prompt().Waiting[0]
			f.As(w.Seat)
			top := f.r.stack[0]
			require.Equal(t, w.Default, top.items[top.cursor].act, "seed %d %s", seed, phase)
			require.Contains(t, f.Plain(largeW, largeH), "> "+top.items[top.cursor].label)
			require.Contains(t, top.items[top.cursor].label, "(if time runs out)")
			f.Key("enter")
			require.Equal(t, []engine.Action{w.Default}, f.Sent)
			checked[phase] = true
		}
	}
	require.Len(t, checked, 4)
	f := newFixture(t, 2, nil, 4, 0, true)
	require.True(t, f.myWork())
	top := f.r.stack[0]
	require.NotEqual(t, aitg.Pass{}, top.items[top.cursor].act)
}
