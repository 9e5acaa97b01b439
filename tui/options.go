package tui

import (
	"context"
	"log/slog"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"boardroom/lobby"
	"boardroom/lobby/moderation"
)

// What a session is given: its Options, and the lobby's interfaces it reads
// (sources), which the sessions of a server share.

// Options configure one session's program.
type Options struct {
	API         lobby.API          // the live lobby (*lobby.Service)
	Results     lobby.Results      // finished games (lobby/results)
	Fingerprint string             // SHA256 fingerprint of the session's key; "" for guests
	Renderer    *lipgloss.Renderer // from bubbletea.MakeRenderer(session); never a global
	Theme       *Theme             // optional: a theme shared by sessions of this Renderer (Themes.Get)
	Sources     *Sources           // optional: the sources of API and Results shared by the server's sessions (NewSources)
	Width       int                // initial PTY size (also updated by tea.WindowSizeMsg)
	Height      int
	NoColor     bool   // NO_COLOR sent by the client, or TERM=dumb: no colour
	ASCII       bool   // TERM=dumb or a non-UTF-8 client: no box-drawing characters
	OpenTable   int64  // `ssh -t host play ID`: open straight at that table
	JoinCode    string // `ssh -t host join CODE` from a key: join that lobby (after picking a handle) and land in it
	SSHCommand  string // how players reach this server, e.g. "ssh -p 2222 host"
	Logger      *slog.Logger

	// Context is the session's context (optional). When it ends, the
	// session's subscription is closed even if the program never saw a quit.
	Context context.Context
	// Now is the clock (optional; tests pass a fake one).
	Now func() time.Time
	// Renderers are the dedicated game renderers by game id (cmd passes
	// every package's, e.g. tui/opoly's Renderers()); a game without one
	// gets the generic renderer. Sessions share the map and only read it.
	Renderers map[string]RendererFactory
	// Bell rings the session's terminal bell (sshserver.Session.Bell);
	// nil: no bell.
	Bell func()
	// Post delivers a message to the session's program later, without
	// blocking the caller (sshserver.Session.Post); the model then waits
	// for updates and the countdown without a goroutine of its own
	// (post.go). nil: it waits in commands.
	Post func(tea.Msg)
	// PostAfter delivers a message to the session's program after d from
	// the timer's own goroutine (sshserver.Session.PostAfter): the
	// countdown's ticks then start no goroutine of their own. nil: the
	// ticks go through Post from a timer.
	PostAfter func(d time.Duration, msg tea.Msg)
	// Operator is an operator's hold on the moderation (sshserver gives it
	// to operators' sessions only); nil: no operator screen (operator.go).
	Operator moderation.Console
	// Renamed is why an operator took the player's handle away ("": they
	// keep it): the session opens on the handle screen, which says it.
	Renamed string
}

// sources are the lobby's interfaces, one per concern: each screen reads
// and acts through the ones it needs, never the whole lobby (New takes them
// from Options.API, the live lobby, and Options.Results, finished games).
type sources struct {
	games    lobby.Games
	accounts lobby.Accounts          // welcome: the session's account, its handle
	lobbies  lobby.Lobbies           // lobby screen and its menus
	forming  lobby.Forming           // table screen: seats, bots, options, start
	play     lobby.Play              // play screen
	chat     lobby.Chatter           // chat panes
	rematch  lobby.Rematches         // game over: rematch
	live     lobby.Subscriber        // the session's one subscription
	ladder   lobby.LeaderboardSource // leaderboard page
	profiles lobby.ProfileSource     // profile page and its history
	results  lobby.ResultSource      // standings, recent results
	replays  lobby.ReplaySource      // replay page
	last     lobby.LastLobbies       // the lobby a session opens in; nil: always the public one
	settings lobby.AccountSettings   // the player's settings (settings.go); nil: the defaults
	webhooks lobby.Webhooks          // a private lobby's chat webhook; nil: none on this server
	invites  lobby.Invitations       // invitations to forming tables (invite.go); nil: none
}

// Sources are the parts of the lobby a session reads, made once for all
// the sessions of a server (NewSources): sixteen interface values a
// session, a lobby session's Model fell into a smaller size class without
// them (issue 32).
type Sources struct{ src sources }

// NewSources makes the sources of the sessions of api and res; a session
// given them (Options.Sources) reads those instead of its Options' API and
// Results.
func NewSources(api lobby.API, res lobby.Results) *Sources {
	return &Sources{src: newSources(api, res)}
}

func newSources(api lobby.API, res lobby.Results) sources {
	src := sources{games: api, accounts: api, lobbies: api, forming: api, play: api, chat: api, rematch: api,
		live: api, ladder: res, profiles: res, results: res, replays: res}
	src.last, _ = api.(lobby.LastLobbies)
	src.settings, _ = api.(lobby.AccountSettings)
	src.webhooks, _ = api.(lobby.Webhooks)
	src.invites, _ = api.(lobby.Invitations)
	return src
}
