package sshserver

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"unicode/utf8"

	"boardroom/lobby"
)

const (
	leaderboardTop = 20
	historyGames   = 20
	dateLayout     = "2006-01-02"
	timeLayout     = "2006-01-02 15:04"
)

// writeJSON prints one JSON document. encoding/json escapes control
// characters, so user-typed strings cannot reach the terminal raw.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// ratingText is a rating with "*" when it is still provisional.
func ratingText(r int, provisional bool) string {
	if provisional {
		return strconv.Itoa(r) + "*"
	}
	return strconv.Itoa(r)
}

func percent(f float64) string { return fmt.Sprintf("%.0f%%", 100*f) }

// leaderboard [GAME] [--lobby SLUG] [--top N] [--sort KEY] [--json]
func cmdLeaderboard(c *cmdEnv, args []string) error {
	fs := newFlagSet("leaderboard")
	slug := fs.String("lobby", "", "a private lobby's ladder (default: the global one)")
	top := fs.Int("top", leaderboardTop, "rows to show")
	sortBy := fs.String("sort", lobby.SortRating, "rating, wins, games, winrate or best")
	asJSON := fs.Bool("json", false, "print JSON")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 1 {
		return usagef("name at most one game")
	}
	if *top < 1 || *top > 100 {
		return usagef("--top must be 1-100")
	}
	switch *sortBy {
	case lobby.SortRating, lobby.SortWins, lobby.SortGames, lobby.SortWinRate, lobby.SortBest:
	default:
		return usagef("--sort must be rating, wins, games, winrate or best")
	}
	q := lobby.LeaderboardQuery{Sort: *sortBy, Limit: *top}
	if len(pos) == 1 {
		info, ok := findGame(c.api.Games(), pos[0])
		if !ok {
			return playerErrorf("no game %q here; list them with: %s games", clean(pos[0]), c.srv.SSHCommand())
		}
		q.Game = info.ID
	}
	where := "global"
	if *slug != "" {
		l, err := lobbyFlag(c, *slug)
		if err != nil {
			return err
		}
		q.LobbyID = l.ID
		if !l.Public {
			where = clean(l.Name)
		}
	}
	lb, err := c.res.Leaderboard(c.ctx, c.acct, q)
	if err != nil {
		return err
	}
	if *asJSON {
		// One array: the ranked rows, then those not yet ranked, marked
		// "unranked": true (rank 0). A bot row is never "provisional":
		// its rating is fixed (lobby/results).
		return writeJSON(c.out, append(append([]lobby.LeaderboardRow{}, lb.Rows...), lb.Unranked...))
	}
	fmt.Fprintf(c.out, "%s leaderboard (%s), by %s\n\n", clean(lb.GameTitle), where, lb.Sort)
	if len(lb.Rows) == 0 && len(lb.Unranked) == 0 {
		fmt.Fprintf(c.out, "Nobody is listed yet: it takes a rated game in the last %d days, and %d to be ranked.\n", lb.ActiveDays, lb.MinGames)
		return nil
	}
	return writeLeaderboard(c.out, lb)
}

// provisionalNote explains the mark wherever a rating may carry it; the
// TUI uses the same mark.
const provisionalNote = "* provisional: too few rated games yet for a settled rating.\n" +
	"  Bots play at a fixed rating and are never marked."

// writeLeaderboard prints the ranked rows, then those not yet ranked under
// a line of their own, all in the columns of one header, and a footer that
// counts both.
func writeLeaderboard(w io.Writer, lb lobby.Leaderboard) error {
	header := []string{"RANK", "PLAYER", "RATING", "GAMES", "WINS", "WIN%", "BEST", "LAST PLAYED"}
	cells := func(rank string, r lobby.LeaderboardRow) []string {
		name := clean(r.Handle)
		if r.You {
			name += " (you)"
		}
		return []string{rank, name, ratingText(r.Rating, r.Provisional), strconv.Itoa(r.Games),
			strconv.Itoa(r.Wins), percent(r.WinRate), strconv.FormatInt(r.BestScore, 10), r.LastPlayed.Format(dateLayout)}
	}
	var ranked, unranked [][]string
	for _, r := range lb.Rows {
		ranked = append(ranked, cells(strconv.Itoa(r.Rank), r))
	}
	for _, r := range lb.Unranked {
		unranked = append(unranked, cells("-", r))
	}
	// The widths are taken over every row, so that the rows below the
	// "not yet ranked" line stay under the header.
	widths := make([]int, len(header))
	for _, row := range append(append([][]string{header}, ranked...), unranked...) {
		for i, cell := range row {
			widths[i] = max(widths[i], utf8.RuneCountInString(cell))
		}
	}
	line := func(row []string) {
		var b strings.Builder
		for i, cell := range row {
			b.WriteString(cell)
			if i < len(row)-1 {
				b.WriteString(strings.Repeat(" ", widths[i]-utf8.RuneCountInString(cell)+2))
			}
		}
		fmt.Fprintln(w, b.String())
	}
	line(header)
	for _, row := range ranked {
		line(row)
	}
	if len(ranked) == 0 {
		fmt.Fprintf(w, "(nobody ranked yet: it takes %d rated games)\n", lb.MinGames)
	}
	if len(unranked) > 0 {
		fmt.Fprintf(w, "-- not yet ranked: fewer than %d rated games --\n", lb.MinGames)
		for _, row := range unranked {
			line(row)
		}
	}
	footer := countOf(len(lb.Rows), lb.Total, "ranked")
	if lb.UnrankedTotal > 0 {
		footer += fmt.Sprintf("; %s (fewer than %d rated games)", countOf(len(lb.Unranked), lb.UnrankedTotal, "not yet ranked"), lb.MinGames)
	}
	fmt.Fprintf(w, "\n%s.\n", footer)
	fmt.Fprintf(w, "Ranked: %d or more rated games, one of them in the last %d days.\n", lb.MinGames, lb.ActiveDays)
	_, err := fmt.Fprintln(w, provisionalNote)
	return err
}

