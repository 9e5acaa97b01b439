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
	return engine.Prompt{Phase: s.Phase, Waiting: waitOn(s.Turn, def)}
}

// A prompt's list of awaited seats is never written by its readers: the
// lists of a seat's work turn, and of every default its other decisions
// have, are made once for the program instead of at every Prompt (they
// were a sixth of what a bot-only game allocated).
var (
	passWaits   = waitTable(func(int) engine.Action { return Pass{} })
	returnWaits [NumColours][maxSeats][]engine.Wait
	seniorWaits [NumColours][maxSeats][]engine.Wait
	princWaits  [NumColours][maxSeats][]engine.Wait
	startWaits  [maxSeats][maxSeats][]engine.Wait
)

func init() {
	for c := range NumColours {
		returnWaits[c] = waitTable(func(int) engine.Action { return ReturnSenior{Colour: c} })
		seniorWaits[c] = waitTable(func(int) engine.Action { return TakeSenior{Colour: c} })
		princWaits[c] = waitTable(func(int) engine.Action { return TakePrincipal{Colour: c} })
	}
	for seat := range maxSeats {
		startWaits[seat] = waitTable(func(int) engine.Action { return ChooseStart{Seat: seat} })
	}
}

// waitTable is each seat's Waiting with the default def(seat).
func waitTable(def func(seat int) engine.Action) (t [maxSeats][]engine.Wait) {
	for seat := range t {
		t[seat] = []engine.Wait{{Seat: seat, Default: def(seat)}}
	}
	return t
}

// waitOn is the Waiting of seat with the default def: one of the tables
// when it holds it, a new list otherwise.
func waitOn(seat int, def engine.Action) []engine.Wait {
	if seat >= 0 && seat < maxSeats {
		switch d := def.(type) {
		case Pass:
			return passWaits[seat]
		case ReturnSenior:
			if d.Colour >= 0 && d.Colour < NumColours {
				return returnWaits[d.Colour][seat]
			}
		case TakeSenior:
			if d.Colour >= 0 && d.Colour < NumColours {
				return seniorWaits[d.Colour][seat]
			}
		case TakePrincipal:
			if d.Colour >= 0 && d.Colour < NumColours {
				return princWaits[d.Colour][seat]
			}
		case ChooseStart:
			if d.Seat >= 0 && d.Seat < maxSeats {
				return startWaits[d.Seat][seat]
			}
		}
	}
	return []engine.Wait{{Seat: seat, Default: def}}
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
		var orderBuf [maxSeats]int
		for _, p := range s.orderIn(orderBuf[:0], 0) {
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
