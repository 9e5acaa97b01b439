package sshserver

import (
	"fmt"
	"text/tabwriter"

	"boardroom/engine"
	"boardroom/lobby"
)

// tables [--lobby SLUG] [--finished]: the tables of a lobby, or its recent
// results (finished tables leave the list after lobby.FinishedListed).
func cmdTables(c *cmdEnv, args []string) error {
	fs := newFlagSet("tables")
	slug := fs.String("lobby", "", "lobby slug (default: the public lobby)")
	finished := fs.Bool("finished", false, "list the lobby's recent results")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 0 {
		return usagef("unexpected argument %q", clean(pos[0]))
	}
	l, err := lobbyFlag(c, *slug)
	if err != nil {
		return err
	}
	if *finished {
		return recentResults(c, l)
	}
	ts, err := c.api.Tables(c.ctx, c.acct, l.ID)
	if err != nil {
		return err
	}
	if len(ts) == 0 {
		fmt.Fprintf(c.out, "No tables in %s yet. Open one: %s new GAME --lobby %s\n",
			clean(l.Slug), c.srv.SSHCommand(), clean(l.Slug))
		return nil
	}
	tw := tabwriter.NewWriter(c.out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tGAME\tSTATUS\tSEATS\tHOST\tSPECTATORS")
	for _, t := range ts {
		fmt.Fprintf(tw, "%d\t%s\t%s\t%d/%d\t%s\t%d\n", t.ID, t.Game, t.Status,
			filledSeats(t), len(t.Seats), clean(t.HostHandle), t.Spectators)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(c.out, "\nFinished tables move to the recent results after %d minutes: %s tables --finished%s\n",
		int(lobby.FinishedListed.Minutes()), c.srv.SSHCommand(), lobbyArg(l))
	return nil
}

// lobbyArg is " --lobby SLUG" for a private lobby, "" for the public one.
func lobbyArg(l lobby.Lobby) string {
	if l.Public || l.ID == lobby.PublicLobbyID {
		return ""
	}
	return " --lobby " + clean(l.Slug)
}

// recentResults lists a lobby's finished games, newest first.
func recentResults(c *cmdEnv, l lobby.Lobby) error {
	games, err := c.res.RecentResults(c.ctx, c.acct, l.ID, historyGames)
	if err != nil {
		return err
	}
	if len(games) == 0 {
		fmt.Fprintf(c.out, "No finished games in %s yet.\n", clean(l.Slug))
		return nil
	}
	fmt.Fprintf(c.out, "Recent results in %s (newest first):\n\n", clean(l.Slug))
	tw := tabwriter.NewWriter(c.out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "TABLE\tGAME\tFINISHED\tROUNDS\tRATED\tPLAYERS")
	for _, g := range games {
		rated := "no"
		if g.Rated {
			rated = "yes"
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%d\t%s\t%s\n", g.TableID, clean(g.GameTitle), g.FinishedAt.Format(timeLayout),
			g.Rounds, rated, players(g))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(c.out, "\nStandings and replays: open the lobby (%s) and press r.\n", c.srv.SSHCommand())
	return nil
}

func filledSeats(t lobby.Table) int {
	n := 0
	for _, s := range t.Seats {
		if !s.Empty() {
			n++
		}
	}
	return n
}

// new GAME [--lobby SLUG] [--bots N] [--strong-bots M | --bot-level LEVEL]
// [--option KEY=VALUE]... [--timer standard|off|S] [--start]: open a table.
// M of the N bots are strong ones, or all of them of LEVEL. The caller sits in seat 0. With --start the
// table has 1+N seats, bots fill the others and the game starts at once.
// Options are validated by the game as at the table screen.
func cmdNew(c *cmdEnv, args []string) error {
	fs := newFlagSet("new")
	slug := fs.String("lobby", "", "lobby slug (default: the public lobby)")
	bots := fs.Int("bots", 0, "number of bots to seat")
	strong := fs.Int("strong-bots", 0, "how many of the bots are strong ones")
	level := fs.String("bot-level", "", "level of every bot: standard, or strong where the game has one")
	start := fs.Bool("start", false, "start at once")
	opts := engine.OptionFlags{}
	fs.Var(opts, "option", "game option key=value (repeatable)")
	timerFlag := fs.String("timer", "", "turn timer: standard, off, or seconds a move")
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
	timer, setTimer, err := parseTimer(info, *timerFlag)
	if err != nil {
		return err
	}
	if *bots < 0 || 1+*bots > info.MaxSeats {
		return usagef("%s seats %d-%d players: --bots must be 0-%d", info.Title, info.MinSeats, info.MaxSeats, info.MaxSeats-1)
	}
	if *strong < 0 || *strong > *bots || *strong > 0 && *level != "" {
		return usagef("--strong-bots must be 0-%d (at most --bots), and not given with --bot-level", *bots)
	}
	seats := max(info.MinSeats, 1+*bots)
	if *start && 1+*bots < info.MinSeats {
		return usagef("%s needs at least %d players: use --bots %d or more with --start", info.Title, info.MinSeats, info.MinSeats-1)
	}
	l, err := lobbyFlag(c, *slug)
	if err != nil {
		return err
	}
	t, err := c.api.CreateTable(c.ctx, c.acct, l.ID, info.ID, seats, opts)
	if err != nil {
		return err
	}
	if err := checkBotLevel(t, info, *strong, *level); err != nil {
		_ = c.api.Stand(c.ctx, c.acct, t.ID) // the table has nobody else: it is abandoned
		return err
	}
	if setTimer {
		if err := c.api.SetTurnTimer(c.ctx, c.acct, t.ID, timer); err != nil {
			return fmt.Errorf("table %d: setting the turn timer: %w", t.ID, err)
		}
	}
	for range *bots {
		if err := c.api.AddBot(c.ctx, c.acct, t.ID); err != nil {
			return fmt.Errorf("table %d: adding a bot: %w", t.ID, err)
		}
	}
	if err := setBotLevels(c, t.ID, *strong, *level); err != nil {
		return err
	}
	if *start {
		if err := c.api.Start(c.ctx, c.acct, t.ID); err != nil {
			return fmt.Errorf("table %d: starting: %w", t.ID, err)
		}
	}
	status := "waiting for players"
	if *start {
		status = "started"
	}
	fmt.Fprintf(c.out, "table: %d\n", t.ID)
	fmt.Fprintf(c.out, "%s in lobby %s, %s (%s), %s.\n", info.Title, clean(l.Slug), plural(seats, "seat"), plural(*bots, "bot"), status)
	if t2, err := c.api.Table(c.ctx, c.acct, t.ID); err == nil {
		t = t2
	}
	fmt.Fprintf(c.out, "options: %s\n", optionsText(info, t.Options))
	fmt.Fprintf(c.out, "turn timer: %s\n", lobby.TimerText(info, t.TurnTimer))
	if lv := botLevelsText(t); lv != "" {
		fmt.Fprintf(c.out, "bots: %s\n", lv)
	}
	fmt.Fprintf(c.out, "Open it: %s\n", c.srv.playCommand(t.ID))
	return nil
}

func findGame(games []engine.Info, id string) (engine.Info, bool) {
	for _, g := range games {
		if g.ID == id {
			return g, true
		}
	}
	return engine.Info{}, false
}

// play TABLEID reaches here only without a terminal (with one the TUI opens).
func cmdPlay(c *cmdEnv, args []string) error {
	id, err := parsePlayArgs(args)
	if err != nil {
		return usagef("%v", err)
	}
	return playerErrorf("play needs a terminal: run %s", c.srv.playCommand(id))
}
