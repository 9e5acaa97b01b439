// Package termtext measures text as a terminal shows it. Both the screens
// (tui) and the frames written to a session (sshserver) measure every
// line they draw or write, so the measure has a fast path for what they
// are mostly made of.
package termtext

import (
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// Width is the cells s takes on a terminal: ansi.StringWidth, with a fast
// path for the strings screens are mostly made of: ASCII, SGR colour
// sequences, box drawing and a few punctuation marks, all one cell per
// rune. Anything else (wide or combining characters, other escape
// sequences) takes the slow path.
func Width(s string) int {
	n := 0
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c >= 0x20 && c < 0x7f:
			n++
			i++
		case c == 0x1b && i+1 < len(s) && s[i+1] == '[':
			j := i + 2
			for j < len(s) && (s[j] >= '0' && s[j] <= '9' || s[j] == ';') {
				j++
			}
			if j >= len(s) || s[j] != 'm' {
				return ansi.StringWidth(s)
			}
			i = j + 1
		case c >= 0x80:
			r, size := utf8.DecodeRuneInString(s[i:])
			if !oneCell(r) {
				return ansi.StringWidth(s)
			}
			n++
			i += size
		default:
			return ansi.StringWidth(s)
		}
	}
	return n
}

// oneCell reports runes known to take one cell, whatever the terminal.
func oneCell(r rune) bool {
	switch {
	case r >= 0xa1 && r <= 0xff && r != 0xad: // Latin-1 letters and signs, not the soft hyphen
		return true
	case r >= 0x2010 && r <= 0x2027: // dashes, quotes, bullets, ellipsis
		return true
	case r >= 0x2500 && r <= 0x259f: // box drawing, block elements
		return true
	}
	return false
}
