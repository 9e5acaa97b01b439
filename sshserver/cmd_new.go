package sshserver

import (
	"fmt"
	"strings"

	"boardroom/engine"
	"boardroom/lobby"
)

// newSeats is how a new table's seats are filled: Seats in all, the host
// in the first, Bots in the last ones, and the seats between free for
// people who join.
type newSeats struct {
	Seats, Bots int
}

// Free is the number of seats left for other people.
func (n newSeats) Free() int { return n.Seats - 1 - n.Bots }

// planSeats checks --seats, --bots and --start against the game's seat
// range. seats is 0 when --seats was not given: then the table has room
// for the host and the bots, and at least the game's minimum.
func planSeats(info engine.Info, seats, bots int, start bool) (newSeats, error) {
	if seats != 0 && (seats < info.MinSeats || seats > info.MaxSeats) {
		return newSeats{}, usagef("%s seats %d-%d players: --seats must be %d-%d", info.Title, info.MinSeats,
			info.MaxSeats, info.MinSeats, info.MaxSeats)
	}
	most := info.MaxSeats - 1
	if seats != 0 {
		most = seats - 1
	}
	if bots < 0 || bots > most {
		if seats != 0 {
			return newSeats{}, usagef("--bots must be 0-%d: %d seats, and the first one is yours", most, seats)
		}
		return newSeats{}, usagef("%s seats %d-%d players: --bots must be 0-%d", info.Title, info.MinSeats, info.MaxSeats, most)
	}
	if seats == 0 {
		if start && 1+bots < info.MinSeats {
			return newSeats{}, usagef("%s needs at least %d players: use --bots %d or more with --start", info.Title,
				info.MinSeats, info.MinSeats-1)
		}
		seats = max(info.MinSeats, 1+bots)
	}
	n := newSeats{Seats: seats, Bots: bots}
	if start && n.Free() > 0 {
		return newSeats{}, playerErrorf("--start needs every seat filled, and %s with you and %s leave %s for other players: "+
			"leave out --start and they can join, or use --bots %d",
			plural(seats, "seat"), plural(bots, "bot"), plural(n.Free(), "seat"), seats-1)
	}
	return n, nil
}

// seatBots seats the plan's bots in the last seats of a new table whose
// only player is its host. The lobby seats a bot in the first free seat,
// so the seats meant for people are held by bots while the real ones sit
// down, then freed again; nobody else can be at the table yet.
func seatBots(c *cmdEnv, tableID int64, n newSeats) error {
	if n.Bots == 0 {
		return nil
	}
	for range n.Seats - 1 {
		if err := c.api.AddBot(c.ctx, c.acct, tableID); err != nil {
			return fmt.Errorf("table %d: adding a bot: %w", tableID, err)
		}
	}
	for i := 1; i <= n.Free(); i++ {
		if err := c.api.RemoveBot(c.ctx, c.acct, tableID, i); err != nil {
			return fmt.Errorf("table %d: freeing seat %d: %w", tableID, i+1, err)
		}
	}
	return nil
}

// seatsText lists a table's seats from 1: "#1 ada (you), #2 free, #3 Bot 3".
func seatsText(t lobby.Table, you int64) string {
	parts := make([]string, len(t.Seats))
	for i, s := range t.Seats {
		who := clean(s.Handle)
		switch {
		case s.Empty():
			who = "free"
		case s.Bot:
			if who == "" {
				who = "bot"
			}
		case s.AccountID == you:
			who += " (you)"
		}
		parts[i] = fmt.Sprintf("#%d %s", i+1, who)
	}
	return strings.Join(parts, ", ")
}

