package tui

import (
	"fmt"
	"strings"
	"time"

	"boardroom/engine"
	"boardroom/lobby"
	"boardroom/lobby/tournament"
)

// Creating a tournament from the tournaments list (n): a form of rows, each
// cycled with Enter or the arrow keys as the new table's options are (its
// game options are the same rows, read in words), then a summary that only
// y confirms. Who may: any member of a private lobby, in it; in the public
// lobby an operator or a player with lobby.TournamentHostGames rated games.
// Others are told why not.

// tourForm is a new tournament's settings as the form holds them.
type tourForm struct {
	games   []engine.Info
	lobbies []lobby.Lobby // those the player may create a tournament in
	game    int
	lob     int
	arena   bool
	rounds  int
	minutes int // index in tourMinutes
	size    int
	pace    int // index in tourPaces
	start   int // 0: when its creator starts it; i: the i-th half hour from now
	opts    map[string]string
	now     time.Time
}

var tourMinutes = []int{30, 45, 60, 90, 120, 180, 240}

// tourPaces are the tables' pace: live, or a daily pace's time a move.
var tourPaces = []struct {
	secs int
	text string
}{{0, "live"}, {lobby.Pace12h, "daily, 12 hours a move"}, {lobby.Pace24h, "daily, 24 hours a move"}, {lobby.Pace72h, "daily, 72 hours a move"}}

// tourStarts is how many half-hour start times the form offers (a day).
const tourStarts = 48

func (f *tourForm) info() engine.Info { return f.games[f.game] }

// sizes are the table sizes the game's tournaments seat.
func (f *tourForm) sizes() (lo, hi int) {
	in := f.info()
	return max(in.MinSeats, tournament.MinTableSize), min(in.MaxSeats, tournament.MaxTableSize)
}

// resetGame puts the size and the options at the game's tournament
// defaults: its usual table, and the public tables' evening limits (a
// tournament's tables have them whatever the lobby).
func (f *tourForm) resetGame() {
	lo, hi := f.sizes()
	f.size = min(max(4, lo), hi)
	f.opts = map[string]string{}
	for _, o := range f.info().Options {
		f.opts[o.Key] = o.PublicDefault()
	}
}

// startsAt is the chosen start time (zero: when its creator starts it):
// the i-th half hour after the next one that is at least 10 minutes away.
func (f *tourForm) startsAt() time.Time {
	if f.start == 0 {
		return time.Time{}
	}
	first := f.now.UTC().Add(10 * time.Minute).Truncate(30 * time.Minute).Add(30 * time.Minute)
	return first.Add(time.Duration(f.start-1) * 30 * time.Minute)
}

func (f *tourForm) startText() string {
	at := f.startsAt()
	if at.IsZero() {
		return "when you start it"
	}
	day := "today"
	if at.YearDay() != f.now.UTC().YearDay() {
		day = "tomorrow"
	}
	return at.Format("15:04") + " UTC " + day
}

func (f *tourForm) lengthText() string {
	if f.arena {
		return plural(tourMinutes[f.minutes], "minute")
	}
	return plural(f.rounds, "round")
}

func (f *tourForm) formatText() string {
	if f.arena {
		return "arena"
	}
	return "Swiss"
}

func cycle(i, delta, n int) int { return ((i+delta)%n + n) % n }

// settings are what the form asks the lobby for.
func (f *tourForm) settings() lobby.TournamentSettings {
	set := lobby.TournamentSettings{LobbyID: f.lobbies[f.lob].ID, Game: f.info().ID, Format: tournament.Swiss,
		Rounds: f.rounds, TableSize: f.size, TurnTimer: tourPaces[f.pace].secs, StartsAt: f.startsAt(), Options: map[string]string{}}
	if f.arena {
		set.Format, set.Rounds, set.Minutes = tournament.Arena, 0, tourMinutes[f.minutes]
	}
	for k, v := range f.opts {
		set.Options[k] = v
	}
	return set
}

// tourRow is a row of the form: its label, its value in words, what it
// means, and how it changes by one step either way.
type tourRow struct {
	label, value, desc string
	step               func(delta int)
}

func (f *tourForm) rows() []tourRow {
	lo, hi := f.sizes()
	rows := []tourRow{
		{"Game", f.info().Title, f.info().Summary, func(d int) { f.game = cycle(f.game, d, len(f.games)); f.resetGame() }},
		{"Format", f.formatText(), "Swiss: rounds, each table seated by standing. Arena: a time window; who finishes a game is seated again at once.",
			func(int) { f.arena = !f.arena }},
		{"Lobby", lobbyName(f.lobbies[f.lob]), "Its players see and join the tournament; a private lobby's tournament is for its members only.",
			func(d int) { f.lob = cycle(f.lob, d, len(f.lobbies)) }},
	}
	if f.arena {
		rows = append(rows, tourRow{"Window", f.lengthText(), "How long the arena seats players; running games then finish.",
			func(d int) { f.minutes = cycle(f.minutes, d, len(tourMinutes)) }})
	} else {
		rows = append(rows, tourRow{"Rounds", f.lengthText(), "Every player plays one game a round (1 to 20).",
			func(d int) { f.rounds = cycle(f.rounds-1, d, 20) + 1 }})
	}
	rows = append(rows,
		tourRow{"Table size", plural(f.size, "player"), fmt.Sprintf("Players at a table (%d to %d); empty seats get the standard bot.", lo, hi),
			func(d int) { f.size = lo + cycle(f.size-lo, d, hi-lo+1) }},
		tourRow{"Pace", tourPaces[f.pace].text, "Live: the lobby's turn timer. Daily: each move waits up to that long.",
			func(d int) { f.pace = cycle(f.pace, d, len(tourPaces)) }},
		tourRow{"Starts", f.startText(), "At its time it starts by itself; or you start it from its page (s).",
			func(d int) { f.start = cycle(f.start, d, tourStarts+1) }})
	for _, o := range f.info().Options {
		// Words, not internal values (rules C-14), and both defaults (C-12).
		rows = append(rows, tourRow{o.Label, o.ChoiceText(f.opts[o.Key]), o.Help + " (" + o.DefaultText() + ")", func(d int) {
			i := 0
			for j, c := range o.Choices {
				if c == f.opts[o.Key] {
					i = j
				}
			}
			f.opts[o.Key] = o.Choices[cycle(i, d, len(o.Choices))]
		}})
	}
	return rows
}

