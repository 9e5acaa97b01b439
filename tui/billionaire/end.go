package billionaire

import (
	"fmt"
	"sort"

	"boardroom/engine"
	bill "boardroom/engine/billionaire"
)

// endLines are the final scores, w wide: for every player, placed first
// to last, what makes up its adjusted capital (R003-19), so that players
// see why the winner won, and the rule that decided.
func (r *Renderer) endLines(w int) []string {
	v := r.v
	billion := false
	for _, p := range v.Players {
		billion = billion || (!p.Out && p.Capital >= bill.WinCapital)
	}
	rule := "The highest adjusted capital wins (ties: the higher capital)."
	if billion {
		rule = "A company reached 1,000 M€: the highest capital wins (ties: the higher adjusted capital)."
	}
	n := min(16, max(6, w-52))
	out := []string{r.th.Accent.Render("Final scores (M€): adjusted = capital + Labs + products - fees"),
		fmt.Sprintf("     %-*s %7s %6s %8s %6s %9s", n, "player", "capital", "+Labs", "+product", "-fees", "=adjusted")}
	seats := append(make([]engine.SeatResult, 0, len(v.Players)), r.gs.Outcome.Results...)
	if len(seats) != len(v.Players) { // no outcome on hand: seat order
		seats = seats[:0]
		for s := range v.Players {
			seats = append(seats, engine.SeatResult{Seat: s})
		}
	}
	sort.SliceStable(seats, func(i, j int) bool { return seats[i].Placement < seats[j].Placement })
	for _, res := range seats {
		p := v.Players[res.Seat]
		name := r.fit(r.name(res.Seat), n)
		place := "    "
		if res.Placement > 0 {
			place = fmt.Sprintf("%-4s", engine.Ordinal(res.Placement))
		}
		var line string
		if p.Out {
			line = fmt.Sprintf("%s %-*s resigned: adjusted capital at resignation %d", place, n, name, p.Score.Adjusted)
		} else {
			sc := p.Score
			line = fmt.Sprintf("%s %-*s %7d %6s %8s %6s %9d", place, n, name, sc.Capital, fmt.Sprintf("+%d", sc.Labs),
				fmt.Sprintf("+%d", sc.Products), fmt.Sprintf("-%d", sc.Fees), sc.Adjusted)
		}
		if res.Seat == r.gs.Seat {
			line = r.th.Bold.Render(line + " (you)")
		}
		out = append(out, line)
	}
	out = append(out, rule,
		r.th.Subtle.Render("Labs: half their cost; product: half the product payments still to come; fees: the "+
			"cancellation fees of the Work Items held."))
	return wrap(out, w)
}
