package sshserver_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/engine/opoly"
	"boardroom/engine/opoly/technopoly"
	"boardroom/internal/vtscreen"
	"boardroom/lobby"
	opolytui "boardroom/tui/opoly/games"
)

// tpSeedBase fixes the Technopoly game of the end-to-end test
// (lobbytest.SeedsFrom(tpSeedBase), table 1): the humans buy what they
// land on, and one of them soon owns a start-up that completes the other's
// field.
const tpSeedBase = 20261212

// TestTechnopolyE2E: two players on real SSH terminals set up a Technopoly
// table with a bot and play through the board renderer past the game's
// signature decisions: one human asks the other to take over a start-up
// (picked from the list with its price, confirmed), the other approves
// after a question of its own; a human hires developers evenly across a
// complete field (the list offers only the start-ups with the fewest);
// then the human NOT in turn terminates the game after a question that
// names who would win. Both screens show each result: the log sentences
// with the money and its reason, the owner and staff marks on the board,
// every player's cash, and the end of the game.
func TestTechnopolyE2E(t *testing.T) {
	start := time.Now()
	m := startGame(t, technopoly.Definition{}, opolytui.Renderers(), tpSeedBase, 90*time.Second)
	defer m.ts.stop()
	m.setUp(3, 4, 1)
	for _, p := range m.humans() {
		p.tm.waitShows("£150,000", screenWait)
	}
	m.tpPlay()
	m.tpTerminate()
	t.Logf("played in %s", time.Since(start).Round(time.Millisecond))
}

// tpPlay drives the game until a takeover between the humans was approved
// and a human has hired a developer on every start-up of a field.
func (m *match) tpPlay() {
	t := m.t
	var tookOver, hired bool
	for !tookOver || !hired {
		m.inTime(fmt.Sprintf("took over %v, hired %v", tookOver, hired))
		gs := m.state(m.a)
		require.False(t, gs.Outcome.Finished, "the game ended before the scenario (%s): the fixed seed no longer gives it",
			gs.Outcome.Reason)
		p := m.awaited(gs)
		q := m.other(p)
		gs = m.state(p)
		v := view(t, gs)
		switch v.Phase {
		case opoly.PhaseRoll, opoly.PhasePostRoll:
			if c := m.tpTakeoverTarget(p, q, gs, v); !tookOver && c >= 0 {
				m.tpTakeover(p, q, c)
				tookOver = true
				continue
			}
			if g := m.tpHireField(gs, v); !hired && g >= 0 {
				m.tpHire(p, g)
				hired = true
				continue
			}
			if v.Phase == opoly.PhaseRoll {
				m.press(p, "r", labelRoll)
			} else {
				m.afterRoll(p, v)
			}
		case opoly.PhaseBuy:
			if legal(gs, "buy") != nil {
				m.pressConfirmed(p, "b", labelBuy)
			} else {
				m.press(p, "n", labelDecline)
			}
		case opoly.PhaseTrade:
			m.press(p, "n", "n deny takeover") // a bot's request
		default:
			t.Fatalf("unexpected phase %q", v.Phase)
		}
	}
}

// tpTakeoverTarget is a start-up of q that p may ask for now, one that
// completes a field of p's if there is one; -1 if none.
func (m *match) tpTakeoverTarget(p, q *player, gs lobby.GameState, v *opoly.View) int {
	best := -1
	for _, a := range gs.Legal {
		r, ok := a.(opoly.RequestTakeover)
		if !ok || v.Cells[r.Cell].Owner != q.seat {
			continue
		}
		if best < 0 {
			best = r.Cell
		}
		complete := true
		for _, c := range v.Board.Groups[v.Board.Cells[r.Cell].Group].Cells {
			if c != r.Cell && v.Cells[c].Owner != p.seat {
				complete = false
			}
		}
		if complete {
			return r.Cell
		}
	}
	return best
}

// tpHireField is a field where every start-up may get a developer now (all
// unstaffed and p can pay for them all), or -1.
func (m *match) tpHireField(gs lobby.GameState, v *opoly.View) int {
	for g, grp := range v.Board.Groups {
		n := 0
		for _, a := range gs.Legal {
			if b, ok := a.(opoly.Build); ok && v.Board.Cells[b.Cell].Group == g && v.Cells[b.Cell].Level == 0 {
				n++
			}
		}
		if n == len(grp.Cells) && v.Player(v.Active).Cash >= int64(n)*v.Board.Cells[grp.Cells[0]].BuildPrice+20000 {
			return g
		}
	}
	return -1
}

