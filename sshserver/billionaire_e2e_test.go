package sshserver_test

import (
	"fmt"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	bill "boardroom/engine/billionaire"
	"boardroom/internal/vtscreen"
	"boardroom/lobby"
	billtui "boardroom/tui/billionaire"
)

// billSeedBase fixes the game's dice and stacks: both humans get a Lab in
// round 1 and work in it from round 2 on a continent the event leaves open.
const billSeedBase = 20261124

// billProgress is what each human has done through the screen.
type billProgress struct{ bought, accepted, worked bool }

// TestBillionaireE2E: two players on real SSH terminals (160x50) play IT
// Billionaire with two bots through the game's screen: both choose their
// action cards at the same time and neither screen shows the other's
// choice before the cards are played; each buys a Lab, selects work and
// accepts it, and works it in the Lab with the rings the rules give. Both
// screens are checked after each step: the map's owner marks, the money
// trail, the containers and the log.
func TestBillionaireE2E(t *testing.T) {
	m := startGame(t, bill.Definition{}, billtui.Renderers(), billSeedBase, 60*time.Second)
	defer m.ts.stop()
	// alice opens a four-seat table with two bots, bob joins with `play ID`.
	m.setUp(4, 4, 2)
	m.secretChoice()
	done := map[*player]*billProgress{m.a: {}, m.b: {}}
	for !(done[m.a].worked && done[m.b].worked) {
		m.inTime(fmt.Sprintf("alice %+v, bob %+v", *done[m.a], *done[m.b]))
		gs := m.state(m.a)
		require.False(t, gs.Outcome.Finished, "the game ended first")
		p := m.awaited(gs)
		m.billTurn(p, done[p])
	}
}

// chosenRow matches a player's row in the money trail with its chosen
// mark: "2 bob  50 M€ 0 chosen: no".
func chosenRow(p *player, yes bool) *regexp.Regexp {
	mark := "no"
	if yes {
		mark = "yes"
	}
	return regexp.MustCompile(strconv.Itoa(p.seat+1) + ` ` + p.name + `( \(you\))?\s+\d+ M€ \d chosen: ` + mark)
}

// secretChoice: round 1 opens with both card pickers on screen at once.
// Alice locks in first; until bob has chosen, his screen says only
// "chosen: yes" of her, hers only "chosen: no" of him, and only her own
// screen lists her card. Then bob chooses; alice's screen never names
// bob's card.
func (m *match) secretChoice() {
	t, a, b := m.t, m.a, m.b
	for _, p := range []*player{a, b} {
		p.tm.waitShows("Your secret choice for round 1", stepWait)
	}
	m.chooseCards(a, [5]int{1, 0, 0, 0, 0})
	a.tm.waitShows("Your secret cards: 1 Acquire Lab", stepWait)
	b.tm.waitUntil("alice chosen: yes", stepWait, func(v *vtscreen.Screen) bool { return lineMatches(v, chosenRow(a, true)) })
	a.tm.waitUntil("bob chosen: no", stepWait, func(v *vtscreen.Screen) bool { return lineMatches(v, chosenRow(b, false)) })
	require.False(t, b.tm.shows("Your secret cards"), "bob sees a secret choice before choosing\n%s", b.tm.dump())
	require.False(t, b.tm.shows("1 Acquire Lab"), "bob sees alice's card\n%s", b.tm.dump())
	require.Equal(t, bill.PhaseSelect, viewOf[bill.View](t, m.state(b)).Phase, "the game waits on bob")
	m.chooseCards(b, [5]int{1, 0, 0, 0, 0})
	require.NotEqual(t, bill.PhaseSelect, viewOf[bill.View](t, m.state(a)).Phase)
	require.False(t, a.tm.shows("bob chose"), "alice's log names bob's cards\n%s", a.tm.dump())
}

