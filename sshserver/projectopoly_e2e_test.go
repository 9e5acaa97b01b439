package sshserver_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/engine/opoly"
	"boardroom/engine/opoly/projectopoly"
	"boardroom/internal/vtscreen"
	opolytui "boardroom/tui/opoly/games"
)

// ppSeedBase fixes the Projectopoly game of the end-to-end test
// (lobbytest.SeedsFrom(ppSeedBase), table 1): with alice in seat 1, a bot
// in seat 2 and bob in seat 3, alice is dealt the whole grey group and
// starts the roll-off, bob is dealt the red group, and the humans land on
// free assets early.
const ppSeedBase = 20261153

// TestProjectopolyE2E: two PMs on real SSH terminals set up a Projectopoly
// table with a bot and play through the board renderer past the game's
// signature decisions: alice staffs her complete group with an FTE from
// Project Planning's pool, then takes a budget extension on it, which
// releases the staff first (the dialog says so and she confirms); a human
// declines an asset so that a sealed-bid auction runs with both humans
// bidding; alice then offers bob the extended project and bob accepts,
// choosing to repay its extension at once (R000-28). Both screens show
// each result: the log sentences, the pools' counts and everyone's cash.
func TestProjectopolyE2E(t *testing.T) {
	start := time.Now()
	m := startGame(t, projectopoly.Definition{}, opolytui.Renderers(), ppSeedBase, 60*time.Second)
	defer m.ts.stop()
	m.ppSetUp()
	m.ppPlay()
	t.Logf("played in %s", time.Since(start).Round(time.Millisecond))
}

// ppSetUp: both pick their handles; alice opens a table of three seats
// and adds a bot, bob opens it with `play ID` and sits, both get ready and
// alice starts.
func (m *match) ppSetUp() {
	m.setUp(3, 7, 1)
	for _, p := range m.humans() {
		// The pools are in view from the start, next to the dice.
		p.tm.waitShows("Project Planning: 32/32 FTE", screenWait)
	}
	require.Equal(m.t, 0, m.a.seat)
	require.Equal(m.t, 2, m.b.seat)
}

// ppPlay drives the game until the staffing, the extension and the
// auction have happened.
func (m *match) ppPlay() {
	t := m.t
	var staffed, extended, auctioned, redeemed bool
	ext := -1 // the project alice extended
	auction := noDecline()
	for !staffed || !extended || !auctioned || !redeemed {
		m.inTime(fmt.Sprintf("staffed %v, extended %v, auctioned %v, redeemed %v", staffed, extended, auctioned, redeemed))
		gs := m.state(m.a)
		v := view(t, gs)
		require.False(t, gs.Outcome.Finished || v.Player(m.a.seat).Out || v.Player(m.b.seat).Out,
			"the game ended or a human went out before the scenario: the fixed seed no longer gives it")
		if auction.ended(v) {
			m.ppShowsAuction(auction)
			auctioned, auction.lot = true, -1
		}
		p := m.awaited(gs)
		gs = m.state(p)
		v = view(t, gs)
		switch v.Phase {
		case opoly.PhaseRoll, opoly.PhaseJail:
			switch {
			case !staffed && legal(gs, "build") != nil:
				m.ppStaff(p)
				staffed = true
			case staffed && !extended && legal(gs, "sell_and_mortgage") != nil:
				ext = m.ppExtend(p)
				extended = true
			case extended && !redeemed && p == m.a && ppCanOffer(p, m.b, m):
				m.ppTradeRedeem(p, m.b, ext)
				redeemed = true
			default:
				m.press(p, "r", labelRoll)
			}
		case opoly.PhaseBuy:
			lot := v.Player(p.seat).Position
			switch {
			case !auctioned && auction.lot < 0:
				auction.start(gs, lot)
				m.press(p, "n", "n decline (auction)")
				t.Logf("%s declined %s", p.name, v.Board.Cells[lot].Name)
			case legal(gs, "buy") != nil:
				m.pressConfirmed(p, "b", labelBuy)
			default:
				m.press(p, "n", "n decline")
			}
		case opoly.PhaseAuction:
			m.bidIn(auction, p, 130, 70)
		case opoly.PhasePostRoll:
			m.afterRoll(p, v)
		case opoly.PhaseTrade:
			m.press(p, "n", labelReject)
		case opoly.PhaseDebt:
			m.ppRaise(p)
		case opoly.PhaseChoose:
			m.pressPickAnswer(p, "c", "c choose project")
		case opoly.PhaseValue:
			m.press(p, "n", "n refuse assets")
		case opoly.PhaseValued:
			m.press(p, "n", "n reject value")
		case opoly.PhasePlace:
			m.pressPickAnswer(p, "+", "+ place the")
		case opoly.PhaseReceive:
			m.pressConfirmed(p, "e", "e pay 10% on the rest")
		default:
			t.Fatalf("unexpected phase %q", v.Phase)
		}
	}
}