// tpTakeover: p opens the takeover list, moves to q's start-up c, reads
// its price, confirms; q sees the request with the price, approves and
// confirms. Both screens show the log lines, the new owner and the cash.
func (m *match) tpTakeover(p, q *player, c int) {
	t := m.t
	gs := m.state(p)
	v := view(t, gs)
	name := v.Board.Cells[c].Name
	price := v.Rules.TakeoverPrice(c)
	idx, rows := 0, 0
	for _, a := range gs.Legal {
		if r, ok := a.(opoly.RequestTakeover); ok {
			rows++
			if r.Cell < c {
				idx++
			}
		}
	}
	before := gs.Version
	p.tm.waitShows("t ask for a takeover", stepWait)
	p.tm.typeText("t")
	p.tm.waitShows("Ask for a takeover: choose a start-up", stepWait)
	// To the top, then down: as few keys as the list needs (a session
	// handles a burst of 60 keys, then 30 a second).
	p.tm.typeText(strings.Repeat("\x1b[A", rows))
	p.tm.typeText(strings.Repeat("\x1b[B", idx))
	p.tm.waitShows("> "+opoly.GroupLetter(v.Board.Cells[c])+" "+name+" ("+v.FormatMoney(price)+") of "+q.name, stepWait)
	p.tm.typeText("\r")
	p.tm.waitShows("Please confirm", stepWait)
	m.paneShows(p, "Please confirm", "Ask "+q.name+" to hand over "+name+" for "+v.FormatMoney(price)+" (price "+
		v.FormatMoney(v.Board.Cells[c].Price)+" + 20% mark-up)?")
	require.Equal(t, before, m.state(p).Version, "nothing is asked before the confirmation")
	p.tm.typeText("y")
	m.waitApplied(p, before)

	gs = m.state(q)
	v = view(t, gs)
	require.True(t, v.Trade != nil && v.Trade.Takeover && v.Trade.To == q.seat)
	asked := lastLog(t, gs, "takeover_requested")
	require.Contains(t, asked, p.name+" asked "+q.name+" to take over "+name+" for "+v.FormatMoney(price))
	m.paneShows(q, "Takeover request", p.name+" asks for "+name)
	m.paneShows(q, "Takeover request", "Approve: "+p.name+" pays you "+v.FormatMoney(price))
	m.paneShows(q, "Takeover request", ", else it is denied.") // the turn timer: "Answer within 1:21, ..."
	m.paneShows(p, "Takeover request", "Waiting for "+q.name+" to approve or deny.")
	for _, x := range m.humans() {
		m.logShows(x, asked)
	}
	before = gs.Version
	q.tm.waitShows("a approve takeover", stepWait)
	q.tm.typeText("a")
	q.tm.waitShows("Please confirm", stepWait)
	m.paneShows(q, "Please confirm", "Approve? "+name+" passes to "+p.name+" at once")
	q.tm.typeText("y")
	m.waitApplied(q, before)

	gs = m.state(p)
	v = view(t, gs)
	require.Equal(t, p.seat, v.Cells[c].Owner)
	paid := lastLog(t, gs, "takeover")
	require.Contains(t, paid, p.name+" paid "+v.FormatMoney(price)+" to "+q.name+": takeover of "+name)
	t.Logf("takeover: %s / %s", asked, paid)
	for _, x := range m.humans() {
		m.logShows(x, lastLog(t, gs, "takeover_approved"))
		m.logShows(x, paid)
		m.tpCellShows(x, c, -1, "#"+seatDigit(p.seat))
		gs := m.state(x)
		m.cashShows(x, gs, view(t, gs))
	}
}

// tpHire: the active human hires a developer on every start-up of field
// g, one at a time from the list, which offers only the start-ups with the
// fewest developers of the field (evenly, R001-23). Both screens show the
// log lines, the "1 DEV" bands and the cash.
func (m *match) tpHire(p *player, g int) {
	t := m.t
	gs := m.state(p)
	v := view(t, gs)
	cells := v.Board.Groups[g].Cells
	for k := range cells {
		gs = m.state(p)
		v = view(t, gs)
		var rows []int // the list: every legal build, in the game's order
		var target = -1
		for _, a := range gs.Legal {
			if b, ok := a.(opoly.Build); ok {
				if v.Board.Cells[b.Cell].Group == g {
					require.Zero(t, v.Cells[b.Cell].Level, "evenly: only the start-ups without a developer are offered")
					if target < 0 {
						target = len(rows)
					}
				}
				rows = append(rows, b.Cell)
			}
		}
		require.Len(t, func() []int {
			var left []int
			for _, c := range rows {
				if v.Board.Cells[c].Group == g {
					left = append(left, c)
				}
			}
			return left
		}(), len(cells)-k, "the list shrinks by the start-up just staffed")
		c := rows[target]
		name := v.Board.Cells[c].Name
		before := gs.Version
		p.tm.waitShows("+ hire developer/CTO", stepWait)
		p.tm.typeText("+")
		p.tm.waitShows("Choose where to hire", stepWait)
		p.tm.typeText(strings.Repeat("\x1b[A", len(rows)))
		p.tm.typeText(strings.Repeat("\x1b[B", target))
		p.tm.waitShows("> "+name+" (", stepWait)
		m.paneShows(p, "Choose where to hire", "Hire a developer on "+name+" for "+v.FormatMoney(v.Board.Cells[c].BuildPrice)+"?")
		require.Equal(t, before, m.state(p).Version, "the list alone hires nobody")
		p.tm.typeText("\r") // chooses; the question takes y only
		p.tm.waitShows("y: yes", stepWait)
		require.Equal(t, before, m.state(p).Version, "enter alone hires nobody")
		p.tm.typeText("y")
		m.waitApplied(p, before)
		line := lastLog(t, m.state(p), "build")
		require.Contains(t, line, p.name+" paid "+v.FormatMoney(v.Board.Cells[c].BuildPrice)+" to the bank: hiring developer 1 for "+name)
		t.Logf("hired: %s", line)
		for _, x := range m.humans() {
			m.logShows(x, line)
		}
	}
	gs = m.state(p)
	for _, x := range m.humans() {
		for _, c := range cells {
			m.tpCellShows(x, c, 0, "1 DEV")
		}
		gs := m.state(x)
		m.cashShows(x, gs, view(t, gs))
	}
	require.Empty(t, func() []int {
		var again []int
		for _, a := range gs.Legal {
			if b, ok := a.(opoly.Build); ok && view(t, gs).Board.Cells[b.Cell].Group == g && view(t, gs).Cells[b.Cell].Level != 1 {
				again = append(again, b.Cell)
			}
		}
		return again
	}())
}

