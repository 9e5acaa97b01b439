package unipoly_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"testing"

	"boardroom/engine"
	"boardroom/engine/enginetest"
	"boardroom/engine/opoly/unipoly"
	"boardroom/engine/rng"
)

func TestConformance(t *testing.T) {
	for _, seed := range []uint64{1, 2} {
		t.Run(fmt.Sprintf("seed%d", seed), func(t *testing.T) {
			enginetest.Run(t, unipoly.Definition{}, enginetest.Config{
				Seats:   []int{2, 4, 6},
				Options: []map[string]string{nil, {"endMode": "rounds:10"}},
				Seeds:   []uint64{seed},
				Perturb: perturb,
				Short:   true,
			})
		})
	}
}

// perturb changes, in a Unipoly snapshot, only what viewer may not see:
// the random source, the order of both decks, the sealed bids of other
// bidders (within their bounds) and the contents of a pending trade that
// viewer is not a party to.
func perturb(snapshot []byte, viewer int, r *rng.PCG) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(snapshot))
	dec.UseNumber()
	var s map[string]any
	if err := dec.Decode(&s); err != nil {
		return nil, err
	}
	s["rng"] = map[string]any{"hi": json.Number(strconv.FormatUint(r.Uint64(), 10)), "lo": json.Number(strconv.FormatUint(r.Uint64(), 10))}
	for _, d := range s["decks"].([]any) {
		order := d.(map[string]any)["order"].([]any)
		r.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	}
	players := s["players"].([]any)
	cash := func(seat int) int64 {
		n, _ := players[seat].(map[string]any)["cash"].(json.Number).Int64()
		return n
	}
	if a, ok := s["auction"].(map[string]any); ok {
		min, _ := a["min"].(json.Number).Int64()
		bidders := a["bidders"].([]any)
		bids := a["bids"].([]any)
		for i, b := range bidders {
			seat64, _ := b.(json.Number).Int64()
			seat := int(seat64)
			old, _ := bids[i].(json.Number).Int64()
			if seat == viewer || old < 0 {
				continue // the viewer's own bid, or not committed: visible
			}
			hi := cash(seat)
			if hi < min {
				continue
			}
			bids[i] = json.Number(strconv.FormatInt(min+int64(r.IntN(int(hi-min+1))), 10))
		}
	}
	if tr, ok := s["trade"].(map[string]any); ok {
		o := tr["offer"].(map[string]any)
		from, _ := o["from"].(json.Number).Int64()
		to, _ := o["to"].(json.Number).Int64()
		if int(from) != viewer && int(to) != viewer {
			o["money"] = json.Number(strconv.FormatInt(int64(r.IntN(int(cash(int(from))+1))), 10))
			delete(o, "from_cards")
			delete(o, "to_cards")
		}
	}
	return json.Marshal(s)
}

func TestPerturbKeepsSnapshotsRestorable(t *testing.T) {
	def := unipoly.Definition{}
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
