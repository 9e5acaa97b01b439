// Package tui is boardroom's terminal interface: one Bubble Tea program per
// SSH session. The root Model routes between screens (welcome, lobby,
// table, play), with results pages (leaderboard, profile, standings,
// replay) stacked over them and a help overlay and modal dialogs on top.
// It reads all
// state through the lobby's small interfaces (sources), watches the topics of the current screen with a
// single subscription and redraws only when something changed. Styles come
// from the session's own renderer through a Theme; per-game play screens
// are GameRenderers passed in Options by game id, with a generic renderer for
// games that have none.
package tui

import (
	"context"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"golang.org/x/time/rate"

	"boardroom/engine"
	"boardroom/lobby"
)

type screen int

const (
	screenLoading screen = iota
	screenWelcome
	screenGuest
	screenLobby
	screenTable
	screenPlay
	screenFatal
)

// Model is the root model of a session.
type Model struct {
	keyBuf    *[]key.Binding // the play screen's keys while a frame or the help uses them, from keyBufs (keys); nil between frames
	o         Options
	src       *sources // shared by the sessions of a server (Sources), or its own
	th        *Theme
	log       *slog.Logger
	now       func() time.Time
	ctx       context.Context
	cancel    context.CancelFunc
	renderers map[string]RendererFactory
	closer    *closer

	acc      *lobby.Account     // nil for guests and before a handle is picked
	settings lobby.Settings     // the player's (settings.go)
	invites  []lobby.Invitation // open invitations, newest first (invite.go)
	sub      lobby.Subscription
	w, h     int

	keyRate  *rate.Limiter
	screen   screen
	dialogs  []dialog
	pages    []page // leaderboard, profile, standings, replay over the screen
	status   string
	final    string                 // shown as the last frame after quitting
	tickGen  int                    // generation of the running countdown tick; 0 = none
	tickDue  time.Time              // when the running tick comes (tickCmd)
	hints    Memo[hintsKey, string] // the key hints line of the last frame (framecache.go)
	hintsBuf []byte                 // the key hints' texts of the last frame, written again each frame (hintsView)
	tabGen   uint64                 // counts changes of m.tab and m.tab.t (keys the prompt line)

	// The last frame, for the countdown's ticks (tickframe.go).
	tick        tickFrame
	rawNow      func() time.Time // the clock; m.now counts its reads
	clockReads  atomic.Int64     // reads of m.now
	promptReads int64            // of them, the prompt line's in this View
	promptShown string           // the prompt line this View drew ("" if none)

	// Flags kept together: a bool between wider fields takes a word.
	notified  bool // the subscription tells of updates (post.go)
	statusErr bool
	quitting  bool
	onlyTicks bool // no message but countdown ticks since the last View (tickframe.go)

	wel welcomeState
	// opTable is the table the operator screen was opened on (0: the
	// lobby); operator_more.go.
	opTable int64
	lob     lobbyState
	tab     tableState
	// play is the play screen's state: made on entering it, nil on every
	// other screen (1.2 KiB an idle session does not hold; issue 32).
	play *playState
}

// New builds the root model of one session.
func New(o Options) tea.Model {
	m := &Model{o: o, log: o.Logger, now: o.Now}
	if o.Sources != nil {
		m.src = &o.Sources.src
	} else {
		src := newSources(o.API, o.Results)
		m.src = &src
	}
	if m.log == nil {
		m.log = slog.New(slog.DiscardHandler)
	}
	if m.now == nil {
		m.now = time.Now
	}
	m.rawNow = m.now
	m.now = countedClock(m.rawNow, &m.clockReads)
	parent := o.Context
	if parent == nil {
		parent = context.Background()
	}
	m.ctx, m.cancel = context.WithCancel(parent)
	m.closer = &closer{api: o.API, log: m.log}
	context.AfterFunc(m.ctx, m.closer.close)
	m.th = o.Theme
	if m.th == nil {
		m.th = NewTheme(o.Renderer, o.NoColor, o.ASCII)
	}
	m.renderers = o.Renderers
	m.keyRate = newKeyLimiter()
	m.resize(o.Width, o.Height)
	m.lob.lobbyID = lobby.PublicLobbyID
	return m
}

// accountMsg carries the result of the account lookup at start, with the
// lobby the player last used.
type accountMsg struct {
	acc       *lobby.Account
	lastLobby int64
	err       error
}

// Init looks up the account of the session's key. Nothing here waits on the
// client's terminal.
func (m *Model) Init() tea.Cmd {
	if m.o.Fingerprint == "" {
		return func() tea.Msg { return accountMsg{} }
	}
	accounts, last, ctx, fp, log := m.src.accounts, m.src.last, m.ctx, m.o.Fingerprint, m.log
	return func() tea.Msg {
		acc, err := accounts.AccountByFingerprint(ctx, fp)
		msg := accountMsg{acc: acc, lastLobby: lobby.PublicLobbyID, err: err}
		if acc != nil && err == nil && last != nil {
			// A failed read opens the public lobby: not worth ending the session.
			if id, err := last.LastLobby(ctx, acc); err != nil {
				log.Warn("last lobby", "err", err)
			} else {
				msg.lastLobby = id
			}
		}
		return msg
	}
}

