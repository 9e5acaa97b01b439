package sshserver

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"boardroom/engine"
	"boardroom/lobby"
	"boardroom/lobby/tournament"
)

// Tournaments (issue 31) on the command line: `tournament new|join|leave|
// start|show` and `tournaments`. The lobby decides; these commands read
// the flags, say who may host one in the public lobby (an operator, or a
// player with lobby.TournamentHostGames rated games) and print.

const tournamentUsage = "tournament new GAME --format swiss|arena [--lobby SLUG] [--rounds N] [--minutes M] [--table-size K] [--option KEY=VALUE]... [--pace live|12h|24h|72h] [--starts HH:MM] | tournament join|leave|start ID | tournament show ID [--json]"

func tournamentsOf(c *cmdEnv) (lobby.TournamentAPI, error) {
	api, ok := c.api.(lobby.TournamentAPI)
	if !ok {
		return nil, playerErrorf("%v", lobby.ErrNoTournaments)
	}
	return api, nil
}

// tournamentErr shows the lobby's tournament refusals as they are written
// (every sentence the lobby wrote for a player, lobby.Error).
func tournamentErr(err error) error {
	var le *lobby.Error
	if errors.Is(err, lobby.ErrBadTournament) || errors.Is(err, lobby.ErrNoTournaments) || errors.As(err, &le) {
		return playerErrorf("%v", err)
	}
	return err
}

func cmdTournament(c *cmdEnv, args []string) error {
	if len(args) == 0 {
		return usagef("say what: new, join, leave, start or show")
	}
	api, err := tournamentsOf(c)
	if err != nil {
		return err
	}
	verb, rest := args[0], args[1:]
	switch verb {
	case "new":
		return tournamentErr(cmdTournamentNew(c, api, rest))
	case "join", "leave", "start", "show":
	default:
		return usagef("unknown tournament command %q", clean(verb))
	}
	fs := newFlagSet("tournament " + verb)
	asJSON := fs.Bool("json", false, "print JSON")
	pos, err := parseFlags(fs, rest)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("%s needs one tournament id", verb)
	}
	id, err := strconv.ParseInt(pos[0], 10, 64)
	if err != nil || id <= 0 {
		return usagef("%q is not a tournament id", clean(pos[0]))
	}
	switch verb {
	case "join":
		err = api.JoinTournament(c.ctx, c.acct, id)
	case "leave":
		err = api.LeaveTournament(c.ctx, c.acct, id)
	case "start":
		err = api.StartTournament(c.ctx, c.acct, id)
	}
	if err != nil {
		return tournamentErr(err)
	}
	tv, err := api.Tournament(c.ctx, c.acct, id)
	if err != nil {
		return tournamentErr(err)
	}
	switch verb {
	case "join":
		fmt.Fprintf(c.out, "You play in tournament %d.\n", id)
	case "leave":
		if tv.Status == tournament.Open {
			fmt.Fprintf(c.out, "You left tournament %d.\n", id)
		} else {
			fmt.Fprintf(c.out, "You withdrew from tournament %d: you are not seated again; your running games play on without you.\n", id)
		}
	case "start":
		fmt.Fprintf(c.out, "Tournament %d started.\n", id)
	}
	if *asJSON && verb == "show" {
		return writeJSON(c.out, tv)
	}
	if verb == "show" || verb == "start" {
		writeTournament(c, tv)
	}
	return nil
}

