package sshserver

import (
	"testing"

	"github.com/muesli/termenv"
	"github.com/stretchr/testify/require"
)

func TestRenderersShared(t *testing.T) {
	var rs renderers
	color := inspectTerm(environ{"TERM=xterm-256color"})
	plain := inspectTerm(environ{"TERM=xterm-256color", "NO_COLOR=1"})
	a := rs.get(color)
	require.Same(t, a, rs.get(color), "one renderer per terminal kind")
	require.Equal(t, termenv.ANSI256, a.ColorProfile())
	require.True(t, a.HasDarkBackground())
	b := rs.get(plain)
	require.NotSame(t, a, b)
	require.Equal(t, termenv.Ascii, b.ColorProfile())
}
