package billionaire

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"boardroom/engine"

	"github.com/stretchr/testify/require"
)

// playLogged plays a bot game and returns it with every event sentence
// as a spectator and as its seat read them.
func playLogged(t *testing.T, seats int, seed uint64, rounds string) (*Game, []engine.Event) {
	t.Helper()
	gi, err := Definition{}.New(engine.Setup{Seats: seats, Seed: seed, Options: map[string]string{OptRounds: rounds}})
	require.NoError(t, err)
	g := gi.(*Game)
	bots := make([]engine.Bot, seats)
	for i := range bots {
		bots[i] = Definition{}.NewBot(i, seed+uint64(i))
	}
	var all []engine.Event
	for step := 0; !g.Outcome().Finished; step++ {
		require.Less(t, step, 20000, "seed %d", seed)
		w := g.Prompt().Waiting[0].Seat
		evs, err := g.Apply(w, bots[w].Choose(g.View(w), g.Legal(w)))
		require.NoError(t, err, "seed %d step %d", seed, step)
		all = append(all, evs...)
	}
	return g, all
}

// TestG003_11_RoundOneDiceAndOrderAreShown: New throws the dice of round
// 1 (everyone is tied at 50 M€); the first Apply returns them with the
// turn order, once, and the View shows the throws.
func TestG003_11_RoundOneDiceAndOrderAreShown(t *testing.T) {
	g := newGame(t, 3, 71)
	v := g.View(engine.Spectator).(View)
	require.NotEmpty(t, v.Rolls, "round 1's throws are in the view")
	seen := map[int]bool{}
	for _, r := range v.Rolls {
		require.True(t, r.Die >= 1 && r.Die <= 6)
		seen[r.Seat] = true
	}
	require.Len(t, seen, 3, "every tied seat threw")
	evs := mustApply(t, g, 1, Choose{})
	txt := texts(evs)
	require.Contains(t, txt, "Round 1: tied on the lowest capital (50 M€), a die decides who goes first: Seat 1 rolled ")
	want := "Round 1 begins. Turn order: "
	for k, i := range g.s.Order {
		if k > 0 {
			want += ", "
		}
		want += seatName(i)
	}
	require.Contains(t, txt, want+".")
	require.Less(t, strings.Index(txt, "Round 1 begins"), strings.Index(txt, "has chosen"), "the order comes first")
	evs = mustApply(t, g, 2, Choose{})
	require.NotContains(t, texts(evs), "Round 1 begins", "told once")
}

// TestIssue24_SeatWithNothingToPlayIsPassed: a seat holding only a card
// it cannot play in the zone is not waited on: its visit ends at once;
// everyone reads that it passed, only the seat which card and why.
func TestIssue24_SeatWithNothingToPlayIsPassed(t *testing.T) {
	var g *Game
	for seed := uint64(72); g == nil || g.s.Order[0] != 0; seed++ {
		g = newGame(t, 2, seed) // one where seat 0 visits first
	}
	mustApply(t, g, 0, Choose{Sell: 1}) // no Lab: Sell Lab can never be played
	evs := mustApply(t, g, 1, Choose{Select: 1})
	require.Equal(t, 1, g.s.current(), "seat 1 is awaited, seat 0 never")
	var pass *engine.Event
	for k := range evs {
		if evs[k].Kind == "pass" {
			pass = &evs[k]
		}
	}
	require.NotNil(t, pass, "the pass is logged")
	require.Equal(t, []int{0}, pass.To)
	require.Equal(t, "Seat 1 cannot play its card in the East zone: its visit ends.", pass.Redacted)
	require.NotContains(t, pass.Redacted, "Sell", "the others never learn the card")
	require.Equal(t, "Seat 1 can play none of its cards in the East zone (Sell Lab: you have no Lab in the East zone): its visit ends.", pass.Text)
	// The last playable card played: the visit ends by itself too.
	mustApply(t, g, 1, SelectWork{First: Small, Second: Small})
	mustApply(t, g, 1, Decline{})
	evs = mustApply(t, g, 1, Decline{})
	require.Contains(t, texts(evs), "Seat 2 has played all its cards: its visit to the East zone ends.")
	require.Equal(t, 2, g.Round(), "nobody could play: the round is over")
}

