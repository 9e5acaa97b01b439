package sshserver

import (
	"io"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"
)

// tickModel is a model whose calls allocate nothing: a countdown's tick
// changes its top line, every other message its whole frame.
type tickModel struct {
	n     int
	lines [2][]string
	tops  [2]string
}

type tickTestMsg struct{}

func (m *tickModel) Init() tea.Cmd { return nil }
func (m *tickModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	m.n++
	return m, nil
}
func (m *tickModel) View() string        { return "" }
func (m *tickModel) ViewLines() []string { return m.lines[m.n%2] }
func (m *tickModel) TickLine() (int, string, bool) {
	return 0, m.tops[m.n%2], true
}

// TestSessionMessagesAllocateNothing: handling a message and drawing its
// frame or its countdown line allocates nothing beyond what the model does
// (here nothing): no closure per call, no timer per write. A session
// goroutine that allocates during a collection must help mark 64 KB first;
// with thousands of sessions ticking once a second that was most of the
// marking (workers.go).
func TestSessionMessagesAllocateNothing(t *testing.T) {
	pool := newWorkers(2)
	defer pool.close()
	scr := newScreen(io.Discard, 1000000, 80, 3)
	st := &rearm{after: func(d time.Duration, f func()) stopper { return time.AfterFunc(d, f) }, d: time.Hour, f: func() {}}
	scr.stall = st.arm
	m := &tickModel{
		lines: [2][]string{{"a", "b", "c"}, {"d", "e", "f"}},
		tops:  [2]string{"top one", "top two"},
	}
	f := newFramed(m, scr, pool)
	f.Init()
	f.View()
	var msg tea.Msg = tickTestMsg{}
	frames := testing.AllocsPerRun(200, func() {
		f.Update(msg)
		f.View()
	})
	require.Zero(t, frames, "allocations per message and frame")
}

// TestAppendCursorPositionIsTheLibrarys: the same bytes as
// ansi.CursorPosition for every position a screen writes.
func TestAppendCursorPositionIsTheLibrarys(t *testing.T) {
	for col := -1; col <= 300; col++ {
		for _, row := range []int{-1, 0, 1, 2, 9, 10, 99, 100, 299} {
			require.Equal(t, ansi.CursorPosition(col, row), string(appendCursorPosition([]byte("x"), col, row)[1:]), "col %d row %d", col, row)
		}
	}
}
