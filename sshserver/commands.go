package sshserver

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/charmbracelet/ssh"

	"boardroom/engine"
	"boardroom/lobby"
)

// command is one plain-text command run with `ssh host NAME ARGS...`.
// Adding a command is adding one entry to commandTable.
type command struct {
	name    string // first word
	usage   string // "new GAME [--lobby SLUG] [--bots N] [--start]"
	summary string // one line for help
	guest   bool   // guests may run it
	account bool   // needs an account with a handle
	run     func(c *cmdEnv, args []string) error
}

// commandTable lists every command in the order help shows them. It is
// filled in init because the help command refers to the table itself.
var commandTable []command

func init() {
	commandTable = []command{
		{name: "help", usage: "help", summary: "show this help", guest: true, run: cmdHelp},
		{name: "whoami", usage: "whoami", summary: "show your handle, key fingerprint and whether you are a guest", guest: true, run: cmdWhoami},
		{name: "handle", usage: "handle NAME", summary: "pick or change your handle (3-16 letters, digits, - and _)", run: cmdHandle},
		{name: "games", usage: "games", summary: "list the games this server offers", guest: true, run: cmdGames},
		{name: "rules", usage: "rules GAME", summary: "how to play a game: goal, turn, actions and costs, end, words", guest: true, run: cmdRules},
		{name: "lobbies", usage: "lobbies", summary: "list the lobbies you can see", guest: true, run: cmdLobbies},
		{name: "status", usage: "status [--json]", summary: "your running games, those waiting for your move first, with deadlines", account: true, run: cmdStatus},
		{name: "settings", usage: "settings [bell on|off]", summary: "your settings: the bell on your move and when named in chat", account: true, run: cmdSettings},
		{name: "lobby", usage: "lobby create NAME | lobby webhook SLUG [URL|off]", summary: "create a private team lobby; connect it to your team's chat (Slack, Mattermost...)", account: true, run: cmdLobby},
		{name: "join", usage: "join CODE [--handle NAME]", summary: "join a private lobby by its invite code; --handle picks your handle too", run: cmdJoin},
		{name: "tables", usage: "tables [--lobby SLUG] [--finished]", summary: "list the tables of a lobby (default: public); --finished: its recent results", guest: true, run: cmdTables},
		{name: "new", usage: "new GAME [--lobby SLUG] [--seats N] [--bots B] [--strong-bots M] [--option KEY=VALUE]... [--timer standard|off|SECONDS | --pace live|12h|24h|72h] [--start]", summary: "open a table: you in seat 1, B bots in the last seats; --start: play at once", account: true, run: cmdNew},
		{name: "tournament", usage: tournamentUsage, summary: "run a tournament: Swiss rounds or an arena window, tables seated by standing", account: true, run: cmdTournament},
		{name: "tournaments", usage: "tournaments [--lobby SLUG] [--json]", summary: "list the tournaments you can see: open, running and finished", guest: true, run: cmdTournaments},
		{name: "block", usage: "block HANDLE", summary: "stop seeing a player's chat; they cannot invite you or sit at your tables (they are not told)", account: true, run: cmdBlock},
		{name: "unblock", usage: "unblock HANDLE", summary: "lift a block", account: true, run: cmdUnblock},
		{name: "blocks", usage: "blocks", summary: "the players you block", account: true, run: cmdBlocks},
		{name: "report", usage: "report HANDLE REASON", summary: "report a player to the people who run this server, with their last chat lines (5 an hour)", account: true, run: cmdReport},
		{name: "invite", usage: "invite TABLEID HANDLE", summary: "invite a player to your forming table: their terminals ring and show it", account: true, run: cmdInvite},
		{name: "play", usage: "play TABLEID", summary: "open a table in the terminal UI (needs ssh -t)", run: cmdPlay},
		{name: "leaderboard", usage: "leaderboard [GAME] [--lobby SLUG] [--top N] [--sort KEY] [--json]", summary: "a game's ladder; KEY: rating, wins, games, winrate or best", guest: true, run: cmdLeaderboard},
		{name: "profile", usage: "profile [HANDLE] [--json]", summary: "a player's ratings and recent games (default: yours)", guest: true, run: cmdProfile},
		{name: "history", usage: "history [HANDLE] [--json]", summary: "a player's finished games with placements (default: yours)", guest: true, run: cmdHistory},
		{name: "export", usage: "export TABLEID > game.ubp", summary: "save a table's game to a file (a running game's secrets stay sealed)", guest: true, run: cmdExport},
		{name: "import", usage: "import [--lobby SLUG] < game.ubp", summary: "resume a saved game at a new table, or open a finished one's result (once per server)", account: true, run: cmdImport},
	}
}

