package opoly

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTPLargeBoardTokensNeverGlueToPrices: on the large board a token
// stands a column apart from the price of a start-up for sale ("£10,000
// 2" read as "£10,0002" before); where the full price and the tokens do
// not fit, the price is written in thousands ("£10k") as the legend says,
// or left out, never cut into another number. At 160x50 and other sizes.
func TestTPLargeBoardTokensNeverGlueToPrices(t *testing.T) {
	s := newTPState(t, 4, 150000).At(1, tpLearnLoop).At(2, tpTutorNest).At(3, tpTutorNest).At(0, tpLaganFibre).TurnTo(1)
	f := s.Fixture(1, true)
	glued := regexp.MustCompile(`£\d{1,3}(,\d{3})+[\d*+]|£\d+(\.\d)?k[\d*+]`)
	for _, size := range [][2]int{{largeW, largeH}, {160, 50}, {120, 40}, {100, 45}, {140, 48}} {
		out := f.Plain(size[0], size[1])
		require.Contains(t, out, "LearnLo", "the large board at %dx%d", size[0], size[1])
		assert.NotRegexp(t, glued, out, "a price glued to a token at %dx%d", size[0], size[1])
		assert.NotContains(t, out, "£10,0002", "at %dx%d", size[0], size[1])
	}
	out := f.Plain(largeW, largeH)
	assert.Regexp(t, `£10k +2`, out, "LearnLoop's price in thousands, then seat 2's token")
	assert.Regexp(t, `£12k +34`, out, "TutorNest with two tokens")
	assert.Regexp(t, `£20k +1`, out, "Lagan Fibre")
	assert.Regexp(t, `£10,000 `, out, "a price without tokens in full")
}
