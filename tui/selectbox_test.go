package tui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/stretchr/testify/require"
)

// TestReleasedSelectBoxKeepsRowsAndHighlight: a list released under the
// play screen draws the same and keeps its highlight when it is back.
func TestReleasedSelectBoxKeepsRowsAndHighlight(t *testing.T) {
	th := NewTheme(nil, true, false)
	s := newSelectBox(th)
	s.set(th, []string{"ID", "GAME"}, [][]string{{"1", "unipoly"}, {"2", "technopoly"}, {"3", "billionaire"}})
	s.view(th, 40, 6, true)
	s.update(th, tea.KeyMsg{Type: tea.KeyDown})
	s.update(th, tea.KeyMsg{Type: tea.KeyDown})
	before := s.view(th, 40, 6, true)
	require.Equal(t, 2, s.cursor())

	s.release()
	require.Nil(t, s.t)
	require.Equal(t, 2, s.cursor(), "the highlight is kept while released")
	require.Equal(t, before, s.view(th, 40, 6, true), "drawn the same when back")
	s.update(th, tea.KeyMsg{Type: tea.KeyUp})
	require.Equal(t, 1, s.cursor())
}
