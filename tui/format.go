package tui

import (
	"fmt"
	"strings"
	"time"

	"boardroom/engine"
	"boardroom/lobby"
)

// Formatting shared by the results pages (leaderboard, profile,
// standings, replay).

// ratingText is a rating as players read it: one number, with the
// provisional mark (*, as the plain commands and the README write it)
// while it is still uncertain. A bot's rating is fixed: callers pass
// provisional false for it (shownProvisional).
func ratingText(r int, provisional bool) string {
	if provisional {
		return itoa(r) + provisionalMark
	}
	return itoa(r)
}

// provisionalMark follows a provisional rating wherever one is shown.
const provisionalMark = "*"

// provisionalLegend explains the mark where it is shown.
const provisionalLegend = provisionalMark + " = provisional rating (still uncertain)"

// shownProvisional reports whether a rating gets the provisional mark: a
// game's bot plays at a fixed rating, which is never provisional however
// few games its ladder row counts.
func shownProvisional(provisional, bot bool) bool { return provisional && !bot }

// deltaText is a signed rating change: "+12", "-7", "0".
func deltaText(before, after int) string {
	d := after - before
	if d > 0 {
		return "+" + itoa(d)
	}
	return itoa(d)
}

// changeText is a seat's rating change "1000 -> 1012 (+12)", or "" when
// the seat was not rated.
func changeText(th *Theme, s lobby.ResultSeat) string {
	if !s.Rated {
		return ""
	}
	if s.Bot {
		// Bots are fixed anchors (lobby.RateGame): never updated.
		return fmt.Sprintf("%d (bot, fixed)", s.RatingAfter)
	}
	return fmt.Sprintf("%d %s %d (%s)", s.RatingBefore, arrow(th), s.RatingAfter, deltaText(s.RatingBefore, s.RatingAfter))
}

func arrow(th *Theme) string {
	if th.ASCII {
		return "->"
	}
	return "→"
}

// percent is a rate 0..1 as a whole percentage.
func percent(r float64) string { return fmt.Sprintf("%.0f%%", r*100) }

// scoreText writes a score in its game's units: money the way the game
// writes it ("33.590€", "$1,480", "12 M€"), points as a number.
func scoreText(info engine.Info, score int64) string {
	if info.Currency == "" {
		return number(score)
	}
	return info.FormatMoney(score)
}

// number groups the digits of a score: 1234567 -> "1,234,567".
func number(n int64) string {
	neg := n < 0
	if neg {
		n = -n
	}
	s := fmt.Sprint(n)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// dayText is a date as the results pages show it (UTC).
func dayText(t time.Time) string {
	if t.IsZero() {
		return "-"
	}
	return t.UTC().Format("2006-01-02")
}

// whenText is a date and time (UTC).
func whenText(t time.Time) string {
	if t.IsZero() {
		return "-"
	}
	return t.UTC().Format("2006-01-02 15:04")
}

// sparkline draws rating points as a row of bar glyphs
// (plain characters on ASCII terminals), the last width points at most.
func sparkline(th *Theme, pts []lobby.RatingPoint, width int) string {
	if width <= 0 || len(pts) == 0 {
		return ""
	}
	if len(pts) > width {
		pts = pts[len(pts)-width:]
	}
	glyphs := []rune("▁▂▃▄▅▆▇█")
	if th.ASCII {
		glyphs = []rune("_.-=+*#@")
	}
	lo, hi := pts[0].Rating, pts[0].Rating
	for _, p := range pts {
		lo, hi = min(lo, p.Rating), max(hi, p.Rating)
	}
	out := make([]rune, len(pts))
	for i, p := range pts {
		k := len(glyphs) / 2
		if hi > lo {
			k = (p.Rating - lo) * (len(glyphs) - 1) / (hi - lo)
		}
		out[i] = glyphs[k]
	}
	return string(out)
}

// seatNames maps the account ids of a table's seats to the names shown at
// the table, in seat order ("Bot 2" for a bot seat).
func seatNames(t lobby.Table) map[int64][]string {
	out := map[int64][]string{}
	for _, s := range t.Seats {
		if s.Empty() {
			continue
		}
		name := lobby.Sanitize(s.Handle, 16)
		if name == "" {
			name = fmt.Sprintf("seat %d", s.Index+1)
		}
		out[s.AccountID] = append(out[s.AccountID], name)
	}
	return out
}

// plural is "1 round", "2 rounds".
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return itoa(n) + " " + what + "s"
}