// TestIssue24_NoPromptWaitsOnAPass: in bot games the zone prompt only
// ever waits on a seat that can do more than end its visit, and for each
// card it holds CardBlocked gives a reason exactly when the engine lists
// no action of that card.
func TestIssue24_NoPromptWaitsOnAPass(t *testing.T) {
	kindOf := map[int]string{CardAcquire: "acquire_lab", CardSell: "sell_lab", CardSelect: "select_work", CardWork: "do_work", CardStop: "stop_work"}
	for seed := uint64(1); seed <= 6; seed++ {
		gi, err := Definition{}.New(engine.Setup{Seats: 2 + int(seed%3), Seed: seed, Options: map[string]string{OptRounds: "10"}})
		require.NoError(t, err)
		g := gi.(*Game)
		bots := []engine.Bot{}
		for i := 0; i < g.s.Setup.Seats; i++ {
			bots = append(bots, Definition{}.NewBot(i, seed))
		}
		for step := 0; !g.Outcome().Finished; step++ {
			require.Less(t, step, 20000)
			p := g.Prompt()
			w := p.Waiting[0].Seat
			legal := g.Legal(w)
			if p.Phase == PhaseZone {
				kinds := map[string]bool{}
				for _, a := range legal {
					kinds[a.Kind()] = true
				}
				require.True(t, len(kinds) > 2, "seed %d step %d: seat %d waited on with only %v", seed, step, w, kinds)
				v := g.View(w).(View)
				for c, n := range g.s.Players[w].Hand {
					if n == 0 {
						continue
					}
					why := CardBlocked(v, c)
					require.Equal(t, !kinds[kindOf[c]], why != "", "seed %d step %d: %s: %q", seed, step, CardName(c), why)
				}
			}
			_, err := g.Apply(w, bots[w].Choose(g.View(w), legal))
			require.NoError(t, err, "seed %d step %d", seed, step)
		}
	}
}

// TestIssue24_LogWording: no "(s)", no size letter after an article, no
// "1 cards", and work says what is done and what is needed.
func TestIssue24_LogWording(t *testing.T) {
	bad := regexp.MustCompile(`\(s\)|\ba [SML] Lab|\b1 (cards|Labs|payments|rings|man-days|Work Items)\b|\d+ of \d+ man-days`)
	work := regexp.MustCompile(`\+(\d+) man-days?; (\d+) man-days done, (\d+) needed\.`)
	sawWork, sawLab := false, false
	for seed := uint64(1); seed <= 4; seed++ {
		_, evs := playLogged(t, 3, seed, "10")
		for _, e := range evs {
			for _, txt := range []string{e.Text, e.Redacted} {
				require.False(t, bad.MatchString(txt), "seed %d: %q", seed, txt)
			}
			if e.Kind == "work" {
				require.Regexp(t, work, e.Text)
				sawWork = true
			}
			if strings.Contains(e.Text, "for a ") && strings.Contains(e.Text, " Lab in ") {
				require.Regexp(t, `for a (small|medium|large) Lab in `, e.Text)
				sawLab = true
			}
		}
	}
	require.True(t, sawWork && sawLab, "the games did work and bought Labs")
	g := newGame(t, 2, 73)
	re := mustRefuse(t, g, 0, Choose{Acquire: 1, Select: 1})
	require.Equal(t, "You may choose at most 1 card this round (1 + your Labs).", re.Msg)
}

// TestR003_19_ScoreBreakdownAtTheEnd: the game's end tells every seat's
// adjusted capital and its parts, and the parts add up to the score the
// outcome stores.
func TestR003_19_ScoreBreakdownAtTheEnd(t *testing.T) {
	g, evs := playLogged(t, 3, 5, "10")
	num := regexp.MustCompile(`^Seat (\d): adjusted capital (-?\d+) M€ = capital (\d+) \+ Labs (\d+) \+ products (\d+) − fees (\d+)\.$`)
	res := g.Outcome().Results
	found := 0
	for _, e := range evs {
		if e.Kind != "score" || strings.HasPrefix(e.Text, "Scores in M€: adjusted capital = capital + Labs (half their cost)") {
			continue
		}
		m := num.FindStringSubmatch(e.Text)
		require.NotNil(t, m, e.Text)
		at := func(i int) int64 { n, _ := strconv.ParseInt(m[i], 10, 64); return n }
		seat := int(at(1)) - 1
		require.Equal(t, at(2), at(3)+at(4)+at(5)-at(6), e.Text)
		require.Equal(t, res[seat].Score, at(2), "the stored score")
		v := g.View(engine.Spectator).(View)
		require.Equal(t, Score{Capital: at(3), Labs: at(4), Products: at(5), Fees: at(6), Items: v.Players[seat].Score.Items, Adjusted: at(2)},
			v.Players[seat].Score)
		found++
	}
	require.Equal(t, 3, found, "one line per seat")
}
