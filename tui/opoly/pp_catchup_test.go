package opoly

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"boardroom/engine/opoly"
)

// TestPPCatchUpIsExplained (G000-18): in round 1 the Latest pane says who
// got catch-up money by turn position and how much, at the table's amount
// (the default when the table has none), and nothing when it is off.
func TestPPCatchUpIsExplained(t *testing.T) {
	f := newPPState(t, 3, 20000).Fixture(0, true)
	v := f.view()
	want := "Catch-up money from FICO for playing later in the turn order (400€ a place, table option): " +
		f.r.name(v.Order[1]) + " +400€, " + f.r.name(v.Order[2]) + " +800€."
	assert.Contains(t, latest(f), want)
	assert.Contains(t, f.Plain(largeW, largeH), "Catch-up money from FICO", "the large board has room for the Latest pane")

	f.Table.Options = map[string]string{opoly.OptCatchUp: "1000"}
	f.Refresh()
	assert.Contains(t, latest(f), "(1.000€ a place, table option): "+f.r.name(v.Order[1])+" +1.000€, "+f.r.name(v.Order[2])+" +2.000€.")

	f.Table.Options = map[string]string{opoly.OptCatchUp: "off"}
	f.Refresh()
	assert.NotContains(t, latest(f), "Catch-up")
	assert.NotContains(t, f.Plain(largeW, largeH), "Catch-up")
}

// latest is the text of the Latest pane.
func latest(f *fixture) string { return strings.Join(f.r.latestSection().lines, " ") }
