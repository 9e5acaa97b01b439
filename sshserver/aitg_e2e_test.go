package sshserver_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	aitg "boardroom/engine/allinthegame"
	"boardroom/internal/vtscreen"
	"boardroom/lobby"
	aitgtui "boardroom/tui/allinthegame"
)

// aitgSeedBase fixes the game's deal and event order (lobbytest.Seeds):
// with it the humans' simple plan below meets every signature decision.
const aitgSeedBase = 20261124

// TestAllInTheGameE2E: alice and bob on real SSH terminals (160x50) set up
// a three-seat table with a bot and play through the TUI until a human has
// assigned a consultant through the desk picker, a human has trained with
// its secret pick (the other human's screen shows that a consultant was
// trained, never which), a Principal has completed a project with its
// rewards, and a deadline penalty has been paid; both screens show each
// result in the log and everyone's dollars on the players list.
func TestAllInTheGameE2E(t *testing.T) {
	m := startGame(t, aitg.Definition{}, aitgtui.Renderers(), aitgSeedBase, 60*time.Second)
	defer m.ts.stop()
	// alice opens a three-seat table with a bot, bob joins with `play ID`.
	m.setUp(3, 4, 1)
	a := &aitgMatch{match: m}
	a.play()
}

type aitgMatch struct {
	*match
	assigned, trained, completed, penalised bool
	lastSeq                                 int
}

func (m *aitgMatch) play() {
	t := m.t
	for !m.assigned || !m.trained || !m.completed || !m.penalised {
		m.inTime(fmt.Sprintf("assigned %v, trained %v, completed %v, penalised %v", m.assigned, m.trained, m.completed, m.penalised))
		gs := m.state(m.a)
		m.checkNews(gs)
		require.False(t, gs.Outcome.Finished, "the game ended first: assigned %v, trained %v, completed %v, penalised %v (%s)",
			m.assigned, m.trained, m.completed, m.penalised, gs.Outcome.Reason)
		m.turn(m.awaited(gs))
	}
}

// checkNews looks at the log since the last look for a completion and a
// penalty, and checks both screens for them.
func (m *aitgMatch) checkNews(gs lobby.GameState) {
	var fresh []lobby.LogLine
	for _, l := range gs.Log.All() {
		if l.Seq > m.lastSeq {
			fresh = append(fresh, l)
		}
	}
	if len(gs.Log.All()) > 0 {
		m.lastSeq = gs.Log.All()[len(gs.Log.All())-1].Seq
	}
	for i, l := range fresh {
		switch {
		case l.Kind == "complete" && !m.completed:
			// the reward of the rightmost consultant comes next
			require.Less(m.t, i+1, len(fresh))
			reward := fresh[i+1]
			require.Equal(m.t, "reward", reward.Kind)
			require.Contains(m.t, reward.Text, "on completing")
			for _, p := range m.humans() {
				m.logShows(p, l.Text)
				m.logShows(p, reward.Text)
			}
			m.completed = true
			m.t.Logf("completed: %s / %s", l.Text, reward.Text)
		case l.Kind == "penalty" && !m.penalised:
			for _, p := range m.humans() {
				m.logShows(p, l.Text)
			}
			m.penalised = true
			m.t.Logf("penalty: %s", l.Text)
		}
	}
	if len(fresh) > 0 {
		for _, p := range m.humans() {
			m.synced(p)
		}
	}
}

// synced waits until p's screen shows the game as the lobby has it now:
// every player's dollars, hand size and moves, and every project's desks.
// Keys are sent only then, so none acts on a screen a frame behind.
func (m *aitgMatch) synced(p *player) {
	m.t.Helper()
	gs := m.state(p)
	v := viewOf[aitg.View](m.t, gs)
	var want []string
	for _, pl := range v.Players {
		name := lobby.Sanitize(gs.Table.Seats[pl.Seat].Handle, 16)
		want = append(want, fmt.Sprintf("%d %-16s %6s   hand %d   moves left %d", pl.Seat+1, name, aitg.Money(pl.Dollars), pl.HandSize, pl.MovesLeft))
	}
	for _, pr := range v.Projects {
		if !pr.Empty {
			want = append(want, deskRow(pr))
		}
	}
	p.tm.waitUntil("the current game", stepWait, func(s *vtscreen.Screen) bool {
		text := strings.Join(s.Lines(), "\n")
		for _, w := range want {
			if !strings.Contains(text, w) {
				return false
			}
		}
		return true
	})
}

// deskRow is a project's desks as the wide board draws them: [DEV*2P].
func deskRow(pr aitg.ProjectView) string {
	var b strings.Builder
	for _, d := range pr.Desks {
		star, occ := " ", ".."
		if d.PrincipalOnly {
			star = "*"
		}
		if d.Owner >= 0 {
			occ = fmt.Sprintf("%d%s", d.Owner+1, map[bool]string{false: "s", true: "P"}[d.Principal])
		}
		b.WriteString("[" + aitg.ColourCode(d.Colour) + star + occ + "]")
	}
	return b.String()
}