// Update routes a message to the current screen.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if _, tick := msg.(tickMsg); !tick {
		m.onlyTicks = false
	}
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.resize(msg.Width, msg.Height)
		m.pageResized()
		return m, nil
	case accountMsg:
		return m, m.onAccount(msg)
	case updatesMsg:
		if m.quitting {
			return m, nil
		}
		cmd := m.onUpdates(msg)
		if m.quitting {
			return m, cmd
		}
		return m, tea.Batch(cmd, m.waitCmd())
	case subClosedMsg:
		return m, nil
	case subWakeMsg:
		return m, m.onWake()
	case tickMsg:
		if msg.gen != m.tickGen || m.quitting {
			return m, nil
		}
		m.tickGen = 0
		return m, m.nextTick(true)
	case tea.KeyMsg:
		if m.quitting || !m.keyRate.AllowN(m.now(), 1) {
			return m, nil
		}
		cmd := m.onKey(msg)
		if m.quitting {
			return m, tea.Quit
		}
		return m, tea.Batch(cmd, m.tickCmd())
	}
	if m.screen == screenPlay && m.play.r != nil {
		return m, m.play.r.Update(msg)
	}
	return m, nil
}

// resize accepts a terminal size, clamped; absurd sizes are ignored.
func (m *Model) resize(w, h int) {
	if w <= 0 || h <= 0 || w > 100*MaxWidth || h > 100*MaxHeight {
		return
	}
	m.w, m.h = min(w, MaxWidth), min(h, MaxHeight)
}

func (m *Model) onAccount(msg accountMsg) tea.Cmd {
	switch {
	case msg.err != nil:
		m.log.Error("account lookup", "err", msg.err)
		m.screen = screenFatal
		m.final = "The server could not look up your account. Please try again later."
		return m.quit()
	case m.o.Fingerprint == "":
		m.screen = screenGuest
		return m.subscribe()
	case msg.acc == nil:
		m.enterWelcome()
		return nil
	case m.o.Renamed != "" && lobby.RenamePending(msg.acc):
		m.enterWelcome()
		m.wel.renamed = m.o.Renamed
		return nil
	}
	m.acc = msg.acc
	m.loadSettings()
	m.loadInvitations()
	// The lobby the player last used (issue 25): the lobby screen, and the
	// lobby esc leads back to, open there.
	m.lob.lobbyID, m.lob.remembered = msg.lastLobby, msg.lastLobby
	return tea.Batch(m.subscribe(), m.enterFirstScreen())
}

// enterFirstScreen joins the lobby of the invite code or opens the table
// asked for on the command line, else the player's running game (or the
// list of them, resume.go), else the lobby.
func (m *Model) enterFirstScreen() tea.Cmd {
	if m.joinWithCode() {
		return nil
	}
	if m.o.OpenTable > 0 {
		id := m.o.OpenTable
		m.o.OpenTable = 0
		if err := m.openTable(id, true); err != nil {
			m.enterLobby(m.lob.lobbyID)
			m.setErr(err)
			return nil
		}
		return m.tickCmd()
	}
	if m.resumeGames() {
		return m.tickCmd()
	}
	m.enterLobby(m.lob.lobbyID)
	return nil
}

func (m *Model) onKey(msg tea.KeyMsg) tea.Cmd {
	m.status, m.statusErr = "", false
	if key.Matches(msg, keyQuitNow()) {
		return m.requestQuit(true)
	}
	if m.tooSmall() {
		// The player sees only "Terminal too small": a key must not act on
		// a screen they cannot see (quitting above still works).
		return nil
	}
	if n := len(m.dialogs); n > 0 {
		return m.dialogs[n-1].update(m, msg)
	}
	if key.Matches(msg, keyHelp()) && !m.typing() {
		m.openHelp()
		return nil
	}
	if p := m.topPage(); p != nil {
		return p.update(m, msg)
	}
	switch m.screen {
	case screenWelcome:
		return m.welcomeKey(msg)
	case screenGuest:
		return m.guestKey(msg)
	case screenLobby:
		return m.lobbyKey(msg)
	case screenTable:
		return m.tableKey(msg)
	case screenPlay:
		return m.playKey(msg)
	}
	return nil
}

// typing reports whether keys go to a text input right now.
func (m *Model) typing() bool {
	if p := m.topPage(); p != nil {
		return p.typing()
	}
	switch m.screen {
	case screenWelcome:
		return true
	case screenLobby:
		return m.lob.chat.focused
	case screenTable:
		return m.tab.chat.focused
	case screenPlay:
		return m.play.chat.focused || (m.play.r != nil && m.play.r.Capturing())
	}
	return false
}

