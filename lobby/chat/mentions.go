package chat

import (
	"strings"
	"unicode"

	"boardroom/lobby/accounts"
)

// A chat line that names a player (@handle) rings them (the lobby's
// bell.go decides who may hear it).

// Mentions is the distinct handles a text names as @handle (letters,
// digits, - and _ after an @ that starts a word), at most max of them.
func Mentions(text string, max int) []string {
	var out []string
	seen := map[string]bool{}
	rs := []rune(text)
	for i := 0; i < len(rs); i++ {
		if rs[i] != '@' || i > 0 && handleRune(rs[i-1]) {
			continue
		}
		j := i + 1
		for j < len(rs) && handleRune(rs[j]) {
			j++
		}
		h := strings.ToLower(string(rs[i+1 : j]))
		if accounts.ValidHandle(h) && !seen[h] {
			seen[h] = true
			out = append(out, h)
			if len(out) == max {
				break
			}
		}
		i = j - 1
	}
	return out
}

func handleRune(r rune) bool {
	return r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)) || r == '-' || r == '_'
}
