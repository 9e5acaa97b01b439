package opoly

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"boardroom/engine/opoly"
	"boardroom/tui"
)

// The players pane of a game whose score decides every end (the variant
// table's scoreColumn: Technopoly's resources, G001-03): next to the cash, each
// player's score, under a header line that names both columns, so that
// at 80x24 a player sees at a glance who leads and who could not pay a
// fee. The trip marker gives way to the name when the row is short.

// minNameW is the fewest columns a name keeps before the trip marker of
// its row gives way.
const minNameW = 8

// scoreWidth is the width of the score column: a blank and the widest
// score.
func (r *Renderer) scoreWidth() int {
	n := len("-")
	for _, s := range r.v.Order {
		n = max(n, r.moneyLen(r.v.Player(s).Capital))
	}
	return 1 + n
}

// appendScoreCell appends a player's score right-aligned in the score
// column ("-" once out of the game) to dst.
func (r *Renderer) appendScoreCell(dst []byte, p opoly.PlayerView, scoreW int) []byte {
	var xArr [32]byte
	x := r.appendMoney(xArr[:0], p.Capital)
	if p.Out {
		x = append(x[:0], '-')
	}
	return append(append(dst, tui.Spaces(max(scoreW-len(x), 1))...), x...)
}

// scoreHeader names the columns of the players pane: "cash" over the
// cash, the score's word over the score (shortened to fit).
func (r *Renderer) scoreHeader(w, cashW, scoreW int) string {
	word := r.w.score
	if len(word) > scoreW-1 {
		word = ansi.Truncate(word, scoreW-2, "") + r.th.Ellip
	}
	right := strings.Repeat(" ", max(cashW-len("cash"), 0)) + "cash" + strings.Repeat(" ", max(scoreW-ansi.StringWidth(word), 1)) + word
	left := "    " + r.lab.player
	gap := max(w-len(left)-ansi.StringWidth(right), 1)
	return r.st.subtle.Render(left + strings.Repeat(" ", gap) + right)
}

// scoreFlags fills each player's flags (by seat) and returns the widest:
// with the trip markers while every name keeps minNameW of room columns,
// else without them.
func (r *Renderer) scoreFlags(flags *[opoly.MaxSeats]string, room int) int {
	widest := func(trips bool) int {
		n := 0
		for _, s := range r.v.Order {
			if s >= 0 && s < len(flags) {
				flags[s] = r.playerFlags(s, r.v.Player(s), trips)
				n = max(n, len(flags[s]))
			}
		}
		return n
	}
	if n := widest(true); room-n >= minNameW {
		return n
	}
	return widest(false)
}
