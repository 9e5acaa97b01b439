package tui

import (
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"boardroom/lobby"
)

// The turn timer's countdown ("0:42 left") is the only part of the prompt
// line that changes once a second, and every seated screen draws it again
// on every tick: measuring and styling the whole line for it was a third of
// what a tick cost the server (issue 32). So a tick's line is put together
// from parts drawn before: the countdown's text, styled once per theme for
// each second it can show, and the rest of the line as the last frame drew
// it, both with their widths. Whatever that fast path does not cover (a
// line too wide for the terminal, a paused timer, a reconnection notice,
// more than an hour left) is drawn as before, and the two are the same
// bytes (TestPromptFastAsDrawnWhole).

// maxCountdownSecs is the longest countdown shown as minutes and seconds:
// above an hour the line says when the deadline is (lobby.DeadlineText).
const maxCountdownSecs = 3600

// drawnText is a piece of a line as drawn, with its width in cells.
type drawnText struct {
	s string
	w int
}

// countdowns are a theme's countdown texts, drawn on first use; shared by
// the sessions of the theme (lock-free: a text is drawn at most a few times
// if sessions miss it at once, and every drawing is the same).
type countdowns struct {
	once  sync.Once
	texts *[maxCountdownSecs + 1]atomic.Pointer[drawnText]
}

// countdownText is the countdown for secs seconds left (1 to
// maxCountdownSecs), as the prompt line shows it.
func (t *Theme) countdownText(secs int) drawnText {
	cd := &t.countdowns
	cd.once.Do(func() { cd.texts = new([maxCountdownSecs + 1]atomic.Pointer[drawnText]) })
	if p := cd.texts[secs].Load(); p != nil {
		return *p
	}
	d := drawnText{s: t.Warn.Render(countdownPlain(secs))}
	d.w = cellWidth(d.s)
	cd.texts[secs].Store(&d)
	return d
}

// countdownPlain is "M:SS left" for secs seconds.
func countdownPlain(secs int) string {
	b := make([]byte, 0, 12)
	b = strconv.AppendInt(b, int64(secs/60), 10)
	b = append(b, ':', byte('0'+secs%60/10), byte('0'+secs%10))
	b = append(b, " left"...)
	return string(b)
}

// countdownSecs is the whole seconds shown for what is left of a deadline:
// rounded up, so that "0:01 left" is the last second.
func countdownSecs(left time.Duration) int {
	return int((left + time.Second - 1) / time.Second)
}

// The seat the game waits on sees its countdown to the second. Everyone
// else at the table (the other seats, spectators) sees it in steps of
// countdownStep seconds, rounded up, and to the second in the last
// exactCountdownSecs: what they need is about how long the mover has, and
// a line written to every seated screen every second was the largest
// single cost of a server full of players (issue 32; record
// docs/decisions/2026-11-capacity-bystanders-countdown-in-steps.md).
const (
	countdownStep      = 5
	exactCountdownSecs = 10
)

// countdownShown is the seconds the viewer's countdown shows for left.
func (m *Model) countdownShown(left time.Duration) int {
	secs := countdownSecs(left)
	if !m.countdownStepped(secs) {
		return secs
	}
	return (secs + countdownStep - 1) / countdownStep * countdownStep
}

// countdownStepped reports that the viewer sees the countdown for secs
// seconds in steps: a bystander, before the last exactCountdownSecs.
func (m *Model) countdownStepped(secs int) bool {
	gs := m.play.gs
	return secs > exactCountdownSecs && !(gs.Seat >= 0 && gs.Prompt.Awaits(gs.Seat))
}

// promptFast is the prompt line w cells wide put together from its drawn
// parts, when the line is the countdown and the rest and fits; ok is false
// when the line must be drawn whole (promptLine). It reads the clock as
// promptLine does, once.
func (m *Model) promptFast(w int) (line string, ok bool) {
	gs := m.play.gs
	if !m.play.loaded || gs.Outcome.Finished || gs.Deadline.IsZero() || !gs.OwnerLost.IsZero() {
		return "", false
	}
	now, _ := m.timerNow()
	left := gs.Deadline.Sub(now)
	if left <= 0 || left > time.Hour {
		return "", false
	}
	if m.reconnectingText() != "" || gs.Table.Status == lobby.TableAbandoned {
		return "", false
	}
	th := m.th
	cd := th.countdownText(m.countdownShown(left))
	rest := m.promptRestDrawn()
	width := cd.w
	if rest.s != "" {
		width += th.bulletW + rest.w
	}
	if width > w {
		return "", false
	}
	var b strings.Builder
	b.Grow(len(cd.s) + len(th.Bullet) + len(rest.s) + w - width)
	b.WriteString(cd.s)
	if rest.s != "" {
		b.WriteString(th.Bullet)
		b.WriteString(rest.s)
	}
	writeSpaces(&b, w-width)
	return b.String(), true
}

// promptRestDrawn is the prompt line after the countdown, kept from the
// last frame while the state, the table and the theme are the same.
func (m *Model) promptRestDrawn() drawnText {
	return m.play.promptDrawn.Get(promptKey{gen: m.play.gen, tab: m.tabGen, th: m.th}, func() drawnText {
		s := m.promptRest()
		return drawnText{s: s, w: cellWidth(s)}
	})
}
