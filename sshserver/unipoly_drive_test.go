package sshserver_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/internal/vtscreen"
	"boardroom/lobby"
)

// The driver of the property games' end-to-end tests (Unipoly, and the
// pieces Projectopoly shares with it: the view, the sealed bid, the cash
// and the auction's reveal).

// The keys and action-bar labels of the Unipoly board renderer
// (tui/opoly/keys.go); press sends a key only once its label shows.
const (
	labelRoll    = "r roll"
	labelBuy     = "b buy"
	labelDecline = "n decline"
	labelBid     = "enter bid"
	labelEnd     = "e end turn"
	labelTrade   = "t trade"
	labelAccept  = "a accept"
	labelReject  = "n reject"
)

// view is the property-game view of a game state.
func view(t *testing.T, gs lobby.GameState) *opoly.View {
	t.Helper()
	return viewOf[opoly.View](t, gs)
}

// bid types p's sealed bid into the bid entry and sends it: alice bids
// forAlice, bob forBob (the minimum bid more in a tie round), within the
// bounds and the steps the game allows.
func (m *match) bid(p *player, forAlice, forBob int64) int64 {
	m.t.Helper()
	gs := m.state(p)
	tpl, ok := legal(gs, "bid").(engine.Template)
	require.True(m.t, ok, "%s is asked to bid but cannot", p.name)
	bounds := tpl.Param()
	amount := forBob
	if p == m.a {
		amount = forAlice
	}
	v := view(m.t, gs)
	if v.Auction != nil && v.Auction.MinBid > 0 {
		amount += v.Auction.MinBid
	}
	amount = min(max(amount, bounds.Min), bounds.Max)
	amount -= (amount - bounds.Min) % max(bounds.Step, 1)
	p.tm.waitShows(labelBid, stepWait)
	p.tm.typeText(itoa(amount))
	// a sealed bid cannot be changed: the screen asks first
	m.press(p, "\r", "Your bid: "+v.FormatMoney(amount), confirm)
	return amount
}

// declined follows the sealed-bid auction a human's decline starts: its
// lot (-1: none), the log's last sequence number before the decline, and
// each human's first bid in it as typed.
type declined struct {
	lot, since int
	bids       map[*player]int64
}

func noDecline() *declined { return &declined{lot: -1, bids: map[*player]int64{}} }

// start notes the decline of lot on a screen of the game state gs.
func (d *declined) start(gs lobby.GameState, lot int) {
	d.lot, d.since = lot, gs.Log.All()[len(gs.Log.All())-1].Seq
}

// ended reports whether the followed auction is over in v.
func (d *declined) ended(v *opoly.View) bool { return d.lot >= 0 && v.Auction == nil }

// bidIn is p's sealed bid (alice forAlice, bob forBob), noted when it is
// p's first in the followed auction.
func (m *match) bidIn(d *declined, p *player, forAlice, forBob int64) {
	m.t.Helper()
	x := m.bid(p, forAlice, forBob)
	if _, ok := d.bids[p]; !ok && d.lot >= 0 {
		d.bids[p] = x
	}
}

// afterRoll rolls again where the dice say so (doubles), else ends p's turn.
func (m *match) afterRoll(p *player, v *opoly.View) {
	m.t.Helper()
	if v.MustRoll {
		m.press(p, "r", labelRoll)
	} else {
		m.press(p, "e", labelEnd)
	}
}

// auctionReveals are the reveals in the log of the auction d followed; the
// first names its lot and both humans' bids as typed.
func (m *match) auctionReveals(gs lobby.GameState, v *opoly.View, d *declined) []string {
	m.t.Helper()
	var reveals []string
	for _, l := range gs.Log.All() {
		if l.Seq > d.since && l.Kind == "auction_reveal" {
			reveals = append(reveals, l.Text)
		}
	}
	require.NotEmpty(m.t, reveals)
	first := reveals[0]
	require.True(m.t, strings.HasPrefix(first, "Bids for "+v.Board.Cells[d.lot].Name+": "), first)
	for _, p := range m.humans() {
		require.Contains(m.t, d.bids, p, "%s did not bid", p.name)
		require.Contains(m.t, first, p.name+" "+v.FormatMoney(d.bids[p]))
	}
	m.t.Logf("auction: %s", strings.Join(reveals, " / "))
	return reveals
}

