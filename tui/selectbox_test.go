package tui

import (
	"fmt"
	"io"
	"math/rand"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"
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
	require.Equal(t, 2, s.cursor(), "the highlight is kept while released")
	require.Equal(t, before, s.view(th, 40, 6, true), "drawn the same when back")
	s.update(th, tea.KeyMsg{Type: tea.KeyUp})
	require.Equal(t, 1, s.cursor())
}

// TestSelectBoxDrawsAsTheBubblesTable: a list that fits its height is drawn
// byte for byte as the bubbles table it replaced drew it (colour and plain
// themes, lists shrunk to narrow widths, empty lists, every highlight).
func TestSelectBoxDrawsAsTheBubblesTable(t *testing.T) {
	seed := int64(32)
	rng := rand.New(rand.NewSource(seed))
	words := []string{"unipoly", "technopoly", "IT Billionaire", "forming (you)", "3/4", "", "a very long name of a table that will not fit", "ada"}
	for _, th := range []*Theme{NewTheme(nil, true, false), NewTheme(nil, true, true), colourTheme()} {
		for trial := 0; trial < 60; trial++ {
			cols := 1 + rng.Intn(5)
			titles := make([]string, cols)
			for i := range titles {
				titles[i] = strings.ToUpper(words[rng.Intn(len(words))])
			}
			w, h := 20+rng.Intn(100), 3+rng.Intn(20)
			rows := make([][]string, rng.Intn(h)) // fits: at most h-1 rows
			for r := range rows {
				rows[r] = make([]string, rng.Intn(cols+1))
				for i := range rows[r] {
					rows[r][i] = words[rng.Intn(len(words))]
				}
			}
			s, old := newSelectBox(th), newBubblesBox(th)
			s.set(th, titles, rows)
			old.set(th, titles, rows)
			for step := 0; step <= len(rows); step++ {
				got, want := s.view(th, w, h, true), old.view(th, w, h, true)
				require.Equal(t, want, got, "seed %d trial %d step %d (%dx%d, %d rows)", seed, trial, step, w, h, len(rows))
				require.Equal(t, old.cursor(), s.cursor())
				k := tea.KeyMsg{Type: tea.KeyDown}
				s.update(th, k)
				old.update(th, k)
			}
		}
	}
}

// TestSelectBoxKeepsTheHighlightInView: in a list longer than its height
// the highlighted row is always drawn, marked, whatever key moved it (the
// bubbles table drew the rows above it once it passed the list's height).
func TestSelectBoxKeepsTheHighlightInView(t *testing.T) {
	th := NewTheme(nil, true, false)
	s := newSelectBox(th)
	var rows [][]string
	for i := 0; i < 23; i++ {
		rows = append(rows, []string{fmt.Sprintf("row%02d", i), "unipoly"})
	}
	s.set(th, []string{"ID", "GAME"}, rows)
	const w, h = 30, 6
	shown := func(step string) {
		t.Helper()
		v := ansi.Strip(s.view(th, w, h, true))
		lines := strings.Split(v, "\n")
		require.Len(t, lines, h, step)
		want := fmt.Sprintf("row%02d", s.cursor())
		marked := 0
		for _, l := range lines[1:] {
			require.LessOrEqual(t, ansi.StringWidth(l), w, step)
			if strings.HasPrefix(strings.TrimLeft(l, " "), ">") {
				marked++
				require.Contains(t, l, want, "%s: the marked row is the highlighted one", step)
			}
		}
		require.Equal(t, 1, marked, "%s: the highlighted row is in view:\n%s", step, v)
	}
	keys := []tea.KeyType{tea.KeyDown, tea.KeyDown, tea.KeyDown, tea.KeyDown, tea.KeyDown, tea.KeyDown, tea.KeyDown,
		tea.KeyPgDown, tea.KeyPgDown, tea.KeyEnd, tea.KeyDown, tea.KeyUp, tea.KeyPgUp, tea.KeyPgUp, tea.KeyHome, tea.KeyUp, tea.KeyPgDown}
	want := []int{1, 2, 3, 4, 5, 6, 7, 12, 17, 22, 22, 21, 16, 11, 0, 0, 5}
	shown("start")
	for i, k := range keys {
		s.update(th, tea.KeyMsg{Type: k})
		require.Equal(t, want[i], s.cursor(), "after key %d (%v)", i, k)
		shown(fmt.Sprintf("after key %d (%v)", i, k))
	}
	// Rows taken away: the highlight clamps to the last row, still in view.
	s.update(th, tea.KeyMsg{Type: tea.KeyEnd})
	s.set(th, []string{"ID", "GAME"}, rows[:8])
	require.Equal(t, 7, s.cursor())
	shown("rows taken away")
	s.set(th, []string{"ID", "GAME"}, nil)
	require.Equal(t, -1, s.cursor())
	v := ansi.Strip(s.view(th, w, h, true))
	require.NotContains(t, v, ">", "an empty list marks nothing")
}

// colourTheme is a theme that writes colour (the renderer's profile set,
// never the process's own terminal's).
func colourTheme() *Theme {
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(termenv.ANSI256)
	return NewTheme(r, false, false)
}
