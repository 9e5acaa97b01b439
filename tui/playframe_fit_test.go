package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"

	"boardroom/engine/testgame"
	"boardroom/lobby/lobbytest"
)

// ragged is a renderer whose drawing has lines too short, too long
// (styled), and too few or too many of them: the play screen still
// shows lines of exactly the terminal's width.
type ragged struct {
	stubRenderer
	lines int // how many lines View draws; 0: one more than asked
}

func (r *ragged) View(w, h int) string {
	n := r.lines
	if n == 0 {
		n = h + 1
	}
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteByte('\n')
		}
		switch i % 3 {
		case 0:
			b.WriteString("short")
		case 1:
			b.WriteString("\x1b[1m" + strings.Repeat("long", w) + "\x1b[0m")
		default:
			b.WriteString(strings.Repeat("é", w))
		}
	}
	return b.String()
}

func TestPlayFrameLinesAreExactlyWide(t *testing.T) {
	for _, lines := range []int{0, 3} {
		r := &ragged{lines: lines}
		h := startPlaying(t, Options{Renderers: map[string]RendererFactory{
			testgame.ID: func(ctx RenderContext) GameRenderer { r.ctx = ctx; return r },
		}})
		for _, size := range [][2]int{{80, 24}, {100, 30}, {160, 50}, {80, 24}} {
			h.resize(size[0], size[1])
			for pass := range 3 { // drawn, then from what the frame kept, then with a long status
				if pass == 2 {
					h.m.status = strings.Repeat("a long status line ", 12)
				}
				f := h.m.viewLines()
				require.Len(t, f, size[1])
				// the width the session's screen then writes them at unmeasured
				require.Equal(t, size[0], h.m.FittedWidth())
				for i, l := range f {
					require.Equal(t, size[0], ansi.StringWidth(l), "%d lines drawn, %dx%d, pass %d, line %d: %q", lines, size[0], size[1], pass, i, l)
				}
			}
			h.m.status = ""
		}
	}
}

// TestFittedWidthOnlyOnThePlayScreen: the width is promised for the play
// screen's frames alone: a dialog or a page over it, a terminal too small,
// the lobby and the table screen promise none (their lines are measured).
func TestFittedWidthOnlyOnThePlayScreen(t *testing.T) {
	h := startPlaying(t, Options{})
	h.resize(80, 24)
	h.m.viewLines()
	require.Equal(t, 80, h.m.FittedWidth())
	h.key("?")
	require.Zero(t, h.m.FittedWidth(), "help over the play screen")
	h.key("esc")
	require.Equal(t, 80, h.m.FittedWidth())
	h.resize(30, 8)
	require.Zero(t, h.m.FittedWidth(), "too small")
	h.resize(80, 24)
	h.m.screen = screenLobby
	require.Zero(t, h.m.FittedWidth(), "the lobby")
}

func TestFittedBlockKeepsWhatFits(t *testing.T) {
	fits := []string{"abc", "\x1b[1mxyz\x1b[0m"}
	got := fittedBlock(fits, 3, 2)
	require.Same(t, &fits[0], &got[0], "lines that fit are handed on as they are")
	ragged := []string{"ab", "\x1b[1mwxyz\x1b[0m"}
	got = fittedBlock(ragged, 3, 3)
	require.Len(t, got, 3)
	require.Equal(t, []string{"ab ", "wxy", "   "}, []string{got[0], ansi.Strip(got[1]), got[2]}, "padded, cut and added")
	for _, l := range got {
		require.Equal(t, 3, ansi.StringWidth(l))
	}
	require.Equal(t, []string{"ab", "\x1b[1mwxyz\x1b[0m"}, ragged, "the lines given are never changed")
	require.Len(t, fittedBlock(fits, 3, 1), 1, "cut to the height")
}

