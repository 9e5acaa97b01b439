package opoly

import "math"

// A playout's end scored as the odds of winning, where the first
// bankruptcy ends the game (Technopoly; SearchBudget.Odds). capitalResult
// scores an unfinished playout by capital share plus one for leading: a
// step that flips at a lead of £1, blind to who is about to go bankrupt
// and end the game, and worth more than a won playout (1) to a bot that
// leads. The game ends when a player cannot pay a licence fee, and then
// the richest of the others wins; so the odds are what matters:
//
//   - each player's hazard, the chance a round that it lands on a fee
//     its cash cannot pay (a rival's staffed field against a player with
//     little cash), oddsLand a turn on each start-up;
//   - the first to go bankrupt is player j with the share h_j/H of all
//     hazards, within oddsRounds rounds with 1 - exp(-H*oddsRounds);
//   - the winner is then the richest of the others: the bot's odds of
//     being richer than each rival come from their capital, moved by the
//     fees each collects less those it pays over oddsRounds, and spread
//     by the variance of those fees (a normal approximation);
//   - if nobody goes bankrupt within the horizon the richest of all.
//
// A won playout scores 1 and a lost one 0, as before: the odds are on the
// same scale.

const (
	oddsLand   = 0.025 // a turn on a given cell (about 1.17 landings a turn over 40 cells, less the corners' share)
	oddsRounds = 10    // rounds the game is looked ahead beyond the playout
)

// oddsResult is the bot's chance of winning from the unfinished game g.
func (b *strongBot) oddsResult(g *Game) float64 {
	n := len(g.s.Players)
	var fee [MaxCells]float64
	var live [MaxSeats]bool
	others := -1.0
	for i := range g.s.Players {
		if live[i] = !g.s.Players[i].Out; live[i] {
			others++
		}
	}
	if !live[b.seat] {
		return 0
	}
	var in, out, v2, hazard [MaxSeats]float64
	for c := range g.s.Cells {
		o := g.s.Cells[c].Owner
		if o == Bank || o < 0 || o >= n || !live[o] {
			continue
		}
		f := float64(rentOf(g.rs, g.s.Cells, c, 7))
		if f <= 0 {
			continue
		}
		fee[c] = f
		in[o] += oddsLand * f * others
		v2[o] += oddsLand * f * f * others
		for i := range n {
			if i == o || !live[i] {
				continue
			}
			out[i] += oddsLand * f
			v2[i] += oddsLand * f * f
			if f > float64(g.s.Players[i].Cash) {
				hazard[i] += oddsLand
			}
		}
	}
	players := g.snapshotPlayers()
	var proj [MaxSeats]float64
	for i := range n {
		if live[i] {
			proj[i] = float64(players[i].Capital) + oddsRounds*(in[i]-out[i])
		}
	}
	// the odds the bot is richer than rival k at the horizon
	var beats [MaxSeats]float64
	for k := range n {
		if k == b.seat || !live[k] {
			continue
		}
		sd := math.Sqrt(oddsRounds*(v2[b.seat]+v2[k])) + 1000
		beats[k] = 0.5 * (1 + math.Erf((proj[b.seat]-proj[k])/(sd*math.Sqrt2)))
	}
	// richest of the players still in but skip
	richest := func(skip int) float64 {
		p := 1.0
		for k := range n {
			if k != b.seat && k != skip && live[k] {
				p *= beats[k]
			}
		}
		return p
	}
	var total float64
	for i := range n {
		if live[i] {
			total += hazard[i]
		}
	}
	if total == 0 {
		return richest(-1)
	}
	ends := 1 - math.Exp(-total*oddsRounds)
	w := (1 - ends) * richest(-1)
	for j := range n {
		if j != b.seat && live[j] && hazard[j] > 0 {
			w += ends * hazard[j] / total * richest(j)
		}
	}
	return w
}

// feesResult is capitalResult with each player's capital projected by the
// licence fees it collects less those it pays over oddsRounds rounds, a
// start-up landed on oddsLand a turn by each other player still in
// (SearchBudget.Fees): a playout's twelve rounds show the mark-up of a
// takeover or the cash of a hire at once, and the fees a staffed field
// earns only in part.
func (b *strongBot) feesResult(g *Game) float64 {
	n := len(g.s.Players)
	var live [MaxSeats]bool
	others := -1.0
	for i := range g.s.Players {
		if live[i] = !g.s.Players[i].Out; live[i] {
			others++
		}
	}
	var in, out [MaxSeats]float64
	for c := range g.s.Cells {
		o := g.s.Cells[c].Owner
		if o == Bank || o < 0 || o >= n || !live[o] {
			continue
		}
		f := float64(rentOf(g.rs, g.s.Cells, c, 7))
		in[o] += oddsLand * f * others
		for i := range n {
			if i != o && live[i] {
				out[i] += oddsLand * f
			}
		}
	}
	players := g.snapshotPlayers()
	var caps [MaxSeats]float64
	for i := range n {
		caps[i] = float64(players[i].Capital) + oddsRounds*(in[i]-out[i])
	}
	return shareAndLead(caps[:n], live[:n], b.seat)
}