func cmdTournamentNew(c *cmdEnv, api lobby.TournamentAPI, args []string) error {
	fs := newFlagSet("tournament new")
	slug := fs.String("lobby", "", "lobby slug (default: the public lobby)")
	format := fs.String("format", "", "swiss or arena")
	rounds := fs.Int("rounds", 0, "Swiss: rounds (default 3)")
	minutes := fs.Int("minutes", 0, "arena: the window in minutes (default 60)")
	size := fs.Int("table-size", 0, "players at a table")
	opts := engine.OptionFlags{}
	fs.Var(opts, "option", "game option key=value (repeatable)")
	paceFlag := fs.String("pace", "", "live, or daily: 12h, 24h or 72h a move")
	starts := fs.String("starts", "", "HH:MM (UTC) it starts at")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("name exactly one game")
	}
	info, ok := findGame(c.api.Games(), pos[0])
	if !ok {
		return playerErrorf("no game %q here; list them with: %s games", clean(pos[0]), c.srv.SSHCommand())
	}
	f, err := tournament.ParseFormat(*format)
	if err != nil {
		return usagef("--format must be swiss (rounds, every table seated by standing) or arena (a time window, seated again as you finish)")
	}
	if f == tournament.Swiss && *minutes != 0 || f == tournament.Arena && *rounds != 0 {
		return usagef("a Swiss tournament has --rounds, an arena --minutes")
	}
	if err := checkOptionKeys(c, info, opts); err != nil {
		return err
	}
	pace, daily, err := parsePace(*paceFlag)
	if err != nil {
		return err
	}
	if !daily {
		pace = 0
	}
	l, err := lobbyFlag(c, *slug)
	if err != nil {
		return err
	}
	set := lobby.TournamentSettings{LobbyID: l.ID, Game: info.ID, Format: f, Rounds: *rounds, Minutes: *minutes,
		TableSize: *size, Options: opts, TurnTimer: pace, StartsClock: *starts}
	tv, err := api.CreateTournament(c.ctx, c.acct, set, l.Public && mayHostPublic(c))
	if err != nil {
		return tournamentErr(err)
	}
	fmt.Fprintf(c.out, "tournament: %d\n", tv.ID)
	fmt.Fprintf(c.out, "%s in lobby %s: %s.\n", clean(tv.GameTitle), clean(l.Slug), tournamentShape(tv))
	fmt.Fprintf(c.out, "%s\n", tournamentStartText(tv))
	fmt.Fprintf(c.out, "players join with: %s tournament join %d\n", c.srv.SSHCommand(), tv.ID)
	return nil
}

// mayHostPublic: an operator, or a player with enough rated games.
func mayHostPublic(c *cmdEnv) bool {
	if c.srv.isOperator(c.fp) {
		return true
	}
	if c.res == nil || c.acct == nil {
		return false
	}
	p, err := c.res.Profile(c.ctx, c.acct, c.acct.Handle)
	if err != nil {
		return false
	}
	games := 0
	for _, r := range p.Ratings {
		if r.LobbyID == lobby.GlobalLadder {
			games += r.Games
		}
	}
	return games >= lobby.TournamentHostGames
}

// tournamentShape: "Swiss, 3 rounds at tables of 4" or "arena, 60 minutes at tables of 3".
func tournamentShape(tv lobby.Tournament) string {
	if tv.Format == tournament.Arena {
		return fmt.Sprintf("arena, %s at tables of %d", plural(tv.Minutes, "minute"), tv.TableSize)
	}
	return fmt.Sprintf("Swiss, %s at tables of %d", plural(tv.Rounds, "round"), tv.TableSize)
}

func tournamentStartText(tv lobby.Tournament) string {
	switch tv.Status {
	case tournament.Running:
		if tv.Format == tournament.Arena {
			return fmt.Sprintf("Running: the window closes at %s UTC.", tv.EndsAt.Format("15:04"))
		}
		return fmt.Sprintf("Running: round %d of %d.", tv.Round, tv.Rounds)
	case tournament.Finished:
		return fmt.Sprintf("Finished on %s: the standings are final.", tv.EndedAt.Format("2006-01-02 15:04"))
	}
	if !tv.StartsAt.IsZero() {
		return fmt.Sprintf("Starts at %s UTC, or when %s starts it.", tv.StartsAt.Format("2006-01-02 15:04"), clean(tv.Creator))
	}
	return fmt.Sprintf("Starts when %s starts it.", clean(tv.Creator))
}