// ppStaff: + opens the list of the projects p may staff; it says what the
// highlighted row costs and that it comes from the pool; enter staffs one
// FTE. Both screens then show the pool one FTE lower, the log line and
// the cash.
func (m *match) ppStaff(p *player) {
	m.t.Helper()
	gs := m.state(p)
	v := view(m.t, gs)
	before := gs.Version
	p.tm.waitShows("+ staff FTE/Team+QM", stepWait)
	p.tm.typeText("+")
	p.tm.waitShows("Choose where to staff", stepWait)
	p.tm.waitShows("Staff an FTE on", stepWait)
	p.tm.waitShows("cash "+v.FormatMoney(v.Player(p.seat).Cash), stepWait)
	require.Equal(m.t, before, m.state(p).Version, "+ alone staffs nothing")
	p.tm.typeText("\r") // chooses; the question takes y only
	p.tm.waitShows("y: yes", stepWait)
	require.Equal(m.t, before, m.state(p).Version, "enter alone staffs nothing")
	p.tm.typeText("y")
	m.waitApplied(p, before)
	gs = m.state(p)
	v = view(m.t, gs)
	require.Equal(m.t, 31, v.Supply.UnitsFree)
	line := lastLog(m.t, gs, "build")
	require.Contains(m.t, line, p.name+" paid 500€ to FICO")
	m.t.Logf("staffed: %s", line)
	m.ppShowsResult([]string{line}, "Project Planning: 31/32 FTE")
}

// ppExtend returns the extended project. m opens the list of assets p may take a budget extension on;
// on the staffed group's row the dialog says which staff goes back to the
// pool at half price before the extension; enter confirms it. Both
// screens show the pool full again, the log lines, the e mark and cash.
func (m *match) ppExtend(p *player) int {
	m.t.Helper()
	gs := m.state(p)
	v := view(m.t, gs)
	target, idx := -1, 0
	for _, a := range gs.Legal {
		switch a := a.(type) {
		case opoly.Mortgage:
			if target < 0 {
				idx++
			}
		case opoly.SellAndMortgage:
			if target < 0 && v.Cells[a.Cell].Level > 0 {
				target = a.Cell
			} else if target < 0 {
				idx++
			}
		}
	}
	require.GreaterOrEqual(m.t, target, 0, "no staffed project to extend")
	name := v.Board.Cells[target].Name
	before := gs.Version
	seq := gs.Log.All()[len(gs.Log.All())-1].Seq
	p.tm.waitShows("m budget extension", stepWait)
	p.tm.typeText("m")
	p.tm.waitShows("Choose where to extend", stepWait)
	p.tm.typeText(strings.Repeat("\x1b[A", 30)) // the top of the list
	p.tm.typeText(strings.Repeat("\x1b[B", idx))
	p.tm.waitShows("> "+name+" (releases", stepWait) // the row, and its preview:
	p.tm.waitShows("Release and extend", stepWait)
	p.tm.waitShows("goes back to Project", stepWait)
	require.Equal(m.t, before, m.state(p).Version, "the list alone changes nothing")
	p.tm.typeText("\r") // chooses; the question takes y only
	p.tm.waitShows("y: yes", stepWait)
	require.Equal(m.t, before, m.state(p).Version, "enter alone releases nothing")
	p.tm.typeText("y")
	m.waitApplied(p, before)
	gs = m.state(p)
	v = view(m.t, gs)
	require.True(m.t, v.Cells[target].Mortgaged)
	require.Equal(m.t, 32, v.Supply.UnitsFree)
	var lines []string
	for _, l := range gs.Log.All() {
		if l.Seq > seq {
			lines = append(lines, l.Text)
		}
	}
	require.NotEmpty(m.t, lines)
	m.t.Logf("extended: %s", strings.Join(lines, " / "))
	require.Contains(m.t, strings.Join(lines, " "), "budget extension")
	m.ppShowsResult(lines, "Project Planning: 32/32 FTE")
	for _, x := range m.humans() {
		x.tm.waitShows("A EXT", stepWait) // the band of the extended grey project on the large board
	}
	return target
}

// ppShowsAuction checks the sealed-bid auction of lot on both screens:
// the reveal with both humans' bids as typed, in the log, and the result.
func (m *match) ppShowsAuction(d *declined) {
	m.t.Helper()
	gs := m.state(m.a)
	v := view(m.t, gs)
	reveals := m.auctionReveals(gs, v, d)
	m.ppShowsResult(reveals, "Bids for "+v.Board.Cells[d.lot].Name)
}

// ppShowsResult checks both screens after an event: its log sentences,
// a text on the screen, and every player's cash.
func (m *match) ppShowsResult(sentences []string, text string) {
	m.t.Helper()
	for _, p := range m.humans() {
		for _, s := range sentences {
			m.logShows(p, s)
		}
		p.tm.waitUntil(text, stepWait, func(v *vtscreen.Screen) bool {
			return strings.Contains(squash(strings.Join(v.Lines(), " ")), squash(text))
		})
		gs := m.state(p)
		m.cashShows(p, gs, view(m.t, gs))
	}
}

// ppRaise settles p's debt with the keys the screen offers: a budget
// extension, a release of staff, else bankruptcy.
func (m *match) ppRaise(p *player) {
	m.t.Helper()
	gs := m.state(p)
	key, label := "d", "d declare bankruptcy"
	switch {
	case legal(gs, "mortgage") != nil || legal(gs, "sell_and_mortgage") != nil:
		key, label = "m", "m budget extension"
	case legal(gs, "sell_building") != nil || legal(gs, "sell_group_down") != nil:
		key, label = "-", "- release FTE"
	}
	m.pressPickAnswer(p, key, label)
}
