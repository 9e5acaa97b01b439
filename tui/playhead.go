package tui

import "fmt"

// headKey is what the play screen's title line reads: the width, the
// theme, the table and its game's title, the round, and the viewer's seat
// (-1: spectating).
type headKey struct {
	w     int
	th    *Theme
	table int64
	title string
	round int
	seat  int
}

// playHead is the play screen's title line, w cells wide: the table, its
// game, the round and who the viewer is. It is kept from the last frame
// while what it reads is the same (it changes once a round; its styling
// was a tenth of a frame drawn after a move).
func (m *Model) playHead(w int) string {
	t := m.tab.t
	k := headKey{w: w, th: m.th, table: t.ID, title: m.tableTitle(), round: max(m.play.gs.Table.Round, t.Round), seat: -1}
	if s := m.play.gs.Seat; m.play.loaded && s >= 0 {
		k.seat = s
	}
	return m.play.headDrawn.Get(k, func() string { return m.drawPlayHead(k) })
}

// drawPlayHead draws the title line of k. A line that must be shortened
// says so with the ellipsis.
func (m *Model) drawPlayHead(k headKey) string {
	th := k.th
	head := fmt.Sprintf("Table #%d%s%s", k.table, th.Bullet, k.title)
	if k.round > 0 {
		head += fmt.Sprintf("%sround %d", th.Bullet, k.round)
	}
	if k.seat >= 0 {
		head += th.Bullet + "you are " + th.Seat(k.seat).Render(fmt.Sprintf("seat %d", k.seat+1))
	} else {
		head += th.Bullet + "spectating"
	}
	return Block(th.Title.Render(Fit(head, k.w, th.Ellip)), k.w, 1)
}
