package opoly

import "strings"

// Resigning where it ends the game for everyone (Ruleset.End.Resign;
// Technopoly R001-13, A001-06): the bar calls it "terminate game" and
// its question says who would win and how the others stand. It is the
// core's, keyed on the ruleset's knob.

// resignLabel is the bar's word for resign: "terminate game" where
// resigning ends the game for everyone.
func (r *Renderer) resignLabel() string {
	if r.v.Rules != nil && r.v.Rules.End.Resign {
		return "terminate game"
	}
	return "resign"
}

// terminateQuestion confirms terminating the game (End.Resign): it
// ends for everyone now, the viewer cannot win, and by the engine's
// ranking who would win and how the others stand.
func (r *Renderer) terminateQuestion() string {
	v := r.v
	me := r.gs.Seat
	rank := v.Ranking(me)
	var places []string
	for _, s := range rank {
		if p := v.Player(s); s != me && !p.Out {
			places = append(places, r.name(s)+" "+v.FormatMoney(p.Capital))
		}
	}
	winner := "nobody"
	if len(places) > 0 {
		winner = r.name(rank[0])
	}
	return "Terminate the game? It ends now for everyone and you cannot win: " + winner + " wins. By " + r.w.score + ": " +
		strings.Join(places, ", ") + ", then you (" + v.FormatMoney(v.Player(me).Capital) + "). Nothing is paid: " +
		r.cashChange(0) + "."
}

// isTakeover reports whether the pending trade is a takeover request.
func (r *Renderer) isTakeover() bool { return r.v.Trade != nil && r.v.Trade.Takeover }
