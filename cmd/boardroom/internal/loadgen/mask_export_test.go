package loadgen

import "strings"

// maskCountdown is the screen's text without its countdowns: what
// maskedSum hashes, as a string for the tests to read (the tool itself
// only hashes it).
func maskCountdown(s string) string {
	var b strings.Builder
	found := false
	maskEach(s, func(part string) {
		if !found {
			found = true
			b.Grow(len(s))
		}
		b.WriteString(part)
	}, func(rest string) {
		if found {
			b.WriteString(rest)
		}
	})
	if !found {
		return s
	}
	return b.String()
}