// chooseCards picks counts of each card type in p's picker (opened by
// itself) and locks them in with the confirmation.
func (m *match) chooseCards(p *player, n [5]int) {
	m.t.Helper()
	gs := m.state(p)
	v := viewOf[bill.View](m.t, gs)
	p.tm.waitShows(fmt.Sprintf("Your secret choice for round %d: 0 of", v.Round), stepWait)
	total := 0
	for t := 0; t < 5; t++ {
		for k := 0; k < n[t]; k++ {
			p.tm.typeText("+")
			total++
			p.tm.waitShows(fmt.Sprintf("round %d: %d of", v.Round, total), stepWait)
		}
		if t < 4 {
			p.tm.typeText("\x1b[B")
		}
	}
	p.tm.typeText("\r")
	p.tm.waitShows("Lock in", stepWait)
	before := gs.Version
	p.tm.typeText("y")
	m.waitApplied(p, before)
}

// billTurn makes p's next decision through the screen.
func (m *match) billTurn(p *player, pr *billProgress) {
	t := m.t
	gs := m.state(p)
	v := viewOf[bill.View](t, gs)
	me := v.Players[p.seat]
	switch v.Phase {
	case bill.PhaseSelect:
		switch {
		case len(me.Labs) == 0:
			m.chooseCards(p, [5]int{1, 0, 0, 0, 0})
		default:
			m.chooseCards(p, [5]int{0, 0, 1, 1, 0})
		}
	case bill.PhaseUpkeep:
		m.pressConfirmedBill(p, "f", "f sell a Lab for upkeep", "Sell (upkeep)")
	case bill.PhaseDecide:
		if legal(gs, "accept") != nil {
			code := v.Drawn[0].Code
			m.press(p, "y", "y accept")
			if !pr.accepted {
				pr.accepted = true
				m.itemShows(code)
				t.Logf("%s accepted %s", p.name, code)
			}
		} else {
			m.press(p, "n", "n decline")
		}
	case bill.PhaseZone:
		switch {
		case legal(gs, "acquire_lab") != nil && len(me.Labs) == 0:
			loc := legal(gs, "acquire_lab").(bill.AcquireLab).Loc
			m.pressConfirmedBill(p, "a", "a buy a Lab", "capital 50 M€ →")
			m.labShows(p, loc)
			pr.bought = true
			t.Logf("%s bought a Lab in %s", p.name, bill.Locations()[loc].Name)
		case legal(gs, "select_work") != nil && !hasItem(me):
			m.press(p, "w", "w select work", answer{"Select Work: the stacks", "\r"})
		case legal(gs, "do_work") != nil:
			m.doWork(p)
			pr.worked = true
		default:
			m.endVisit(p)
		}
	default:
		t.Fatalf("unexpected phase %q", v.Phase)
	}
}

func hasItem(p bill.PlayerView) bool {
	for _, c := range p.Containers {
		if c.Item != nil {
			return true
		}
	}
	return len(p.Queue) > 0
}

// pressConfirmedBill opens a pick list with key, takes its first row and
// answers the question, which must say question.
func (m *match) pressConfirmedBill(p *player, key, label, question string) {
	m.t.Helper()
	p.tm.waitShows(label, stepWait)
	before := m.state(p).Version
	p.tm.typeText(key)
	p.tm.waitShows("up/down choose", stepWait)
	p.tm.typeText("\r")
	p.tm.waitShows(question, stepWait)
	require.Equal(m.t, before, m.state(p).Version, "nothing is spent before the answer")
	p.tm.typeText("y")
	m.waitApplied(p, before)
}

// endVisit ends p's visit, answering the question asked when cards are
// left.
func (m *match) endVisit(p *player) {
	m.t.Helper()
	p.tm.waitShows("e end visit", stepWait)
	before := m.state(p).Version
	p.tm.typeText("e")
	var asked bool
	require.Eventually(m.t, func() bool {
		if m.state(p).Version > before {
			return true
		}
		asked = p.tm.shows("End your visit")
		return asked
	}, stepWait, 10*time.Millisecond)
	if asked {
		p.tm.typeText("y")
		m.waitApplied(p, before)
	}
}

