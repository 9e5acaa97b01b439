package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"

	"github.com/stretchr/testify/require"
)

// Every invariant CheckInvariants guards is shown to catch a state that
// breaks it, starting from a clean game that passes (so a CheckInvariants
// that returned nil would fail here).
func TestCheckInvariants_CatchesEachBrokenInvariant(t *testing.T) {
	for _, b := range opoly.InvariantBreaks {
		t.Run(b.Name, func(t *testing.T) {
			x := newTG(t, 3, 1500, nil)
			c := x.g.(engine.Checker)
			require.NoError(t, c.CheckInvariants(), "the clean game must pass before it is broken")
			b.Break(x.g)
			err := c.CheckInvariants()
			require.ErrorIs(t, err, opoly.ErrInvariant)
			require.ErrorContains(t, err, b.Want)
		})
	}
}
