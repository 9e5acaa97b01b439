package tui

import (
	"fmt"
	"runtime"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/lobby/lobbytest"
)

// TestShortInputEditsAsATextinput: an Input given a run of keys (typing,
// moving, deleting a rune, a word, to the start and end, past the limit,
// a paste) has the text, cursor and drawing of a textinput kept whole and
// given the same keys, at each step, focused and not, in colour and
// without, as long as the text fits its width.
func TestShortInputEditsAsATextinput(t *testing.T) {
	k := func(t tea.KeyType) tea.KeyMsg { return tea.KeyMsg{Type: t} }
	r := func(s string) tea.KeyMsg { return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)} }
	keys := []tea.KeyMsg{r("a"), r("d"), r("a"), k(tea.KeyLeft), k(tea.KeyLeft), r("x"), k(tea.KeyBackspace),
		k(tea.KeyHome), r("_"), k(tea.KeyEnd), r(" "), r("l"), r("o"), r("v"), r("e"), k(tea.KeyCtrlW),
		k(tea.KeyLeft), k(tea.KeyDelete), {Type: tea.KeyRunes, Runes: []rune("lace-twelve"), Paste: true},
		r("z"), r("z"), r("z"), k(tea.KeyCtrlA), k(tea.KeyCtrlK), r("b"), r("o"), r("b"), k(tea.KeyLeft),
		k(tea.KeyRight), k(tea.KeyLeft), k(tea.KeyCtrlU)}
	for _, noColor := range []bool{false, true} {
		th := NewTheme(nil, noColor, noColor)
		whole := newInput(th, "your handle", 16)
		whole.Width = 20
		short := newShortInput(th, "your handle", 16)
		short.Width = 20
		require.Equal(t, whole.View(), short.View(), "empty, unfocused")
		whole.Focus()
		short.Focus()
		require.Equal(t, whole.View(), short.View(), "empty, focused")
		for i, key := range keys {
			step := fmt.Sprintf("no colour %v, key %d (%s)", noColor, i, key)
			whole, _ = whole.Update(key)
			short.Update(key)
			require.Equal(t, whole.Value(), short.Value(), step)
			require.Equal(t, whole.Position(), short.pos, step)
			require.Equal(t, whole.View(), short.View(), step)
		}
		assert.NotEmpty(t, short.Value(), "the keys leave some text")
		whole.Blur()
		short.Blur()
		assert.Equal(t, whole.View(), short.View(), "unfocused again")
		assert.False(t, short.Focused())
	}
}

// TestShortInputSetValue: SetValue cleans and cuts the text as a
// textinput does and puts the cursor at its end.
func TestShortInputSetValue(t *testing.T) {
	th := NewTheme(nil, false, false)
	in := newShortInput(th, "round", 5)
	in.SetValue("12\t34567")
	whole := newInput(th, "round", 5)
	whole.SetValue("12\t34567")
	assert.Equal(t, whole.Value(), in.Value())
	assert.Equal(t, whole.Position(), in.pos)
	assert.Len(t, []rune(in.Value()), 5)
}

// TestZeroInputWorks: an Input made without a theme (its zero value)
// draws and edits as a plain theme's.
func TestZeroInputWorks(t *testing.T) {
	var in Input
	in.Focus()
	in.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("42")})
	assert.Equal(t, "42", in.Value())
	plain := newShortInput(NewTheme(nil, false, false), "", 0)
	plain.Focus()
	plain.SetValue("42")
	assert.Equal(t, plain.View(), in.View())
}

// TestWelcomeSessionHeapStaysSmall: a session at the welcome screen (a new
// key picking its handle, what a server's idle sessions are) keeps at most
// 5 KiB of heap in its model: 4.1 KiB with an Input for the handle, 9.3
// KiB with a textinput of its own.
func TestWelcomeSessionHeapStaysSmall(t *testing.T) {
	const n = 300
	api := lobbytest.NewLobby(true)
	var ms runtime.MemStats
	NewTheme(nil, true, false) // the theme's own first use is not the sessions'
	runtime.GC()
	runtime.ReadMemStats(&ms)
	before := ms.HeapAlloc
	th := NewTheme(nil, true, false)
	hs := make([]*harness, n)
	for i := range hs {
		hs[i] = start(t, api, Options{Fingerprint: fmt.Sprintf("fp-new-%d", i), Theme: th})
		require.Equal(t, screenWelcome, hs[i].m.screen)
		_ = hs[i].view()
	}
	runtime.GC()
	runtime.ReadMemStats(&ms)
	per := float64(ms.HeapAlloc-before) / n
	runtime.KeepAlive(hs)
	t.Logf("a welcome session keeps %.1f KiB of heap", per/1024)
	require.LessOrEqual(t, per, 5.0*1024)
}
