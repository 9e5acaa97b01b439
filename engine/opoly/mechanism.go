package opoly

import (
	"slices"

	"boardroom/engine"
)

// Mechanism is a rule module that only some variants have (Technopoly's
// takeovers, finishing the round at a bankruptcy): the variant lists it in
// Ruleset.Mechanisms and the core asks each listed module at fixed points
// of its dispatch, in list order, instead of carrying the rules itself:
// its moves, the lobby options that switch them and how they end the game
// are the mechanism's, as moves and endIf are a game's data in
// boardgame.io's game.ts. The core keeps the action types (the action log
// decodes them), the state a mechanism writes through Table (the snapshot
// holds it) and the phases it waits in (prompt.go: who is awaited and
// their default), so that recorded games replay unchanged.
type Mechanism interface {
	// Kinds are the action kinds the mechanism owns: they exist in a game
	// only when a listed mechanism owns them.
	Kinds() []string
	// Options are the lobby options the mechanism adds to Info.
	Options(rs *Ruleset) []engine.OptionSpec
	// Legal appends seat's actions of the mechanism. The core calls it in
	// the active player's turn window (after building, mortgages and
	// trades) and in a trade phase that holds the mechanism's request
	// (Table.Request).
	Legal(t Table, seat int, out []engine.Action) []engine.Action
	// Check validates a of seat when a is one of the mechanism's kinds; it
	// changes nothing.
	Check(t Table, seat int, a engine.Action) error
	// Apply carries out a of seat, which Check accepted.
	Apply(t Table, seat int, a engine.Action)
}

// CellLister is a Mechanism that can list its actions on some cells only,
// for a bot that asks for a few (Advice.LegalOfCells): LegalCells appends
// the actions Legal appends that name a cell in the set cells (bit c: cell
// c), in Legal's order.
type CellLister interface {
	LegalCells(t Table, seat int, cells uint64, out []engine.Action) []engine.Action
}

// Ender is a Mechanism that changes how the game ends (the end as data).
type Ender interface {
	// Bankrupt is told that seats went bankrupt in a game the first
	// bankruptcy ends (Ruleset.End.FirstBankruptcy); it reports whether it
	// took over the end (else the game ends at once).
	Bankrupt(t Table, seats []int) bool
	// RoundOver is called when a round ends; it reports whether it ended
	// the game.
	RoundOver(t Table) bool
}

// Settler is a Mechanism that gives a debtor another way to settle a debt
// to a player than cash (Projectopoly's mixed payment): the core does not
// declare a debtor short of cash bankrupt at once while one CanSettle.
type Settler interface {
	CanSettle(t Table) bool
}

// mechCanSettle reports whether a Settler can still settle the debt. The
// Settlers are those Validate found (mechCache.settlers) when the cache is
// of this list.
func (g *Game) mechCanSettle() bool {
	rs := g.rs
	if c := &rs.mech; c.set && c.of(rs.Mechanisms) {
		for _, i := range c.settlers {
			if rs.Mechanisms[i].(Settler).CanSettle(Table{g}) {
				return true
			}
		}
		return false
	}
	for _, m := range rs.Mechanisms {
		if st, ok := m.(Settler); ok && st.CanSettle(Table{g}) {
			return true
		}
	}
	return false
}

// mechanism returns the listed mechanism that owns kind, or nil: from
// the kinds Validate listed (mechCache.kinds) when they are of this list,
// without asking each mechanism for its kinds (a Technopoly game looks a
// mechanism up three times for each takeover request and answer).
func (rs *Ruleset) mechanism(kind string) Mechanism {
	if c := &rs.mech; c.set && c.of(rs.Mechanisms) {
		for i := range c.kinds {
			if c.kinds[i].kind == kind {
				return rs.Mechanisms[c.kinds[i].m]
			}
		}
		return nil
	}
	return rs.mechanismOf(kind)
}

// mechFor is g.rs.mechanism(kind), the last two found kept: an Apply of a
// mechanism's action asks for it to know the kind (hasKind), to check the
// action and to apply it, and the actions of a turn or an answer are
// mostly of one kind (a takeover's request and answer alternate). The
// ruleset does not change during a game.
func (g *Game) mechFor(kind string) Mechanism {
	c := &g.mech
	if c[0].m != nil && c[0].kind == kind {
		return c[0].m
	}
	if c[1].m != nil && c[1].kind == kind {
		c[0], c[1] = c[1], c[0]
		return c[0].m
	}
	m := g.rs.mechanism(kind)
	if m != nil {
		c[1] = c[0]
		c[0].kind, c[0].m = kind, m
	}
	return m
}

// mechanismOf is mechanism asking each mechanism for its kinds.
func (rs *Ruleset) mechanismOf(kind string) Mechanism {
	for _, m := range rs.Mechanisms {
		if slices.Contains(m.Kinds(), kind) {
			return m
		}
	}
	return nil
}

// Has reports whether actions of kind exist in the ruleset's games by one
// of its mechanisms (the bots ask before they look for them).
func (rs *Ruleset) Has(kind string) bool { return rs.mechanism(kind) != nil }

// mechLegal appends the listed mechanisms' actions for seat.
func (g *Game) mechLegal(seat int, out []engine.Action) []engine.Action {
	for _, m := range g.rs.Mechanisms {
		out = m.Legal(Table{g}, seat, out)
	}
	return out
}

// mechBankrupt lets an Ender take over the end after a bankruptcy.
func (g *Game) mechBankrupt(seats []int) bool {
	for _, m := range g.rs.Mechanisms {
		if e, ok := m.(Ender); ok && e.Bankrupt(Table{g}, seats) {
			return true
		}
	}
	return false
}

// mechRoundOver lets an Ender end the game at the end of a round. The
// Enders are those Validate found (mechCache.enders) when the cache is of
// this list.
func (g *Game) mechRoundOver() bool {
	rs := g.rs
	if c := &rs.mech; c.set && c.of(rs.Mechanisms) {
		for _, i := range c.enders {
			if rs.Mechanisms[i].(Ender).RoundOver(Table{g}) {
				return true
			}
		}
		return false
	}
	for _, m := range rs.Mechanisms {
		if e, ok := m.(Ender); ok && e.RoundOver(Table{g}) {
			return true
		}
	}
	return false
}

// Illegal is the rule error of an action the rules do not allow now, with
// the sentence the player reads.
func Illegal(msg string) error { return illegal(msg) }

// NoActions is embedded by a Mechanism that owns no action of its own (a
// variant's advice to the standard bot, Advisor): its Kinds, Options,
// Legal, Check and Apply do nothing.
type NoActions struct{}

// Kinds implements Mechanism: it owns no action.
func (NoActions) Kinds() []string { return nil }

// Options implements Mechanism: it adds no option.
func (NoActions) Options(*Ruleset) []engine.OptionSpec { return nil }

// Legal implements Mechanism: it adds no action.
func (NoActions) Legal(_ Table, _ int, out []engine.Action) []engine.Action { return out }

// Check implements Mechanism; it owns no action.
func (NoActions) Check(Table, int, engine.Action) error { return nil }

// Apply implements Mechanism; it owns no action.
func (NoActions) Apply(Table, int, engine.Action) {}
