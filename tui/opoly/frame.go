package opoly

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"boardroom/tui"
)

// writeFitted writes line into b made exactly w cells wide, as
// tui.FitLines makes each of its lines: cut when longer, padded with
// spaces when shorter.
func writeFitted(b *strings.Builder, line string, w int) {
	lw := tui.CellWidth(line)
	if lw > w {
		line = ansi.Truncate(line, w, "")
		lw = tui.CellWidth(line)
	}
	b.WriteString(line)
	if lw < w {
		b.WriteString(tui.Spaces(w - lw))
	}
}

// fitted is line made exactly w cells wide (writeFitted's line alone).
func fitted(line string, w int) string { return tui.FitLines([]string{line}, w, 1)[0] }
