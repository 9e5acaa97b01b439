package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly/opolytest"

	"github.com/stretchr/testify/require"
)

// TestLentViewsAsSnapshotsOfEverySeat: at every step of bot games of the
// three games, every seat's lent view (engine.PeekView) holds what its
// snapshot (View) holds, the offer of a trade or takeover under way
// included (lentTrade, written into the lent view's own buffers), for
// the two parties and the others. It fails with a list of the offer
// lent in another's place.
func TestLentViewsAsSnapshotsOfEverySeat(t *testing.T) {
	offers := 0
	botSteps(t, 2, true, func(s opolytest.BotStep) {
		for seat := engine.Spectator; seat < len(s.View.Players); seat++ {
			lent, kept := encode(t, engine.PeekView(s.G, seat)), encode(t, s.G.View(seat))
			require.Equal(t, kept, lent, "%s: seat %d", s.At(), seat)
		}
		if tr := s.View.Trade; tr != nil && tr.Offer != nil {
			offers++
		}
	}, nil)
	require.Positive(t, offers, "trades and takeovers under way seen")
}