// keys lists the bindings of the current screen for the footer and help.
func (m *Model) keys() []key.Binding {
	if n := len(m.dialogs); n > 0 {
		return m.dialogs[n-1].keys()
	}
	// The play screen's list is made in the model's own slice, kept for
	// the next frame: a list of bindings grown by appends was most of what
	// a frame drawn after a move allocated besides the drawing. The list
	// is read before the next call (the key hints); a caller that keeps it
	// must copy it (openHelp).
	var ks []key.Binding
	own := false // ks is made in keyBuf
	switch {
	case m.topPage() != nil:
		ks = m.topPage().keys(m)
	case m.screen == screenWelcome:
		ks = m.welcomeKeys()
	case m.screen == screenGuest:
		ks = []key.Binding{keyEnter("continue to the lobby")}
	case m.screen == screenLobby:
		ks = m.lobbyKeys()
	case m.screen == screenTable:
		ks = m.tableKeys()
	case m.screen == screenPlay:
		if m.keyBuf == nil {
			m.keyBuf = keyBufs.Get()
		}
		ks, own = m.playKeys((*m.keyBuf)[:0]), true
	}
	if !m.typing() {
		ks = append(ks, keyHelp())
	}
	ks = append(ks, keyQuitNow())
	if own {
		*m.keyBuf = ks[:0] // keyBuf, or the larger array the appends made
	}
	return ks
}

// releaseKeys gives the play screen's list of keys back to keyBufs: what
// keys returned is not read after it.
func (m *Model) releaseKeys() {
	if b := m.keyBuf; b != nil {
		clear((*b)[:cap(*b)]) // the list keeps no text of this session
		*b = (*b)[:0]
		keyBufs.Put(b)
		m.keyBuf = nil
	}
}

// keyBufs are the play screen's lists of keys (keys): a session takes one
// for a frame's key hints (hintsView) or the help overlay and gives it back
// after, instead of keeping its own between frames (1.3-1.8 KiB a playing
// session, with some eighty pointers the collector scanned at every cycle:
// issue 32). As many are kept as were ever in use at once, up to
// maxKeyBufs.
var keyBufs = FreeList[[]key.Binding]{Max: maxKeyBufs}

const maxKeyBufs = 64

// requestQuit quits, asking first when the viewer holds a seat in a running game.
func (m *Model) requestQuit(ctrlC bool) tea.Cmd {
	if n := len(m.dialogs); ctrlC && n > 0 {
		if d, ok := m.dialogs[n-1].(*confirmDialog); ok && d.quit {
			return m.quit()
		}
	}
	if m.seatedInRunningGame() {
		d := newConfirm("Quit boardroom?",
			"You are seated in a running game. "+m.quitAway()+" Come back with the same key and you land at your seat.",
			func() error { m.quit(); return nil })
		d.quit = true
		m.push(d)
		return nil
	}
	return m.quit()
}

// quitAway says what happens to the viewer's seat when they quit: that of
// the open table's game, or of the first running game the viewer sits in,
// in that game's words (defaults only, or the bot they handed it to).
func (m *Model) quitAway() string {
	if m.acc != nil && m.tab.id != 0 && m.tab.t.Status == lobby.TablePlaying && m.tab.t.SeatOf(m.acc.ID) >= 0 {
		return awaySentence(m.tab.info, m.handedOver(), m.tab.t.TurnTimer)
	}
	if m.acc != nil {
		for _, t := range m.lob.tables {
			if i := t.SeatOf(m.acc.ID); t.Status == lobby.TablePlaying && i >= 0 {
				info, _ := m.gameInfo(t.Game)
				return awaySentence(info, t.Seats[i].BotPlays, t.TurnTimer)
			}
		}
	}
	return awayText(engine.Info{})
}

func (m *Model) seatedInRunningGame() bool {
	if m.acc == nil {
		return false
	}
	if m.tab.id != 0 && m.tab.t.Status == lobby.TablePlaying && m.tab.t.SeatOf(m.acc.ID) >= 0 && !m.seatOut() {
		return true
	}
	for _, t := range m.lob.tables {
		if t.Status == lobby.TablePlaying && t.ID != m.tab.id && t.SeatOf(m.acc.ID) >= 0 {
			return true
		}
	}
	return false
}

// quit ends the session: it stops spectating, closes the subscription and
// tells Bubble Tea to exit.
func (m *Model) quit() tea.Cmd {
	m.quitting = true
	m.tickGen = 0
	m.cancel()
	return tea.Quit
}

func (m *Model) setErr(err error) {
	if err == nil {
		return
	}
	m.status, m.statusErr = errText(err), true
}

func (m *Model) setInfo(s string) { m.status, m.statusErr = s, false }
