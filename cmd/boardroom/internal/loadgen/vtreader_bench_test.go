package loadgen

import (
	"io"
	"strings"
	"testing"
)

// BenchmarkVTReaderConsume is a simulated player's reading of its screen:
// frames that redraw a third of 24 lines of board-like text with colours,
// box-drawing runes and a countdown, as the server writes them.
func BenchmarkVTReaderConsume(b *testing.B) {
	line := "│ D3 4 Round 5 · dice 6+2 = 8 ╭─ Log ──╮ \x1b[1;38;5;212mG4\x1b[0m $5,226 (you) ✓ │"
	var sb strings.Builder
	sb.WriteString("\x1b[?25l\x1b[?1049h\x1b[2J\x1b[H")
	for f := range 20 {
		sb.WriteString("\x1b[H0:" + string(rune('1'+f%5)) + "2 left · your move!\r\n")
		for i := range 23 {
			if (i+f)%3 == 0 {
				sb.WriteString(line + "\x1b[K")
				if i < 22 {
					sb.WriteString("\r\n")
				}
			} else if i < 22 {
				sb.WriteString("\n")
			}
		}
		sb.WriteString("\x1b[J\x1b[24;1H")
	}
	p := []byte(sb.String())
	cfg := DefaultConfig()
	r := newVTReader(&shared{cfg: &cfg, meter: &meter{}}, nil, io.Discard)
	b.SetBytes(int64(len(p)))
	b.ReportAllocs()
	for b.Loop() {
		r.consume(p)
	}
}
