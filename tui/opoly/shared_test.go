package opoly

import (
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/opoly/unipoly"
	"boardroom/tui"
	"boardroom/tui/tuitest"
)

// TestViewKeyDecidesTheBoard: two renderers of one theme given the same
// state draw the same board whenever their ViewKeys are equal; a moved
// cursor or an open dialog changes the key or makes the board unshared.
func TestViewKeyDecidesTheBoard(t *testing.T) {
	f := newFixture(t, 4, 5, engine.Spectator, false)
	f.PlayBots(120, unipoly.Definition{}.NewBot)
	other := testNew(f.Context(f.r.th)).(*Renderer)
	other.SetState(f.State(f.Viewer))
	for _, size := range [][2]int{{largeW, largeH}, {smallW, smallH}} {
		k1, ok1 := f.r.ViewKey()
		k2, ok2 := other.ViewKey()
		require.True(t, ok1 && ok2)
		require.Equal(t, k1, k2)
		require.Equal(t, f.r.View(size[0], size[1]), other.View(size[0], size[1]), "equal keys, same state: the same board")
	}
	for _, k := range []tea.KeyType{tea.KeyRight, tea.KeyUp, tea.KeyLeft, tea.KeyDown} {
		if other.cursor == f.r.cursor {
			other.Update(tea.KeyMsg{Type: k})
		}
	}
	require.NotEqual(t, f.r.cursor, other.cursor)
	k1, _ := f.r.ViewKey()
	k2, _ := other.ViewKey()
	require.NotEqual(t, k1, k2, "the cursor moved")
	require.NotEqual(t, f.r.View(largeW, largeH), other.View(largeW, largeH))

	// A dialog or an error on show is the session's own.
	other.mode = modeConfirm
	_, ok := other.ViewKey()
	require.False(t, ok, "a dialog is the session's own")
	other.mode, other.err = modeBoard, "refused"
	_, ok = other.ViewKey()
	require.False(t, ok, "an error on show is the session's own")
}

// TestRenderersShareOneState: sessions of one viewer class are handed the
// very same state; renderers on several goroutines read it at once (run
// with -race: none may write to it) and, with equal keys, draw the same.
func TestRenderersShareOneState(t *testing.T) {
	f := newFixture(t, 4, 7, engine.Spectator, false)
	f.PlayBots(200, unipoly.Definition{}.NewBot)
	gs := f.State(f.Viewer)
	const n = 4
	out := make([]string, n)
	errs := make(chan any, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() {
				if p := recover(); p != nil {
					errs <- p
				}
			}()
			r := testNew(f.Context(f.r.th)).(*Renderer)
			r.SetState(gs)
			_ = r.View(smallW, smallH)
			out[i] = r.View(largeW, largeH)
		}()
	}
	wg.Wait()
	close(errs)
	for p := range errs {
		t.Fatalf("a renderer panicked: %v", p)
	}
	for i := 1; i < n; i++ {
		require.Equal(t, out[0], out[i])
	}
}

// TestRenderersOfAThemeShareTheirStyles: the renderers of one theme draw
// with one set of styles for a board (each made its own, 2 KiB a playing
// session; issue 32); a renderer of another theme has its own, alike.
func TestRenderersOfAThemeShareTheirStyles(t *testing.T) {
	f := newFixture(t, 4, 7, 0, false)
	r := testNew(f.Context(f.r.th)).(*Renderer)
	r.SetState(f.State(f.Viewer))
	require.Same(t, f.r.st, r.st)
	require.Same(t, f.view().Board, r.st.board)
	require.NotEmpty(t, r.st.groups)
	other := testNew(f.Context(tuitest.Theme(false, false))).(*Renderer)
	other.SetState(f.State(f.Viewer))
	require.NotSame(t, r.st, other.st)
	require.Equal(t, r.st.groups, other.st.groups)
}

// TestTickKeepsTheBoardKey: with a turn timer and no takeover, the board
// does not read the clock, so its key (and the board) stay the same as the
// countdown ticks; the prompt line around it shows the countdown.
func TestTickKeepsTheBoardKey(t *testing.T) {
	f := newFixture(t, 4, 5, 0, false)
	f.PlayBots(40, unipoly.Definition{}.NewBot)
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	ctx := f.Context(f.r.th)
	ctx.Now = func() time.Time { return now }
	r := testNew(ctx).(*Renderer)
	gs := f.State(f.Viewer)
	gs.Deadline = now.Add(50 * time.Second)
	r.SetState(gs)
	require.False(t, r.isTakeover())
	k1, ok := r.ViewKey()
	require.True(t, ok)
	b1 := r.View(largeW, largeH)
	now = now.Add(7 * time.Second)
	k2, _ := r.ViewKey()
	require.Equal(t, k1, k2, "a tick keeps the key")
	require.Equal(t, b1, r.View(largeW, largeH), "and the board")
}

// TestEqualViewKeysDrawEqualBoards (issue 26): random walks of keys over
// renderers of one state, for a player and a spectator, at every variant:
// renderers whose ViewKeys are equal draw the same board (tuitest).
func TestEqualViewKeysDrawEqualBoards(t *testing.T) {
	for _, seed := range []uint64{1, 2} {
		for _, viewer := range []int{0, engine.Spectator} {
			f := newFixture(t, 4, seed, viewer, false)
			f.PlayBots(40+int(seed)*60, unipoly.Definition{}.NewBot)
			th := f.r.th
			keys := f.CheckViewKeys(seed, 30, 40, func() tui.GameRenderer { return testNew(f.Context(th)) })
			require.Greater(t, keys, 1, "seed %d viewer %d: the walks changed the key", seed, viewer)
		}
	}
}

// TestViewKeyKeptWhileItsFieldsStay: asked for every frame, the key is
// formatted when its fields change, and is always their text.
func TestViewKeyKeptWhileItsFieldsStay(t *testing.T) {
	f := newFixture(t, 4, 5, 0, false)
	f.PlayBots(60, unipoly.Definition{}.NewBot)
	for _, k := range []tea.KeyType{tea.KeyRight, tea.KeyRight, tea.KeyUp, tea.KeyLeft, tea.KeyDown} {
		got, ok := f.r.ViewKey()
		require.True(t, ok)
		require.Equal(t, tui.KeyOf(f.r.keyKept.k), got)
		require.Equal(t, f.r.cursor, f.r.keyKept.k.cursor, "the key is the renderer's fields now")
		require.Zero(t, testing.AllocsPerRun(20, func() { _, _ = f.r.ViewKey() }), "the same fields: no text made")
		f.r.Update(tea.KeyMsg{Type: k})
	}
}