func TestPlayHeadKeptAsDrawn(t *testing.T) {
	h := startPlaying(t, Options{}, "t")
	fresh := func(w int) string {
		m := h.m
		k := headKey{w: w, th: m.th, table: m.tab.t.ID, title: m.tableTitle(), round: max(m.play.gs.Table.Round, m.tab.t.Round), seat: -1}
		if s := m.play.gs.Seat; m.play.loaded && s >= 0 {
			k.seat = s
		}
		return m.drawPlayHead(k)
	}
	same := func(step, want string) {
		t.Helper()
		for _, w := range []int{80, 81, 120, 160, 30, 80} {
			got := h.m.playHead(w)
			require.Equal(t, fresh(w), got, "%s, width %d", step, w)
			require.Equal(t, w, ansi.StringWidth(got), "%s, width %d", step, w)
		}
		require.Contains(t, ansi.Strip(h.m.playHead(160)), want, step)
	}
	same("start", "you are seat ")
	gs := *h.m.play.gs // the screen's state is read only: a copy changed
	h.m.play.gs = &gs
	h.m.play.gs.Table.Round = 7
	same("a new round", "round 7")
	h.m.tab.t.GameTitle = "Renamed game"
	same("a new title", "Renamed game")
	h.m.play.gs.Seat = -1
	same("spectating", "spectating")
	h.m.play.gs.Seat = 2
	same("another seat", "you are seat 3")
	h.m.tab.t.ID++
	same("another table", "Table #")
}

func TestPlayUpdatesLeaveTheSeatListAlone(t *testing.T) {
	api := lobbytest.NewLobby(true)
	api.AddAccount("fp-ada", "ada")
	h := start(t, api, Options{Fingerprint: "fp-ada"})
	openNewTable(t, h)
	require.Equal(t, screenTable, h.m.screen)
	h.m.tab.sel.rows = nil
	h.m.tableChanged(h.m.tab.t, nil)
	require.NotEmpty(t, h.m.tab.sel.rows, "the table screen lists its seats afresh")
	h.keys("t", "b", "r", "S")
	require.Equal(t, screenPlay, h.m.screen)
	h.m.tab.sel.rows = nil
	h.m.tableChanged(h.m.tab.t, nil)
	require.Nil(t, h.m.tab.sel.rows, "a move's update in play makes no list of seats")
	require.Contains(t, h.view(), "Table #")
}

// fitted says its lines are fitted (tui.FittedLinesViewer) and draws
// them short: the play screen takes them as they are.
type fitted struct{ stubRenderer }

func (f *fitted) ViewLines(w, h int) []string {
	ls := make([]string, h)
	for i := range ls {
		ls[i] = "as drawn"
	}
	return ls
}
func (f *fitted) LinesFitted() {}

func TestFittedLinesTakenAsDrawn(t *testing.T) {
	r := &fitted{}
	h := startPlaying(t, Options{Renderers: map[string]RendererFactory{
		testgame.ID: func(ctx RenderContext) GameRenderer { r.ctx = ctx; return r },
	}})
	w, gh := h.m.playAreaSize()
	got := h.m.gameLines(w, gh)
	require.Len(t, got, gh)
	require.Equal(t, "as drawn", got[0], "a fitted renderer's lines are not measured nor padded")
}

// TestPlayStripMadeWide: the log and chat strip's lines are w wide as
// joined: two panels as wide as asked are joined as they are (their
// widths added up, not measured again), and narrower ones are padded.
func TestPlayStripMadeWide(t *testing.T) {
	h := startPlaying(t, Options{})
	m := h.m
	exact := m.stripLines("ab\ncd", "xyz\nuvw", 5, 2)
	require.Equal(t, []string{"abxyz", "cduvw"}, exact)
	narrow := m.stripLines("ab\ncd", "x\ny", 10, 2)
	require.Len(t, narrow, 2)
	for _, l := range narrow {
		require.Equal(t, 10, ansi.StringWidth(l), "%q", l)
	}
	wide := m.stripLines("\x1b[1mabcdef\x1b[0m\ncd", "xyz\nuvw", 6, 2)
	for _, l := range wide {
		require.Equal(t, 6, ansi.StringWidth(l), "%q", l)
	}
}