// tpTerminate: the human who is not awaited presses x; the question says
// the game ends for everyone and who would win by the engine's ranking;
// yes ends it. Both screens show the end and the log line, and the
// winner is the one the question named.
func (m *match) tpTerminate() {
	t := m.t
	gs := m.state(m.a)
	p := m.awaited(gs)
	q := m.other(p) // not in turn
	gs = m.state(q)
	require.False(t, gs.Prompt.Awaits(q.seat))
	v := view(t, gs)
	winner := lobby.Sanitize(gs.Table.Seats[v.Ranking(q.seat)[0]].Handle, 16)
	before := gs.Version
	q.tm.waitShows("x terminate game", stepWait)
	q.tm.typeText("x")
	q.tm.waitShows("Please confirm", stepWait)
	m.paneShows(q, "Please confirm", "Terminate the game? It ends now for everyone and you cannot win: "+winner+" wins.")
	q.tm.typeText("y")
	m.waitApplied(q, before)
	gs = m.state(q)
	require.True(t, gs.Outcome.Finished)
	end := lastLog(t, gs, "game_over")
	require.Contains(t, end, q.name+" terminated the game")
	for _, r := range gs.Outcome.Results {
		if r.Placement == 1 {
			require.Equal(t, winner, lobby.Sanitize(gs.Table.Seats[r.Seat].Handle, 16), "the question named the winner")
		}
	}
	t.Logf("ended: %s; %s won", end, winner)
	for _, x := range m.humans() {
		m.logShows(x, end)
		x.tm.waitShows("Game over", stepWait)
	}
}

// paneW is the width of the right pane inside the large board at 160x50
// (tui/opoly/layout.go: nine 9-column cells, less the left pane and gaps).
const paneW = 40

// paneShows waits until the pane whose section starts with anchor holds
// text, its wrapped lines read as one.
func (m *match) paneShows(p *player, anchor, text string) {
	m.t.Helper()
	p.tm.waitUntil(text, stepWait, func(v *vtscreen.Screen) bool {
		r, c := v.Find(anchor)
		return r >= 0 && strings.Contains(region(v, c, c+paneW), squash(text))
	})
}

// tpCellShows waits until line `line` of cell c on p's large board (0 the
// band, -1 the last: the owner) starts with want, after the group letter for the band. The ring is found
// from its corners: Runway (top left), Science Park (top right) and
// Catalyst Incubator (bottom left).
func (m *match) tpCellShows(p *player, c, line int, want string) {
	m.t.Helper()
	p.tm.waitUntil(want+" on cell "+itoa(int64(c)), stepWait, func(s *vtscreen.Screen) bool {
		fr, fc := s.Find("Runway")
		if fr < 1 {
			return false
		}
		gc := strings.Index(s.Cells(fr, fc, s.Width()), "Science")
		if gc < 0 {
			return false
		}
		cw := gc / 10
		jr := -1
		for r := fr + 1; r < s.Height(); r++ {
			if strings.HasPrefix(s.Cells(r, fc, cw), "Catalyst") {
				jr = r
				break
			}
		}
		if cw < 2 || jr < 0 || (jr-fr)%10 != 0 {
			return false
		}
		ch := (jr - fr) / 10
		row, col := ringPos(c)
		r0 := fr - 1 + row*ch
		if line < 0 || line >= ch {
			line = ch - 1
		}
		got := s.Cells(r0+line, fc+col*cw, cw-1)
		if line == 0 {
			got = strings.TrimLeft(got[min(2, len(got)):], " ")
		}
		return strings.HasPrefix(got, want)
	})
}
