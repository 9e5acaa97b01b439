package allinthegame

import "boardroom/engine"

// Apply implements engine.Game: it validates first and changes nothing
// when it returns an error.
func (g *Game) Apply(seat int, a engine.Action) ([]engine.Event, error) {
	s := g.s
	if s.quiet {
		s.ev.reset() // the last Apply's events are no longer valid (events.go)
	}
	if s.Phase == PhaseOver {
		return nil, engine.Errf(engine.CodeGameOver, "The game is over.")
	}
	if a == nil {
		return nil, engine.Errf(engine.CodeBadAction, "No action.")
	}
	if _, ok := a.(Resign); ok && seat >= 0 && seat < s.seats() && !s.Out[seat] {
		return s.resignAnyTime(seat), nil // C-8: at any time
	}
	if seat != s.Turn {
		return nil, engine.Errf(engine.CodeNotYourTurn, "It is not your turn to act.")
	}
	switch s.Phase {
	case PhaseChooseStart:
		cs, ok := a.(ChooseStart)
		if !ok {
			return nil, illegal("Choose the start player first.")
		}
		if cs.Seat < 0 || cs.Seat >= s.seats() || s.Out[cs.Seat] {
			return nil, illegal("Choose a player who is still in the game.")
		}
		return s.chooseStart(seat, cs.Seat), nil
	case PhaseHeadhunters:
		rs, ok := a.(ReturnSenior)
		if !ok {
			return nil, illegal("Return a Senior Consultant to the Headhunters first.")
		}
		if !s.has(seat, rs.Colour, false) {
			return nil, illegal("You hold no such Senior Consultant.")
		}
		s.giveBack(seat, rs.Colour, false)
		evs := s.events(engine.Event{Kind: "headhunted", To: s.to(seat),
			Text: s.quiet.Say(func() string {
				return seatName(seat) + " lost a Senior " + ColourCode(rs.Colour) + " to the Headhunters."
			}),
			Redacted: s.quiet.Say(func() string { return seatName(seat) + " lost a Senior Consultant to the Headhunters." })})
		s.Queue = s.Queue[1:]
		if len(s.Queue) > 0 {
			s.Turn = s.Queue[0]
			return evs, nil
		}
		return s.join(evs, s.startWork()), nil
	case PhaseWork:
		return s.applyWork(seat, a)
	default:
		return s.applyPick(seat, a)
	}
}
