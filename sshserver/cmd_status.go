package sshserver

import (
	"fmt"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"boardroom/engine"
	"boardroom/lobby"
)

// statusGame is one running game of the caller in `status --json`.
type statusGame struct {
	Table     int64     `json:"table"`
	Game      string    `json:"game"`
	GameTitle string    `json:"game_title"`
	Lobby     string    `json:"lobby"`
	Round     int       `json:"round,omitempty"`
	YourMove  bool      `json:"your_move"`
	WaitingOn []string  `json:"waiting_on"`
	Deadline  time.Time `json:"deadline,omitzero"`
	Open      string    `json:"open"`
}

// statusReport is `status --json`.
type statusReport struct {
	YourMove    int                `json:"your_move"`
	Games       []statusGame       `json:"games"`
	Invitations []lobby.Invitation `json:"invitations"`
}

// status [--json]: the caller's running games, the ones awaiting them
// first, with whose move it is and until when.
func cmdStatus(c *cmdEnv, args []string) error {
	fs := newFlagSet("status")
	asJSON := fs.Bool("json", false, "print one JSON object")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 0 {
		return usagef("status takes no arguments besides --json")
	}
	rep, err := statusOf(c)
	if err != nil {
		return err
	}
	if *asJSON {
		return writeJSON(c.out, rep)
	}
	if rep.YourMove == 0 {
		fmt.Fprintln(c.out, "No game waits for your move.")
	} else {
		fmt.Fprintln(c.out, lobby.YourMoveText(rep.YourMove)+".")
	}
	for _, inv := range rep.Invitations {
		fmt.Fprintf(c.out, "Invitation: %s. Open it: %s\n", lobby.InvitationText(inv), c.srv.playCommand(inv.TableID))
	}
	if len(rep.Games) == 0 {
		fmt.Fprintf(c.out, "You play no game now. Open one: %s new GAME --bots 1 --start\n", c.srv.SSHCommand())
		return nil
	}
	fmt.Fprintln(c.out)
	tw := tabwriter.NewWriter(c.out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "TABLE\tGAME\tLOBBY\tMOVE\tDEADLINE")
	now := time.Now()
	for _, g := range rep.Games {
		move := strings.Join(g.WaitingOn, ", ")
		if g.YourMove {
			move = "yours"
			if len(g.WaitingOn) > 1 {
				move += " (and " + strings.Join(others(g.WaitingOn, c.acct.Handle), ", ") + ")"
			}
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\n", g.Table, clean(g.GameTitle), clean(g.Lobby), clean(move), lobby.DeadlineText(g.Deadline, now))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(c.out, "\nOpen one: %s\n", c.srv.playCommand(rep.Games[0].Table))
	return nil
}

func others(hs []string, me string) []string {
	var out []string
	for _, h := range hs {
		if !strings.EqualFold(h, me) {
			out = append(out, h)
		}
	}
	return out
}

// statusOf reads the caller's running games in every lobby they see.
func statusOf(c *cmdEnv) (statusReport, error) {
	rep := statusReport{Games: []statusGame{}, Invitations: []lobby.Invitation{}}
	if api, ok := c.api.(lobby.Invitations); ok {
		inv, err := api.Invitations(c.ctx, c.acct)
		if err != nil {
			return rep, err
		}
		rep.Invitations = append(rep.Invitations, inv...)
	}
	ls, err := c.api.Lobbies(c.ctx, c.acct)
	if err != nil {
		return rep, err
	}
	for _, l := range ls {
		ts, err := c.api.Tables(c.ctx, c.acct, l.ID)
		if err != nil {
			return rep, err
		}
		for _, t := range ts {
			seat := t.SeatOf(c.acct.ID)
			if t.Status != lobby.TablePlaying || seat < 0 {
				continue
			}
			gs, err := c.api.GameState(c.ctx, c.acct, t.ID)
			if err != nil {
				continue // it ended or moved on between the two reads
			}
			if gs.Outcome.Finished || seatOut(gs, seat) {
				continue
			}
			g := statusGame{Table: t.ID, Game: t.Game, GameTitle: t.GameTitle, Lobby: lobbyName(l), Round: gs.Table.Round,
				YourMove: gs.Prompt.Awaits(seat), WaitingOn: waitingOn(gs), Deadline: gs.Deadline, Open: c.srv.playCommand(t.ID)}
			if g.YourMove {
				rep.YourMove++
			}
			rep.Games = append(rep.Games, g)
		}
	}
	sort.SliceStable(rep.Games, func(i, j int) bool {
		a, b := rep.Games[i], rep.Games[j]
		if a.YourMove != b.YourMove {
			return a.YourMove
		}
		if !a.Deadline.Equal(b.Deadline) && !a.Deadline.IsZero() && !b.Deadline.IsZero() {
			return a.Deadline.Before(b.Deadline)
		}
		return a.Table < b.Table
	})
	return rep, nil
}

func seatOut(gs lobby.GameState, seat int) bool {
	return seat < len(gs.Table.Seats) && gs.Table.Seats[seat].Out
}

// waitingOn names the seats the game awaits.
func waitingOn(gs lobby.GameState) []string {
	out := []string{}
	for _, w := range gs.Prompt.Waiting {
		if w.Seat == engine.Table || w.Seat < 0 || w.Seat >= len(gs.Table.Seats) {
			continue
		}
		out = append(out, gs.Table.Seats[w.Seat].Handle)
	}
	return out
}

func lobbyName(l lobby.Lobby) string {
	if l.Public || l.ID == lobby.PublicLobbyID {
		return "public"
	}
	return l.Name
}
