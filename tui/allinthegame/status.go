package allinthegame

import (
	"fmt"
	"strings"

	aitg "boardroom/engine/allinthegame"
	"boardroom/tui"
)

// lastRound warns of the last round (acceptance test 5, G002-13): that
// this round is the last, or that the next completion or the next round
// will be; short for the one status line of a short screen.
func (r *Renderer) lastRound(short bool) string {
	v := r.v
	pick := func(long, brief string) string {
		if short {
			return brief
		}
		return long
	}
	switch {
	case v.Over:
		return ""
	case v.LastRound:
		return pick("LAST ROUND: the last International Project is on the table; the game ends after this round's rewards.",
			"LAST ROUND: the game ends after this round's rewards")
	case v.Round >= v.MaxRounds:
		return pick("LAST ROUND: the last event card is out; the game ends after this round's rewards.",
			"LAST ROUND: the game ends after this round's rewards")
	case v.IntlLeft == 1 && v.Round == v.MaxRounds-1:
		return pick("The next round is the last (one event card is left after this one), and only 1 International Project is left: "+
			"completing a project brings it out and makes this round the last.",
			"next round is the LAST; this one if a project is completed")
	case v.IntlLeft == 1:
		return pick("Only 1 International Project is left: the next completed project brings it out and makes that round the last.",
			"1 Intl Project left: next completion makes this the LAST ROUND")
	case v.Round == v.MaxRounds-1:
		return pick("The next round is the last: one event card is left after this one.",
			"next round is the LAST (1 event card left)")
	}
	return ""
}

// eventText is the event line: the card, or when it will be revealed.
func (r *Renderer) eventText() string {
	v := r.v
	switch {
	case v.Over && v.Event != nil:
		// the card is history; its whole text is in the log
		return "The game is over; the last round's event card was " + v.Event.ID + " " + v.Event.Name + "."
	case v.Over:
		return "The game is over."
	case v.Event != nil:
		return "Event " + v.Event.ID + " " + v.Event.Name + ": " + v.Event.Text
	case r.gs.Prompt.Phase == aitg.PhaseChooseStart && v.Turn >= 0:
		return fmt.Sprintf("Event card of round %d: revealed as soon as %s has chosen the start player.", v.Round, r.name(v.Turn))
	}
	return "No event card this round."
}

// costsText is what Train, Promote and Recruit cost the viewer this round.
func (r *Renderer) costsText() string {
	v := r.v
	return fmt.Sprintf("Train %s, Promote %s, Recruit %s", aitg.Money(v.TrainCost), aitg.Money(v.PromoteCost), aitg.Money(v.RecruitCost))
}

// statusLines: the round and the decks, the last-round warning, the event
// card, this round's costs.
func (r *Renderer) statusLines(w int, tall bool) []string {
	v, th := r.v, r.th
	round := th.Bold.Render(fmt.Sprintf("Round %d/%d", v.Round, v.MaxRounds))
	warn := r.lastRound(!tall)
	if !tall {
		parts := []string{round}
		if warn != "" {
			parts = append(parts, th.Warn.Render(warn))
		}
		if v.IntlLeft != 1 && !v.LastRound {
			parts = append(parts, fmt.Sprintf("Intl Projects left: %d", v.IntlLeft))
		}
		parts = append(parts, r.costsText())
		ev := r.eventText()
		if tui.Wrap(ev, w) != ev {
			hint := " (" + keyInfo + ": whole card)"
			ev = tui.Fit(ev, w-len(hint), th.Ellip) + hint
		}
		return []string{tui.Fit(strings.Join(parts, th.Bullet), w, th.Ellip), th.Accent.Render(tui.Fit(ev, w, th.Ellip))}
	}
	decks := fmt.Sprintf("Decks: %d International Projects, %d event cards, %d Seniors, %d Principals left",
		v.IntlLeft, v.EventsLeft, v.SeniorDeck, v.PrincDeck)
	out := []string{tui.Fit(round+th.Bullet+decks, w, th.Ellip)}
	if warn != "" {
		for _, l := range strings.Split(tui.Wrap(warn, w), "\n") {
			out = append(out, th.Warn.Render(l))
		}
	}
	for _, l := range strings.Split(tui.Wrap(r.eventText(), w), "\n") {
		out = append(out, th.Accent.Render(l))
	}
	return append(out, "")
}