// doWork works p's first container in its first listed Lab and checks the
// rings against R003-14 computed from the log's die, on both screens.
func (m *match) doWork(p *player) {
	t := m.t
	gs := m.state(p)
	dw := legal(gs, "do_work").(bill.DoWork)
	v := viewOf[bill.View](t, gs)
	c := v.Players[p.seat].Containers[dw.Container]
	it := *c.Item
	m.press(p, "d", "d do work", answer{"Do Work: container", "\r"})
	gs = m.state(p)
	// p's own line: with its last card played its visit ends at once and
	// the bots may have worked since.
	line := ""
	for i := len(gs.Log.All()) - 1; i >= 0 && line == ""; i-- {
		if l := gs.Log.All()[i]; l.Kind == "work" && regexp.MustCompile(`^`+regexp.QuoteMeta(p.name)+` works `).MatchString(l.Text) {
			line = l.Text
		}
	}
	require.Contains(t, line, p.name+" works "+it.Code)
	die := 6
	if it.HighRisk {
		d := regexp.MustCompile(`rolled (\d)`).FindStringSubmatch(line)
		require.NotNil(t, d, line)
		die, _ = strconv.Atoi(d[1])
	}
	want := int64(0)
	for _, l := range dw.Labs {
		loc := bill.Locations()[l]
		r := loc.Capacity
		if loc.Continent == it.Customer {
			r *= 2
		}
		if it.HighRisk {
			switch {
			case die == 1:
				r = 0
			case die <= 3:
				r = (r + 1) / 2
			}
		}
		if l == dw.Host && c.Loc != dw.Host {
			r = max(0, r-loc.Overhead)
		}
		want += r
	}
	require.Contains(t, line, fmt.Sprintf(": +%s; %d man-days done, %d needed", bill.Plural(int(want), "man-day"), c.Rings+want, it.Duration))
	t.Logf("%s", line)
	for _, q := range m.humans() {
		// The log line is not waited for on screen: with its last card
		// played p's visit ends at once and the round may run on past it.
		if c.Rings+want < it.Duration {
			row := fmt.Sprintf("C%d %s %s %d/%d md @%s", dw.Container+1, it.Code, bill.ContinentCode(it.Customer),
				c.Rings+want, it.Duration, bill.Locations()[dw.Host].Name)
			q.tm.waitShows(row, stepWait)
		}
		m.trailShows(q)
	}
}

// labShows checks both screens after p bought the Lab at loc: the map row
// with p's seat as owner (and # on p's own screen), and the money trail.
func (m *match) labShows(p *player, loc int) {
	m.t.Helper()
	l := bill.Locations()[loc]
	for _, q := range m.humans() {
		own := " "
		if q == p {
			own = "#"
		}
		row := regexp.MustCompile(regexp.QuoteMeta(own+fmt.Sprintf("%-13s %s %s", l.Name, bill.ContinentCode(l.Continent), l.Type)) +
			`.* P` + strconv.Itoa(p.seat+1) + `!?\+?`) // + until the round ends: with no card left it may end at once
		q.tm.waitUntil(row.String(), stepWait, func(v *vtscreen.Screen) bool { return lineMatches(v, row) })
		m.trailShows(q)
		m.logShows(q, lastLog(m.t, m.state(q), "money"))
	}
}

// itemShows checks that an accepted item shows on both screens.
func (m *match) itemShows(code string) {
	for _, q := range m.humans() {
		q.tm.waitShows(code, stepWait)
	}
}

// trailShows waits until q's money trail lists every player with the
// capital the game holds.
func (m *match) trailShows(q *player) {
	m.t.Helper()
	gs := m.state(q)
	v := viewOf[bill.View](m.t, gs)
	for s, pv := range v.Players {
		name := lobby.Sanitize(gs.Table.Seats[s].Handle, 12)
		re := regexp.MustCompile(strconv.Itoa(s+1) + ` ` + regexp.QuoteMeta(name) + `( \(you\))?\s+` + strconv.FormatInt(pv.Capital, 10) + ` M€ `)
		q.tm.waitUntil(name+" with "+strconv.FormatInt(pv.Capital, 10)+" M€", stepWait, func(v *vtscreen.Screen) bool {
			return lineMatches(v, re)
		})
	}
}