// new GAME [--lobby SLUG] [--seats N] [--bots B] [--strong-bots M |
// --bot-level LEVEL] [--option KEY=VALUE]... [--timer standard|off|S |
// --pace live|12h|24h|72h] [--start]: open a table. The caller sits in seat 1, the B bots in the
// last seats (M of them strong ones, or all of LEVEL), and the seats
// between wait for people. Without --seats the table has 1+B seats (at
// least the game's minimum). With --start every seat must be filled and
// the game starts at once. Options are validated by the game as at the
// table screen.
func cmdNew(c *cmdEnv, args []string) error {
	fs := newFlagSet("new")
	slug := fs.String("lobby", "", "lobby slug (default: the public lobby)")
	seatsFlag := fs.Int("seats", 0, "number of seats, yours and the bots' included")
	bots := fs.Int("bots", 0, "number of bots to seat")
	strong := fs.Int("strong-bots", 0, "how many of the bots are strong ones")
	level := fs.String("bot-level", "", "level of every bot: standard, or strong where the game has one")
	start := fs.Bool("start", false, "start at once")
	opts := engine.OptionFlags{}
	fs.Var(opts, "option", "game option key=value (repeatable)")
	timerFlag := fs.String("timer", "", "turn timer: standard, off, or seconds a move")
	paceFlag := fs.String("pace", "", "live, or a daily table: 12h, 24h or 72h a move")
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
	if err := checkOptionKeys(c, info, opts); err != nil {
		return err
	}
	timer, setTimer, err := parseTimer(info, *timerFlag)
	if err != nil {
		return err
	}
	if pace, daily, err := parsePace(*paceFlag); err != nil {
		return err
	} else if daily {
		if setTimer {
			return usagef("give --pace or --timer, not both: a daily table has no live turn timer")
		}
		timer, setTimer = pace, true
	}
	plan, err := planSeats(info, *seatsFlag, *bots, *start)
	if err != nil {
		return err
	}
	if *strong < 0 || *strong > *bots || *strong > 0 && *level != "" {
		return usagef("--strong-bots must be 0-%d (at most --bots), and not given with --bot-level", *bots)
	}
	l, err := lobbyFlag(c, *slug)
	if err != nil {
		return err
	}
	// Everything that can be checked is checked before the table exists: a
	// refused command leaves nothing behind (no abandoned row).
	if lv, ok := c.api.(interface {
		GameBotLevels(game string) []engine.BotLevel
	}); ok {
		if err := checkBotLevel(lobby.Table{BotLevels: lv.GameBotLevels(info.ID)}, info, *strong, *level); err != nil {
			return err
		}
	}
	t, err := c.api.CreateTable(c.ctx, c.acct, l.ID, info.ID, plan.Seats, opts)
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
	if err := seatBots(c, t.ID, plan); err != nil {
		return err
	}
	if err := setBotLevels(c, t.ID, *strong, *level); err != nil {
		return err
	}
	if *start {
		if err := c.api.Start(c.ctx, c.acct, t.ID); err != nil {
			return fmt.Errorf("table %d: starting: %w", t.ID, err)
		}
	}
	status := "started"
	switch {
	case *start:
	case plan.Free() > 0:
		status = "waiting for " + plural(plan.Free(), "more player")
	default:
		status = "every seat is filled; start it at the table"
	}
	fmt.Fprintf(c.out, "table: %d\n", t.ID)
	fmt.Fprintf(c.out, "%s in lobby %s, %s (%s), %s.\n", info.Title, clean(l.Slug), plural(plan.Seats, "seat"),
		plural(plan.Bots, "bot"), status)
	if t2, err := c.api.Table(c.ctx, c.acct, t.ID); err == nil {
		t = t2
	}
	fmt.Fprintf(c.out, "seats: %s\n", seatsText(t, c.acct.ID))
	fmt.Fprintf(c.out, "options: %s\n", optionsText(info, t.Options))
	fmt.Fprintf(c.out, "turn timer: %s\n", lobby.TimerText(info, t.TurnTimer))
	if lobby.Daily(t.TurnTimer) {
		fmt.Fprintln(c.out, "pace: daily (each move waits up to its deadline; nobody needs to stay connected)")
	}
	if lv := botLevelsText(t); lv != "" {
		fmt.Fprintf(c.out, "bots: %s\n", lv)
	}
	fmt.Fprintf(c.out, "Open it: %s\n", c.srv.playCommand(t.ID))
	return nil
}
