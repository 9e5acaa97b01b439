package allinthegame

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine/enginetest"
)

// TestGuideIsCompleteAndTellsTheNumbers: the guide passes the engine's
// check and names every cost, track, project and event card of the
// chapter (R002-05, R002-11..13, G002-02, G002-03, G002-06, G002-07, G002-09).
func TestGuideIsCompleteAndTellsTheNumbers(t *testing.T) {
	g := Definition{}.Info().Guide
	text, _ := enginetest.CheckGuide(t, g)
	for _, want := range []string{
		"starts with $10",
		"Train: $2", "Promote: $2", "Recruit: $6",
		"at most 2 times a round",
		"$6, $4, $2, $1", "$8, $6, $4, $2, $1",
		"a $3 bonus", "pays $6 (field 4) or $10 (field 5)",
		"gets 2 Senior Consultants", "pays $1 each",
		"Senior Consultant", "Principal", "Desk", "International Project", "Innovation Project", "Deadline track",
		"[D*2P]",
	} {
		require.Contains(t, text, want)
	}
	for _, c := range append(RegularProjects(), InternationalProjects()...) {
		require.Contains(t, text, c.ID+" ")
		require.Contains(t, text, c.Name+" ")
		require.Contains(t, text, deskList(c))
	}
	for _, e := range Events() {
		require.Contains(t, text, e.ID+" "+e.Name+": "+e.Text)
	}
}

// TestGuideVerbatimLinesFitEightyColumns: the project tables fit the
// narrowest screen.
func TestGuideVerbatimLinesFitEightyColumns(t *testing.T) {
	_, n := enginetest.CheckGuide(t, guide())
	require.Greater(t, n, 14)
}

// TestGuideTextIsPinned: the guide's words cannot change unnoticed, for
// example by a refactoring of the code that writes them. A change meant to
// change the text updates the digest (see enginetest.GuideDigest).
func TestGuideTextIsPinned(t *testing.T) {
	require.Equal(t, "4716d88c15d572cdecd51952b188338f48242727e233fe6b902ae2d2974a3ac7", enginetest.GuideDigest(Definition{}.Info()))
}