func card(c int, isP bool) string {
	if isP {
		return "Principal " + aitg.ColourCode(c)
	}
	return "Senior " + aitg.ColourCode(c)
}

// turn makes p's decision through the keys.
func (m *aitgMatch) turn(p *player) {
	t := m.t
	m.synced(p)
	gs := m.state(p)
	v := viewOf[aitg.View](t, gs)
	switch gs.Prompt.Phase {
	case aitg.PhaseChooseStart:
		m.enter(p, "choose the start player", 0, "", gs.Version)
	case aitg.PhaseHeadhunters:
		m.enter(p, "Headhunters: give back", 0, "", gs.Version)
	case aitg.PhaseTrainPick, aitg.PhaseRecruitPick:
		m.pick(p, gs, v)
	case aitg.PhaseWork:
		m.work(p, gs, v)
	default:
		t.Fatalf("unexpected phase %q", gs.Prompt.Phase)
	}
}

// enter waits for title, moves the cursor down k rows (up for a negative
// k), waits for the highlighted label (when given) and presses enter.
func (m *aitgMatch) enter(p *player, title string, k int, label string, before int) {
	m.t.Helper()
	p.tm.waitShows(title, stepWait)
	if k >= 0 {
		p.tm.typeText(strings.Repeat("\x1b[B", k)) // down arrows: runes typed at once arrive as one key
	} else {
		p.tm.typeText(strings.Repeat("\x1b[A", -k))
	}
	if label != "" {
		p.tm.waitShows("> "+label, stepWait)
	}
	p.tm.typeText("\r")
	if before >= 0 {
		m.waitApplied(p, before)
	}
}

// pick is the secret pick after Train or Recruit: only p's screen offers
// it; the other human's screen says a pick is going on and nothing more.
func (m *aitgMatch) pick(p *player, gs lobby.GameState, v *aitg.View) {
	t := m.t
	q := m.other(p)
	p.tm.waitShows("Secret pick (only you see this)", stepWait)
	m.synced(q)
	require.False(t, q.tm.shows("Secret pick"), "%s", q.tm.dump())
	require.False(t, q.tm.shows("in the deck"), "%s", q.tm.dump())
	// Recruit: the colour of the last desk of the most advanced project.
	want := -1
	if gs.Prompt.Phase == aitg.PhaseRecruitPick {
		want = m.target(v)
	}
	k, label := 0, ""
	for i, a := range gs.Legal {
		c, isP := cardOf(a)
		if c < 0 {
			continue // Resign (C-8), listed last
		}
		if i == 0 || c == want {
			k, label = i, fmt.Sprintf("Take a %s (%d in the deck)", card(c, isP), v.Search[c])
		}
	}
	// The list opens on the answer the timer would take (the prompt's
	// default), not on its first row.
	m.enter(p, "Secret pick", k-defaultIndex(gs), label, gs.Version)
	if gs.Prompt.Phase == aitg.PhaseTrainPick && !m.trained {
		name := lobby.Sanitize(gs.Table.Seats[p.seat].Handle, 16)
		mine := m.state(p)
		var took string
		for _, l := range mine.Log.All() {
			if l.Kind == "pick" && strings.HasPrefix(l.Text, name+" trained a ") {
				took = l.Text
			}
		}
		require.NotEmpty(t, took)
		m.logShows(p, took)
		m.logShows(q, name+" trained a consultant.")
		m.logShows(q, name+" took a card from the deck.")
		require.NotContains(t, squash(strings.Join(q.tm.lines(), "")), squash(took), "the other player saw the secret card")
		m.trained = true
		t.Logf("%s: %s; %s's log: %s trained a consultant.", p.name, took, q.name, name)
	}
}

// target is the colour of the last desk of the project nearest to
// completion (the most desks filled from the left), -1 if none.
func (m *aitgMatch) target(v *aitg.View) int {
	best, colour := -1, -1
	for _, pr := range v.Projects {
		if pr.Empty || pr.Kind == aitg.KindInnovation {
			continue
		}
		r := -1
		for d, x := range pr.Desks {
			if x.Owner >= 0 {
				r = d
			}
		}
		if r > best {
			best, colour = r, pr.Desks[len(pr.Desks)-1].Colour
		}
	}
	return colour
}

