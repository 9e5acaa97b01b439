package opoly_test

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/projectopoly"
	"boardroom/engine/opoly/technopoly"
	"boardroom/engine/opoly/unipoly"
)

// otherGamesWords are, per property game, the words of the other games
// that its players must never read (rules C-14): Unipoly's streets,
// buildings, mortgages and jail in Projectopoly (projects, FTE, budget
// extensions, WFA) and Technopoly (start-ups in fields, developers and
// CTOs, no mortgages, no jail, no auctions, no trades), and the other
// games' words in Unipoly.
var otherGamesWords = map[string][]string{
	"unipoly": {`\bFTE\b`, `\bWFA\b`, `\bFICO\b`, `Team\+QM`, `budget extension`, `start-up`, `\bdevelopers?\b`,
		`\bCTO\b`, `Invest NI`, `licence fee`, `outsourcing`},
	projectopoly.ID: {`\bstreets?\b`, `(^|[^-])\bbuildings?\b`, `\bhouses?\b`, `\bhotels?\b`, `\bmortgag`, `\bjail\b`, `\bsalary\b`,
		`\bthe bank\b`, `\brent\b`, `start-up`, `\bdevelopers?\b`, `\bCTO\b`, `Invest NI`, `licence fee`, `\bpropert`},
	technopoly.ID: {`\bstreets?\b`, `(^|[^-])\bbuildings?\b`, `\bhouses?\b`, `\bhotels?\b`, `\bmortgag`, `\bjail\b`, `\bsalary\b`,
		`\brent\b`, `\bFTE\b`, `\bWFA\b`, `\bFICO\b`, `budget extension`, `\bauction`, `\bbids?\b`, `\btrades?\b`, `\bpropert`},
}

// TestC14_EveryMessageInTheGamesOwnWords plays bot games of each property
// variant and collects every sentence a player may read from the engine:
// every event (and its redacted form), and the refusal of every action a
// player may send at each step (every cell action on every cell, bids,
// trades, answers, debts), and fails on another game's word.
func TestC14_EveryMessageInTheGamesOwnWords(t *testing.T) {
	defs := []engine.Definition{unipoly.Definition{}, projectopoly.Definition{}, technopoly.Definition{}}
	for _, def := range defs {
		id := def.Info().ID
		t.Run(id, func(t *testing.T) {
			var bad []*regexp.Regexp
			for _, w := range otherGamesWords[id] {
				bad = append(bad, regexp.MustCompile(`(?i)`+w))
			}
			seen := map[string]bool{}
			for seed := uint64(1); seed <= 3; seed++ {
				collectSentences(t, def, 3, seed, seen)
			}
			sentences := make([]string, 0, len(seen))
			for s := range seen {
				sentences = append(sentences, s)
			}
			slices.Sort(sentences)
			for _, s := range sentences {
				for _, re := range bad {
					if re.MatchString(s) {
						t.Errorf("another game's word %q in: %s", re.FindString(s), s)
					}
				}
			}
		})
	}
}

// collectSentences plays one bot game (seed logged on failure) and adds
// to seen every event sentence and every refusal of the probes.
func collectSentences(t *testing.T, def engine.Definition, seats int, seed uint64, seen map[string]bool) {
	t.Helper()
	g, err := def.New(engine.Setup{Seats: seats, Seed: seed, Options: map[string]string{}})
	if err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	bots := make([]engine.Bot, seats)
	for i := range bots {
		bots[i] = def.NewBot(i, seed*31+uint64(i))
	}
	add := func(evs []engine.Event) {
		for _, e := range evs {
			if e.Text != "" {
				seen[e.Text] = true
			}
			if e.Redacted != "" {
				seen[e.Redacted] = true
			}
		}
	}
	for step := 0; step < 600 && !g.Outcome().Finished; step++ {
		if step%3 == 0 {
			probe(t, def, g, seats, seen)
		}
		w := g.Prompt().Waiting[0].Seat
		evs, err := g.Apply(w, bots[w].Choose(g.View(w), g.Legal(w)))
		if err != nil {
			t.Fatalf("seed %d step %d: %v", seed, step, err)
		}
		add(evs)
	}
}

// probe sends every probe action of every seat to a copy of g and keeps
// the refusals' sentences.
func probe(t *testing.T, def engine.Definition, g engine.Game, seats int, seen map[string]bool) {
	t.Helper()
	snap, err := g.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	h, err := def.Restore(snap)
	if err != nil {
		t.Fatal(err)
	}
	for seat := 0; seat < seats; seat++ {
		for _, a := range probes(seat, seats) {
			_, err := h.Apply(seat, a)
			if err == nil { // it was legal: start again from the state
				if h, err = def.Restore(snap); err != nil {
					t.Fatal(err)
				}
				continue
			}
			if re, ok := engine.IsRuleError(err); ok {
				seen[re.Msg] = true
			} else {
				seen[fmt.Sprint(err)] = true
			}
		}
	}
}

// probes are the actions a player may send, on every cell.
func probes(seat, seats int) []engine.Action {
	other := (seat + 1) % seats
	out := []engine.Action{opoly.Roll{}, opoly.EndTurn{}, opoly.Buy{}, opoly.Decline{}, opoly.PayJailFee{},
		opoly.UseJailCard{Deck: 0}, opoly.Bid{Amount: 195}, opoly.Bid{Amount: 1 << 40}, opoly.AcceptTrade{},
		opoly.RejectTrade{}, opoly.CounterTrade{}, opoly.DeclareBankruptcy{}, opoly.ValueAssets{Amount: 10},
		opoly.RefuseAssets{}, opoly.AcceptValuation{}, opoly.RejectValuation{}, opoly.PayTransferFees{},
		opoly.ApproveTakeover{}, opoly.DenyTakeover{}, opoly.ProposeTrade{To: other}, opoly.ProposeTrade{To: seat},
		opoly.ProposeTrade{To: other, Take: []int{1}, Money: 5}, opoly.OfferAssets{}}
	for c := 0; c < 40; c++ {
		out = append(out, opoly.Build{Cell: c}, opoly.SellBuilding{Cell: c}, opoly.Mortgage{Cell: c},
			opoly.SellAndMortgage{Cell: c}, opoly.Unmortgage{Cell: c}, opoly.SellGroupDown{Cell: c, Level: 0},
			opoly.ChooseProperty{Cell: c}, opoly.OfferToAll{Cell: c, Reserve: 5}, opoly.OfferAssets{Cells: []int{c}},
			opoly.PlaceUnit{Cell: c}, opoly.RedeemReceived{Cell: c}, opoly.RequestTakeover{Cell: c},
			opoly.ProposeTrade{To: other, Give: []int{c}}, opoly.ProposeTrade{To: other, Take: []int{c}, Money: 1000})
	}
	return out
}

// The scan itself must see a word where it is: a Unipoly sentence read as
// Projectopoly's fails.
func TestC14_ScanFindsAnotherGamesWord(t *testing.T) {
	re := regexp.MustCompile(`(?i)` + otherGamesWords[projectopoly.ID][0])
	if !re.MatchString("Buildings go on streets only.") || re.MatchString(strings.ToLower("FTE go on projects only.")) {
		t.Fatal("the word list does not tell the games apart")
	}
}
