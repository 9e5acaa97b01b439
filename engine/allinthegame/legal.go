package allinthegame

import "boardroom/engine"

// Prompt implements engine.Game; see the package comment for defaults.
func (g *Game) Prompt() engine.Prompt {
	s := g.s
	var def engine.Action
	switch s.Phase {
	case PhaseChooseStart:
		def = ChooseStart{Seat: s.Turn}
	case PhaseHeadhunters:
		for c := 0; c < NumColours; c++ {
			if s.Hands[s.Turn][c][senior] > 0 {
				def = ReturnSenior{Colour: c}
				break
			}
		}
	case PhaseWork:
		def = Pass{}
	case PhaseTrainPick:
		def = TakeSenior{Colour: defaultPick(s.Seniors)}
	case PhaseRecruitPick:
		def = TakePrincipal{Colour: defaultPick(s.Principals)}
	default:
		return engine.Prompt{Phase: PhaseOver}
	}
	return engine.Prompt{Phase: s.Phase, Waiting: []engine.Wait{{Seat: s.Turn, Default: def}}}
}

// Legal implements engine.Game: only the awaited seat has actions.
func (g *Game) Legal(seat int) []engine.Action {
	s := g.s
	if s.Phase == PhaseOver || seat < 0 || seat >= s.seats() || s.Out[seat] {
		return nil
	}
	if seat != s.Turn {
		return []engine.Action{Resign{}} // C-8: resign at any time
	}
	var out []engine.Action
	if s.quiet { // a quiet game's list is valid until the next Apply
		out = g.legal[:0]
	}
	switch s.Phase {
	case PhaseChooseStart:
		for _, p := range s.order(0) {
			out = append(out, ChooseStart{Seat: p})
		}
	case PhaseHeadhunters:
		for c := 0; c < NumColours; c++ {
			if s.Hands[seat][c][senior] > 0 {
				out = append(out, ReturnSenior{Colour: c})
			}
		}
	case PhaseWork:
		out = s.legalWork(out, seat)
	case PhaseTrainPick, PhaseRecruitPick:
		deck := s.Seniors
		if s.Phase == PhaseRecruitPick {
			deck = s.Principals
		}
		for c := 0; c < NumColours; c++ {
			if deck[c] > 0 {
				if s.Phase == PhaseTrainPick {
					out = append(out, TakeSenior{Colour: c})
				} else {
					out = append(out, TakePrincipal{Colour: c})
				}
			}
		}
	}
	if s.Phase != PhaseWork { // legalWork lists it already
		out = append(out, Resign{})
	}
	if s.quiet {
		g.legal = out
	}
	return out
}
