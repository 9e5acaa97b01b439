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
