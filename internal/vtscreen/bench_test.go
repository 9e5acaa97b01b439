package vtscreen_test

import (
	"strings"
	"testing"

	"boardroom/internal/vtscreen"
)

// BenchmarkWrite replays frames as sshserver writes them: each redraws a
// third of 24 lines of board-like text with colours and box-drawing runes
// and moves down over the rest.
func BenchmarkWrite(b *testing.B) {
	line := "│ D3 4 Round 5 · dice 6+2 = 8 ╭─ Log ──╮ \x1b[1;38;5;212mG4\x1b[0m $5,226 (you) ✓ │"
	var sb strings.Builder
	sb.WriteString("\x1b[?25l\x1b[?1049h\x1b[2J\x1b[H")
	for f := range 20 {
		sb.WriteString("\x1b[H")
		for i := range 24 {
			if (i+f)%3 == 0 {
				sb.WriteString(line + "\x1b[K")
				if i < 23 {
					sb.WriteString("\r\n")
				}
			} else if i < 23 {
				sb.WriteString("\n")
			}
		}
		sb.WriteString("\x1b[J\x1b[24;1H")
	}
	p := []byte(sb.String())
	s := vtscreen.New(80, 24)
	b.SetBytes(int64(len(p)))
	for b.Loop() {
		_, _ = s.Write(p)
	}
}