// raise settles p's debt: mortgage or sell where the TUI offers it (on the
// cursor's cell, or from its pick list, confirming a group sale), else
// bankruptcy.
func (m *match) raise(p *player) {
	m.t.Helper()
	gs := m.state(p)
	key, label := "d", "d declare bankruptcy"
	switch {
	case legal(gs, "mortgage") != nil || legal(gs, "sell_and_mortgage") != nil:
		key, label = "m", "m mortgage"
	case legal(gs, "sell_building") != nil:
		key, label = "-", "- sell"
	}
	m.pressPickAnswer(p, key, label)
}

// trade: p proposes through the trade dialog to swap its first property
// for q's first one, q accepts with its key.
func (m *match) trade(p, q *player) {
	m.t.Helper()
	gs := m.state(p)
	v := view(m.t, gs)
	give, take := v.Player(p.seat).Props[0], v.Player(q.seat).Props[0]
	idx := -1
	var partners []int
	for _, a := range gs.Legal {
		if pt, ok := a.(opoly.ProposeTrade); ok {
			if pt.To == q.seat {
				idx = len(partners)
			}
			partners = append(partners, pt.To)
		}
	}
	require.GreaterOrEqual(m.t, idx, 0)

	p.tm.waitShows(labelTrade, stepWait)
	p.tm.typeText("t")
	qWho := seatDigit(q.seat) + " " + q.name
	if len(partners) > 1 {
		p.tm.waitShows("Trade with whom?", stepWait)
		// Arrow keys, not "j": a run of letters in one read is one key
		// message to Bubble Tea, escape sequences are one message each.
		p.tm.typeText(strings.Repeat("\x1b[B", idx))
		p.tm.waitShows("> "+qWho, stepWait)
		p.tm.typeText("\r")
	}
	p.tm.waitShows("Propose a trade to "+qWho, stepWait)
	// Space selects the first item on the give side, l moves to the take
	// side, space selects its first item.
	p.tm.typeText(" ")
	p.tm.waitUntil("one selection", stepWait, func(v *vtscreen.Screen) bool { return countIn(v, "[x]") == 1 })
	p.tm.typeText("l ")
	p.tm.waitUntil("two selections", stepWait, func(v *vtscreen.Screen) bool { return countIn(v, "[x]") == 2 })
	before := gs.Version
	p.tm.typeText("\r")
	p.tm.waitShows("y: send", stepWait) // the whole offer, to review
	p.tm.typeText("y")
	m.waitApplied(p, before)

	gs = m.state(q)
	v = view(m.t, gs)
	require.Equal(m.t, opoly.PhaseTrade, v.Phase)
	require.NotNil(m.t, v.Trade.Offer)
	require.Equal(m.t, []int{give}, v.Trade.Offer.FromCells)
	require.Equal(m.t, []int{take}, v.Trade.Offer.ToCells)
	proposal := lastLog(m.t, gs, "trade_proposed")
	require.Contains(m.t, proposal, p.name+" proposed a trade to "+q.name)
	for _, x := range []*player{p, q} {
		m.logShows(x, proposal)
	}
	q.tm.waitShows(labelAccept, stepWait)
	m.pressConfirmed(q, "a", labelAccept)

	gs = m.state(p)
	v = view(m.t, gs)
	require.Equal(m.t, q.seat, v.Cells[give].Owner)
	require.Equal(m.t, p.seat, v.Cells[take].Owner)
	done := lastLog(m.t, gs, "trade_accepted")
	require.Contains(m.t, done, q.name+" accepted the trade with "+p.name+": "+p.name+" gives "+v.Board.Cells[give].Name)
	require.Contains(m.t, done, q.name+" gives "+v.Board.Cells[take].Name)
	m.showsResult(done, give, take)
}

