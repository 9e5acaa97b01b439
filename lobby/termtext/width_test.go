package termtext

import (
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"
)

// TestWidthAsStringWidth: the fast path agrees with ansi.StringWidth, on
// what it takes (ASCII, SGR, one-cell runes) and what it hands on (wide,
// combining, other sequences, controls).
func TestWidthAsStringWidth(t *testing.T) {
	for _, s := range []string{
		"", "plain", "\x1b[1mbold\x1b[0m · x…", "╭─ Log ──╮", "£5,000 — “quoted” ‘x’ • ▌█",
		"ünïcödé Ærø", "漢字", "e\u0301", "👍🏽 emoji", "\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\", "tab\there",
		"\x1b[1;38;5;12mkey\x1b[0m", "soft\u00adhyphen", "\x1b[2Kerase", "\x1b[", "\x1b[12", "a\x1b",
		"\x1b[38;2;255;0;0mtrue colour\x1b[m", "\u2028", "\x7f", "ÿ\u0100",
	} {
		require.Equal(t, ansi.StringWidth(s), Width(s), "%q", s)
	}
}
