package billionaire

import (
	"testing"

	"boardroom/engine"
)

// TestCheckCardsAppendsOnlyErrors: the cards invariant adds an error to
// its list only for a card out of place, not a nil for every card it
// counts (which made the check most of a checked sim's time): on a sound
// game it allocates a handful of times, not once per growth of a list
// of every card.
func TestCheckCardsAppendsOnlyErrors(t *testing.T) {
	g, err := Definition{}.New(engine.Setup{Seats: 4, Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	s := g.(*Game).s
	if err := s.checkCards(); err != nil {
		t.Fatalf("seed 11: %v", err)
	}
	if per := testing.AllocsPerRun(5, func() { _ = s.checkCards() }); per > checkCardsAllocs {
		t.Fatalf("seed 11: checkCards allocates %.0f times, want at most %d", per, checkCardsAllocs)
	}
}

const checkCardsAllocs = 0