// writeTournament prints a tournament: what it is, its standings and the
// tables of its current round.
func writeTournament(c *cmdEnv, tv lobby.Tournament) {
	fmt.Fprintf(c.out, "tournament %d: %s in lobby %s, %s\n", tv.ID, clean(tv.GameTitle), clean(tv.Lobby), tournamentShape(tv))
	fmt.Fprintln(c.out, tournamentStartText(tv))
	if len(tv.Standings) == 0 {
		fmt.Fprintln(c.out, "Nobody has joined yet.")
		return
	}
	fmt.Fprintln(c.out, "\nSTANDINGS")
	tw := tabwriter.NewWriter(c.out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "RANK\tPLAYER\tPOINTS\tOPPONENTS\tGAMES\t")
	for _, l := range tv.Standings {
		note := ""
		switch {
		case l.Withdrawn:
			note = "withdrawn"
		case l.Absent:
			note = "absent (join again to play on)"
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%d\t%s\n", l.Rank, clean(l.Handle), l.Points, l.Opponents, l.Games, note)
	}
	_ = tw.Flush()
	if len(tv.Games) == 0 {
		return
	}
	last := tv.Games[len(tv.Games)-1].Round
	what := fmt.Sprintf("ROUND %d", last)
	if tv.Format == tournament.Arena {
		what = "GAMES"
	}
	fmt.Fprintf(c.out, "\n%s\n", what)
	for _, g := range tv.Games {
		if tv.Format == tournament.Swiss && g.Round != last {
			continue
		}
		var seats []string
		ordered := slices.Clone(g.Seats)
		if g.Finished {
			slices.SortStableFunc(ordered, func(a, b lobby.TournamentSeat) int { return a.Placing - b.Placing })
		}
		for _, s := range ordered {
			who := clean(s.Handle)
			if s.Bot {
				who = "bot (fills a seat)"
			}
			if g.Finished {
				who = fmt.Sprintf("%s %s (%s)", ordinal(s.Placing), who, s.Points)
			}
			seats = append(seats, who)
		}
		state := "playing"
		if g.Finished {
			state = "finished"
		}
		fmt.Fprintf(c.out, "table %d, %s: %s\n", g.TableID, state, strings.Join(seats, ", "))
	}
}

// ordinal: 1st, 2nd, 3rd, 4th...
func ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return strconv.Itoa(n) + suffix
}

// tournaments [--lobby SLUG]: the tournaments the caller may see.
func cmdTournaments(c *cmdEnv, args []string) error {
	fs := newFlagSet("tournaments")
	slug := fs.String("lobby", "", "only this lobby's")
	asJSON := fs.Bool("json", false, "print JSON")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 0 {
		return usagef("tournaments takes no arguments but its flags")
	}
	api, err := tournamentsOf(c)
	if err != nil {
		return err
	}
	var lobbyID int64
	if *slug != "" {
		l, err := lobbyFlag(c, *slug)
		if err != nil {
			return err
		}
		lobbyID = l.ID
	}
	list, err := api.Tournaments(c.ctx, c.acct, lobbyID)
	if err != nil {
		return tournamentErr(err)
	}
	if *asJSON {
		return writeJSON(c.out, list)
	}
	if len(list) == 0 {
		fmt.Fprintln(c.out, "No tournaments yet.")
		return nil
	}
	tw := tabwriter.NewWriter(c.out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tGAME\tLOBBY\tFORMAT\tPLAYERS\tSTATUS\tLEADER")
	for _, tv := range list {
		leader := "-"
		if tv.Status != tournament.Open && len(tv.Standings) > 0 {
			leader = clean(tv.Standings[0].Handle) + " " + tv.Standings[0].Points
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%d\t%s\t%s\n", tv.ID, clean(tv.GameTitle), clean(tv.Lobby), tournamentShape(tv),
			len(tv.Standings), tournamentStatus(tv), leader)
	}
	return tw.Flush()
}

func tournamentStatus(tv lobby.Tournament) string {
	switch tv.Status {
	case tournament.Running:
		if tv.Format == tournament.Arena {
			return "running until " + tv.EndsAt.Format("15:04")
		}
		return fmt.Sprintf("round %d of %d", tv.Round, tv.Rounds)
	case tournament.Finished:
		return "finished"
	}
	if !tv.StartsAt.IsZero() {
		return "open, starts " + tv.StartsAt.Format(time.DateTime[:16])
	}
	return "open"
}
