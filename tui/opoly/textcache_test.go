package opoly

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine/opoly/projectopoly"
	"boardroom/lobby"
)

// TestMoneyAsFormatMoney: the amounts written are View.FormatMoney's, in
// the format of the game on screen (pounds before, euros after with '.' for
// thousands), from one game to another in a renderer.
func TestMoneyAsFormatMoney(t *testing.T) {
	amounts := []int64{0, 1, -5, 999, 1000, 1500, 12345, -1234567, 1 << 40}
	uni := newFixture(t, 3, 1, 0, false)
	pp := newPPState(t, 3, 1500).Fixture(0, false)
	formats := map[string]bool{}
	for round := 0; round < 3; round++ {
		for _, f := range []*fixture{uni, pp} {
			r := uni.r // one renderer, handed one game's state then the other's
			r.SetState(f.State(0))
			for _, x := range amounts {
				require.Equal(t, r.v.FormatMoney(x), string(r.appendMoney([]byte("x"), x)[1:]))
				require.Equal(t, len(r.v.FormatMoney(x)), r.moneyLen(x))
				require.Equal(t, r.v.FormatMoney(x), r.Money(x))
			}
			formats[r.Money(1500)] = true
		}
	}
	require.Len(t, formats, 2, "two formats: %v", formats)
	require.Equal(t, projectopoly.ID, pp.Info.ID)
}

// TestHandleAsSanitize: a seat's name is its handle sanitised, again when
// the handle changes.
func TestHandleAsSanitize(t *testing.T) {
	f := newFixture(t, 3, 1, 0, false)
	for _, h := range []string{"ada", "a\x1b[31mred", "  spaced   out  ", "averyveryverylonghandlename", "", "\x00", "bob"} {
		f.Table.Seats[1].Handle = h
		f.Refresh()
		want := lobby.Sanitize(h, 16)
		if want == "" {
			want = "Seat 2"
		}
		require.Equal(t, want, f.r.name(1), "%q", h)
		require.Equal(t, want, f.r.name(1), "%q kept", h)
	}
}