// summary is the confirmation's text: every setting in words.
func (f *tourForm) summary() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s, %s, %s at tables of %d, in %s.\n", f.info().Title, f.formatText(), f.lengthText(), f.size, lobbyName(f.lobbies[f.lob]))
	fmt.Fprintf(&b, "Pace: %s. Starts: %s.", tourPaces[f.pace].text, f.startText())
	var opts []string
	for _, o := range f.info().Options {
		opts = append(opts, o.Label+": "+o.ChoiceText(f.opts[o.Key]))
	}
	if len(opts) > 0 {
		b.WriteString("\n" + strings.Join(opts, "; ") + ".")
	}
	b.WriteString("\nPlayers join from the tournaments list; you can start it from its page.")
	return b.String()
}

// mayHostPublic: an operator, or a player with enough rated games, and how
// many those are (to say why not).
func (m *Model) mayHostPublic() (bool, int) {
	if m.o.Operator != nil {
		return true, 0
	}
	pr, err := m.src.profiles.Profile(m.ctx, m.acc, m.acc.Handle)
	if err != nil {
		return false, 0
	}
	games := 0
	for _, r := range pr.Ratings {
		if r.LobbyID == lobby.GlobalLadder {
			games += r.Games
		}
	}
	return games >= lobby.TournamentHostGames, games
}

// openNewTournament opens the form, or says why the player may not.
func (m *Model) openNewTournament(list *tournamentsPage) {
	if m.acc == nil {
		m.push(newOverlay("New tournament", "", "Guests cannot create tournaments; connect with an SSH key."))
		return
	}
	ls, err := m.src.lobbies.Lobbies(m.ctx, m.acc)
	if err != nil {
		m.setErr(err)
		return
	}
	host, games := m.mayHostPublic()
	f := &tourForm{games: m.src.games.Games(), rounds: 3, minutes: 2, now: m.now()}
	for _, l := range ls {
		if (l.Public || l.ID == lobby.PublicLobbyID) && !host {
			continue
		}
		if l.ID == m.lob.lobbyID {
			f.lob = len(f.lobbies) // the lobby the player is in comes chosen
		}
		f.lobbies = append(f.lobbies, l)
	}
	if len(f.lobbies) == 0 || len(f.games) == 0 {
		why := fmt.Sprintf("In the public lobby an operator or a player with %d rated games creates tournaments; you have %s. "+
			"Any member of a private lobby creates them in theirs: make one for your team with L on the lobby screen.",
			lobby.TournamentHostGames, plural(games, "rated game"))
		if len(f.games) == 0 {
			why = "No playable game is installed on this server yet."
		}
		m.push(newOverlay("New tournament", "", why))
		return
	}
	f.resetGame()
	items := func(d *menuDialog) []menuItem {
		var out []menuItem
		for _, r := range f.rows() {
			out = append(out, menuItem{cells: []string{r.label, r.value}, desc: r.desc, run: func() error { r.step(1); return nil }})
		}
		return append(out, menuItem{cells: []string{"Create…", ""}, desc: "Shows every setting; y creates the tournament.",
			run: func() error { m.reviewTournament(f, d, list); return nil }})
	}
	d := m.newMenu("New tournament", "Enter changes the highlighted setting, ← steps it back; c (or Create…) reviews and creates.",
		[]string{"Setting", "Value"}, nil)
	d.items = items(d)
	d.reload, d.stay = func() []menuItem { return items(d) }, true
	d.extra = []menuKey{
		{b: Bind("←", "back", "left"), run: func(i int) error {
			if rows := f.rows(); i < len(rows) {
				rows[i].step(-1)
			}
			return nil
		}},
		{b: Bind("c", "review", "c"), run: func(int) error { m.reviewTournament(f, d, list); return nil }},
	}
	m.push(d)
}

// reviewTournament shows the summary; only y creates the tournament,
// which then opens on its page.
func (m *Model) reviewTournament(f *tourForm, form dialog, list *tournamentsPage) {
	api := m.tournamentsOf()
	set := f.settings()
	public := f.lobbies[f.lob].Public || f.lobbies[f.lob].ID == lobby.PublicLobbyID
	m.push(newConfirm("Create this tournament?", f.summary(), func() error {
		host, _ := m.mayHostPublic()
		tv, err := api.CreateTournament(m.ctx, m.acc, set, public && host)
		if err != nil {
			return err
		}
		m.pop(form)
		if list != nil {
			list.load(m)
		}
		m.openTournament(tv.ID)
		return nil
	}))
}
