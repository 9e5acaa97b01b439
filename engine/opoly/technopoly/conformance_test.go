package technopoly_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"boardroom/engine"
	"boardroom/engine/enginetest"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/technopoly"
	"boardroom/engine/rng"
)

// TestConformance runs the shared suite on two set-ups: two players to
// the last one standing, and six players to a round limit. It is kept
// small: the suite replays every playout many times and the repository's
// tests must stay fast under -race.
func TestConformance(t *testing.T) {
	for _, c := range []struct {
		name  string
		seats int
		opts  map[string]string
	}{{"2p", 2, nil}, {"4p_rounds20_news", 4, map[string]string{"roundLimit": "20", "techNewsDeck": "on"}}, {"3p_rounds40", 3, map[string]string{"roundLimit": "40"}}} {
		t.Run(c.name, func(t *testing.T) {
			enginetest.Run(t, technopoly.Definition{}, enginetest.Config{
				Seats:   []int{c.seats},
				Options: []map[string]string{c.opts},
				Seeds:   []uint64{1, 2},
				Perturb: perturb,
				Short:   true,
			})
		})
	}
}

// perturb changes, in a Technopoly snapshot, only what viewer may not see:
// the random source, the order of the Tech News deck, and the money of a
// pending takeover request that viewer is not a party to. (The sealed-bid
// part never fires: Technopoly has no auctions.) It decodes only the parts it changes.
func perturb(snapshot []byte, viewer int, r *rng.PCG) ([]byte, error) {
	var s map[string]json.RawMessage
	if err := json.Unmarshal(snapshot, &s); err != nil {
		return nil, err
	}
	var players []struct {
		Cash int64 `json:"cash"`
	}
	if err := json.Unmarshal(s["players"], &players); err != nil {
		return nil, err
	}
	set := func(m map[string]json.RawMessage, key string, v any) {
		b, _ := json.Marshal(v)
		m[key] = b
	}
	set(s, "rng", map[string]uint64{"hi": r.Uint64(), "lo": r.Uint64()})
	var decks []map[string]json.RawMessage
	if err := json.Unmarshal(s["decks"], &decks); err != nil {
		return nil, err
	}
	for _, d := range decks {
		var order []int
		if err := json.Unmarshal(d["order"], &order); err != nil {
			return nil, err
		}
		r.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		set(d, "order", order)
	}
	set(s, "decks", decks)
	if raw, ok := s["auction"]; ok {
		var a map[string]json.RawMessage
		var bidders []int
		var bids []int64
		var min int64
		if json.Unmarshal(raw, &a) != nil || json.Unmarshal(a["bidders"], &bidders) != nil ||
			json.Unmarshal(a["bids"], &bids) != nil || json.Unmarshal(a["min"], &min) != nil {
			return nil, fmt.Errorf("perturb: bad auction %s", raw)
		}
		for i, seat := range bidders {
			if seat == viewer || bids[i] < 0 || players[seat].Cash < min {
				continue // the viewer's own bid, or not committed: visible
			}
			bids[i] = min + int64(r.IntN(int(players[seat].Cash-min+1)))
		}
		set(a, "bids", bids)
		set(s, "auction", a)
	}
	if raw, ok := s["trade"]; ok {
		var tr, o map[string]json.RawMessage
		var from, to int
		if json.Unmarshal(raw, &tr) != nil || json.Unmarshal(tr["offer"], &o) != nil ||
			json.Unmarshal(o["from"], &from) != nil || json.Unmarshal(o["to"], &to) != nil {
			return nil, fmt.Errorf("perturb: bad trade %s", raw)
		}
		var cells []opoly.CellState
		if err := json.Unmarshal(s["cells"], &cells); err != nil {
			return nil, err
		}
		if from != viewer && to != viewer {
			// Another start-up of the owner that could be asked for.
			rs := technopoly.Rules()
			var can []int
			for c, st := range cells {
				if st.Owner != to || rs.TakeoverPrice(c) > players[from].Cash {
					continue
				}
				staffed := false
				for _, x := range rs.Board.Groups[rs.Board.Cells[c].Group].Cells {
					staffed = staffed || cells[x].Level > 0
				}
				if !staffed {
					can = append(can, c)
				}
			}
			if len(can) > 0 {
				c := can[r.IntN(len(can))]
				set(o, "to_cells", []int{c})
				set(o, "money", rs.TakeoverPrice(c))
				set(tr, "offer", o)
				set(s, "trade", tr)
			}
		}
	}
	return json.Marshal(s)
}

func TestPerturbKeepsSnapshotsRestorable(t *testing.T) {
	def := technopoly.Definition{}
	g, err := def.New(engine.Setup{Seats: 3, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	snap, _ := g.Snapshot()
	out, err := perturb(snap, 0, rng.FromSeed(1))
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(out, snap) {
		t.Fatal("perturb changed nothing")
	}
	if _, err := def.Restore(out); err != nil {
		t.Fatal(err)
	}
}