func findCommand(name string) (command, bool) {
	for _, c := range commandTable {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

// cmdEnv is what a command runs with.
type cmdEnv struct {
	ctx    context.Context
	srv    *Server
	api    lobby.API
	res    lobby.Results
	in     io.Reader
	out    io.Writer
	errOut io.Writer
	fp     string         // "" for a guest
	acct   *lobby.Account // nil when the key has no account yet
	pty    bool
}

// usageError makes the dispatcher print the command's usage.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, a ...any) error { return &usageError{msg: fmt.Sprintf(format, a...)} }

// runCommand runs one plain-text command and returns its exit status.
func (s *Server) runCommand(sess ssh.Session, argv []string) int {
	_, _, pty := sess.Pty()
	fp, ip := identityOf(sess)
	env := &cmdEnv{
		ctx:    lobby.WithClientAddr(sess.Context(), ip),
		srv:    s,
		api:    s.api,
		res:    s.res,
		in:     sess,
		out:    sess,
		errOut: sess.Stderr(),
		fp:     fp,
		pty:    pty,
	}
	if argv[0] == "op" && s.isOperator(env.fp) {
		return s.runOp(env, argv[1:]) // cmd_op.go; anyone else reads "unknown command"
	}
	c, ok := findCommand(argv[0])
	if !ok {
		fmt.Fprintf(env.errOut, "boardroom: unknown command %q\n\n", clean(argv[0]))
		writeHelp(env.errOut, env.srv.SSHCommand(), env.fp == "")
		return 1
	}
	if env.fp == "" && !c.guest {
		fmt.Fprintf(env.errOut, "boardroom: %s: %v\n", c.name, lobby.ErrGuest)
		return 1
	}
	if env.fp != "" {
		acct, err := s.api.AccountByFingerprint(env.ctx, env.fp)
		if err != nil {
			s.log.Error("account lookup failed", "err", err)
			fmt.Fprintf(env.errOut, "boardroom: %s: could not read your account, try again\n", c.name)
			return 1
		}
		env.acct = acct
	}
	if c.account && env.acct == nil {
		fmt.Fprintf(env.errOut, "boardroom: %s: %v: %s handle NAME\n", c.name, lobby.ErrNoHandle, s.SSHCommand())
		return 1
	}
	if err := c.run(env, argv[1:]); err != nil {
		var ue *usageError
		switch {
		case errors.As(err, &ue):
			fmt.Fprintf(env.errOut, "boardroom: %s: %s\nusage: %s\n", c.name, ue.msg, c.usage)
			return 2
		default:
			msg, known := playerMessage(err)
			if !known {
				s.log.Error("command failed", "cmd", c.name, "err", err)
			}
			fmt.Fprintf(env.errOut, "boardroom: %s: %s\n", c.name, msg)
			return 1
		}
	}
	return 0
}

// playerMessage is the sentence shown for an error: the lobby's sentinels
// are written for players; anything else is an internal failure.
func playerMessage(err error) (msg string, known bool) {
	for _, e := range []error{
		lobby.ErrNotFound, lobby.ErrForbidden, lobby.ErrGuest, lobby.ErrNoHandle, lobby.ErrBadHandle,
		lobby.ErrHandleTaken, lobby.ErrBadName, lobby.ErrBadCode, lobby.ErrRateLimited, lobby.ErrNotHost,
		lobby.ErrSeatTaken, lobby.ErrTableFull, lobby.ErrNotForming, lobby.ErrNotPlaying, lobby.ErrNotReady,
		lobby.ErrNotSeated, lobby.ErrShuttingDown, lobby.ErrTooManyGames, lobby.ErrTooManyLobbies,
		lobby.ErrTooManyCodes, lobby.ErrTooManyTables, lobby.ErrBadLevel, lobby.ErrBadWebhook, lobby.ErrNoWebhooks,
	} {
		if errors.Is(err, e) {
			return err.Error(), true
		}
	}
	var pe *playerError
	if errors.As(err, &pe) {
		return pe.Error(), true
	}
	if re, ok := engine.IsRuleError(err); ok {
		return re.Msg, true
	}
	if errors.Is(err, engine.ErrUnknownGame) {
		return err.Error(), true
	}
	return "internal error, please try again later", false
}

// playerError is an error whose text is meant for the player as it is.
type playerError struct{ msg string }

func (e *playerError) Error() string { return e.msg }

func playerErrorf(format string, a ...any) error {
	return &playerError{msg: fmt.Sprintf(format, a...)}
}

// parseFlags parses flags that may come before, between or after the
// positional arguments (`new testgame --bots 2`) and returns the positionals.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, usagef("%v", err)
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// newFlagSet returns a flag set whose errors are returned, not printed.
func newFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

func writeHelp(w io.Writer, sshCmd string, guest bool) {
	fmt.Fprintln(w, "boardroom: IT-business board games over SSH.")
	fmt.Fprintf(w, "\nOpen the lobby in your terminal:  %s\n", sshCmd)
	fmt.Fprintf(w, "Run a command:                    %s COMMAND [ARGS]\n\ncommands:\n", sshCmd)
	for _, c := range commandTable {
		note := ""
		if guest && !c.guest {
			note = " (needs an SSH key)"
		}
		if len(c.usage) > 45 { // a long usage gets its own line
			fmt.Fprintf(w, "  %s\n  %-45s %s%s\n", c.usage, "", c.summary, note)
			continue
		}
		fmt.Fprintf(w, "  %-45s %s%s\n", c.usage, c.summary, note)
	}
	if guest {
		fmt.Fprintln(w, "\nYou are a guest: make a key with `ssh-keygen -t ed25519` and connect again to play.")
	}
}

func cmdHelp(c *cmdEnv, args []string) error {
	writeHelp(c.out, c.srv.SSHCommand(), c.fp == "")
	return nil
}

// joinArgs joins free-text arguments (a lobby name) with single spaces.
func joinArgs(args []string) string { return strings.Join(args, " ") }

// clean sanitises a user-typed string (a handle, a lobby name, an argument)
// before it is written to a terminal.
func clean(s string) string { return lobby.Sanitize(s, 80) }
