package tui

import (
	"fmt"
	"strings"

	"boardroom/lobby"
)

// The leaderboard's choices and words: the game it opens on, finding a
// player by the start of a handle, and the rule of who is listed and who
// is ranked, said alike on the empty ladder, in the footer and in the help
// (and as the plain leaderboard command says it).

// recentForMostPlayed is how many of a lobby's newest finished games
// decide which game the leaderboard opens on.
const recentForMostPlayed = 100

// mostPlayed is the game played most among the newest finished games of
// the ladder's lobby (the public lobby for the global ladder), the most
// recently played of those tied; the first installed game when the lobby
// has finished none. A lobby that played only Unipoly opens on Unipoly,
// not on the alphabetically first, empty ladder.
func (m *Model) mostPlayed(ladder int64) string {
	games := m.src.games.Games()
	if len(games) == 0 {
		return ""
	}
	lobbyID := ladder
	if lobbyID == 0 {
		lobbyID = lobby.PublicLobbyID
	}
	recent, err := m.src.results.RecentResults(m.ctx, m.acc, lobbyID, recentForMostPlayed)
	if err != nil {
		m.log.Warn("leaderboard: recent results", "err", err)
	}
	count := map[string]int{}
	best := ""
	for _, g := range recent { // newest first: a tie goes to the game played last
		if _, ok := m.gameInfo(g.Game); !ok {
			continue
		}
		count[g.Game]++
		if best == "" || count[g.Game] > count[best] {
			best = g.Game
		}
	}
	if best == "" {
		return games[0].ID
	}
	return best
}

// prefixMatch is the handle of the first listed player (in the page's
// order, ranked ones first) whose handle starts with prefix, whatever the
// case; a game's bot matches by either of its names.
func (p *boardPage) prefixMatch(m *Model, prefix string) (string, bool) {
	q := p.query(m)
	q.Offset, q.Limit = 0, 100 // the most a page holds (lobby.LeaderboardQuery)
	starts := func(h string) bool { return strings.HasPrefix(strings.ToLower(h), strings.ToLower(prefix)) }
	for {
		lb, err := m.src.ladder.Leaderboard(m.ctx, m.acc, q)
		if err != nil {
			return "", false
		}
		for _, r := range append(append([]lobby.LeaderboardRow{}, lb.Rows...), lb.Unranked...) {
			if starts(r.Handle) || (r.Bot && starts(lobby.BotHandle(lb.Game))) {
				return r.Handle, true
			}
		}
		if len(lb.Rows) == 0 || q.Offset+len(lb.Rows) >= lb.Total {
			return "", false
		}
		q.Offset += len(lb.Rows)
	}
}

// ladderRule says who is listed and who is ranked on a ladder.
func ladderRule(lb lobby.Leaderboard) string {
	return fmt.Sprintf("ranked after %d rated games and one in the last %d days; players with fewer games are listed below \"not yet ranked\"",
		lb.MinGames, lb.ActiveDays)
}

// emptyLadderText is the body of a ladder nobody is listed on yet; a
// guest, who has no profile, is not sent to one.
func emptyLadderText(lb lobby.Leaderboard, gameTitle string, guest bool) string {
	s := fmt.Sprintf("Nobody is listed yet: it takes a rated game of %s here in the last %d days to be listed, and %d rated games (one in the last %d days) to be ranked; players with fewer are listed below \"not yet ranked\". "+
		"A game is rated when at least two different players (all of a game's bots count as one) each made a move in it.",
		gameTitle, lb.ActiveDays, lb.MinGames, lb.ActiveDays)
	if !guest {
		s += " Your own rating and games are on your profile (p in the lobby)."
	}
	return s
}

// anyProvisional reports whether a row on the page shows the mark.
func (p *boardPage) anyProvisional() bool {
	for _, r := range append(append([]lobby.LeaderboardRow{}, p.lb.Rows...), p.lb.Unranked...) {
		if shownProvisional(r.Provisional, r.Bot) {
			return true
		}
	}
	return false
}

// footer is the line under the ladder: the page, the provisional mark
// when a row shows it, and the ranking rule, in their long words when they
// fit in w, else in short ones, cut between words at worst (the help, ?,
// says all of it).
func (p *boardPage) footer(m *Model, w int) string {
	th := m.th
	lb := p.lb
	var page, mark string
	if lb.Total > 0 {
		pages := (lb.Total + max(p.limit, 1) - 1) / max(p.limit, 1)
		page = fmt.Sprintf("Page %d of %d", p.offset/max(p.limit, 1)+1, pages)
	}
	if p.anyProvisional() {
		mark = provisionalLegend
	}
	long := fmt.Sprintf("ranked: %d+ rated games and one in the last %d days", lb.MinGames, lb.ActiveDays)
	short := fmt.Sprintf("ranked: %d+ rated games, one in %d days", lb.MinGames, lb.ActiveDays)
	if lb.Total == 0 {
		long = fmt.Sprintf("nobody ranked yet (%d+ rated games and one in the last %d days)", lb.MinGames, lb.ActiveDays)
		short = fmt.Sprintf("nobody ranked yet (%d+ rated games, one in %d days)", lb.MinGames, lb.ActiveDays)
	}
	join := func(parts ...string) string {
		var out []string
		for _, s := range parts {
			if s != "" {
				out = append(out, s)
			}
		}
		return strings.Join(out, th.Bullet)
	}
	markShort := strings.TrimSuffix(mark, " (still uncertain)")
	for _, line := range []string{join(page, mark, long), join(page, markShort, long), join(page, mark, short), join(page, markShort, short)} {
		if cellWidth(line) <= w {
			return line
		}
	}
	return FitWords(join(page, markShort, short), w, th.Ellip)
}

// helpNote is the leaderboard's part of the help (?): the whole rule and
// the marks, which the footer may shorten.
func (p *boardPage) helpNote(m *Model) string {
	lb := p.lb
	return "Players with a rated game here in the last " + itoa(lb.ActiveDays) + " days are listed: " + ladderRule(lb) + ". " +
		provisionalLegend + ": a rating after few games moves a lot; a game's bot plays at a fixed rating and is never provisional. " +
		"/ finds a player by the start of a handle."
}
