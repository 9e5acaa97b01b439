package lobby

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"boardroom/lobby/accounts"
)

// Sanitize makes a user-typed string safe to show on another user's
// terminal: it drops escape sequences, control characters, bidi overrides
// and other invisible formatting runes, turns newlines and tabs into spaces,
// collapses runs of spaces, trims, and cuts the result to max runes (0: no
// limit).
func Sanitize(s string, max int) string {
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "")
	}
	var b strings.Builder
	b.Grow(len(s))
	n := 0
	space := false
	for _, r := range s {
		switch {
		case r == '\n' || r == '\t' || r == '\r' || unicode.IsSpace(r):
			if !space && b.Len() > 0 {
				space = true
			}
			continue
		case unicode.IsControl(r), isBidiOrInvisible(r), unicode.Is(unicode.Cf, r),
			unicode.Is(unicode.Co, r), unicode.Is(unicode.Cs, r), r == utf8.RuneError:
			continue
		}
		if space {
			if max > 0 && n >= max {
				break
			}
			b.WriteByte(' ')
			n++
			space = false
		}
		if max > 0 && n >= max {
			break
		}
		b.WriteRune(r)
		n++
	}
	return strings.TrimSpace(b.String())
}

func isBidiOrInvisible(r rune) bool {
	switch {
	case r >= 0x202A && r <= 0x202E, r >= 0x2066 && r <= 0x2069, r == 0x200E, r == 0x200F,
		r == 0x061C, r >= 0x200B && r <= 0x200D, r == 0x2060, r == 0xFEFF:
		return true
	}
	return false
}

// ValidHandle reports whether h is a valid handle: 3-16 characters of
// ASCII letters, digits, '-' and '_' (lobby/accounts).
func ValidHandle(h string) bool { return accounts.ValidHandle(h) }
