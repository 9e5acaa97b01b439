package billionaire

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	bill "boardroom/engine/billionaire"
	"boardroom/tui"
)

// confirmKeys open the confirmation of a kind of action from the map:
// the key, then enter on the first row of its pick list.
var confirmKeys = map[string][]string{
	"acquire_lab": {"a", "enter"},
	"sell_lab":    {"s", "enter"},
	"forced_sell": {"f", "enter"},
	"stop_work":   {"x", "enter"},
	"end_zone":    {"e"}, // asks while other cards could still be played
	"resign":      {"R"},
	"choose":      {"c", "+", "enter"},
}

// policy is seat 0's play in TestEveryConfirmationVisibleAt80x24: it
// chooses as many cards as it may, Acquire Lab, Sell Lab and Stop Work
// first, and plays them, so that in a few games it meets every
// confirmation, a forced sale for upkeep included.
func policy(v bill.View, legal []engine.Action, bot engine.Bot, style uint64) engine.Action {
	best := -1
	for i, a := range legal {
		switch a := a.(type) {
		case bill.Choose:
			if best < 0 || chooseScore(a, style, v.Round) > chooseScore(legal[best], style, v.Round) {
				best = i
			}
		case bill.AcquireLab, bill.SellLab, bill.StopWork, bill.SelectWork, bill.Accept:
			return a
		}
	}
	if best >= 0 {
		return legal[best]
	}
	return bot.Choose(v, legal)
}

// chooseScore ranks a selection by style: 0 takes Acquire Lab cards
// first (Labs bought and never worked lead to a forced sale for upkeep),
// 1 one Acquire and one Sell, 2 Select Work in odd rounds and Stop Work
// in even ones.
func chooseScore(a engine.Action, style uint64, round int) int {
	c, _ := a.(bill.Choose)
	switch style {
	case 0:
		return c.Acquire*100 + c.Sell*10 + c.Stop
	case 1:
		return min(c.Acquire, 1)*120 + min(c.Sell, 1)*100 + c.Acquire + c.Sell
	}
	return min(c.Select, 1)*(round%2) + min(c.Stop, 1)*(1-round%2)
}

// TestEveryConfirmationVisibleAt80x24: every confirmable action of IT
// Billionaire (buy a Lab, sell a Lab, sell a Lab for upkeep, stop work,
// lock in the cards, end a visit with playable cards, resign) opened in
// the 80x24 play area shows the whole question, the capital before and
// after, and the keys line; Enter answers no: nothing is sent.
func TestEveryConfirmationVisibleAt80x24(t *testing.T) {
	seen := map[string]bool{}
	for seed := uint64(1); seed <= 40 && len(seen) < len(confirmKeys); seed++ {
		f := newFixture(t, 3, seed, 0, true)
		f.Live = false // nothing the test sends is applied: the test plays
		bots := []engine.Bot{bill.Definition{}.NewBot(0, seed), bill.Definition{}.NewBot(1, seed), bill.Definition{}.NewBot(2, seed)}
		for step := 0; step < 2000 && f.G.Prompt().Phase != bill.PhaseOver; step++ {
			w := f.G.Prompt().Waiting[0].Seat
			if f.G.Prompt().Awaits(0) {
				f.Refresh()
				for kind, keys := range confirmKeys {
					if seen[kind] || tui.FirstOfKind(f.G.Legal(0), kind) == nil {
						continue
					}
					f.r.mode = modeMap
					f.Key(keys...)
					if f.r.mode != modeConfirm {
						continue // e.g. end_zone with nothing left to play ends without a question
					}
					seen[kind] = true
					checkConfirm(t, f, kind, seed)
				}
				f.r.mode = modeMap
				w = 0
			}
			var a engine.Action
			if w == 0 {
				a = policy(f.G.View(0).(bill.View), f.G.Legal(0), bots[0], seed%3)
			} else {
				a = bots[w].Choose(f.G.View(w), f.G.Legal(w))
			}
			_, err := f.G.Apply(w, a)
			require.NoError(t, err, "seed %d", seed)
		}
	}
	for kind := range confirmKeys {
		require.True(t, seen[kind], "the games never offered %s", kind)
	}
}

// checkConfirm: the question on screen at 80x24, whole, with its keys;
// enter sends nothing.
func checkConfirm(t *testing.T, f *fixture, kind string, seed uint64) {
	t.Helper()
	plain := f.Plain(smallW, smallH)
	// The question as read on screen: its wrapped lines joined.
	var body []string
	for _, l := range strings.Split(plain, "\n")[1 : smallH-2] {
		body = append(body, strings.TrimSpace(l))
	}
	read := strings.Join(body, " ")
	q := regexp.MustCompile(`\s+`).ReplaceAllString(f.r.confirm.question, " ")
	require.Contains(t, read, q, "seed %d %s: the whole question is on screen\n%s", seed, kind, plain)
	require.Contains(t, plain, tui.YesNoLine, "seed %d %s: the keys", seed, kind)
	require.NotContains(t, read, "…", "seed %d %s: nothing of the question cut\n%s", seed, kind, plain)
	switch kind {
	case "acquire_lab", "sell_lab", "forced_sell", "stop_work", "choose":
		require.Regexp(t, `capital \d+ M€ → \d+ M€`, read, "seed %d %s: before -> after", seed, kind)
	case "resign":
		require.Regexp(t, `score: your adjusted capital now, -?\d+ M€`, read, "seed %d", seed)
	}
	sent := len(f.Sent)
	f.Key("enter")
	require.Len(t, f.Sent, sent, "seed %d %s: enter sends nothing", seed, kind)
	require.NotEqual(t, modeConfirm, f.r.mode, "seed %d %s: enter answers no", seed, kind)
	f.r.mode = modeConfirm
	f.Key("y")
	require.Len(t, f.Sent, sent+1, "seed %d %s: y sends it", seed, kind)
	require.Equal(t, f.r.confirm.action, f.Sent[sent])
}
