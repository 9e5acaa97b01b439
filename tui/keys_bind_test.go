package tui

import (
	"testing"

	"github.com/charmbracelet/bubbles/key"
	"github.com/stretchr/testify/require"
)

// TestBindAsNewBinding: Bind makes the binding key.NewBinding makes (keys,
// help, enabled), for one key, named keys, several keys and a key with no
// shared list; a single key's binding allocates nothing.
func TestBindAsNewBinding(t *testing.T) {
	for _, c := range []struct {
		help, desc string
		keys       []string
	}{
		{"r", "roll", []string{"r"}},
		{"?", "help", []string{"?"}},
		{"enter", "open", []string{"enter"}},
		{"ctrl+c", "quit", []string{"ctrl+c"}},
		{"up/down", "move", []string{"up", "down"}},
		{"f5", "refresh", []string{"f5"}},
		{"é", "accent", []string{"é"}},
		{"none", "nothing", nil},
	} {
		want := key.NewBinding(key.WithKeys(c.keys...), key.WithHelp(c.help, c.desc))
		got := Bind(c.help, c.desc, c.keys...)
		require.Equal(t, want, got, "%v", c.keys)
		require.Equal(t, want.Enabled(), got.Enabled())
		require.Equal(t, want.Keys(), got.Keys())
		require.Equal(t, want.Help(), got.Help())
	}
	require.Zero(t, testing.AllocsPerRun(100, func() { _ = Bind("r", "roll", "r") }))
	require.Zero(t, testing.AllocsPerRun(100, func() { _ = keyEsc("back") }))
}
