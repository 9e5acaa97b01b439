package opolytest

import (
	"encoding/json"
	"fmt"
	"testing"

	"boardroom/engine"
	"boardroom/engine/enginetest"
	"boardroom/engine/rng"
)

// Snapshot is a property game's snapshot decoded one level deep, so that a
// perturbation decodes only the parts it changes.
type Snapshot map[string]json.RawMessage

// Set replaces m[key] with v encoded.
func Set(m map[string]json.RawMessage, key string, v any) {
	b, _ := json.Marshal(v)
	m[key] = b
}

// TradePerturb changes, in the offer of a pending trade between seats from
// and to that the viewer is not a party to, what the viewer may not see.
// cash is every seat's cash. It reports whether it changed the offer.
type TradePerturb func(s Snapshot, offer map[string]json.RawMessage, from, to int, cash []int64, r *rng.PCG) (bool, error)

// HiddenTradeTerms is the core's TradePerturb: another sum of money and no
// jail cards on either side.
func HiddenTradeTerms(_ Snapshot, o map[string]json.RawMessage, from, _ int, cash []int64, r *rng.PCG) (bool, error) {
	Set(o, "money", int64(r.IntN(int(cash[from]+1))))
	delete(o, "from_cards")
	delete(o, "to_cards")
	return true, nil
}

// Perturb makes the Perturb of a property variant's conformance run: it
// changes, in a snapshot, only what viewer may not see: the random source,
// the order of every deck, the sealed bids of other bidders (within their
// bounds) and, with trade, a pending trade that viewer is not a party to.
func Perturb(trade TradePerturb) func(snapshot []byte, viewer int, r *rng.PCG) ([]byte, error) {
	return func(snapshot []byte, viewer int, r *rng.PCG) ([]byte, error) {
		var s Snapshot
		if err := json.Unmarshal(snapshot, &s); err != nil {
			return nil, err
		}
		var players []struct {
			Cash int64 `json:"cash"`
		}
		if err := json.Unmarshal(s["players"], &players); err != nil {
			return nil, err
		}
		cash := make([]int64, len(players))
		for i, p := range players {
			cash[i] = p.Cash
		}
		Set(s, "rng", map[string]uint64{"hi": r.Uint64(), "lo": r.Uint64()})
		if err := shuffleDecks(s, r); err != nil {
			return nil, err
		}
		if err := perturbAuction(s, viewer, cash, r); err != nil {
			return nil, err
		}
		if raw, ok := s["trade"]; ok {
			var tr, o map[string]json.RawMessage
			var from, to int
			if json.Unmarshal(raw, &tr) != nil || json.Unmarshal(tr["offer"], &o) != nil ||
				json.Unmarshal(o["from"], &from) != nil || json.Unmarshal(o["to"], &to) != nil {
				return nil, fmt.Errorf("perturb: bad trade %s", raw)
			}
			if from != viewer && to != viewer {
				changed, err := trade(s, o, from, to, cash, r)
				if err != nil {
					return nil, err
				}
				if changed {
					Set(tr, "offer", o)
					Set(s, "trade", tr)
				}
			}
		}
		return json.Marshal(s)
	}
}

// shuffleDecks shuffles the order of every card deck.
func shuffleDecks(s Snapshot, r *rng.PCG) error {
	var decks []map[string]json.RawMessage
	if err := json.Unmarshal(s["decks"], &decks); err != nil {
		return err
	}
	for _, d := range decks {
		var order []int
		if err := json.Unmarshal(d["order"], &order); err != nil {
			return err
		}
		r.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		Set(d, "order", order)
	}
	Set(s, "decks", decks)
	return nil
}

// perturbAuction changes the committed sealed bids of bidders other than
// viewer, within what they could have bid.
func perturbAuction(s Snapshot, viewer int, cash []int64, r *rng.PCG) error {
	raw, ok := s["auction"]
	if !ok {
		return nil
	}
	var a map[string]json.RawMessage
	var bidders []int
	var bids []int64
	var min int64
	if json.Unmarshal(raw, &a) != nil || json.Unmarshal(a["bidders"], &bidders) != nil ||
		json.Unmarshal(a["bids"], &bids) != nil || json.Unmarshal(a["min"], &min) != nil {
		return fmt.Errorf("perturb: bad auction %s", raw)
	}
	for i, seat := range bidders {
		if seat == viewer || bids[i] < 0 || cash[seat] < min {
			continue // the viewer's own bid, or not committed: visible
		}
		bids[i] = min + int64(r.IntN(int(cash[seat]-min+1)))
	}
	Set(a, "bids", bids)
	Set(s, "auction", a)
	return nil
}

// Case is one set-up of a property variant's conformance run.
type Case struct {
	Name    string
	Seats   int
	Options map[string]string
}

// Conform runs the conformance suite on each case as a subtest, with the
// given seeds, the variant's Perturb, and Short: the suite replays every
// playout many times and the repository's tests must stay fast under -race.
func Conform(t *testing.T, def engine.Definition, seeds []uint64, trade TradePerturb, cases ...Case) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			enginetest.Run(t, def, enginetest.Config{
				Seats:   []int{c.Seats},
				Options: []map[string]string{c.Options},
				Seeds:   seeds,
				Perturb: Perturb(trade),
				Short:   true,
			})
		})
	}
}