// showsResult checks both screens after an event: its log sentence, the
// owner marks of the given cells on the board, and every player's cash.
func (m *match) showsResult(sentence string, cells ...int) {
	m.t.Helper()
	for _, p := range m.humans() {
		m.logShows(p, sentence)
		gs := m.state(p)
		v := view(m.t, gs)
		for _, c := range cells {
			m.ownerShows(p, v, c)
		}
		m.cashShows(p, gs, v)
	}
}

// ownerShows waits until cell c on p's board carries its owner's mark
// "#N" in the last line of the cell. The ring is found from two corners:
// Free Parking (top left) and Go to Jail (top right) give the origin and
// the cell width, Jail (bottom left) the cell height.
func (m *match) ownerShows(p *player, v *opoly.View, c int) {
	m.t.Helper()
	owner := v.Cells[c].Owner
	require.GreaterOrEqual(m.t, owner, 0, "%s has no owner", v.Board.Cells[c].Name)
	want := "#" + seatDigit(owner)
	p.tm.waitUntil(want+" on "+v.Board.Cells[c].Name, stepWait, func(s *vtscreen.Screen) bool {
		fr, fc := s.Find("Free")
		if fr < 1 || s.Cells(fr+1, fc, 7) != "Parking" {
			return false
		}
		gc := strings.Index(s.Cells(fr, fc, s.Width()), "Go to")
		if gc < 0 {
			return false
		}
		cw := gc / 10
		jr := -1
		for r := fr + 1; r < s.Height(); r++ {
			if strings.HasPrefix(s.Cells(r, fc, cw), "Jail") {
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
		return strings.HasPrefix(s.Cells(r0+ch-1, fc+col*cw, cw-1), want)
	})
}

// ringPos is the row and column of a cell on the 40-cell board
// (tui/opoly/ring.go): GO at the bottom right, then leftwards, up, right
// and down.
func ringPos(c int) (row, col int) {
	const s = 10
	switch {
	case c <= s:
		return s, s - c
	case c <= 2*s:
		return s - (c - s), 0
	case c <= 3*s:
		return 0, c - 2*s
	}
	return c - 3*s, s
}

// cashShows waits until the players pane on p's screen lists every player
// with the cash the game holds.
func (m *match) cashShows(p *player, gs lobby.GameState, v *opoly.View) {
	m.t.Helper()
	for _, s := range v.Order {
		name := lobby.Sanitize(gs.Table.Seats[s].Handle, 16)
		cash := v.FormatMoney(v.Player(s).Cash)
		row := regexp.MustCompile(`(^|\s)` + seatDigit(s) + " " + regexp.QuoteMeta(name) + `\s+` + regexp.QuoteMeta(cash) + `(\s|$)`)
		p.tm.waitUntil(name+" with "+cash+" in the players pane", stepWait, func(sc *vtscreen.Screen) bool { return lineMatches(sc, row) })
	}
}

// build: + opens the list of the cells where a house may go and builds
// nothing; the list spells out what the highlighted row does to p's cash,
// and enter builds one house there.
func (m *match) build(p *player) {
	m.t.Helper()
	gs := m.state(p)
	before := gs.Version
	cash := view(m.t, gs).Player(p.seat).Cash
	p.tm.waitShows("+ build", stepWait)
	p.tm.typeText("+")
	p.tm.waitShows("Choose where to build", stepWait)
	p.tm.waitShows("cash "+view(m.t, gs).FormatMoney(cash), stepWait)
	require.Equal(m.t, before, m.state(p).Version, "+ alone builds nothing")
	p.tm.typeText("\r") // chooses; the question takes y only
	p.tm.waitShows("y: yes", stepWait)
	require.Equal(m.t, before, m.state(p).Version, "enter alone builds nothing")
	p.tm.typeText("y")
	m.waitApplied(p, before)
	gs = m.state(p)
	require.Contains(m.t, lastLog(m.t, gs, "build"), p.name+" paid")
	m.logShows(p, lastLog(m.t, gs, "build"))
}