// work plays the humans' plan: complete a project when a Principal can;
// otherwise train once, recruit a Principal for the project nearest to
// completion, assign Seniors as far right as possible, and pass.
func (m *aitgMatch) work(p *player, gs lobby.GameState, v *aitg.View) {
	var completing, furthest engine.Action
	bestDesk := -1
	hasPrincipal := false
	for _, h := range v.Hand {
		hasPrincipal = hasPrincipal || h.Principal
	}
	for _, a := range gs.Legal {
		as, ok := a.(aitg.Assign)
		if !ok {
			continue
		}
		pr := v.Projects[as.Project]
		if pr.Kind != aitg.KindInnovation && as.Principal && as.Desk == len(pr.Desks)-1 && completing == nil {
			completing = a
		}
		if !as.Principal && pr.Kind != aitg.KindInnovation && as.Desk > bestDesk {
			furthest, bestDesk = a, as.Desk
		}
		if furthest == nil && !as.Principal {
			furthest = a
		}
	}
	switch {
	case completing != nil:
		m.assign(p, gs, v, completing.(aitg.Assign))
	case !m.trained && legal(gs, "train") != nil:
		m.spend(p, gs, v, "t", "Train: give back which card?", "Train for", legal(gs, "train"))
	case !hasPrincipal && legal(gs, "recruit") != nil:
		m.spend(p, gs, v, "r", "Recruit: give back which card?", "Recruit for", legal(gs, "recruit"))
	case furthest != nil:
		m.assign(p, gs, v, furthest.(aitg.Assign))
	default:
		m.press(p, "s", "s  Pass", answer{"Pass? You take no more actions this round.", "y"})
	}
}

// cardOf is the card an action plays or takes: its colour (-1: none) and
// whether it is a Principal.
func cardOf(a engine.Action) (colour int, principal bool) {
	switch x := a.(type) {
	case aitg.Assign:
		return x.Colour, x.Principal
	case aitg.Train:
		return x.Colour, x.Principal
	case aitg.Recruit:
		return x.Colour, x.Principal
	case aitg.TakeSenior:
		return x.Colour, false
	case aitg.TakePrincipal:
		return x.Colour, true
	}
	return -1, false
}

// cardIndex is the row of the hand card (c, isP) in the card list of kind.
func cardIndex(gs lobby.GameState, kind string, c int, isP bool) int {
	seen := map[string]bool{}
	for _, a := range gs.Legal {
		if a.Kind() != kind {
			continue
		}
		ac, ap := cardOf(a)
		k := card(ac, ap)
		if ac == c && ap == isP {
			return len(seen)
		}
		seen[k] = true
	}
	return -1
}

// assign opens the desk picker for the card and walks it to the desk.
func (m *aitgMatch) assign(p *player, gs lobby.GameState, v *aitg.View, as aitg.Assign) {
	t := m.t
	p.tm.waitShows("a  Assign a consultant", stepWait)
	p.tm.typeText("a")
	m.enter(p, "Assign which consultant?", cardIndex(gs, "assign", as.Colour, as.Principal), card(as.Colour, as.Principal)+" (you hold", -1)
	j := 0
	for _, a := range gs.Legal {
		if x, ok := a.(aitg.Assign); ok && x.Colour == as.Colour && x.Principal == as.Principal {
			if x == as {
				break
			}
			j++
		}
	}
	pr := v.Projects[as.Project]
	p.tm.waitShows("Assign a "+card(as.Colour, as.Principal)+": ", stepWait)
	p.tm.typeText(strings.Repeat("\x1b[C", j)) // right arrows
	p.tm.waitShows(fmt.Sprintf("> desk %d of %s", as.Desk+1, pr.Name), stepWait)
	// the chosen desk is drawn between > and < on the board
	p.tm.waitShows(">"+aitg.ColourCode(pr.Desks[as.Desk].Colour), stepWait)
	p.tm.typeText("\r")
	m.waitApplied(p, gs.Version)
	name := lobby.Sanitize(gs.Table.Seats[p.seat].Handle, 16)
	line := fmt.Sprintf("%s assigned a %s to desk %d of %s.", name, card(as.Colour, as.Principal), as.Desk+1, pr.Name)
	if !m.assigned {
		for _, x := range m.humans() {
			m.logShows(x, line)
		}
		m.assigned = true
		t.Logf("%s", line)
	}
}

// spend is Train or Recruit: the card list, the question with the cost,
// yes; the secret pick follows as the next prompt.
func (m *aitgMatch) spend(p *player, gs lobby.GameState, v *aitg.View, key, title, question string, a engine.Action) {
	p.tm.waitShows(key+"  ", stepWait)
	p.tm.typeText(key)
	c, isP := cardOf(a)
	m.enter(p, title, cardIndex(gs, a.Kind(), c, isP), card(c, isP)+" (you hold", -1)
	have := v.Players[p.seat].Dollars
	cost := v.TrainCost
	if a.Kind() == "recruit" {
		cost = v.RecruitCost
	}
	p.tm.waitShows(question+" "+aitg.Money(cost)+"?", stepWait)
	p.tm.waitShows("Dollars "+aitg.Money(have)+" → "+aitg.Money(have-cost), stepWait)
	p.tm.typeText("y")
	m.waitApplied(p, gs.Version)
}

// defaultIndex is the row of gs.Legal the viewer's prompt takes when the
// time runs out: where a pick list opens. 0 when there is none.
func defaultIndex(gs lobby.GameState) int {
	for _, w := range gs.Prompt.Waiting {
		if w.Seat != gs.Seat || w.Default == nil {
			continue
		}
		for i, a := range gs.Legal {
			if a == w.Default {
				return i
			}
		}
	}
	return 0
}
