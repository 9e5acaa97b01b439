package sshserver

import (
	"errors"
	"fmt"
	"io"
	"strconv"

	"boardroom/lobby"
)

// export TABLEID: write the table's saved-game file to stdout (G004-15).
// Anyone who may see the table may export it; a running game's setup and
// log are sealed with the server's key.
func cmdExport(c *cmdEnv, args []string) error {
	if len(args) != 1 {
		return usagef("name exactly one table")
	}
	id, err := strconv.ParseInt(args[0], 10, 64)
	if err != nil || id <= 0 {
		return usagef("%q is not a table id", clean(args[0]))
	}
	data, err := c.api.ExportGame(c.ctx, c.acct, id)
	if err != nil {
		return err
	}
	if c.pty {
		fmt.Fprintf(c.errOut, "boardroom: export: save the file with: %s export %d > game.ubp\n", c.srv.SSHCommand(), id)
	}
	_, err = c.out.Write(data)
	return err
}

// import [--lobby SLUG] < game.ubp: open a new table that resumes the game
// of a file this server exported. The caller hosts it and sits in their
// own seat of the file, or else in its first open seat, or else watches.
// Without --lobby the game goes back to the lobby it was played in (the
// caller must belong to it); a private lobby's game never goes public.
func cmdImport(c *cmdEnv, args []string) error {
	fs := newFlagSet("import")
	slug := fs.String("lobby", "", "lobby slug (default: the lobby the game was played in)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 0 {
		return usagef("the game file comes on standard input, not as an argument: %s import < game.ubp", c.srv.SSHCommand())
	}
	if c.pty {
		return playerErrorf("import reads the game file from standard input; run it without -t: %s import < game.ubp", c.srv.SSHCommand())
	}
	var dest int64 // the game's own lobby
	if *slug != "" {
		l, err := lobbyFlag(c, *slug)
		if err != nil {
			return err
		}
		dest = l.ID
	}
	data, err := io.ReadAll(io.LimitReader(c.in, lobby.MaxFileBytes+1))
	if err != nil {
		return fmt.Errorf("reading the game file: %w", err)
	}
	if len(data) == 0 {
		return playerErrorf("no game file on standard input: %s import < game.ubp", c.srv.SSHCommand())
	}
	t, err := c.api.ImportGame(c.ctx, c.acct, dest, data)
	if errors.Is(err, lobby.ErrBadFile) {
		return playerErrorf("the game file is refused: %v", err)
	}
	if err != nil {
		return err
	}
	l, err := c.api.Lobby(c.ctx, c.acct, t.LobbyID)
	if err != nil {
		return err
	}
	if t.Status == lobby.TableFinished {
		return importedResult(c, t, l)
	}
	where := "You watch it (every seat belongs to someone else)."
	if s := t.SeatOf(c.acct.ID); s >= 0 {
		where = fmt.Sprintf("You sit in seat %d.", s+1)
	}
	open := 0
	for _, s := range t.Seats {
		if s.Empty() {
			open++
		}
	}
	fmt.Fprintf(c.out, "table: %d\n", t.ID)
	fmt.Fprintf(c.out, "%s resumed in lobby %s, %s, round %d. %s\n", t.GameTitle, clean(l.Slug), t.Status, t.Round, where)
	if open > 0 && t.Status == lobby.TablePlaying {
		fmt.Fprintf(c.out, "%d seat(s) are open: a bot plays them until someone sits there.\n", open)
	}
	fmt.Fprintf(c.out, "Open it: %s\n", c.srv.playCommand(t.ID))
	return nil
}

// importedResult prints a finished game's import: a result to look at,
// kept once per server, never a table of the lobby's list.
func importedResult(c *cmdEnv, t lobby.Table, l lobby.Lobby) error {
	fmt.Fprintf(c.out, "table: %d\n", t.ID)
	fmt.Fprintf(c.out, "%s, finished, in lobby %s: a result to look at, kept once on this server "+
		"(importing the file again opens this one).\n", t.GameTitle, clean(l.Slug))
	if g, err := c.res.Results(c.ctx, c.acct, t.ID); err == nil {
		if g.Reason != "" {
			fmt.Fprintf(c.out, "%s\n", clean(g.Reason))
		}
		fmt.Fprintf(c.out, "Standings: %s\n", players(g))
	}
	fmt.Fprintf(c.out, "Standings and replay: open the lobby (%s) and press r.\n", c.srv.SSHCommand())
	return nil
}
