package lobby

import (
	"strconv"
	"strings"
)

// SeatNames lists the display name of every seat: the player's handle, or
// "Bot N" for a bot seat.
func SeatNames(seats []Seat) []string {
	out := make([]string, len(seats))
	for i, s := range seats {
		out[i] = s.Handle
		if out[i] == "" {
			out[i] = "Seat " + strconv.Itoa(i+1)
		}
	}
	return out
}

// NameSeats replaces the engine's "Seat N" (1-based) with the seat's display
// name. Numbers outside the table are left alone.
func NameSeats(text string, names []string) string {
	const tag = "Seat "
	if !strings.Contains(text, tag) {
		return text
	}
	var b strings.Builder
	b.Grow(len(text) + 16)
	for {
		i := strings.Index(text, tag)
		if i < 0 {
			b.WriteString(text)
			return b.String()
		}
		j := i + len(tag)
		k := j
		for k < len(text) && text[k] >= '0' && text[k] <= '9' {
			k++
		}
		n, err := strconv.Atoi(text[j:k])
		wordEnd := k == len(text) || !isWordByte(text[k])
		if err != nil || n < 1 || n > len(names) || !wordEnd || (i > 0 && isWordByte(text[i-1])) {
			b.WriteString(text[:j])
			text = text[j:]
			continue
		}
		b.WriteString(text[:i])
		b.WriteString(names[n-1])
		text = text[k:]
	}
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}
