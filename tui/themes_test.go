package tui

import (
	"io"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
	"github.com/stretchr/testify/require"
)

func TestThemesShared(t *testing.T) {
	var c Themes
	r1 := lipgloss.NewRenderer(io.Discard)
	r1.SetColorProfile(termenv.ANSI256)
	r2 := lipgloss.NewRenderer(io.Discard)
	r2.SetColorProfile(termenv.Ascii)

	a := c.Get(r1, false, false)
	require.Same(t, a, c.Get(r1, false, false), "one theme per renderer and mode")
	require.Same(t, r1, a.Renderer)
	require.NotSame(t, a, c.Get(r1, false, true))
	require.True(t, c.Get(r1, false, true).ASCII)
	require.NotSame(t, a, c.Get(r2, true, false))
	require.True(t, c.Get(r2, true, false).NoColor)

	// A session given a shared theme uses it rather than building one.
	m := New(Options{Renderer: r1, Theme: a, Width: 80, Height: 24}).(*Model)
	require.Same(t, a, m.th)
}