// countOf is "3 ranked", or "20 of 45 ranked" when a page shows only some.
func countOf(shown, total int, what string) string {
	if shown < total {
		return fmt.Sprintf("%d of %d %s", shown, total, what)
	}
	return fmt.Sprintf("%d %s", shown, what)
}

// subjectArgs parses [HANDLE] [--json] for profile and history: the
// handle, or the caller's own (which a guest or a key without a handle
// does not have).
func subjectArgs(c *cmdEnv, name string, args []string) (handle string, asJSON bool, err error) {
	fs := newFlagSet(name)
	j := fs.Bool("json", false, "print JSON")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return "", false, err
	}
	if len(pos) > 1 {
		return "", false, usagef("name at most one player")
	}
	if len(pos) == 1 {
		return pos[0], *j, nil
	}
	if c.acct == nil {
		return "", false, usagef("name a player: you have no handle yet")
	}
	return c.acct.Handle, *j, nil
}

// placeOf is the account's placement in a game ("1/3"), its score and its
// rating change.
func placeOf(g lobby.GameSummary, accountID int64) (place, score, change string) {
	for _, s := range g.Seats {
		if s.AccountID != accountID {
			continue
		}
		change = "-"
		if s.Rated {
			change = fmt.Sprintf("%d>%d", s.RatingBefore, s.RatingAfter)
		}
		return fmt.Sprintf("%d/%d", s.Placement, len(g.Seats)), strconv.FormatInt(s.Score, 10), change
	}
	return "-", "-", "-"
}

// players lists a game's seats by placement: "ada 1, bob 2".
func players(g lobby.GameSummary) string {
	parts := make([]string, 0, len(g.Seats))
	for p := 1; p <= len(g.Seats); p++ {
		for _, s := range g.Seats {
			if s.Placement == p {
				parts = append(parts, fmt.Sprintf("%s %d", clean(s.Handle), p))
			}
		}
	}
	return strings.Join(parts, ", ")
}

func writeGames(w io.Writer, games []lobby.GameSummary, accountID int64) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "TABLE\tGAME\tFINISHED\tPLACE\tSCORE\tRATING\tPLAYERS")
	for _, g := range games {
		place, score, change := placeOf(g, accountID)
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\t%s\n", g.TableID, clean(g.GameTitle), g.FinishedAt.Format(timeLayout),
			place, score, change, players(g))
	}
	return tw.Flush()
}

// profile [HANDLE] [--json]
func cmdProfile(c *cmdEnv, args []string) error {
	handle, asJSON, err := subjectArgs(c, "profile", args)
	if err != nil {
		return err
	}
	p, err := c.res.Profile(c.ctx, c.acct, handle)
	if err != nil {
		return err
	}
	if asJSON {
		return writeJSON(c.out, p)
	}
	fmt.Fprintln(c.out, clean(p.Account.Handle))
	line := fmt.Sprintf("since %s, %s, %s", p.Account.CreatedAt.Format(dateLayout), plural(p.Games, "game"), plural(p.Wins, "win"))
	if p.Favourite != "" {
		if info, ok := findGame(c.api.Games(), p.Favourite); ok {
			line += ", plays " + clean(info.Title) + " most"
		}
	}
	fmt.Fprintln(c.out, line)
	if p.Unseen > 0 {
		fmt.Fprintf(c.out, "The ratings also count %s at tables you cannot see.\n", plural(p.Unseen, "game"))
	}
	if len(p.Ratings) > 0 {
		fmt.Fprintln(c.out, "\nRATINGS")
		tw := tabwriter.NewWriter(c.out, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "GAME\tLADDER\tRATING\tGAMES\tWINS\tWIN%\tBEST\tLAST PLAYED")
		for _, r := range p.Ratings {
			ladder := "global"
			if r.LobbyID != lobby.GlobalLadder {
				ladder = clean(r.LobbyName)
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%d\t%s\t%d\t%s\n", clean(r.GameTitle), ladder, ratingText(r.Rating, r.Provisional),
				r.Games, r.Wins, percent(r.WinRate), r.BestScore, r.LastPlayed.Format(dateLayout))
		}
		if err := tw.Flush(); err != nil {
			return err
		}
		fmt.Fprintln(c.out, provisionalNote)
	}
	if len(p.Recent) > 0 {
		fmt.Fprintln(c.out, "\nRECENT GAMES")
		return writeGames(c.out, p.Recent, p.Account.ID)
	}
	fmt.Fprintln(c.out, "\nNo finished games to show yet.")
	return nil
}

// history [HANDLE] [--json]
func cmdHistory(c *cmdEnv, args []string) error {
	handle, asJSON, err := subjectArgs(c, "history", args)
	if err != nil {
		return err
	}
	acc, err := c.api.AccountByHandle(c.ctx, handle)
	if err != nil {
		return err
	}
	games, err := c.res.History(c.ctx, c.acct, handle, historyGames)
	if err != nil {
		return err
	}
	if asJSON {
		if games == nil {
			games = []lobby.GameSummary{}
		}
		return writeJSON(c.out, games)
	}
	if len(games) == 0 {
		fmt.Fprintf(c.out, "%s has no finished games you can see yet.\n", clean(acc.Handle))
		return nil
	}
	fmt.Fprintf(c.out, "Recent games of %s (place, score and rating change):\n\n", clean(acc.Handle))
	return writeGames(c.out, games, acc.ID)
}

// plural writes a count with its noun: "1 game", "3 games".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
