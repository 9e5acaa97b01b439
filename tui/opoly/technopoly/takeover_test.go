package technopoly

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/engine/opoly"
)

// TestTPTakeoverBothSides (R001-25, A001-08, A001-09): ada picks bob's
// start-up from a list that names its owner and price, confirms a
// question with the price (cost + 20%) and her cash; bob sees who asks,
// for what, at what price and until when, and approves after a question
// of his own; the bot's seat sees only that a takeover is negotiated.
func TestTPTakeoverBothSides(t *testing.T) {
	f := tpBoard(t, 90000).Fixture(0, true)
	f.Live = true
	f.Key("t")
	require.Equal(t, "pick", f.r.Mode())
	out := f.text()
	assert.Contains(t, out, "Ask for a takeover: choose a start-up")
	assert.Contains(t, out, "> J Harbour Cloud (£18,000) of bob")
	assert.NotContains(t, out, "FieldSense of bob", "a staffed field cannot be taken over (R001-21)")
	f.Key("enter")
	require.Equal(t, "confirm", f.r.Mode())
	require.Empty(t, f.Sent, "the list alone asks for nothing")
	out = f.text()
	assert.Contains(t, out, "Ask bob to hand over Harbour Cloud for £18,000 (price £15,000 + 20% mark-up)?")
	assert.Contains(t, out, "If bob approves: cash £90,000 → £72,000, and your Cloud field is complete.")
	f.Key("n")
	require.Empty(t, f.Sent)
	f.Key("t", "enter", "y")
	require.Equal(t, []any{opoly.RequestTakeover{Cell: tpHarbourCloud}}, anySlice(f.Sent))
	f.Refresh()
	assert.Contains(t, f.text(), "Waiting for bob to approve or deny.")

	f.As(2)
	out = f.text()
	assert.Contains(t, out, "Takeover request: ada asks bob")
	assert.Contains(t, out, "A takeover is being negotiated; only the two players see which start-up and the price.")
	assert.NotContains(t, out, "asks for Harbour Cloud", "the request is private to the two")
	assert.Contains(t, out, "Waiting for the others. x terminate game")

	f.As(1)
	assert.Contains(t, f.text(), "No turn timer here: the request waits for an answer.")
	now := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	f.now = now
	gs := f.State(1)
	gs.Deadline = now.Add(75 * time.Second)
	f.r.SetState(gs)
	out = f.text()
	assert.Contains(t, out, "1 ada asks for Harbour Cloud (Cloud field) at £18,000 (price £15,000 + 20% mark-up).")
	assert.Contains(t, out, "Approve: ada pays you £18,000, cash £90,000 → £108,000.")
	assert.Contains(t, out, "Answer within 1:15, else it is denied.")
	assert.Contains(t, f.Plain(smallW, smallH), "a approve takeover  n deny takeover")
	assert.Equal(t, "takeover request", f.r.PhaseText(opoly.PhaseTrade))
	f.Sent = nil
	f.Key("a")
	require.Equal(t, "confirm", f.r.Mode())
	assert.Contains(t, f.text(), "Approve? Harbour Cloud passes to ada at once, who pays you £18,000")
	f.Key("y")
	require.Equal(t, []any{opoly.ApproveTakeover{}}, anySlice(f.Sent))
	f.Refresh()
	v := f.view()
	assert.Equal(t, 0, v.Cells[tpHarbourCloud].Owner)
	out = f.Plain(smallW, smallH)
	assert.Regexp(t, `bob +£108,000`, out)
	assert.Regexp(t, `ada +£72,000`, out)
	assert.Contains(t, out, "J1 ")
}

// TestTPTakeoverDenied: the owner's n denies at once (it moves no money).
func TestTPTakeoverDenied(t *testing.T) {
	f := tpBoard(t, 90000).Fixture(0, true)
	f.Apply(0, opoly.RequestTakeover{Cell: tpHarbourCloud})
	f.As(1)
	f.Live = true
	f.Key("n")
	require.Equal(t, []any{opoly.DenyTakeover{}}, anySlice(f.Sent))
	assert.Equal(t, 1, f.view().Cells[tpHarbourCloud].Owner)
}
